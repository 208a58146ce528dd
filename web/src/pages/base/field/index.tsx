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
import { Form, Select, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { dictQueries } from '../../../api/dicts';
import { fieldApi, fieldQueries } from '../../../api/fields';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  column,
  createOrUpdate,
  downloadFrom,
  Field,
  FormModal,
  keywordsField,
  rowActions,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { orNull } from '../../../utils/options';

type Filters = Partial<Pick<FieldPageQuery, 'keywords' | 'kind' | 'target'>>;

const TARGET_COLORS: Record<FieldTarget, string> = { athlete: 'blue', coach: 'green', delegation: 'purple' };

/** Base data → Fields: the configurable registration form fields. */
export default function FieldPage() {
  const { t } = useTranslation();
  const page = useCrudPage<FieldVO, Filters>({ remove: fieldApi.remove });
  const kindOptions = FIELD_KIND_LIST.map((k) => ({ value: k, label: t(`base.field.kinds.${k}`) }));
  const targetOptions = FIELD_TARGET_LIST.map((k) => ({ value: k, label: t(`base.field.targets.${k}`) }));

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
    column.sort<FieldVO>(true),
    rowActions<FieldVO>((row) => [
      { kind: 'edit', perm: 'base:field:edit', onClick: () => page.edit(row.id), testId: 'field-edit' },
      { kind: 'delete', perm: 'base:field:delete', onClick: () => page.remove([row.id]), testId: 'field-delete' },
    ]),
  ];

  return (
    <CrudList<FieldVO, Filters>
      page={page}
      name="field"
      perm="base:field"
      search={[
        keywordsField(t('base.field.keywordsPlaceholder'), 'field-keywords'),
        { name: 'kind', label: t('base.field.kind'), node: <Select allowClear options={kindOptions} /> },
        { name: 'target', label: t('base.field.target'), node: <Select allowClear options={targetOptions} /> },
      ]}
      table={{
        queryKey: fieldQueries.list(),
        request: fieldApi.page,
        columns,
        title: t('base.field.title'),
        defaultPageSize: 20,
      }}
      toolbar={{ onExport: () => downloadFrom(() => fieldApi.export(page.filters), 'fields.xlsx') }}
    >
      <FieldFormModal {...page.form} />
    </CrudList>
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
function FieldFormModal(props: CrudFormProps) {
  const { t } = useTranslation();
  const bi = useBilingual();
  const open = props.editing !== null;
  const { form, modal } = useCrudForm<FieldBody, FieldVO>({
    ...props,
    title: { add: t('base.field.addTitle'), edit: t('base.field.editTitle') },
    load: fieldApi.form,
    defaults: () => ({ kind: 'text', target: 'athlete', required: false, sort: 0, dictCode: null, pattern: null }),
    save: (v, loaded) =>
      createOrUpdate<FieldBody>(fieldApi, loaded, {
        key: v.key.trim(),
        label: v.label.trim(),
        labelEn: (v.labelEn ?? '').trim(),
        kind: v.kind,
        dictCode: v.kind === 'select' ? (v.dictCode ?? null) : null,
        target: v.target,
        required: Boolean(v.required),
        pattern: orNull(v.pattern),
        sort: v.sort ?? 0,
      }),
  });
  const kind = Form.useWatch('kind', form);
  const dicts = useQuery({ ...dictQueries.lista(), enabled: open });

  return (
    <FormModal<FieldBody> {...modal} grid data-testid="field-form">
      <Field.Text
        name="key"
        label={t('base.field.key')}
        tooltip={t('base.field.keyHint')}
        max={40}
        autoComplete="off"
        required={t('base.field.rules.key')}
        pattern={KEY}
        patternMessage={t('base.field.rules.keyPattern')}
        testId="field-key"
      />
      <Field
        name="target"
        label={t('base.field.target')}
        rules={[{ required: true, message: t('base.field.rules.target') }]}
      >
        <Select options={FIELD_TARGET_LIST.map((k) => ({ value: k, label: t(`base.field.targets.${k}`) }))} />
      </Field>
      <Field.Text
        name="label"
        label={t('base.field.label')}
        max={50}
        required={t('base.field.rules.label')}
        whitespace
        testId="field-label"
      />
      <Field.Text name="labelEn" label={t('base.field.labelEn')} max={100} testId="field-label-en" />
      <Field name="kind" label={t('base.field.kind')} rules={[{ required: true }]}>
        <Select
          options={FIELD_KIND_LIST.map((k) => ({ value: k, label: t(`base.field.kinds.${k}`) }))}
          data-testid="field-kind"
        />
      </Field>
      {kind === 'select' && (
        <Field
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
        </Field>
      )}
      <Field.Text
        name="pattern"
        label={t('base.field.pattern')}
        tooltip={t('base.field.patternHint')}
        span="full"
        max={FIELD_PATTERN_MAX}
        placeholder="^\d{6}$"
        rules={[
          {
            validator: (_, value: string | null) =>
              validRegExp(value) ? Promise.resolve() : Promise.reject(new Error(t('base.field.rules.pattern'))),
          },
        ]}
      />
      <Field name="required" label={t('base.field.required')} valuePropName="checked" span={{ xs: 12, sm: 12 }}>
        <Switch />
      </Field>
      <Field.Sort span={{ xs: 12, sm: 12 }} />
    </FormModal>
  );
}
