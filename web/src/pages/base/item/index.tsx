import { CheckOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ITEM_CODE_PATTERN,
  type ItemBody,
  type ItemKind,
  type ItemPageQuery,
  type ItemVO,
  RESULT_FORMAT_LIST,
  type ResultFormat,
} from '@baton/contracts';
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
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { itemApi } from '../../../api/base';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  DictSelect,
  DictTag,
  downloadFrom,
  FormModal,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { useSticky } from '../../system/shared';
import { CompactButton, RowAction } from './actions';

type Filters = Partial<Pick<ItemPageQuery, 'keywords' | 'kind' | 'status'>>;

/** A check mark for true, a dash for false. */
const Flag = ({ on }: { on: boolean }) => (on ? <CheckOutlined style={{ color: 'var(--ant-color-success)' }} /> : '—');

/** Base data → Items (events): filters, table, create / edit, delete, export. */
export default function ItemPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const table = useRef<CrudTableHandle<ItemVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const closeForm = useCallback(() => setEditing(null), []);
  const reload = () => table.current?.reload();

  const remove = async (ids: number[]) => {
    await itemApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    reload();
  };

  const columns: TableColumnsType<ItemVO> = [
    { title: t('base.item.code'), dataIndex: 'code', key: 'code', sorter: true, fixed: 'left' },
    { title: t('base.item.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('base.item.nameEn'), dataIndex: 'nameEn' },
    {
      title: t('base.item.kind'),
      dataIndex: 'kind',
      key: 'kind',
      sorter: true,
      render: (v: ItemKind) => <DictTag dictCode="item_kind" value={v} />,
    },
    {
      title: t('base.item.resultFormat'),
      dataIndex: 'resultFormat',
      render: (v: ResultFormat) => t(`base.item.formats.${v}`),
    },
    { title: t('base.item.wind'), dataIndex: 'windMeasured', align: 'center', render: (v: boolean) => <Flag on={v} /> },
    { title: t('base.item.lanes'), dataIndex: 'usesLanes', align: 'center', render: (v: boolean) => <Flag on={v} /> },
    { title: t('base.item.relayLegs'), dataIndex: 'relayLegs', align: 'right', render: (v: number | null) => v ?? '—' },
    { title: t('crud.sort'), dataIndex: 'sort', key: 'sort', sorter: true, align: 'right' },
    { title: t('crud.status'), dataIndex: 'status', render: (v: number) => <DictTag dictCode="status" value={v} /> },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Perm value="base:item:edit">
            <RowAction
              icon={<EditOutlined />}
              onClick={() => setEditing(row.id)}
              data-testid="item-edit"
              label={t('crud.edit')}
            />
          </Perm>
          <Perm value="base:item:delete">
            <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
              <RowAction danger icon={<DeleteOutlined />} data-testid="item-delete" label={t('crud.delete')} />
            </Popconfirm>
          </Perm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <SearchForm<Filters>
        data-testid="item-search"
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('base.item.keywordsPlaceholder')} data-testid="item-keywords" />,
          },
          { name: 'kind', label: t('base.item.kind'), node: <DictSelect dictCode="item_kind" /> },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="status" numeric /> },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<ItemVO, Filters>
        ref={table}
        queryKey="base-items"
        request={itemApi.page}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('base.item.title')}
        selectable={can('base:item:delete')}
        defaultPageSize={20}
        data-testid="item-table"
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="base:item:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="item-add">
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="base:item:delete">
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
            <Perm value="base:item:export">
              <CompactButton
                icon={<DownloadOutlined />}
                onClick={() => void downloadFrom(() => itemApi.export(filters), 'items.xlsx')}
                data-testid="item-export"
                label={t('crud.export')}
              />
            </Perm>
          </>
        )}
      />
      <ItemFormModal editing={editing} onClose={closeForm} onSaved={reload} />
    </Space>
  );
}

const CODE = new RegExp(ITEM_CODE_PATTERN);

/** Create / edit an item; the loaded version travels with the edit. */
function ItemFormModal({
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
  const [form] = Form.useForm<ItemBody>();
  const [loaded, setLoaded] = useState<ItemVO | null>(null);
  const [loading, setLoading] = useState(false);
  const isEdit = Boolean(useSticky(editing));
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) {
      form.setFieldsValue({
        kind: 'track',
        resultFormat: 'time',
        windMeasured: false,
        usesLanes: false,
        relayLegs: null,
        sort: 0,
        status: 1,
      });
      return;
    }
    setLoading(true);
    itemApi
      .form(editing)
      .then((item) => {
        setLoaded(item);
        form.setFieldsValue(item);
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: ItemBody) => {
    const body: ItemBody = {
      code: v.code.trim(),
      name: v.name.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      kind: v.kind,
      resultFormat: v.resultFormat,
      windMeasured: Boolean(v.windMeasured),
      usesLanes: Boolean(v.usesLanes),
      relayLegs: v.kind === 'relay' ? (v.relayLegs ?? null) : null,
      sort: v.sort ?? 0,
      status: v.status ?? 1,
    };
    if (isEdit && loaded) await itemApi.update(loaded.id, { ...body, version: loaded.version });
    else await itemApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<ItemBody>
      open={editing !== null}
      title={isEdit ? t('base.item.editTitle') : t('base.item.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      data-testid="item-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="code"
            label={t('base.item.code')}
            rules={[
              { required: true, message: t('base.item.rules.code') },
              { pattern: CODE, message: t('base.item.rules.codePattern') },
            ]}
          >
            <Input maxLength={16} autoComplete="off" data-testid="item-code" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('base.item.name')}
            rules={[{ required: true, whitespace: true, message: t('base.item.rules.name') }]}
          >
            <Input maxLength={50} data-testid="item-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameEn" label={t('base.item.nameEn')}>
            <Input maxLength={100} data-testid="item-name-en" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="kind" label={t('base.item.kind')} rules={[{ required: true }]}>
            <DictSelect dictCode="item_kind" allowClear={false} data-testid="item-kind" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="resultFormat" label={t('base.item.resultFormat')} rules={[{ required: true }]}>
            <Select options={RESULT_FORMAT_LIST.map((f) => ({ value: f, label: t(`base.item.formats.${f}`) }))} />
          </Form.Item>
        </Col>
        {kind === 'relay' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="relayLegs"
              label={t('base.item.relayLegs')}
              rules={[{ required: true, message: t('base.item.rules.relayLegs') }]}
            >
              <InputNumber min={2} max={8} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        <Col xs={12} sm={6}>
          <Form.Item name="windMeasured" label={t('base.item.wind')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="usesLanes" label={t('base.item.lanes')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="sort" label={t('crud.sort')}>
            <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="status" label={t('crud.status')}>
            <DictSelect dictCode="status" numeric allowClear={false} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
