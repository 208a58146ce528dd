import { UnorderedListOutlined } from '@ant-design/icons';
import type { DictBody, DictForm, DictPageQuery, DictPageVO } from '@baton/contracts';
import { Button, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { dictApi, dictQueries } from '../../../api/dicts';
import { useTranslation } from '../../../app/i18n';
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
} from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { usePerm } from '../../../hooks/usePerm';
import { refreshDictCache } from '../../../stores/dict';

type Filters = Partial<Pick<DictPageQuery, 'keywords' | 'status'>>;

/** System → Dictionaries: table CRUD; "data" opens the entries of one dictionary. */
export default function DictPage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const navigate = useNavigate();
  const can = usePerm();
  const page = useCrudPage<DictPageVO, Filters>({
    remove: dictApi.remove,
    refresh: [dictQueries.lista()],
    onChanged: refreshDictCache,
  });
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
    column.status<DictPageVO>(),
    { title: t('crud.remark'), dataIndex: 'remark', ellipsis: true, width: 220 },
    column.createdAt<DictPageVO>(),
    rowActions<DictPageVO>((d) => [
      {
        label: t('system.dict.data'),
        icon: <UnorderedListOutlined />,
        perm: 'sys:dict-data:query',
        onClick: () => openData(d.dictCode),
        testId: `dict-data-${d.dictCode}`,
      },
      { kind: 'edit', perm: 'sys:dict:edit', onClick: () => page.edit(d.id) },
      {
        kind: 'delete',
        perm: 'sys:dict:delete',
        onClick: () => page.remove([d.id]),
        confirm: t('system.dict.deleteConfirm'),
      },
    ]),
  ];

  return (
    <CrudList<DictPageVO, Filters>
      page={page}
      name="dict"
      perm="sys:dict"
      search={[keywordsField(t('system.dict.keywordsPlaceholder')), statusField()]}
      table={{
        queryKey: dictQueries.list(),
        request: dictApi.page,
        columns,
        title: t('system.dict.title'),
      }}
    >
      <DictFormModal {...page.form} />
    </CrudList>
  );
}

const CODE = /^[a-z][a-z0-9_]{1,49}$/;

function DictFormModal(props: CrudFormProps) {
  const { t } = useTranslation();
  const { modal } = useCrudForm<DictBody, DictForm>({
    ...props,
    title: { add: t('system.dict.addTitle'), edit: t('system.dict.editTitle') },
    load: dictApi.form,
    toValues: (d) => ({ ...d, remark: d.remark ?? '' }),
    defaults: () => ({ status: 1 }),
    save: (v, loaded) =>
      createOrUpdate<DictBody>(dictApi, loaded, {
        dictCode: v.dictCode.trim(),
        name: v.name.trim(),
        nameEn: (v.nameEn ?? '').trim(),
        status: v.status ?? 1,
        remark: v.remark?.trim() || null,
      }),
  });

  return (
    <FormModal<DictBody> {...modal} grid data-testid="dict-form">
      <Field.Text name="name" label={t('system.dict.nameZh')} max={50} required={t('system.dict.rules.name')} />
      <Field.Text name="nameEn" label={t('system.dict.nameEn')} max={100} />
      <Field.Text
        name="dictCode"
        label={t('system.dict.code')}
        max={50}
        required={t('system.dict.rules.code')}
        pattern={CODE}
        patternMessage={t('system.dict.rules.codePattern')}
      />
      <Field.Status />
      <Field.Remark />
    </FormModal>
  );
}
