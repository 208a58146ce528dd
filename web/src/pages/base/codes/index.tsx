import { PlusOutlined } from '@ant-design/icons';
import { AREA_CODE_PATTERN, type AreaCodeBody, type AreaCodeForm, type AreaCodeVO } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, Row, type TableColumnsType, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { codeApi, codeQueries } from '../../../api/base';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  createOrUpdate,
  downloadFrom,
  FormModal,
  ImportDialog,
  keywordsField,
  rowActions,
  SortInput,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { toAreaTree } from '../../../utils/areaTree';

type Filters = { keywords?: string };
interface Editing {
  id: number;
  parentId?: number | null;
}

/** Base data → Codes: the administrative-area tree (county → sub-units), CRUD, import, export. */
export default function CodesPage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const queryClient = useQueryClient();
  const page = useCrudPage<AreaCodeVO, Filters, Editing>({
    remove: codeApi.remove,
    onChanged: () => void queryClient.invalidateQueries({ queryKey: codeQueries.tree().queryKey }),
  });
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
    { title: t('crud.sort'), dataIndex: 'sort', align: 'right' },
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
    <CrudList<AreaCodeVO, Filters, Editing>
      page={page}
      name="code"
      perm="base:code"
      search={[keywordsField(t('base.codes.keywordsPlaceholder'), 'code-keywords')]}
      table={{
        queryKey: codeQueries.list(),
        request: (q) => codeApi.tree({ keywords: q.keywords }),
        columns,
        rowKey: 'id',
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
      <CodeFormModal editing={page.editing} onClose={page.closeForm} onSaved={page.changed} label={bi} />
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
  editing,
  onClose,
  onSaved,
  label,
}: CrudFormProps<Editing> & { label: (zh: string, en: string) => string }) {
  const { t } = useTranslation();
  const open = editing !== null;
  const { shown, isEdit, modal } = useCrudForm<AreaCodeBody, AreaCodeForm, Editing>({
    editing,
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
    onClose,
    onSaved,
  });
  const tree = useQuery({ ...codeQueries.tree(), enabled: open });

  return (
    <FormModal<AreaCodeBody>
      {...modal}
      title={isEdit ? t('base.codes.editTitle') : t('base.codes.addTitle')}
      data-testid="code-form"
    >
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item name="parentId" label={t('base.codes.parent')}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              placeholder={t('base.codes.topLevel')}
              treeData={toAreaTree(tree.data ?? [], label, isEdit ? shown?.id : undefined)}
              treeDefaultExpandAll
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="code"
            label={t('base.codes.code')}
            rules={[
              { required: true, message: t('base.codes.rules.code') },
              { pattern: CODE, message: t('base.codes.rules.codePattern') },
            ]}
          >
            <Input maxLength={32} autoComplete="off" data-testid="code-code" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('base.codes.name')}
            rules={[{ required: true, whitespace: true, message: t('base.codes.rules.name') }]}
          >
            <Input maxLength={50} data-testid="code-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameEn" label={t('base.codes.nameEn')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sort" label={t('crud.sort')}>
            <SortInput />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
