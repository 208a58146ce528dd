/** Natures (server module `natures`): the kinds of meeting and their default fields. */
import type {
  FieldLinksBody,
  FieldLinkVO,
  FieldTarget,
  NatureBody,
  NaturePageQuery,
  NatureUpdateBody,
  NatureVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, pageApi, recordApi, request } from './request';

export const natureApi = {
  page: pageApi<NatureVO, Partial<NaturePageQuery>>('/api/v1/natures'),
  ...recordApi<NatureVO, NatureBody, NatureUpdateBody>('/api/v1/natures'),
  export: (params: Partial<NaturePageQuery>) => blob('/api/v1/natures/export', params),
  fields: (id: number, target?: FieldTarget) =>
    request<FieldLinkVO[]>({ url: `/api/v1/natures/${id}/fields`, method: 'get', params: { target } }),
  setFields: (id: number, data: FieldLinksBody, target?: FieldTarget) =>
    request<FieldLinkVO[]>({ url: `/api/v1/natures/${id}/fields`, method: 'put', params: { target }, data }),
};

export const natureQueries = {
  all: ['nature'] as const,
  list: () => [...natureQueries.all, 'list'] as const,
  fields: (id: number | undefined) =>
    queryOptions({ queryKey: [...natureQueries.all, 'fields', id], queryFn: () => natureApi.fields(id!) }),
  /** The natures (up to 500), to pick from (the meeting form). */
  picker: () =>
    queryOptions({
      queryKey: [...natureQueries.all, 'picker'],
      queryFn: () => natureApi.page({ pageNum: 1, pageSize: 500 }),
    }),
};
