import type { DictDataBody, DictDataForm, DictDataPageQuery, DictDataVO } from '@baton/contracts';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, InputNumber, Popconfirm, Radio, Row, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../../app/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { dictApi, dictDataApi } from '../../../../api/system';
import { Perm } from '../../../../components/Perm';
import { CrudTable, type CrudTableHandle, cleanParams, DictSelect, DictTag, FormModal, formatTime, SearchForm } from '../../../../components/crud';
import { usePerm } from '../../../../hooks/usePerm';
import { refreshDictCache, useBilingual, useSticky } from '../../shared';

type Filters = Partial<Pick<DictDataPageQuery, 'keywords' | 'status' | 'dictCode'>>;
const TAG_TYPES = ['primary', 'success', 'info', 'warning', 'danger'] as const;
const TAG_COLORS: Record<string, string> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

/** System → Dictionary data (`/system/dict-data?dictCode=…`): the entries of one dictionary. */
export default function DictDataPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const can = usePerm();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const dictCode = params.get('dictCode') ?? '';
  const table = useRef<CrudTableHandle<DictDataVO>>(null);
  const [search, setSearch] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const closeForm = useCallback(() => setEditing(null), []);
  const lista = useQuery({ queryKey: ['dict-lista'], queryFn: dictApi.lista });
  const current = lista.data?.find((d) => d.dictCode === dictCode);

  const changed = () => {
    table.current?.reload();
    refreshDictCache();
  };
  const remove = async (ids: number[]) => {
    await dictDataApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    changed();
  };

  const columns: TableColumnsType<DictDataVO> = [
    { title: t('system.dictData.value'), dataIndex: 'value', fixed: 'left' },
    { title: t('system.dictData.label'), dataIndex: 'label' },
    { title: t('system.dictData.labelEn'), dataIndex: 'labelEn' },
    {
      title: t('system.dictData.tagType'),
      dataIndex: 'tagType',
      render: (v: string | null, d) =>
        v ? (
          <Tag color={TAG_COLORS[v] ?? 'default'} variant="filled">
            {bi(d.label, d.labelEn)}
          </Tag>
        ) : null,
    },
    { title: t('crud.sort'), dataIndex: 'sort', align: 'right' },
    { title: t('crud.status'), dataIndex: 'status', render: (v: number) => <DictTag dictCode="status" value={v} /> },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, d) => (
        <Space size={0}>
          <Perm value="sys:dict-data:edit">
            <Button
              type="link"
              size="small"
              onClick={() => setEditing(d.id)}
              data-testid={`dict-data-edit-${d.value}`}
            >
              {t('crud.edit')}
            </Button>
          </Perm>
          <Perm value="sys:dict-data:delete">
            <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([d.id])}>
              <Button type="link" size="small" danger >
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
          { name: 'keywords', label: t('crud.keywords'), node: <Input allowClear placeholder={t('system.dictData.keywordsPlaceholder')} /> },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="status" numeric /> },
        ]}
        onSearch={(v) => setSearch(cleanParams(v))}
      />
      <CrudTable<DictDataVO, Filters>
        ref={table}
        queryKey="system-dict-data"
        request={dictDataApi.page}
        params={{ ...search, dictCode: dictCode || undefined }}
        columns={columns}
        rowKey="id"
        title={
          <Space wrap>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/system/dict')} aria-label={t('common.back')} />
            <span>{t('system.dictData.title')}</span>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              value={dictCode || undefined}
              placeholder={t('system.dictData.pickDict')}
              onChange={(code: string) => setParams({ dictCode: code })}
              options={(lista.data ?? []).map((d) => ({ value: d.dictCode, label: `${bi(d.name, d.nameEn)} (${d.dictCode})` }))}
              style={{ minWidth: 200 }}
              data-testid="dict-data-pick"
            />
          </Space>
        }
        selectable={can('sys:dict-data:delete')}
        data-testid="dict-data-table"
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="sys:dict-data:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} disabled={!current}>
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="sys:dict-data:delete">
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
      <DictDataFormModal editing={editing} dictCode={dictCode} onClose={closeForm} onSaved={changed} />
    </Space>
  );
}

type Values = Omit<DictDataBody, 'tagType'> & { tagType?: string | null };

function DictDataFormModal({
  editing,
  dictCode,
  onClose,
  onSaved,
}: {
  editing: number | null;
  dictCode: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<DictDataForm | null>(null);
  const [loading, setLoading] = useState(false);
  const shown = useSticky(editing);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) {
      form.setFieldsValue({ dictCode, sort: 0, status: 1, tagType: '' });
      return;
    }
    setLoading(true);
    dictDataApi
      .form(editing)
      .then((d) => {
        setLoaded(d);
        form.setFieldsValue({ ...d, tagType: d.tagType ?? '' });
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, dictCode, form, onClose]);

  const submit = async (v: Values) => {
    const body: DictDataBody = {
      dictCode: loaded?.dictCode ?? dictCode,
      value: v.value.trim(),
      label: v.label.trim(),
      labelEn: (v.labelEn ?? '').trim(),
      tagType: (v.tagType || null) as DictDataBody['tagType'],
      sort: v.sort ?? 0,
      status: v.status ?? 1,
    };
    if (loaded) await dictDataApi.update(loaded.id, { ...body, version: loaded.version });
    else await dictDataApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<Values>
      open={editing !== null}
      title={shown ? t('system.dictData.editTitle') : t('system.dictData.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      data-testid="dict-data-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="value" label={t('system.dictData.value')} rules={[{ required: true, message: t('system.dictData.rules.value') }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sort" label={t('crud.sort')}>
            <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="label" label={t('system.dictData.label')} rules={[{ required: true, message: t('system.dictData.rules.label') }]}>
            <Input maxLength={100} data-testid="dict-data-label" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="labelEn" label={t('system.dictData.labelEn')}>
            <Input maxLength={100} data-testid="dict-data-label-en" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="tagType" label={t('system.dictData.tagType')}>
            <Select
              options={[
                { value: '', label: t('system.dictData.noTag') },
                ...TAG_TYPES.map((k) => ({
                  value: k,
                  label: (
                    <Tag color={TAG_COLORS[k]} variant="filled">
                      {t(`system.dictData.tagTypes.${k}`)}
                    </Tag>
                  ),
                })),
              ]}
            />
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
