import { KeyOutlined } from '@ant-design/icons';
import type { RoleBody, RoleForm, RolePageQuery, RoleVO } from '@baton/contracts';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { roleApi, roleQueries } from '../../../api/roles';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  column,
  createOrUpdate,
  DictSelect,
  DictTag,
  Field,
  FormModal,
  keywordsField,
  rowActions,
  statusField,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { usePerm } from '../../../hooks/usePerm';
import { AssignDrawer } from './AssignDrawer';

type Filters = Partial<Pick<RolePageQuery, 'keywords' | 'status'>>;
const ROOT = 'ROOT';

/** System → Roles: table, create / edit (code, names, data scope, sort, status), assign permissions. */
export default function RolePage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const can = usePerm();
  const page = useCrudPage<RoleVO, Filters>({ remove: roleApi.remove });
  const [assigning, setAssigning] = useState<RoleVO | null>(null);

  const columns: TableColumnsType<RoleVO> = [
    {
      title: t('system.role.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (_, r) => bi(r.name, r.nameEn),
    },
    { title: t('system.role.code'), dataIndex: 'code', key: 'code', sorter: true },
    {
      title: t('system.role.dataScope'),
      dataIndex: 'dataScope',
      render: (v: number) => <DictTag dictCode="data_scope" value={v} />,
    },
    { title: t('system.role.userCount'), dataIndex: 'userCount', align: 'right' },
    column.sort<RoleVO>(true),
    column.status<RoleVO>(),
    column.createdAt<RoleVO>(true),
    rowActions<RoleVO>(
      (row) => [
        row.code !== ROOT && {
          label: t('system.role.assign'),
          icon: <KeyOutlined />,
          perm: 'sys:role:assign',
          onClick: () => setAssigning(row),
          testId: 'role-assign',
        },
        { kind: 'edit', perm: 'sys:role:edit', onClick: () => page.edit(row.id), testId: 'role-edit' },
        row.code !== ROOT && { kind: 'delete', perm: 'sys:role:delete', onClick: () => page.remove([row.id]) },
      ],
      { wrap: true },
    ),
  ];

  return (
    <CrudList<RoleVO, Filters>
      page={page}
      name="role"
      perm="sys:role"
      search={[keywordsField(t('system.role.keywordsPlaceholder')), statusField()]}
      table={{
        queryKey: roleQueries.list(),
        request: roleApi.page,
        columns,
        title: t('system.role.title'),
        selectable: can('sys:role:delete') ? (r) => r.code === ROOT : false,
      }}
    >
      <RoleFormModal {...page.form} />
      <AssignDrawer role={assigning} onClose={() => setAssigning(null)} />
    </CrudList>
  );
}

const CODE = /^[A-Z][A-Z0-9_]{1,31}$/;

function RoleFormModal(props: CrudFormProps) {
  const { t } = useTranslation();
  const { loaded, modal } = useCrudForm<RoleBody, RoleForm>({
    ...props,
    title: { add: t('system.role.addTitle'), edit: t('system.role.editTitle') },
    load: roleApi.form,
    defaults: () => ({ dataScope: 4, sort: 0, status: 1 }),
    save: (v, loaded) =>
      createOrUpdate<RoleBody>(roleApi, loaded, {
        code: v.code.trim(),
        name: v.name.trim(),
        nameEn: (v.nameEn ?? '').trim(),
        dataScope: v.dataScope,
        sort: v.sort ?? 0,
        status: v.status ?? 1,
      }),
  });

  return (
    <FormModal<RoleBody> {...modal} grid data-testid="role-form">
      <Field.Text
        name="code"
        label={t('system.role.code')}
        max={32}
        disabled={loaded?.code === ROOT}
        required={t('system.role.rules.code')}
        pattern={CODE}
        patternMessage={t('system.role.rules.codePattern')}
        testId="role-code"
      />
      <Field name="dataScope" label={t('system.role.dataScope')} rules={[{ required: true }]}>
        <DictSelect dictCode="data_scope" numeric allowClear={false} />
      </Field>
      <Field.Text
        name="name"
        label={t('system.role.nameZh')}
        max={50}
        required={t('system.role.rules.name')}
        testId="role-name"
      />
      <Field.Text name="nameEn" label={t('system.role.nameEn')} max={50} testId="role-name-en" />
      <Field.Sort />
      <Field.Status />
    </FormModal>
  );
}
