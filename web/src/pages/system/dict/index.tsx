import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DictBody, DictForm, DictPageQuery, DictPageVO } from '@baton/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Popconfirm, Radio, Row, Space, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
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
import { refreshDictCache, useBilingual, useSticky } from '../shared';

type Filters = Partial<Pick<DictPageQuery, 'keywords' | 'status'>>;

/** System → Dictionaries: table CRUD; "data" opens the entries of one dictionary. */
export default function DictPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const can = usePerm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const table = useRef<CrudTableHandle<DictPageVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const closeForm = useCallback(() => setEditing(null), []);

  const changed = () => {
    table.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['dict-lista'] });
    refreshDictCache();
  };
  const remove = async (ids: number[]) => {
    await dictApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    changed();
  };
  const openData = (code: string) => navigate(`/system/dict-data?dictCode=${encodeURIComponent(code)}`);

  const columns: TableColumnsType<DictPageVO> = [
    { title: t('system.dict.name'), dataIndex: 'name', fixed: 'left', render: (_, d) => bi(d.name, d.nameEn) },
    {
      title: t('system.dict.code'),
      dataIndex: 'dictCode',
      render: (code: string) =>
        can('sys:dict-data:query') ? (
          <Button type="link" size="small" onClick={() => openData(code)} style={{ paddingInline: 0 }}>
            {code}
          </Button>
        ) : (
          code
        ),
    },
    { title: t('crud.status'), dataIndex: 'status', render: (v: number) => <DictTag dictCode="status" value={v} /> },
    { title: t('crud.remark'), dataIndex: 'remark', ellipsis: true, width: 220 },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, d) => (
        <Space size={0}>
          <Perm value="sys:dict-data:query">
            <Button
              type="link"
              size="small"
              onClick={() => openData(d.dictCode)}
              data-testid={`dict-data-${d.dictCode}`}
            >
              {t('system.dict.data')}
            </Button>
          </Perm>
          <Perm value="sys:dict:edit">
            <Button type="link" size="small" onClick={() => setEditing(d.id)}>
              {t('crud.edit')}
            </Button>
          </Perm>
          <Perm value="sys:dict:delete">
            <Popconfirm title={t('system.dict.deleteConfirm')} onConfirm={() => remove([d.id])}>
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
            node: <Input allowClear placeholder={t('system.dict.keywordsPlaceholder')} />,
          },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="status" numeric /> },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<DictPageVO, Filters>
        ref={table}
        queryKey="system-dicts"
        request={dictApi.page}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('system.dict.title')}
        selectable={can('sys:dict:delete')}
        data-testid="dict-table"
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="sys:dict:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="dict-add">
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
      <DictFormModal editing={editing} onClose={closeForm} onSaved={changed} />
    </Space>
  );
}

const CODE = /^[a-z][a-z0-9_]{1,49}$/;

function DictFormModal({
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
  const [form] = Form.useForm<DictBody>();
  const [loaded, setLoaded] = useState<DictForm | null>(null);
  const [loading, setLoading] = useState(false);
  const shown = useSticky(editing);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) {
      form.setFieldsValue({ status: 1 });
      return;
    }
    setLoading(true);
    dictApi
      .form(editing)
      .then((d) => {
        setLoaded(d);
        form.setFieldsValue({ ...d, remark: d.remark ?? '' });
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: DictBody) => {
    const body: DictBody = {
      dictCode: v.dictCode.trim(),
      name: v.name.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      status: v.status ?? 1,
      remark: v.remark?.trim() || null,
    };
    if (loaded) await dictApi.update(loaded.id, { ...body, version: loaded.version });
    else await dictApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<DictBody>
      open={editing !== null}
      title={shown ? t('system.dict.editTitle') : t('system.dict.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      data-testid="dict-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('system.dict.nameZh')}
            rules={[{ required: true, message: t('system.dict.rules.name') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameEn" label={t('system.dict.nameEn')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="dictCode"
            label={t('system.dict.code')}
            rules={[
              { required: true, message: t('system.dict.rules.code') },
              { pattern: CODE, message: t('system.dict.rules.codePattern') },
            ]}
          >
            <Input maxLength={50} />
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
        <Col xs={24}>
          <Form.Item name="remark" label={t('crud.remark')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
