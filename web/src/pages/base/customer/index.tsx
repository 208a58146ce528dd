import { PlusOutlined } from '@ant-design/icons';
import {
  CONTACT_MOBILE_PATTERN,
  type CustomerBody,
  type CustomerForm,
  type CustomerQuery,
  type CustomerVO,
  maskPhone,
} from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { type TableColumnsType, TreeSelect } from 'antd';
import { codeQueries } from '../../../api/codes';
import { customerApi, customerQueries } from '../../../api/customers';
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
  statusField,
  type TreeEditing,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { toAreaTree } from '../../../utils/areaTree';
import { orNull } from '../../../utils/options';

type Filters = Partial<CustomerQuery>;
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
  const page = useCrudPage<CustomerVO, Filters, TreeEditing>({
    remove: customerApi.remove,
    refresh: [customerQueries.tree()],
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
    column.status<CustomerVO>(),
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
    <CrudList<CustomerVO, Filters, TreeEditing>
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
        title: t('base.customer.title'),
        defaultExpandAll: true,
      }}
      toolbar={{
        onAdd: () => page.edit({ id: 0 }),
        onExport: () => downloadFrom(() => customerApi.export(page.filters), 'customers.xlsx'),
        expandToggle: true,
      }}
    >
      <CustomerFormModal {...page.form} />
    </CrudList>
  );
}

const MOBILE = new RegExp(CONTACT_MOBILE_PATTERN);

/** Create / edit a customer; a parent makes it a sub-customer. */
function CustomerFormModal(props: CrudFormProps<TreeEditing>) {
  const { t } = useTranslation();
  const open = props.editing !== null;
  const { shown, isEdit, modal } = useCrudForm<CustomerBody, CustomerForm, TreeEditing>({
    ...props,
    title: { add: t('base.customer.addTitle'), edit: t('base.customer.editTitle') },
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
  });
  const customers = useQuery({ ...customerQueries.tree(), enabled: open });
  const areas = useAreaTree(open);

  return (
    <FormModal<CustomerBody> {...modal} grid data-testid="customer-form">
      <Field.Tree
        name="parentId"
        label={t('base.customer.parent')}
        searchable
        placeholder={t('base.customer.topLevel')}
        treeData={toCustomerTree(customers.data ?? [], isEdit ? shown?.id : undefined)}
      />
      <Field.Tree name="areaCodeId" label={t('base.customer.area')} searchable treeData={areas} />
      <Field.Text
        name="name"
        label={t('base.customer.name')}
        max={100}
        required={t('base.customer.rules.name')}
        whitespace
        testId="customer-name"
      />
      <Field.Text name="shortName" label={t('base.customer.shortName')} max={50} />
      <Field.Text name="contactName" label={t('base.customer.contactName')} max={50} />
      <Field.Text
        name="contactMobile"
        label={t('base.customer.contactMobile')}
        max={11}
        inputMode="tel"
        autoComplete="off"
        pattern={MOBILE}
        patternMessage={t('base.customer.rules.mobile')}
      />
      <Field.Text
        name="contactEmail"
        label={t('base.customer.contactEmail')}
        max={254}
        inputMode="email"
        rules={[{ type: 'email', message: t('base.customer.rules.email') }]}
      />
      <Field.Sort span="quarter" />
      <Field.Status span="quarter" select />
      <Field.Remark name="address" label={t('base.customer.address')} max={200} maxRows={4} />
    </FormModal>
  );
}
