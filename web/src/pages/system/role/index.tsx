import { KeyOutlined } from '@ant-design/icons';
import type { RoleBody, RoleForm, RolePageQuery, RoleVO } from '@baton/contracts';
import { Col, Form, Input, Row, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { roleApi, roleQueries } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  createOrUpdate,
  DictSelect,
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
    { title: t('crud.sort'), dataIndex: 'sort', key: 'sort', sorter: true, align: 'right' },
    { title: t('crud.status'), dataIndex: 'status', render: (v: number) => <DictTag dictCode="status" value={v} /> },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, render: formatTime },
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
        rowKey: 'id',
        title: t('system.role.title'),
        selectable: can('sys:role:delete') ? (r) => r.code === ROOT : false,
      }}
    >
      <RoleFormModal editing={page.editing} onClose={page.closeForm} onSaved={page.changed} />
      <AssignDrawer role={assigning} onClose={() => setAssigning(null)} />
    </CrudList>
  );
}

const CODE = /^[A-Z][A-Z0-9_]{1,31}$/;

function RoleFormModal({ editing, onClose, onSaved }: CrudFormProps) {
  const { t } = useTranslation();
  const { loaded, isEdit, modal } = useCrudForm<RoleBody, RoleForm>({
    editing,
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
    onClose,
    onSaved,
  });

  return (
    <FormModal<RoleBody>
      {...modal}
      title={isEdit ? t('system.role.editTitle') : t('system.role.addTitle')}
      data-testid="role-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="code"
            label={t('system.role.code')}
            rules={[
              { required: true, message: t('system.role.rules.code') },
              { pattern: CODE, message: t('system.role.rules.codePattern') },
            ]}
          >
            <Input maxLength={32} disabled={loaded?.code === ROOT} data-testid="role-code" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="dataScope" label={t('system.role.dataScope')} rules={[{ required: true }]}>
            <DictSelect dictCode="data_scope" numeric allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('system.role.nameZh')}
            rules={[{ required: true, message: t('system.role.rules.name') }]}
          >
            <Input maxLength={50} data-testid="role-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameEn" label={t('system.role.nameEn')}>
            <Input maxLength={50} data-testid="role-name-en" />
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
