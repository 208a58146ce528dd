import { PlusOutlined } from '@ant-design/icons';
import {
  CONTACT_MOBILE_PATTERN,
  type CustomerBody,
  type CustomerForm,
  type CustomerQuery,
  type CustomerVO,
  maskPhone,
} from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, Row, type TableColumnsType, TreeSelect } from 'antd';
import { codeQueries, customerApi, customerQueries } from '../../../api/base';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  createOrUpdate,
  DictSelect,
  DictTag,
  downloadFrom,
  FormModal,
  keywordsField,
  rowActions,
  SortInput,
  statusField,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { toAreaTree } from '../../../utils/areaTree';
import { orNull } from '../../../utils/options';

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
  const tree = useQuery({ ...codeQueries.tree(), enabled });
  return toAreaTree(tree.data ?? [], bi);
}

/** Base data → Customers: organisations as a tree with sub-customers and contacts. */
export default function CustomerPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const page = useCrudPage<CustomerVO, Filters, Editing>({
    remove: customerApi.remove,
    onChanged: () => void queryClient.invalidateQueries({ queryKey: customerQueries.tree().queryKey }),
  });
  const areas = useAreaTree(true);

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
    rowActions<CustomerVO>((row) => [
      {
        label: t('base.customer.addChild'),
        icon: <PlusOutlined />,
        perm: 'base:customer:add',
        onClick: () => page.edit({ id: 0, parentId: row.id }),
      },
      { kind: 'edit', perm: 'base:customer:edit', onClick: () => page.edit({ id: row.id }), testId: 'customer-edit' },
      {
        kind: 'delete',
        perm: 'base:customer:delete',
        onClick: () => page.remove([row.id]),
        testId: 'customer-delete',
      },
    ]),
  ];

  return (
    <CrudList<CustomerVO, Filters, Editing>
      page={page}
      name="customer"
      perm="base:customer"
      search={[
        keywordsField(t('base.customer.keywordsPlaceholder'), 'customer-keywords'),
        {
          name: 'areaCodeId',
          label: t('base.customer.area'),
          node: (
            <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeData={areas} style={{ width: '100%' }} />
          ),
        },
        statusField(),
      ]}
      table={{
        queryKey: customerQueries.list(),
        request: (q) => customerApi.tree({ keywords: q.keywords, areaCodeId: q.areaCodeId, status: q.status }),
        columns,
        rowKey: 'id',
        title: t('base.customer.title'),
        defaultExpandAll: true,
      }}
      toolbar={{
        onAdd: () => page.edit({ id: 0 }),
        onExport: () => downloadFrom(() => customerApi.export(page.filters), 'customers.xlsx'),
        expandToggle: true,
      }}
    >
      <CustomerFormModal editing={page.editing} onClose={page.closeForm} onSaved={page.changed} />
    </CrudList>
  );
}

const MOBILE = new RegExp(CONTACT_MOBILE_PATTERN);

/** Create / edit a customer; a parent makes it a sub-customer. */
function CustomerFormModal({ editing, onClose, onSaved }: CrudFormProps<Editing>) {
  const { t } = useTranslation();
  const open = editing !== null;
  const { shown, isEdit, modal } = useCrudForm<CustomerBody, CustomerForm, Editing>({
    editing,
    load: customerApi.form,
    defaults: (e) => ({ parentId: e.parentId ?? null, sort: 0, status: 1 }),
    save: (v, loaded) =>
      createOrUpdate<CustomerBody>(customerApi, loaded, {
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
      }),
    onClose,
    onSaved,
  });
  const customers = useQuery({ ...customerQueries.tree(), enabled: open });
  const areas = useAreaTree(open);

  return (
    <FormModal<CustomerBody>
      {...modal}
      title={isEdit ? t('base.customer.editTitle') : t('base.customer.addTitle')}
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
              treeData={toCustomerTree(customers.data ?? [], isEdit ? shown?.id : undefined)}
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
            <SortInput />
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
