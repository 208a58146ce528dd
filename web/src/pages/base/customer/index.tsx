import { DeleteOutlined, DownloadOutlined, EditOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONTACT_MOBILE_PATTERN,
  type CustomerBody,
  type CustomerForm,
  type CustomerQuery,
  type CustomerVO,
  maskPhone,
} from '@baton/contracts';
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
  TreeSelect,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { codeApi, customerApi } from '../../../api/base';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  DictSelect,
  DictTag,
  downloadFrom,
  FormModal,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { orNull, useBilingual, useSticky } from '../../system/shared';
import { toAreaTree } from '../codes/areaTree';
import { CompactButton, RowAction } from '../item/actions';

type Filters = Partial<CustomerQuery>;
interface Editing {
  id: number;
  parentId?: number | null;
}

interface CustomerNode {
  value: number;
  key: number;
  title: string;
  disabled?: boolean;
  children: CustomerNode[];
}

function toCustomerTree(nodes: readonly CustomerVO[], exclude?: number, inside = false): CustomerNode[] {
  return nodes.map((n) => {
    const off = inside || n.id === exclude;
    return {
      value: n.id,
      key: n.id,
      title: n.name,
      disabled: off || undefined,
      children: toCustomerTree(n.children ?? [], exclude, off),
    };
  });
}

/** The area codes as a picker (shared by the filter and the form). */
function useAreaTree(enabled: boolean) {
  const bi = useBilingual();
  const tree = useQuery({ queryKey: ['area-code-tree'], queryFn: () => codeApi.tree({}), enabled });
  return toAreaTree(tree.data ?? [], bi);
}

/** Base data → Customers: organisations as a tree with sub-customers and contacts. */
export default function CustomerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const queryClient = useQueryClient();
  const table = useRef<CrudTableHandle<CustomerVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing | null>(null);
  const closeForm = useCallback(() => setEditing(null), []);
  const areas = useAreaTree(true);

  const changed = () => {
    table.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['customer-tree'] });
  };
  const remove = async (ids: number[]) => {
    await customerApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    changed();
  };

  const columns: TableColumnsType<CustomerVO> = [
    { title: t('base.customer.name'), dataIndex: 'name', fixed: 'left' },
    { title: t('base.customer.shortName'), dataIndex: 'shortName' },
    { title: t('base.customer.area'), dataIndex: 'areaName' },
    { title: t('base.customer.contactName'), dataIndex: 'contactName' },
    {
      title: t('base.customer.contactMobile'),
      dataIndex: 'contactMobile',
      render: (v: string | null) => maskPhone(v),
    },
    { title: t('base.customer.contactEmail'), dataIndex: 'contactEmail' },
    { title: t('base.customer.address'), dataIndex: 'address', ellipsis: true, width: 200 },
    { title: t('crud.status'), dataIndex: 'status', render: (v: number) => <DictTag dictCode="status" value={v} /> },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Perm value="base:customer:add">
            <RowAction
              icon={<PlusOutlined />}
              onClick={() => setEditing({ id: 0, parentId: row.id })}
              label={t('base.customer.addChild')}
            />
          </Perm>
          <Perm value="base:customer:edit">
            <RowAction
              icon={<EditOutlined />}
              onClick={() => setEditing({ id: row.id })}
              data-testid="customer-edit"
              label={t('crud.edit')}
            />
          </Perm>
          <Perm value="base:customer:delete">
            <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
              <RowAction danger icon={<DeleteOutlined />} data-testid="customer-delete" label={t('crud.delete')} />
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
            node: (
              <Input allowClear placeholder={t('base.customer.keywordsPlaceholder')} data-testid="customer-keywords" />
            ),
          },
          {
            name: 'areaCodeId',
            label: t('base.customer.area'),
            node: (
              <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeData={areas} style={{ width: '100%' }} />
            ),
          },
          { name: 'status', label: t('crud.status'), node: <DictSelect dictCode="status" numeric /> },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<CustomerVO, Filters>
        ref={table}
        queryKey="base-customers"
        request={(q) => customerApi.tree({ keywords: q.keywords, areaCodeId: q.areaCodeId, status: q.status })}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('base.customer.title')}
        defaultExpandAll
        selectable={can('base:customer:delete')}
        data-testid="customer-table"
        toolbar={({ selectedKeys, expandAll, allExpanded }) => (
          <>
            <Perm value="base:customer:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ id: 0 })}
                data-testid="customer-add"
              >
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="base:customer:delete">
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
            <Perm value="base:customer:export">
              <CompactButton
                icon={<DownloadOutlined />}
                onClick={() => void downloadFrom(() => customerApi.export(filters), 'customers.xlsx')}
                data-testid="customer-export"
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
      <CustomerFormModal editing={editing} onClose={closeForm} onSaved={changed} />
    </Space>
  );
}

const MOBILE = new RegExp(CONTACT_MOBILE_PATTERN);

/** Create / edit a customer; a parent makes it a sub-customer. */
function CustomerFormModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomerBody>();
  const [loaded, setLoaded] = useState<CustomerForm | null>(null);
  const [loading, setLoading] = useState(false);
  const open = editing !== null;
  const sticky = useSticky(editing);
  const isEdit = Boolean(sticky?.id);
  const customers = useQuery({ queryKey: ['customer-tree'], queryFn: () => customerApi.tree({}), enabled: open });
  const areas = useAreaTree(open);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing.id) {
      form.setFieldsValue({ parentId: editing.parentId ?? null, sort: 0, status: 1 });
      return;
    }
    setLoading(true);
    customerApi
      .form(editing.id)
      .then((c) => {
        setLoaded(c);
        form.setFieldsValue(c);
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: CustomerBody) => {
    const body: CustomerBody = {
      parentId: v.parentId ?? null,
      name: v.name.trim(),
      shortName: orNull(v.shortName),
      areaCodeId: v.areaCodeId ?? null,
      contactName: orNull(v.contactName),
      contactMobile: orNull(v.contactMobile),
      contactEmail: orNull(v.contactEmail),
      address: orNull(v.address),
      sort: v.sort ?? 0,
      status: v.status ?? 1,
    };
    if (isEdit && loaded) await customerApi.update(loaded.id, { ...body, version: loaded.version });
    else await customerApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<CustomerBody>
      open={open}
      title={isEdit ? t('base.customer.editTitle') : t('base.customer.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      data-testid="customer-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="parentId" label={t('base.customer.parent')}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              placeholder={t('base.customer.topLevel')}
              treeData={toCustomerTree(customers.data ?? [], isEdit ? sticky?.id : undefined)}
              treeDefaultExpandAll
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="areaCodeId" label={t('base.customer.area')}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeData={areas}
              treeDefaultExpandAll
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('base.customer.name')}
            rules={[{ required: true, whitespace: true, message: t('base.customer.rules.name') }]}
          >
            <Input maxLength={100} data-testid="customer-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="shortName" label={t('base.customer.shortName')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="contactName" label={t('base.customer.contactName')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="contactMobile"
            label={t('base.customer.contactMobile')}
            rules={[{ pattern: MOBILE, message: t('base.customer.rules.mobile') }]}
          >
            <Input maxLength={11} inputMode="tel" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="contactEmail"
            label={t('base.customer.contactEmail')}
            rules={[{ type: 'email', message: t('base.customer.rules.email') }]}
          >
            <Input maxLength={254} inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="sort" label={t('crud.sort')}>
            <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="status" label={t('crud.status')}>
            <DictSelect dictCode="status" numeric allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" label={t('base.customer.address')}>
            <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
