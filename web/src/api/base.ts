/**
 * Base data and natures (issue 4): items, fields, area codes, customers, natures and their
 * default fields. Bodies, queries and answers are the contracts' types; binary downloads resolve
 * with the bytes and headers (`BlobResponse`) (hand them to `downloadFrom()` from `components/crud`).
 */
import type {
  AreaCodeBody,
  AreaCodeForm,
  AreaCodeQuery,
  AreaCodeUpdateBody,
  AreaCodeVO,
  CustomerBody,
  CustomerForm,
  CustomerQuery,
  CustomerUpdateBody,
  CustomerVO,
  FieldBody,
  FieldExportQuery,
  FieldLinksBody,
  FieldLinkVO,
  FieldPageQuery,
  FieldTarget,
  FieldUpdateBody,
  FieldVO,
  ImportMode,
  ImportReport,
  ItemBody,
  ItemExportQuery,
  ItemPageQuery,
  ItemUpdateBody,
  ItemVO,
  NatureBody,
  NaturePageQuery,
  NatureUpdateBody,
  NatureVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type Ids, type ImportMapping, idList, importForm, request } from './request';
import type { ListQuery, PageResult } from './system';

// ─── Items ──────────────────────────────────────────────────────────────────────────────

export const itemApi = {
  page: (params: ListQuery<ItemPageQuery>) =>
    request<PageResult<ItemVO>>({ url: '/api/v1/items', method: 'get', params }),
  form: (id: number) => request<ItemVO>({ url: `/api/v1/items/${id}/form`, method: 'get' }),
  create: (data: ItemBody) => request<ItemVO>({ url: '/api/v1/items', method: 'post', data }),
  update: (id: number, data: ItemUpdateBody) => request<ItemVO>({ url: `/api/v1/items/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/items/${idList(ids)}`, method: 'delete' }),
  export: (params: ListQuery<ItemExportQuery>) => blob('/api/v1/items/export', params),
};

// ─── Fields ─────────────────────────────────────────────────────────────────────────────

export const fieldApi = {
  page: (params: ListQuery<FieldPageQuery>) =>
    request<PageResult<FieldVO>>({ url: '/api/v1/fields', method: 'get', params }),
  form: (id: number) => request<FieldVO>({ url: `/api/v1/fields/${id}/form`, method: 'get' }),
  create: (data: FieldBody) => request<FieldVO>({ url: '/api/v1/fields', method: 'post', data }),
  update: (id: number, data: FieldUpdateBody) => request<FieldVO>({ url: `/api/v1/fields/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/fields/${idList(ids)}`, method: 'delete' }),
  export: (params: ListQuery<FieldExportQuery>) => blob('/api/v1/fields/export', params),
};

// ─── Area codes ─────────────────────────────────────────────────────────────────────────

export const codeApi = {
  tree: (params: AreaCodeQuery) => request<AreaCodeVO[]>({ url: '/api/v1/codes', method: 'get', params }),
  form: (id: number) => request<AreaCodeForm>({ url: `/api/v1/codes/${id}/form`, method: 'get' }),
  create: (data: AreaCodeBody) => request<AreaCodeForm>({ url: '/api/v1/codes', method: 'post', data }),
  update: (id: number, data: AreaCodeUpdateBody) =>
    request<AreaCodeForm>({ url: `/api/v1/codes/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/codes/${idList(ids)}`, method: 'delete' }),
  export: (params: AreaCodeQuery) => blob('/api/v1/codes/export', params),
  template: () => blob('/api/v1/codes/template'),
  import: (file: File, mode: ImportMode, mapping?: ImportMapping) =>
    request<ImportReport>({
      url: '/api/v1/codes/import',
      method: 'post',
      params: { mode },
      data: importForm(file, mapping),
    }),
};

// ─── Customers ──────────────────────────────────────────────────────────────────────────

export const customerApi = {
  tree: (params: CustomerQuery) => request<CustomerVO[]>({ url: '/api/v1/customers', method: 'get', params }),
  form: (id: number) => request<CustomerForm>({ url: `/api/v1/customers/${id}/form`, method: 'get' }),
  create: (data: CustomerBody) => request<CustomerForm>({ url: '/api/v1/customers', method: 'post', data }),
  update: (id: number, data: CustomerUpdateBody) =>
    request<CustomerForm>({ url: `/api/v1/customers/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/customers/${idList(ids)}`, method: 'delete' }),
  export: (params: CustomerQuery) => blob('/api/v1/customers/export', params),
};

// ─── Natures ────────────────────────────────────────────────────────────────────────────

export const natureApi = {
  page: (params: Partial<NaturePageQuery>) =>
    request<PageResult<NatureVO>>({ url: '/api/v1/natures', method: 'get', params }),
  form: (id: number) => request<NatureVO>({ url: `/api/v1/natures/${id}/form`, method: 'get' }),
  create: (data: NatureBody) => request<NatureVO>({ url: '/api/v1/natures', method: 'post', data }),
  update: (id: number, data: NatureUpdateBody) =>
    request<NatureVO>({ url: `/api/v1/natures/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/natures/${idList(ids)}`, method: 'delete' }),
  export: (params: Partial<NaturePageQuery>) => blob('/api/v1/natures/export', params),
  fields: (id: number, target?: FieldTarget) =>
    request<FieldLinkVO[]>({ url: `/api/v1/natures/${id}/fields`, method: 'get', params: { target } }),
  setFields: (id: number, data: FieldLinksBody, target?: FieldTarget) =>
    request<FieldLinkVO[]>({ url: `/api/v1/natures/${id}/fields`, method: 'put', params: { target }, data }),
};

// ─── Queries (TanStack Query options; a page calls `useQuery(xQueries.y())`) ─────────────

/** Each area's reads under one root key; `list()` is the key prefix of its CrudTable. */
export const itemQueries = {
  all: ['item'] as const,
  list: () => [...itemQueries.all, 'list'] as const,
};

export const fieldQueries = {
  all: ['field'] as const,
  list: () => [...fieldQueries.all, 'list'] as const,
  /** Every field in its order (up to 500), to pick from. */
  everyField: () =>
    queryOptions({
      queryKey: [...fieldQueries.all, 'every'],
      queryFn: () => fieldApi.page({ pageNum: 1, pageSize: 500, sortKey: 'sort', sortDir: 'asc' }),
    }),
};

export const codeQueries = {
  all: ['code'] as const,
  list: () => [...codeQueries.all, 'list'] as const,
  /** The whole area-code tree (the parent picker, the customers' area picker). */
  tree: () => queryOptions({ queryKey: [...codeQueries.all, 'tree'], queryFn: () => codeApi.tree({}) }),
};

export const customerQueries = {
  all: ['customer'] as const,
  list: () => [...customerQueries.all, 'list'] as const,
  /** The whole customer tree (the parent picker). */
  tree: () => queryOptions({ queryKey: [...customerQueries.all, 'tree'], queryFn: () => customerApi.tree({}) }),
};

export const natureQueries = {
  all: ['nature'] as const,
  list: () => [...natureQueries.all, 'list'] as const,
  fields: (id: number | undefined) =>
    queryOptions({ queryKey: [...natureQueries.all, 'fields', id], queryFn: () => natureApi.fields(id!) }),
};
