import { PlusOutlined } from '@ant-design/icons';
import type { DeptBody, DeptForm, DeptVO } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, Row, type TableColumnsType, TreeSelect } from 'antd';
import { deptApi, deptQueries } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  createOrUpdate,
  DictTag,
  FormModal,
  formatTime,
  keywordsField,
  rowActions,
  SortInput,
  StatusRadio,
  statusField,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { useBilingual, useEn } from '../../../hooks/language';
import { toTreeData } from '../../../utils/options';

type Filters = { keywords?: string; status?: number };
interface Editing {
  id: number;
  parentId?: number | null;
}

/** System → Departments: the tree with create (also below a row), edit and delete. */
export default function DeptPage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const queryClient = useQueryClient();
  const page = useCrudPage<DeptVO, Filters, Editing>({
    remove: deptApi.remove,
    onChanged: () => void queryClient.invalidateQueries({ queryKey: deptQueries.options().queryKey }),
  });

  const columns: TableColumnsType<DeptVO> = [
    { title: t('system.dept.name'), dataIndex: 'name', fixed: 'left', render: (_, d) => bi(d.name, d.nameEn) },
    { title: t('system.dept.code'), dataIndex: 'code' },
    { title: t('crud.sort'), dataIndex: 'sort', align: 'right' },
    { title: t('crud.status'), dataIndex: 'status', render: (v: number) => <DictTag dictCode="status" value={v} /> },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', render: formatTime },
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
    <CrudList<DeptVO, Filters, Editing>
      page={page}
      name="dept"
      perm="sys:dept"
      search={[keywordsField(t('system.dept.keywordsPlaceholder')), statusField()]}
      table={{
        queryKey: deptQueries.list(),
        request: (q) => deptApi.tree({ keywords: q.keywords, status: q.status }),
        columns,
        rowKey: 'id',
        title: t('system.dept.title'),
        defaultExpandAll: true,
        selectable: true,
      }}
      toolbar={{ onAdd: () => page.edit({ id: 0 }), expandToggle: true }}
    >
      <DeptFormModal editing={page.editing} onClose={page.closeForm} onSaved={page.changed} />
    </CrudList>
  );
}

type Values = Omit<DeptBody, 'parentId'> & { parentId: number };

function DeptFormModal({ editing, onClose, onSaved }: CrudFormProps<Editing>) {
  const { t } = useTranslation();
  const en = useEn();
  const open = editing !== null;
  const { isEdit, modal } = useCrudForm<Values, DeptForm, Editing>({
    editing,
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
    onClose,
    onSaved,
  });
  const options = useQuery({ ...deptQueries.options(), enabled: open });
  const treeData = [{ value: 0, key: 0, title: t('system.dept.root'), children: toTreeData(options.data ?? [], en) }];

  return (
    <FormModal<Values>
      {...modal}
      title={isEdit ? t('system.dept.editTitle') : t('system.dept.addTitle')}
      data-testid="dept-form"
    >
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item name="parentId" label={t('system.dept.parent')}>
            <TreeSelect treeData={treeData} treeDefaultExpandAll />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('system.dept.nameZh')}
            rules={[{ required: true, message: t('system.dept.rules.name') }]}
          >
            <Input maxLength={50} data-testid="dept-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameEn" label={t('system.dept.nameEn')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="code"
            label={t('system.dept.code')}
            rules={[{ pattern: /^[A-Za-z0-9_-]{0,32}$/, message: t('system.dept.rules.code') }]}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sort" label={t('crud.sort')}>
            <SortInput />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('crud.status')}>
            <StatusRadio />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
