import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DICT_CODE_PATTERN, type DictBody, type DictPageQuery, type DictPageVO } from '@baton/contracts';
import { Alert, App, Button, Form, Input, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { dictApi } from '../../../api/system';
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
import { useDictStore } from '../../../stores/dict';

type Filters = Partial<Pick<DictPageQuery, 'keywords' | 'status'>>;
type Values = DictBody & { version?: number };

/**
 * Demo → CRUD: a complete list / search / create / edit / delete page over a real resource (the
 * dictionaries), assembled from the reusable `components/crud` blocks in a few dozen lines.
 */
export default function CrudDemoPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const en = i18n.language === 'en';
  const table = useRef<CrudTableHandle<DictPageVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [loadingForm, setLoadingForm] = useState(false);
  const [form] = Form.useForm<Values>();

  const changed = (key: string) => {
    message.success(t(key));
    table.current?.reload();
    // Dictionaries feed the cache of spec §4: reload it so tags and pickers follow.
    void useDictStore.getState().reload();
  };

  const openForm = async (id: number) => {
    setEditing(id);
    form.resetFields();
    if (!id) {
      form.setFieldsValue({ status: 1 });
      return;
    }
    setLoadingForm(true);
    try {
      const f = await dictApi.form(id);
      form.setFieldsValue({ ...f, remark: f.remark ?? '' });
    } catch {
      setEditing(null);
    } finally {
      setLoadingForm(false);
    }
  };

  const save = async (v: Values) => {
    const body: DictBody = {
      dictCode: v.dictCode.trim(),
      name: v.name.trim(),
      nameEn: v.nameEn?.trim() ?? '',
      status: v.status,
      remark: v.remark?.trim() || null,
    };
    if (editing) await dictApi.update(editing, { ...body, version: v.version ?? 1 });
    else await dictApi.create(body);
    changed('crud.saved');
  };

  const remove = async (ids: number[]) => {
    await dictApi.remove(ids);
    table.current?.clearSelection();
    changed('crud.deleted');
  };

  const columns: TableColumnsType<DictPageVO> = [
    { title: t('demo.crud.code'), dataIndex: 'dictCode', render: (v: string) => <code>{v}</code> },
    {
      title: t('demo.crud.name'),
      dataIndex: en ? 'nameEn' : 'name',
      render: (_, r) => (en ? r.nameEn || r.name : r.name),
    },
    {
      title: t('crud.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: number) => <DictTag dictCode="status" value={v} />,
    },
    { title: t('crud.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', width: 180, render: formatTime },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, row) => (
        <Space size={0}>
          <Perm value="sys:dict:edit">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openForm(row.id)}>
              {t('crud.edit')}
            </Button>
          </Perm>
          <Perm value="sys:dict:delete">
            <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('crud.delete')}
              </Button>
            </Popconfirm>
          </Perm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="crud-demo">
      <Alert type="info" showIcon title={t('demo.crud.intro')} />
      <SearchForm<Filters>
        fields={[
          { name: 'keywords', label: t('crud.keywords'), node: <Input allowClear maxLength={100} /> },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="status" numeric /> },
        ]}
        onSearch={(v) => setFilters(cleanParams(v) as Filters)}
      />
      <CrudTable<DictPageVO, Filters>
        ref={table}
        queryKey="demo-crud-dicts"
        request={dictApi.page}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('demo.crud.title')}
        selectable={can('sys:dict:delete')}
        tableProps={{ scroll: { x: 900 } }}
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="sys:dict:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void openForm(0)}>
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="sys:dict:delete">
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
      <FormModal<Values>
        open={editing !== null}
        title={editing ? t('crud.edit') : t('crud.add')}
        form={form}
        loading={loadingForm}
        onSubmit={save}
        onClose={() => setEditing(null)}
        formProps={{ layout: 'vertical' }}
      >
        <Form.Item
          name="dictCode"
          label={t('demo.crud.code')}
          rules={[
            { required: true, message: t('demo.crud.rules.code') },
            { pattern: new RegExp(DICT_CODE_PATTERN), message: t('demo.crud.rules.codeFormat') },
          ]}
        >
          <Input maxLength={50} disabled={Boolean(editing)} />
        </Form.Item>
        <Form.Item name="name" label={t('demo.crud.nameZh')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('demo.crud.nameEn')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t('crud.status')}>
          <DictSelect dictCode="status" numeric allowClear={false} />
        </Form.Item>
        <Form.Item name="remark" label={t('crud.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </FormModal>
    </Space>
  );
}
