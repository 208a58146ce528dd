import { ProfileOutlined } from '@ant-design/icons';
import type { NatureBody, NaturePageQuery, NatureVO } from '@baton/contracts';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { natureApi, natureQueries } from '../../../api/natures';
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
import { usePerm } from '../../../hooks/usePerm';
import { orNull } from '../../../utils/options';
import { NatureFieldsDrawer } from './NatureFieldsDrawer';

type Filters = Partial<Pick<NaturePageQuery, 'keywords'>>;

/** Meeting → Natures: kinds of meeting with their default registration fields. */
export default function NaturePage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const can = usePerm();
  const page = useCrudPage<NatureVO, Filters>({ remove: natureApi.remove });
  const [fieldsOf, setFieldsOf] = useState<NatureVO | null>(null);

  const columns: TableColumnsType<NatureVO> = [
    { title: t('base.nature.name'), dataIndex: 'name', fixed: 'left', render: (_, n) => bi(n.name, n.nameEn) },
    { title: t('base.nature.nameEn'), dataIndex: 'nameEn' },
    { title: t('base.nature.remark'), dataIndex: 'remark', ellipsis: true, width: 220 },
    { title: t('base.nature.fieldCount'), dataIndex: 'fieldCount', align: 'right' },
    { title: t('base.nature.meetingCount'), dataIndex: 'meetingCount', align: 'right' },
    column.sort<NatureVO>(),
    column.createdAt<NatureVO>(),
    rowActions<NatureVO>((row) => [
      {
        label: t('base.nature.fields'),
        icon: <ProfileOutlined />,
        perm: ['meeting:nature:query', 'meeting:nature:edit'],
        onClick: () => setFieldsOf(row),
        testId: 'nature-fields',
      },
      { kind: 'edit', perm: 'meeting:nature:edit', onClick: () => page.edit(row.id), testId: 'nature-edit' },
      { kind: 'delete', perm: 'meeting:nature:delete', onClick: () => page.remove([row.id]), testId: 'nature-delete' },
    ]),
  ];

  return (
    <CrudList<NatureVO, Filters>
      page={page}
      name="nature"
      perm="meeting:nature"
      search={[keywordsField(t('base.nature.keywordsPlaceholder'), 'nature-keywords')]}
      table={{
        queryKey: natureQueries.list(),
        request: natureApi.page,
        columns,
        title: t('base.nature.title'),
      }}
      toolbar={{ onExport: () => downloadFrom(() => natureApi.export(page.filters), 'natures.xlsx') }}
    >
      <NatureFormModal {...page.form} />
      <NatureFieldsDrawer
        nature={fieldsOf}
        editable={can('meeting:nature:edit')}
        onClose={() => setFieldsOf(null)}
        onSaved={page.changed}
      />
    </CrudList>
  );
}

/** Create / edit a nature; the loaded version travels with the edit. */
function NatureFormModal(props: CrudFormProps) {
  const { t } = useTranslation();
  const { modal } = useCrudForm<NatureBody, NatureVO>({
    ...props,
    title: { add: t('base.nature.addTitle'), edit: t('base.nature.editTitle') },
    load: natureApi.form,
    defaults: () => ({ sort: 0 }),
    save: (v, loaded) =>
      createOrUpdate<NatureBody>(natureApi, loaded, {
        name: v.name.trim(),
        nameEn: (v.nameEn ?? '').trim(),
        remark: orNull(v.remark),
        sort: v.sort ?? 0,
      }),
  });

  return (
    <FormModal<NatureBody> {...modal} grid data-testid="nature-form">
      <Field.Text
        name="name"
        label={t('base.nature.name')}
        max={50}
        required={t('base.nature.rules.name')}
        whitespace
        testId="nature-name"
      />
      <Field.Text name="nameEn" label={t('base.nature.nameEn')} max={100} />
      <Field.Sort />
      <Field.Remark label={t('base.nature.remark')} showCount />
    </FormModal>
  );
}
