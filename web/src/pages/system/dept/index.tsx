import { DeleteOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import type { DeptBody, DeptForm, DeptVO } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Row,
  Space,
  type TableColumnsType,
  TreeSelect,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deptApi } from '../../../api/system';
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
import { toTreeData, useBilingual, useEn, useSticky } from '../shared';

type Filters = { keywords?: string; status?: number };
interface Editing {
  id: number;
  parentId?: number | null;
}

/** System → Departments: the tree with create (also below a row), edit and delete. */
export default function DeptPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const queryClient = useQueryClient();
  const table = useRef<CrudTableHandle<DeptVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing | null>(null);
  const closeForm = useCallback(() => setEditing(null), []);

  const changed = () => {
    table.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['dept-options'] });
  };
  const remove = async (ids: number[]) => {
    await deptApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    changed();
  };

  const columns: TableColumnsType<DeptVO> = [
    { title: t('system.dept.name'), dataIndex: 'name', fixed: 'left', render: (_, d) => bi(d.name, d.nameEn) },
    { title: t('system.dept.code'), dataIndex: 'code' },
    { title: t('crud.sort'), dataIndex: 'sort', align: 'right' },
    { title: t('crud.status'), dataIndex: 'status', render: (v: number) => <DictTag dictCode="status" value={v} /> },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, d) => (
        <Space size={0}>
          <Perm value="sys:dept:add">
            <Button type="link" size="small" onClick={() => setEditing({ id: 0, parentId: d.id })}>
              {t('system.dept.addChild')}
            </Button>
          </Perm>
          <Perm value="sys:dept:edit">
            <Button type="link" size="small" onClick={() => setEditing({ id: d.id })}>
              {t('crud.edit')}
            </Button>
          </Perm>
          <Perm value="sys:dept:delete">
            <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([d.id])}>
              <Button type="link" size="small" danger>
                {t('crud.delete')}
              </Button>
            </Popconfirm>
          </Perm>
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
            node: <Input allowClear placeholder={t('system.dept.keywordsPlaceholder')} />,
          },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="status" numeric /> },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<DeptVO, Filters>
        ref={table}
        queryKey="system-depts"
        request={(q) => deptApi.tree({ keywords: q.keywords, status: q.status })}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('system.dept.title')}
        defaultExpandAll
        selectable
        data-testid="dept-table"
        toolbar={({ selectedKeys, expandAll, allExpanded }) => (
          <>
            <Perm value="sys:dept:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ id: 0 })}
                data-testid="dept-add"
              >
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="sys:dept:delete">
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
            <Button icon={<NodeExpandOutlined />} onClick={() => expandAll(!allExpanded)}>
              {allExpanded ? t('crud.collapseAll') : t('crud.expandAll')}
            </Button>
          </>
        )}
      />
      <DeptFormModal editing={editing} onClose={closeForm} onSaved={changed} />
    </Space>
  );
}

type Values = Omit<DeptBody, 'parentId'> & { parentId: number };

function DeptFormModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const en = useEn();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<DeptForm | null>(null);
  const [loading, setLoading] = useState(false);
  const open = editing !== null;
  const shown = useSticky(editing);
  const options = useQuery({ queryKey: ['dept-options'], queryFn: deptApi.options, enabled: open });
  const treeData = [{ value: 0, key: 0, title: t('system.dept.root'), children: toTreeData(options.data ?? [], en) }];

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    setLoaded(null);
    if (!editing.id) {
      form.setFieldsValue({ parentId: editing.parentId ?? 0, sort: 0, status: 1 });
      return;
    }
    setLoading(true);
    deptApi
      .form(editing.id)
      .then((d) => {
        setLoaded(d);
        form.setFieldsValue({ ...d, parentId: d.parentId ?? 0, code: d.code ?? '' });
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: Values) => {
    const body: DeptBody = {
      parentId: v.parentId || null,
      name: v.name.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      code: v.code?.trim() || null,
      sort: v.sort ?? 0,
      status: v.status ?? 1,
    };
    if (loaded) await deptApi.update(loaded.id, { ...body, version: loaded.version });
    else await deptApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<Values>
      open={open}
      title={shown?.id ? t('system.dept.editTitle') : t('system.dept.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
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
