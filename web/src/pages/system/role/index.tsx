import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RoleBody, RoleForm, RolePageQuery, RoleVO } from '@baton/contracts';
import { App, Button, Col, Form, Input, InputNumber, Popconfirm, Radio, Row, Space, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { roleApi } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  DictSelect,
  DictTag,
  FormModal,
  formatTime,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { useBilingual, useSticky } from '../shared';
import { AssignDrawer } from './AssignDrawer';

type Filters = Partial<Pick<RolePageQuery, 'keywords' | 'status'>>;
const ROOT = 'ROOT';

/** System → Roles: table, create / edit (code, names, data scope, sort, status), assign permissions. */
export default function RolePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const can = usePerm();
  const table = useRef<CrudTableHandle<RoleVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [assigning, setAssigning] = useState<RoleVO | null>(null);
  const reload = () => table.current?.reload();
  const closeForm = useCallback(() => setEditing(null), []);

  const remove = async (ids: number[]) => {
    await roleApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    reload();
  };

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
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          {row.code !== ROOT && (
            <Perm value="sys:role:assign">
              <Button type="link" size="small" onClick={() => setAssigning(row)} data-testid="role-assign">
                {t('system.role.assign')}
              </Button>
            </Perm>
          )}
          <Perm value="sys:role:edit">
            <Button type="link" size="small" onClick={() => setEditing(row.id)} data-testid="role-edit">
              {t('crud.edit')}
            </Button>
          </Perm>
          {row.code !== ROOT && (
            <Perm value="sys:role:delete">
              <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
                <Button type="link" size="small" danger>
                  {t('crud.delete')}
                </Button>
              </Popconfirm>
            </Perm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <SearchForm<Filters>
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('system.role.keywordsPlaceholder')} />,
          },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="status" numeric /> },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<RoleVO, Filters>
        ref={table}
        queryKey="system-roles"
        request={roleApi.page}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('system.role.title')}
        selectable={can('sys:role:delete') ? (r) => r.code === ROOT : false}
        data-testid="role-table"
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="sys:role:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="role-add">
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="sys:role:delete">
              <Popconfirm
                title={t('crud.batchDeleteConfirm', { count: selectedKeys.length })}
                onConfirm={() => remove(selectedKeys.map(Number))}
                disabled={!selectedKeys.length}
              >
                <Button danger icon={<DeleteOutlined />} disabled={!selectedKeys.length}>
                  {t('crud.batchDelete')}
                </Button>
              </Popconfirm>
            </Perm>
          </>
        )}
      />
      <RoleFormModal editing={editing} onClose={closeForm} onSaved={reload} />
      <AssignDrawer role={assigning} onClose={() => setAssigning(null)} />
    </Space>
  );
}

const CODE = /^[A-Z][A-Z0-9_]{1,31}$/;

function RoleFormModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleBody>();
  const [loaded, setLoaded] = useState<RoleForm | null>(null);
  const [loading, setLoading] = useState(false);
  const shown = useSticky(editing);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) {
      form.setFieldsValue({ dataScope: 4, sort: 0, status: 1 });
      return;
    }
    setLoading(true);
    roleApi
      .form(editing)
      .then((r) => {
        setLoaded(r);
        form.setFieldsValue(r);
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: RoleBody) => {
    const body: RoleBody = {
      code: v.code.trim(),
      name: v.name.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      dataScope: v.dataScope,
      sort: v.sort ?? 0,
      status: v.status ?? 1,
    };
    if (loaded) await roleApi.update(loaded.id, { ...body, version: loaded.version });
    else await roleApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<RoleBody>
      open={editing !== null}
      title={shown ? t('system.role.editTitle') : t('system.role.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
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
            <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('crud.status')}>
            <Radio.Group
              options={[
                { value: 1, label: t('system.status.enabled') },
                { value: 0, label: t('system.status.disabled') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
