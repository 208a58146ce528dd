import { CheckOutlined } from '@ant-design/icons';
import {
  ITEM_CODE_PATTERN,
  type ItemBody,
  type ItemKind,
  type ItemPageQuery,
  type ItemVO,
  RESULT_FORMAT_LIST,
  type ResultFormat,
} from '@baton/contracts';
import { Col, Form, Input, InputNumber, Row, Select, Switch, type TableColumnsType } from 'antd';
import { itemApi, itemQueries } from '../../../api/base';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  createOrUpdate,
  DictSelect,
  DictTag,
  downloadFrom,
  FormModal,
  keywordsField,
  rowActions,
  SortInput,
  statusField,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';

type Filters = Partial<Pick<ItemPageQuery, 'keywords' | 'kind' | 'status'>>;

/** A check mark for true, a dash for false. */
const Flag = ({ on }: { on: boolean }) => (on ? <CheckOutlined style={{ color: 'var(--ant-color-success)' }} /> : '—');

/** Base data → Items (events): filters, table, create / edit, delete, export. */
export default function ItemPage() {
  const { t } = useTranslation();
  const page = useCrudPage<ItemVO, Filters>({ remove: itemApi.remove });

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
    rowActions<ItemVO>((row) => [
      { kind: 'edit', perm: 'base:item:edit', onClick: () => page.edit(row.id), testId: 'item-edit' },
      { kind: 'delete', perm: 'base:item:delete', onClick: () => page.remove([row.id]), testId: 'item-delete' },
    ]),
  ];

  return (
    <CrudList<ItemVO, Filters>
      page={page}
      name="item"
      perm="base:item"
      search={[
        keywordsField(t('base.item.keywordsPlaceholder'), 'item-keywords'),
        { name: 'kind', label: t('base.item.kind'), node: <DictSelect dictCode="item_kind" /> },
        statusField(),
      ]}
      table={{
        queryKey: itemQueries.list(),
        request: itemApi.page,
        columns,
        rowKey: 'id',
        title: t('base.item.title'),
        defaultPageSize: 20,
      }}
      toolbar={{ onExport: () => downloadFrom(() => itemApi.export(page.filters), 'items.xlsx') }}
    >
      <ItemFormModal editing={page.editing} onClose={page.closeForm} onSaved={page.changed} />
    </CrudList>
  );
}

const CODE = new RegExp(ITEM_CODE_PATTERN);

/** Create / edit an item; the loaded version travels with the edit. */
function ItemFormModal({ editing, onClose, onSaved }: CrudFormProps) {
  const { t } = useTranslation();
  const { form, isEdit, modal } = useCrudForm<ItemBody, ItemVO>({
    editing,
    load: itemApi.form,
    defaults: () => ({
      kind: 'track',
      resultFormat: 'time',
      windMeasured: false,
      usesLanes: false,
      relayLegs: null,
      sort: 0,
      status: 1,
    }),
    save: (v, loaded) =>
      createOrUpdate<ItemBody>(itemApi, loaded, {
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
      }),
    onClose,
    onSaved,
  });
  const kind = Form.useWatch('kind', form);

  return (
    <FormModal<ItemBody>
      {...modal}
      title={isEdit ? t('base.item.editTitle') : t('base.item.addTitle')}
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
            <SortInput />
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
