import { DeleteOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import type { ConfigBody, ConfigForm, ConfigPageQuery, ConfigType, ConfigVO } from '@baton/contracts';
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
import { configApi } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  FormModal,
  formatTime,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { useBilingual, useSticky } from '../shared';

type Filters = Partial<Pick<ConfigPageQuery, 'keywords' | 'type'>>;
const TYPES: ConfigType[] = ['string', 'number', 'boolean', 'json'];
const TYPE_COLOR: Record<ConfigType, string> = { string: 'blue', number: 'cyan', boolean: 'green', json: 'purple' };

/** System → Configuration: typed key/value settings; the built-in ones keep their key and type. */
export default function ConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const can = usePerm();
  const table = useRef<CrudTableHandle<ConfigVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const closeForm = useCallback(() => setEditing(null), []);
  const reload = () => table.current?.reload();

  const remove = async (ids: number[]) => {
    await configApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    reload();
  };
  const refreshCache = async () => {
    setRefreshing(true);
    try {
      await configApi.refresh();
      message.success(t('system.config.refreshed'));
      reload();
    } catch {
      // shown by the request layer
    } finally {
      setRefreshing(false);
    }
  };

  const columns: TableColumnsType<ConfigVO> = [
    {
      title: t('system.config.name'),
      dataIndex: 'name',
      fixed: 'left',
      render: (_, c) => (
        <Space size={4}>
          {bi(c.name, c.nameEn)}
          {c.builtin && <Tag color="gold">{t('system.config.builtin')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('system.config.key'),
      dataIndex: 'key',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('system.config.value'),
      dataIndex: 'value',
      width: 260,
      render: (v: string, c) =>
        c.type === 'boolean' ? (
          <Tag color={v === 'true' ? 'success' : 'default'}>{v === 'true' ? t('common.yes') : t('common.no')}</Tag>
        ) : (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }} code={c.type === 'json'}>
            {v}
          </Typography.Text>
        ),
    },
    {
      title: t('system.config.type'),
      dataIndex: 'type',
      render: (v: ConfigType) => <Tag color={TYPE_COLOR[v]}>{t(`system.config.types.${v}`)}</Tag>,
    },
    { title: t('crud.remark'), dataIndex: 'remark', ellipsis: true, width: 200 },
    { title: t('crud.updatedAt'), dataIndex: 'updatedAt', render: formatTime },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, c) => (
        <Space size={0}>
          <Perm value="sys:config:edit">
            <Button type="link" size="small" onClick={() => setEditing(c.id)} data-testid={`config-edit-${c.key}`}>
              {t('crud.edit')}
            </Button>
          </Perm>
          {!c.builtin && (
            <Perm value="sys:config:delete">
              <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([c.id])}>
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
            node: <Input allowClear placeholder={t('system.config.keywordsPlaceholder')} />,
          },
          {
            name: 'type',
            label: t('system.config.type'),
            node: (
              <Select allowClear options={TYPES.map((v) => ({ value: v, label: t(`system.config.types.${v}`) }))} />
            ),
          },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<ConfigVO, Filters>
        ref={table}
        queryKey="system-config"
        request={configApi.page}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('system.config.title')}
        selectable={can('sys:config:delete') ? (c) => c.builtin : false}
        data-testid="config-table"
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="sys:config:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="config-add">
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="sys:config:delete">
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
            <Perm value="sys:config:refresh">
              <Button icon={<SyncOutlined />} loading={refreshing} onClick={refreshCache} data-testid="config-refresh">
                {t('system.config.refresh')}
              </Button>
            </Perm>
          </>
        )}
      />
      <ConfigFormModal editing={editing} onClose={closeForm} onSaved={reload} />
    </Space>
  );
}

type Values = Omit<ConfigBody, 'value'> & { value: string | number | boolean | null };

/** The form value of a stored text, by type. */
function toField(type: ConfigType, value: string): Values['value'] {
  if (type === 'boolean') return value === 'true';
  if (type === 'number') return value === '' ? null : Number(value);
  return value;
}
function fromField(type: ConfigType, value: Values['value']): string {
  if (type === 'boolean') return value ? 'true' : 'false';
  if (value === null || value === undefined) return '';
  return String(value);
}

const KEY = /^[a-zA-Z][\w.]{1,63}$/;

function ConfigFormModal({
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
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<ConfigForm | null>(null);
  const [loading, setLoading] = useState(false);
  const type: ConfigType = Form.useWatch('type', form) ?? 'string';
  const builtin = Boolean(loaded?.builtin);
  const shown = useSticky(editing);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) {
      form.setFieldsValue({ type: 'string', value: '' });
      return;
    }
    setLoading(true);
    configApi
      .form(editing)
      .then((c) => {
        setLoaded(c);
        form.setFieldsValue({ ...c, remark: c.remark ?? '', value: toField(c.type, c.value) });
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: Values) => {
    const body: ConfigBody = {
      key: v.key.trim(),
      type: v.type,
      value: fromField(v.type, v.value),
      name: v.name.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      remark: v.remark?.trim() || null,
    };
    if (loaded) await configApi.update(loaded.id, { ...body, version: loaded.version });
    else await configApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  const valueInput = {
    string: <Input.TextArea maxLength={10000} autoSize={{ minRows: 1, maxRows: 6 }} data-testid="config-value" />,
    number: <InputNumber style={{ width: '100%' }} data-testid="config-value" />,
    boolean: <Switch data-testid="config-value" />,
    json: (
      <Input.TextArea
        maxLength={10000}
        autoSize={{ minRows: 4, maxRows: 14 }}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        data-testid="config-value"
      />
    ),
  }[type];

  return (
    <FormModal<Values>
      open={editing !== null}
      title={shown ? t('system.config.editTitle') : t('system.config.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      data-testid="config-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('system.config.nameZh')}
            rules={[{ required: true, message: t('system.config.rules.name') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameEn" label={t('system.config.nameEn')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="key"
            label={t('system.config.key')}
            tooltip={builtin ? t('system.config.builtinTip') : undefined}
            rules={[
              { required: true, message: t('system.config.rules.key') },
              { pattern: KEY, message: t('system.config.rules.keyPattern') },
            ]}
          >
            <Input maxLength={64} disabled={builtin} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="type" label={t('system.config.type')}>
            <Select
              disabled={builtin}
              options={TYPES.map((v) => ({ value: v, label: t(`system.config.types.${v}`) }))}
              onChange={(next: ConfigType) =>
                form.setFieldValue('value', next === 'boolean' ? false : next === 'number' ? null : '')
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            key={type}
            name="value"
            label={t('system.config.value')}
            valuePropName={type === 'boolean' ? 'checked' : 'value'}
            rules={[
              ...(type === 'number' ? [{ required: true, message: t('system.config.rules.number') }] : []),
              ...(type === 'json'
                ? [
                    {
                      validator: async (_: unknown, v: unknown) => {
                        try {
                          JSON.parse(String(v ?? ''));
                        } catch {
                          throw new Error(t('system.config.rules.json'));
                        }
                      },
                    },
                  ]
                : []),
            ]}
          >
            {valueInput}
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
