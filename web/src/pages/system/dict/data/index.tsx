import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DictDataBody, DictDataForm, DictDataPageQuery, DictDataVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { dictDataApi, dictDataQueries, dictQueries } from '../../../../api/dicts';
import { useTranslation } from '../../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  column,
  createOrUpdate,
  Field,
  FormModal,
  keywordsField,
  rowActions,
  statusField,
  useCrudForm,
  useCrudPage,
} from '../../../../components/crud';
import { useBilingual } from '../../../../hooks/language';
import { refreshDictCache } from '../../../../stores/dict';

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
  const bi = useBilingual();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const dictCode = params.get('dictCode') ?? '';
  const page = useCrudPage<DictDataVO, Filters>({ remove: dictDataApi.remove, onChanged: refreshDictCache });
  const lista = useQuery(dictQueries.lista());
  const current = lista.data?.find((d) => d.dictCode === dictCode);

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
    column.sort<DictDataVO>(),
    column.status<DictDataVO>(),
    column.createdAt<DictDataVO>(),
    rowActions<DictDataVO>((d) => [
      {
        kind: 'edit',
        perm: 'sys:dict-data:edit',
        onClick: () => page.edit(d.id),
        testId: `dict-data-edit-${d.value}`,
      },
      { kind: 'delete', perm: 'sys:dict-data:delete', onClick: () => page.remove([d.id]) },
    ]),
  ];

  // The title: back to the dictionaries, and a picker of the dictionary shown.
  const title = (
    <Space wrap>
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        onClick={() => navigate('/system/dict')}
        aria-label={t('common.back')}
      />
      <span>{t('system.dictData.title')}</span>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        value={dictCode || undefined}
        placeholder={t('system.dictData.pickDict')}
        onChange={(code: string) => setParams({ dictCode: code })}
        options={(lista.data ?? []).map((d) => ({
          value: d.dictCode,
          label: `${bi(d.name, d.nameEn)} (${d.dictCode})`,
        }))}
        style={{ minWidth: 200 }}
        data-testid="dict-data-pick"
      />
    </Space>
  );

  return (
    <CrudList<DictDataVO, Filters>
      page={page}
      name="dict-data"
      perm="sys:dict-data"
      search={[keywordsField(t('system.dictData.keywordsPlaceholder')), statusField()]}
      table={{
        queryKey: dictDataQueries.list(),
        request: dictDataApi.page,
        params: { ...page.filters, dictCode: dictCode || undefined },
        columns,
        title,
      }}
      toolbar={{ addDisabled: !current }}
    >
      <DictDataFormModal {...page.form} dictCode={dictCode} />
    </CrudList>
  );
}

type Values = Omit<DictDataBody, 'tagType'> & { tagType?: string | null };

function DictDataFormModal({ dictCode, ...props }: CrudFormProps & { dictCode: string }) {
  const { t } = useTranslation();
  const { modal } = useCrudForm<Values, DictDataForm>({
    ...props,
    title: { add: t('system.dictData.addTitle'), edit: t('system.dictData.editTitle') },
    load: dictDataApi.form,
    toValues: (d) => ({ ...d, tagType: d.tagType ?? '' }),
    defaults: () => ({ dictCode, sort: 0, status: 1, tagType: '' }),
    save: (v, loaded) =>
      createOrUpdate<DictDataBody>(dictDataApi, loaded, {
        dictCode: loaded?.dictCode ?? dictCode,
        value: v.value.trim(),
        label: v.label.trim(),
        labelEn: (v.labelEn ?? '').trim(),
        tagType: (v.tagType || null) as DictDataBody['tagType'],
        sort: v.sort ?? 0,
        status: v.status ?? 1,
      }),
  });

  return (
    <FormModal<Values> {...modal} grid data-testid="dict-data-form">
      <Field.Text
        name="value"
        label={t('system.dictData.value')}
        max={100}
        required={t('system.dictData.rules.value')}
      />
      <Field.Sort />
      <Field.Text
        name="label"
        label={t('system.dictData.label')}
        max={100}
        required={t('system.dictData.rules.label')}
        testId="dict-data-label"
      />
      <Field.Text name="labelEn" label={t('system.dictData.labelEn')} max={100} testId="dict-data-label-en" />
      <Field name="tagType" label={t('system.dictData.tagType')}>
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
      </Field>
      <Field.Status />
    </FormModal>
  );
}
