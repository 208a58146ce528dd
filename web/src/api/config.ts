/** System configuration (server module `config`). */
import type { ConfigBody, ConfigForm, ConfigPageQuery, ConfigUpdateBody, ConfigVO } from '@baton/contracts';
import { pageApi, recordApi, request } from './request';

export const configApi = {
  page: pageApi<ConfigVO, Partial<ConfigPageQuery>>('/api/v1/config/page'),
  ...recordApi<ConfigForm, ConfigBody, ConfigUpdateBody>('/api/v1/config'),
  refresh: () => request<null>({ url: '/api/v1/config/refresh', method: 'post' }),
};

export const configQueries = {
  all: ['config'] as const,
  list: () => [...configQueries.all, 'list'] as const,
};
