/** Fields (server module `fields`): the extra form fields of athletes, coaches and delegations. */
import type {
  FieldBody,
  FieldExportQuery,
  FieldPageQuery,
  FieldTarget,
  FieldUpdateBody,
  FieldVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type ListQuery, pageApi, recordApi } from './request';

export const fieldApi = {
  page: pageApi<FieldVO, ListQuery<FieldPageQuery>>('/api/v1/fields'),
  ...recordApi<FieldVO, FieldBody, FieldUpdateBody>('/api/v1/fields'),
  export: (params: ListQuery<FieldExportQuery>) => blob('/api/v1/fields/export', params),
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
  /** One target's fields in their order (up to 500), to pick from (the fields dialog). */
  picker: (target: FieldTarget) =>
    queryOptions({
      queryKey: [...fieldQueries.all, 'picker', target],
      queryFn: () => fieldApi.page({ pageNum: 1, pageSize: 500, target, sortKey: 'sort', sortDir: 'asc' }),
    }),
};
