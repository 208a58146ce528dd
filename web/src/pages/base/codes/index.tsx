import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  NodeExpandOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { AREA_CODE_PATTERN, type AreaCodeBody, type AreaCodeForm, type AreaCodeVO } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Space,
  type TableColumnsType,
  Tag,
  TreeSelect,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { codeApi } from '../../../api/base';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  downloadFrom,
  FormModal,
  ImportDialog,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { useBilingual, useSticky } from '../../system/shared';
import { CompactButton, RowAction } from '../item/actions';
import { toAreaTree } from './areaTree';

type Filters = { keywords?: string };
interface Editing {
  id: number;
  parentId?: number | null;
}

/** Base data → Codes: the administrative-area tree (county → sub-units), CRUD, import, export. */
export default function CodesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const can = usePerm();
  const queryClient = useQueryClient();
  const table = useRef<CrudTableHandle<AreaCodeVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const closeForm = useCallback(() => setEditing(null), []);

  const changed = () => {
    table.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['area-code-tree'] });
  };
  const remove = async (ids: number[]) => {
    await codeApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    changed();
  };

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
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Perm value="base:code:add">
            <RowAction
              icon={<PlusOutlined />}
              onClick={() => setEditing({ id: 0, parentId: row.id })}
              label={t('base.codes.addChild')}
            />
          </Perm>
          <Perm value="base:code:edit">
            <RowAction
              icon={<EditOutlined />}
              onClick={() => setEditing({ id: row.id })}
              data-testid="code-edit"
              label={t('crud.edit')}
            />
          </Perm>
          <Perm value="base:code:delete">
            <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
              <RowAction danger icon={<DeleteOutlined />} data-testid="code-delete" label={t('crud.delete')} />
            </Popconfirm>
          </Perm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <SearchForm<Filters>
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('base.codes.keywordsPlaceholder')} data-testid="code-keywords" />,
          },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<AreaCodeVO, Filters>
        ref={table}
        queryKey="base-codes"
        request={(q) => codeApi.tree({ keywords: q.keywords })}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('base.codes.title')}
        defaultExpandAll
        selectable={can('base:code:delete')}
        data-testid="code-table"
        toolbar={({ selectedKeys, expandAll, allExpanded }) => (
          <>
            <Perm value="base:code:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ id: 0 })}
                data-testid="code-add"
              >
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="base:code:delete">
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
            <Perm value="base:code:import">
              <CompactButton
                icon={<UploadOutlined />}
                onClick={() => setImportOpen(true)}
                data-testid="code-import"
                label={t('crud.import')}
              />
            </Perm>
            <Perm value="base:code:export">
              <CompactButton
                icon={<DownloadOutlined />}
                onClick={() => void downloadFrom(() => codeApi.export(filters), 'area-codes.xlsx')}
                data-testid="code-export"
                label={t('crud.export')}
              />
            </Perm>
            <CompactButton
              icon={<NodeExpandOutlined />}
              onClick={() => expandAll(!allExpanded)}
              label={allExpanded ? t('crud.collapseAll') : t('crud.expandAll')}
            />
          </>
        )}
      />
      <CodeFormModal editing={editing} onClose={closeForm} onSaved={changed} label={bi} />
      <ImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        title={t('base.codes.importTitle')}
        onTemplate={() => downloadFrom(codeApi.template, 'area-codes-template.xlsx')}
        upload={(file, mode, mapping) => codeApi.import(file, mode, mapping)}
        onImported={changed}
      />
    </Space>
  );
}

const CODE = new RegExp(AREA_CODE_PATTERN);

/** Create / edit a code (a parent makes it a sub-unit). */
function CodeFormModal({
  editing,
  onClose,
  onSaved,
  label,
}: {
  editing: Editing | null;
  onClose: () => void;
  onSaved: () => void;
  label: (zh: string, en: string) => string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AreaCodeBody>();
  const [loaded, setLoaded] = useState<AreaCodeForm | null>(null);
  const [loading, setLoading] = useState(false);
  const open = editing !== null;
  const sticky = useSticky(editing);
  const isEdit = Boolean(sticky?.id);
  const tree = useQuery({ queryKey: ['area-code-tree'], queryFn: () => codeApi.tree({}), enabled: open });

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing.id) {
      form.setFieldsValue({ parentId: editing.parentId ?? null, sort: 0 });
      return;
    }
    setLoading(true);
    codeApi
      .form(editing.id)
      .then((c) => {
        setLoaded(c);
        form.setFieldsValue(c);
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: AreaCodeBody) => {
    const body: AreaCodeBody = {
      parentId: v.parentId ?? null,
      code: v.code.trim(),
      name: v.name.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      sort: v.sort ?? 0,
    };
    if (isEdit && loaded) await codeApi.update(loaded.id, { ...body, version: loaded.version });
    else await codeApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<AreaCodeBody>
      open={open}
      title={isEdit ? t('base.codes.editTitle') : t('base.codes.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
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
              treeData={toAreaTree(tree.data ?? [], label, isEdit ? sticky?.id : undefined)}
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
            <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
