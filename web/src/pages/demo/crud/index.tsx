import { DICT_CODE_PATTERN, type DictBody, type DictForm, type DictPageQuery, type DictPageVO } from '@baton/contracts';
import { Alert, Form, Input, Space, type TableColumnsType } from 'antd';
import { dictApi, dictQueries } from '../../../api/dicts';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  CrudToolbar,
  createOrUpdate,
  DictSelect,
  DictTag,
  FormModal,
  formatTime,
  rowActions,
  SearchForm,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { usePerm } from '../../../hooks/usePerm';
import { useDictStore } from '../../../stores/dict';

type Filters = Partial<Pick<DictPageQuery, 'keywords' | 'status'>>;

/**
 * Demo → CRUD: a complete list / search / create / edit / delete page over a real resource (the
 * dictionaries), assembled from the reusable `components/crud` blocks in a few dozen lines.
 */
export default function CrudDemoPage() {
  const { t, i18n } = useTranslation();
  const can = usePerm();
  const en = i18n.language === 'en';
  const page = useCrudPage<DictPageVO, Filters>({
    remove: dictApi.remove,
    // Dictionaries feed the cache of spec §4: reload it so tags and pickers follow.
    onChanged: () => void useDictStore.getState().reload(),
  });
  const { isEdit, modal } = useCrudForm<DictBody, DictForm>({
    editing: page.editing,
    load: dictApi.form,
    toValues: (f) => ({ ...f, remark: f.remark ?? '' }),
    defaults: () => ({ status: 1 }),
    save: (v, loaded) =>
      createOrUpdate<DictBody>(dictApi, loaded, {
        dictCode: v.dictCode.trim(),
        name: v.name.trim(),
        nameEn: v.nameEn?.trim() ?? '',
        status: v.status,
        remark: v.remark?.trim() || null,
      }),
    onClose: page.closeForm,
    onSaved: page.changed,
  });

  const columns: TableColumnsType<DictPageVO> = [
    { title: t('demo.crud.code'), dataIndex: 'dictCode', render: (v: string) => <code>{v}</code> },
    {
      title: t('demo.crud.name'),
      dataIndex: en ? 'nameEn' : 'name',
      render: (_, r) => (en ? r.nameEn || r.name : r.name),
    },
    {
      title: t('crud.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: number) => <DictTag dictCode="status" value={v} />,
    },
    { title: t('crud.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', width: 180, render: formatTime },
    rowActions<DictPageVO>(
      (row) => [
        { kind: 'edit', perm: 'sys:dict:edit', onClick: () => page.edit(row.id) },
        { kind: 'delete', perm: 'sys:dict:delete', onClick: () => page.remove([row.id]) },
      ],
      { width: 170 },
    ),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="crud-demo">
      <Alert type="info" showIcon title={t('demo.crud.intro')} />
      <SearchForm<Filters>
        fields={[
          { name: 'keywords', label: t('crud.keywords'), node: <Input allowClear maxLength={100} /> },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="status" numeric /> },
        ]}
        onSearch={page.search}
      />
      <CrudTable<DictPageVO, Filters>
        ref={page.table}
        queryKey={dictQueries.demoList()}
        request={dictApi.page}
        params={page.filters}
        columns={columns}
        rowKey="id"
        title={t('demo.crud.title')}
        selectable={can('sys:dict:delete')}
        tableProps={{ scroll: { x: 900 } }}
        toolbar={(table) => (
          <CrudToolbar
            table={table}
            perm="sys:dict"
            testId="demo-dict"
            onAdd={() => page.edit(0)}
            onDelete={page.remove}
          />
        )}
      />
      <FormModal<DictBody> {...modal} title={isEdit ? t('crud.edit') : t('crud.add')}>
        <Form.Item
          name="dictCode"
          label={t('demo.crud.code')}
          rules={[
            { required: true, message: t('demo.crud.rules.code') },
            { pattern: new RegExp(DICT_CODE_PATTERN), message: t('demo.crud.rules.codeFormat') },
          ]}
        >
          <Input maxLength={50} disabled={isEdit} />
        </Form.Item>
        <Form.Item name="name" label={t('demo.crud.nameZh')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('demo.crud.nameEn')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t('crud.status')}>
          <DictSelect dictCode="status" numeric allowClear={false} />
        </Form.Item>
        <Form.Item name="remark" label={t('crud.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </FormModal>
    </Space>
  );
}
