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
import { Form, InputNumber, Select, Switch, type TableColumnsType } from 'antd';
import { itemApi, itemQueries } from '../../../api/items';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  column,
  createOrUpdate,
  DictSelect,
  DictTag,
  downloadFrom,
  Field,
  FormModal,
  keywordsField,
  rowActions,
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
    column.sort<ItemVO>(true),
    column.status<ItemVO>(),
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
        title: t('base.item.title'),
        defaultPageSize: 20,
      }}
      toolbar={{ onExport: () => downloadFrom(() => itemApi.export(page.filters), 'items.xlsx') }}
    >
      <ItemFormModal {...page.form} />
    </CrudList>
  );
}

const CODE = new RegExp(ITEM_CODE_PATTERN);

/** Create / edit an item; the loaded version travels with the edit. */
function ItemFormModal(props: CrudFormProps) {
  const { t } = useTranslation();
  const { form, modal } = useCrudForm<ItemBody, ItemVO>({
    ...props,
    title: { add: t('base.item.addTitle'), edit: t('base.item.editTitle') },
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
  });
  const kind = Form.useWatch('kind', form);

  return (
    <FormModal<ItemBody> {...modal} grid data-testid="item-form">
      <Field.Text
        name="code"
        label={t('base.item.code')}
        max={16}
        autoComplete="off"
        required={t('base.item.rules.code')}
        pattern={CODE}
        patternMessage={t('base.item.rules.codePattern')}
        testId="item-code"
      />
      <Field.Text
        name="name"
        label={t('base.item.name')}
        max={50}
        required={t('base.item.rules.name')}
        whitespace
        testId="item-name"
      />
      <Field.Text name="nameEn" label={t('base.item.nameEn')} max={100} testId="item-name-en" />
      <Field name="kind" label={t('base.item.kind')} rules={[{ required: true }]}>
        <DictSelect dictCode="item_kind" allowClear={false} data-testid="item-kind" />
      </Field>
      <Field name="resultFormat" label={t('base.item.resultFormat')} rules={[{ required: true }]}>
        <Select options={RESULT_FORMAT_LIST.map((f) => ({ value: f, label: t(`base.item.formats.${f}`) }))} />
      </Field>
      {kind === 'relay' && (
        <Field
          name="relayLegs"
          label={t('base.item.relayLegs')}
          rules={[{ required: true, message: t('base.item.rules.relayLegs') }]}
        >
          <InputNumber min={2} max={8} precision={0} style={{ width: '100%' }} />
        </Field>
      )}
      <Field name="windMeasured" label={t('base.item.wind')} valuePropName="checked" span="quarter">
        <Switch />
      </Field>
      <Field name="usesLanes" label={t('base.item.lanes')} valuePropName="checked" span="quarter">
        <Switch />
      </Field>
      <Field.Sort span="quarter" />
      <Field.Status span="quarter" select />
    </FormModal>
  );
}
