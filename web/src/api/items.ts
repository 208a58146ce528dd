/**
 * Items (server module `items`): the events a meeting can hold. Bodies, queries and answers are the
 * contracts' types; binary downloads resolve with the bytes and headers (`BlobResponse`; hand them to `downloadFrom()` from `components/crud`).
 */
import type { ItemBody, ItemExportQuery, ItemPageQuery, ItemUpdateBody, ItemVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type ListQuery, pageApi, recordApi } from './request';

export const itemApi = {
  page: pageApi<ItemVO, ListQuery<ItemPageQuery>>('/api/v1/items'),
  ...recordApi<ItemVO, ItemBody, ItemUpdateBody>('/api/v1/items'),
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
