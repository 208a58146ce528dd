import { PlusOutlined } from '@ant-design/icons';
import { AREA_CODE_PATTERN, type AreaCodeBody, type AreaCodeForm, type AreaCodeVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { codeApi, codeQueries } from '../../../api/codes';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  column,
  createOrUpdate,
  downloadFrom,
  Field,
  FormModal,
  ImportDialog,
  keywordsField,
  rowActions,
  type TreeEditing,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { toAreaTree } from '../../../utils/areaTree';

type Filters = { keywords?: string };

/** Base data → Codes: the administrative-area tree (county → sub-units), CRUD, import, export. */
export default function CodesPage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const page = useCrudPage<AreaCodeVO, Filters, TreeEditing>({ remove: codeApi.remove, refresh: [codeQueries.tree()] });
  const [importOpen, setImportOpen] = useState(false);

  const columns: TableColumnsType<AreaCodeVO> = [
    { title: t('base.codes.code'), dataIndex: 'code', fixed: 'left' },
    { title: t('base.codes.name'), dataIndex: 'name' },
    { title: t('base.codes.nameEn'), dataIndex: 'nameEn' },
    {
      title: t('base.codes.level'),
      dataIndex: 'level',
      render: (v: number) =>
        v <= 1 ? <Tag color="blue">{t('base.codes.county')}</Tag> : <Tag>{t('base.codes.subUnit')}</Tag>,
    },
    column.sort<AreaCodeVO>(),
    rowActions<AreaCodeVO>((row) => [
      {
        label: t('base.codes.addChild'),
        icon: <PlusOutlined />,
        perm: 'base:code:add',
        onClick: () => page.edit({ id: 0, parentId: row.id }),
      },
      { kind: 'edit', perm: 'base:code:edit', onClick: () => page.edit({ id: row.id }), testId: 'code-edit' },
      { kind: 'delete', perm: 'base:code:delete', onClick: () => page.remove([row.id]), testId: 'code-delete' },
    ]),
  ];

  return (
    <CrudList<AreaCodeVO, Filters, TreeEditing>
      page={page}
      name="code"
      perm="base:code"
      search={[keywordsField(t('base.codes.keywordsPlaceholder'), 'code-keywords')]}
      table={{
        queryKey: codeQueries.list(),
        request: (q) => codeApi.tree({ keywords: q.keywords }),
        columns,
        title: t('base.codes.title'),
        defaultExpandAll: true,
      }}
      toolbar={{
        onAdd: () => page.edit({ id: 0 }),
        onImport: () => setImportOpen(true),
        onExport: () => downloadFrom(() => codeApi.export(page.filters), 'area-codes.xlsx'),
        expandToggle: true,
      }}
    >
      <CodeFormModal {...page.form} label={bi} />
      <ImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        title={t('base.codes.importTitle')}
        onTemplate={() => downloadFrom(codeApi.template, 'area-codes-template.xlsx')}
        upload={(file, mode, mapping) => codeApi.import(file, mode, mapping)}
        onImported={page.changed}
      />
    </CrudList>
  );
}

const CODE = new RegExp(AREA_CODE_PATTERN);

/** Create / edit a code (a parent makes it a sub-unit). */
function CodeFormModal({
  label,
  ...props
}: CrudFormProps<TreeEditing> & { label: (zh: string, en: string) => string }) {
  const { t } = useTranslation();
  const open = props.editing !== null;
  const { shown, isEdit, modal } = useCrudForm<AreaCodeBody, AreaCodeForm, TreeEditing>({
    ...props,
    title: { add: t('base.codes.addTitle'), edit: t('base.codes.editTitle') },
    load: codeApi.form,
    defaults: (e) => ({ parentId: e.parentId ?? null, sort: 0 }),
    save: (v, loaded) =>
      createOrUpdate<AreaCodeBody>(codeApi, loaded, {
        parentId: v.parentId ?? null,
        code: v.code.trim(),
        name: v.name.trim(),
        nameEn: (v.nameEn ?? '').trim(),
        sort: v.sort ?? 0,
      }),
  });
  const tree = useQuery({ ...codeQueries.tree(), enabled: open });

  return (
    <FormModal<AreaCodeBody> {...modal} grid data-testid="code-form">
      <Field.Tree
        name="parentId"
        label={t('base.codes.parent')}
        span="full"
        searchable
        placeholder={t('base.codes.topLevel')}
        treeData={toAreaTree(tree.data ?? [], label, isEdit ? shown?.id : undefined)}
      />
      <Field.Text
        name="code"
        label={t('base.codes.code')}
        max={32}
        autoComplete="off"
        required={t('base.codes.rules.code')}
        pattern={CODE}
        patternMessage={t('base.codes.rules.codePattern')}
        testId="code-code"
      />
      <Field.Text
        name="name"
        label={t('base.codes.name')}
        max={50}
        required={t('base.codes.rules.name')}
        whitespace
        testId="code-name"
      />
      <Field.Text name="nameEn" label={t('base.codes.nameEn')} max={100} />
      <Field.Sort />
    </FormModal>
  );
}
