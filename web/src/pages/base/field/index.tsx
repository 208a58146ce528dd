import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FIELD_KEY_PATTERN,
  FIELD_KIND_LIST,
  FIELD_PATTERN_MAX,
  FIELD_TARGET_LIST,
  type FieldBody,
  type FieldKind,
  type FieldPageQuery,
  type FieldTarget,
  type FieldVO,
} from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fieldApi } from '../../../api/base';
import { dictApi } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  downloadFrom,
  FormModal,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { orNull, useBilingual, useSticky } from '../../system/shared';
import { CompactButton, RowAction } from '../item/actions';

type Filters = Partial<Pick<FieldPageQuery, 'keywords' | 'kind' | 'target'>>;

const TARGET_COLORS: Record<FieldTarget, string> = { athlete: 'blue', coach: 'green', delegation: 'purple' };

/** Base data → Fields: the configurable registration form fields. */
export default function FieldPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const table = useRef<CrudTableHandle<FieldVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const closeForm = useCallback(() => setEditing(null), []);
  const reload = () => table.current?.reload();
  const kindOptions = FIELD_KIND_LIST.map((k) => ({ value: k, label: t(`base.field.kinds.${k}`) }));
  const targetOptions = FIELD_TARGET_LIST.map((k) => ({ value: k, label: t(`base.field.targets.${k}`) }));

  const remove = async (ids: number[]) => {
    await fieldApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    reload();
  };

  const columns: TableColumnsType<FieldVO> = [
    {
      title: t('base.field.key'),
      dataIndex: 'key',
      key: 'key',
      sorter: true,
      fixed: 'left',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: t('base.field.label'), dataIndex: 'label', key: 'label', sorter: true },
    { title: t('base.field.labelEn'), dataIndex: 'labelEn' },
    {
      title: t('base.field.kind'),
      dataIndex: 'kind',
      key: 'kind',
      sorter: true,
      render: (v: FieldKind) => t(`base.field.kinds.${v}`),
    },
    { title: t('base.field.dictCode'), dataIndex: 'dictCode', render: (v: string | null) => v ?? '—' },
    {
      title: t('base.field.target'),
      dataIndex: 'target',
      key: 'target',
      sorter: true,
      render: (v: FieldTarget) => (
        <Tag color={TARGET_COLORS[v]} variant="filled">
          {t(`base.field.targets.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('base.field.required'),
      dataIndex: 'required',
      align: 'center',
      render: (v: boolean) => (v ? t('base.yes') : t('base.no')),
    },
    {
      title: t('base.field.pattern'),
      dataIndex: 'pattern',
      ellipsis: true,
      width: 160,
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
    },
    { title: t('crud.sort'), dataIndex: 'sort', key: 'sort', sorter: true, align: 'right' },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Perm value="base:field:edit">
            <RowAction
              icon={<EditOutlined />}
              onClick={() => setEditing(row.id)}
              data-testid="field-edit"
              label={t('crud.edit')}
            />
          </Perm>
          <Perm value="base:field:delete">
            <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
              <RowAction danger icon={<DeleteOutlined />} data-testid="field-delete" label={t('crud.delete')} />
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
            node: <Input allowClear placeholder={t('base.field.keywordsPlaceholder')} data-testid="field-keywords" />,
          },
          { name: 'kind', label: t('base.field.kind'), node: <Select allowClear options={kindOptions} /> },
          { name: 'target', label: t('base.field.target'), node: <Select allowClear options={targetOptions} /> },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<FieldVO, Filters>
        ref={table}
        queryKey="base-fields"
        request={fieldApi.page}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('base.field.title')}
        selectable={can('base:field:delete')}
        defaultPageSize={20}
        data-testid="field-table"
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="base:field:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="field-add">
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="base:field:delete">
              <Popconfirm
                title={t('crud.batchDeleteConfirm', { count: selectedKeys.length })}
                onConfirm={() => remove(selectedKeys.map(Number))}
                disabled={!selectedKeys.length}
              >
                <CompactButton
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!selectedKeys.length}
                  label={t('crud.batchDelete')}
                />
              </Popconfirm>
            </Perm>
            <Perm value="base:field:export">
              <CompactButton
                icon={<DownloadOutlined />}
                onClick={() => void downloadFrom(() => fieldApi.export(filters), 'fields.xlsx')}
                data-testid="field-export"
                label={t('crud.export')}
              />
            </Perm>
          </>
        )}
      />
      <FieldFormModal editing={editing} onClose={closeForm} onSaved={reload} />
    </Space>
  );
}

const KEY = new RegExp(FIELD_KEY_PATTERN);

function validRegExp(value: string | null | undefined): boolean {
  if (!value) return true;
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}

/** Create / edit a field; the dictionary picker only for kind "select". */
function FieldFormModal({
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
  const bi = useBilingual();
  const [form] = Form.useForm<FieldBody>();
  const [loaded, setLoaded] = useState<FieldVO | null>(null);
  const [loading, setLoading] = useState(false);
  const open = editing !== null;
  const isEdit = Boolean(useSticky(editing));
  const kind = Form.useWatch('kind', form);
  const dicts = useQuery({ queryKey: ['dict-lista'], queryFn: dictApi.lista, enabled: open });

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) {
      form.setFieldsValue({ kind: 'text', target: 'athlete', required: false, sort: 0, dictCode: null, pattern: null });
      return;
    }
    setLoading(true);
    fieldApi
      .form(editing)
      .then((f) => {
        setLoaded(f);
        form.setFieldsValue(f);
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: FieldBody) => {
    const body: FieldBody = {
      key: v.key.trim(),
      label: v.label.trim(),
      labelEn: (v.labelEn ?? '').trim(),
      kind: v.kind,
      dictCode: v.kind === 'select' ? (v.dictCode ?? null) : null,
      target: v.target,
      required: Boolean(v.required),
      pattern: orNull(v.pattern),
      sort: v.sort ?? 0,
    };
    if (isEdit && loaded) await fieldApi.update(loaded.id, { ...body, version: loaded.version });
    else await fieldApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<FieldBody>
      open={open}
      title={isEdit ? t('base.field.editTitle') : t('base.field.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      data-testid="field-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="key"
            label={t('base.field.key')}
            tooltip={t('base.field.keyHint')}
            rules={[
              { required: true, message: t('base.field.rules.key') },
              { pattern: KEY, message: t('base.field.rules.keyPattern') },
            ]}
          >
            <Input maxLength={40} autoComplete="off" data-testid="field-key" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="target"
            label={t('base.field.target')}
            rules={[{ required: true, message: t('base.field.rules.target') }]}
          >
            <Select options={FIELD_TARGET_LIST.map((k) => ({ value: k, label: t(`base.field.targets.${k}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="label"
            label={t('base.field.label')}
            rules={[{ required: true, whitespace: true, message: t('base.field.rules.label') }]}
          >
            <Input maxLength={50} data-testid="field-label" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="labelEn" label={t('base.field.labelEn')}>
            <Input maxLength={100} data-testid="field-label-en" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="kind" label={t('base.field.kind')} rules={[{ required: true }]}>
            <Select
              options={FIELD_KIND_LIST.map((k) => ({ value: k, label: t(`base.field.kinds.${k}`) }))}
              data-testid="field-kind"
            />
          </Form.Item>
        </Col>
        {kind === 'select' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="dictCode"
              label={t('base.field.dictCode')}
              rules={[{ required: true, message: t('base.field.rules.dictCode') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={dicts.isFetching}
                options={(dicts.data ?? []).map((d) => ({
                  value: d.dictCode,
                  label: `${bi(d.name, d.nameEn)} (${d.dictCode})`,
                }))}
                data-testid="field-dict"
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item
            name="pattern"
            label={t('base.field.pattern')}
            tooltip={t('base.field.patternHint')}
            rules={[
              {
                validator: (_, value: string | null) =>
                  validRegExp(value) ? Promise.resolve() : Promise.reject(new Error(t('base.field.rules.pattern'))),
              },
            ]}
          >
            <Input maxLength={FIELD_PATTERN_MAX} placeholder="^\d{6}$" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12}>
          <Form.Item name="required" label={t('base.field.required')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12}>
          <Form.Item name="sort" label={t('crud.sort')}>
            <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
