/**
 * Items (server module `items`): the events a meeting can hold. Bodies, queries and answers are the
 * contracts' types; binary downloads resolve with the bytes and headers (`BlobResponse`; hand them to `downloadFrom()` from `components/crud`).
 */
import type { ItemBody, ItemExportQuery, ItemPageQuery, ItemUpdateBody, ItemVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type Ids, idList, type ListQuery, type PageResult, request } from './request';

export const itemApi = {
  page: (params: ListQuery<ItemPageQuery>) =>
    request<PageResult<ItemVO>>({ url: '/api/v1/items', method: 'get', params }),
  form: (id: number) => request<ItemVO>({ url: `/api/v1/items/${id}/form`, method: 'get' }),
  create: (data: ItemBody) => request<ItemVO>({ url: '/api/v1/items', method: 'post', data }),
  update: (id: number, data: ItemUpdateBody) => request<ItemVO>({ url: `/api/v1/items/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/items/${idList(ids)}`, method: 'delete' }),
  export: (params: ListQuery<ItemExportQuery>) => blob('/api/v1/items/export', params),
};

export const itemQueries = {
  all: ['item'] as const,
  list: () => [...itemQueries.all, 'list'] as const,
  /** The enabled items in their order (up to 500), to pick from (a group's items). */
  picker: () =>
    queryOptions({
      queryKey: [...itemQueries.all, 'picker'],
      queryFn: () => itemApi.page({ pageNum: 1, pageSize: 500, status: 1, sortKey: 'sort', sortDir: 'asc' }),
    }),
};
