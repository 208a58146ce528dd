/** System configuration (server module `config`). */
import type { ConfigBody, ConfigForm, ConfigPageQuery, ConfigUpdateBody, ConfigVO } from '@baton/contracts';
import { type Ids, idList, type PageResult, request } from './request';

export const configApi = {
  page: (params: Partial<ConfigPageQuery>) =>
    request<PageResult<ConfigVO>>({ url: '/api/v1/config/page', method: 'get', params }),
  form: (id: number) => request<ConfigForm>({ url: `/api/v1/config/${id}/form`, method: 'get' }),
  create: (data: ConfigBody) => request<ConfigForm>({ url: '/api/v1/config', method: 'post', data }),
  update: (id: number, data: ConfigUpdateBody) =>
    request<ConfigForm>({ url: `/api/v1/config/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/config/${idList(ids)}`, method: 'delete' }),
  refresh: () => request<null>({ url: '/api/v1/config/refresh', method: 'post' }),
};

export const configQueries = {
  all: ['config'] as const,
  list: () => [...configQueries.all, 'list'] as const,
};
