import { PlusOutlined } from '@ant-design/icons';
import type { DeptBody, DeptForm, DeptVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { deptApi, deptQueries } from '../../../api/depts';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  column,
  createOrUpdate,
  Field,
  FormModal,
  keywordsField,
  rowActions,
  statusField,
  type TreeEditing,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { useBilingual, useEn } from '../../../hooks/language';
import { toTreeData, underRoot } from '../../../utils/options';

type Filters = { keywords?: string; status?: number };

/** System → Departments: the tree with create (also below a row), edit and delete. */
export default function DeptPage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const page = useCrudPage<DeptVO, Filters, TreeEditing>({ remove: deptApi.remove, refresh: [deptQueries.options()] });

  const columns: TableColumnsType<DeptVO> = [
    { title: t('system.dept.name'), dataIndex: 'name', fixed: 'left', render: (_, d) => bi(d.name, d.nameEn) },
    { title: t('system.dept.code'), dataIndex: 'code' },
    column.sort<DeptVO>(),
    column.status<DeptVO>(),
    column.createdAt<DeptVO>(),
    rowActions<DeptVO>((d) => [
      {
        label: t('system.dept.addChild'),
        icon: <PlusOutlined />,
        perm: 'sys:dept:add',
        onClick: () => page.edit({ id: 0, parentId: d.id }),
      },
      { kind: 'edit', perm: 'sys:dept:edit', onClick: () => page.edit({ id: d.id }) },
      { kind: 'delete', perm: 'sys:dept:delete', onClick: () => page.remove([d.id]) },
    ]),
  ];

  return (
    <CrudList<DeptVO, Filters, TreeEditing>
      page={page}
      name="dept"
      perm="sys:dept"
      search={[keywordsField(t('system.dept.keywordsPlaceholder')), statusField()]}
      table={{
        queryKey: deptQueries.list(),
        request: (q) => deptApi.tree({ keywords: q.keywords, status: q.status }),
        columns,
        title: t('system.dept.title'),
        defaultExpandAll: true,
        selectable: true,
      }}
      toolbar={{ onAdd: () => page.edit({ id: 0 }), expandToggle: true }}
    >
      <DeptFormModal {...page.form} />
    </CrudList>
  );
}

type Values = Omit<DeptBody, 'parentId'> & { parentId: number };

function DeptFormModal(props: CrudFormProps<TreeEditing>) {
  const { t } = useTranslation();
  const en = useEn();
  const open = props.editing !== null;
  const { modal } = useCrudForm<Values, DeptForm, TreeEditing>({
    ...props,
    title: { add: t('system.dept.addTitle'), edit: t('system.dept.editTitle') },
    load: deptApi.form,
    toValues: (d) => ({ ...d, parentId: d.parentId ?? 0, code: d.code ?? '' }),
    defaults: (e) => ({ parentId: e.parentId ?? 0, sort: 0, status: 1 }),
    save: (v, loaded) =>
      createOrUpdate<DeptBody>(deptApi, loaded, {
        parentId: v.parentId || null,
        name: v.name.trim(),
        nameEn: (v.nameEn ?? '').trim(),
        code: v.code?.trim() || null,
        sort: v.sort ?? 0,
        status: v.status ?? 1,
      }),
  });
  const options = useQuery({ ...deptQueries.options(), enabled: open });

  return (
    <FormModal<Values> {...modal} grid data-testid="dept-form">
      <Field.Tree
        name="parentId"
        label={t('system.dept.parent')}
        span="full"
        treeData={underRoot(t('system.dept.root'), toTreeData(options.data ?? [], en))}
        treeDefaultExpandAll
      />
      <Field.Text
        name="name"
        label={t('system.dept.nameZh')}
        max={50}
        required={t('system.dept.rules.name')}
        testId="dept-name"
      />
      <Field.Text name="nameEn" label={t('system.dept.nameEn')} max={100} />
      <Field.Text
        name="code"
        label={t('system.dept.code')}
        max={32}
        pattern={/^[A-Za-z0-9_-]{0,32}$/}
        patternMessage={t('system.dept.rules.code')}
      />
      <Field.Sort />
      <Field.Status />
    </FormModal>
  );
}
