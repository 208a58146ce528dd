/** Area codes (server module `codes`): the tree of regions delegations and area users belong to. */
import type {
  AreaCodeBody,
  AreaCodeForm,
  AreaCodeQuery,
  AreaCodeUpdateBody,
  AreaCodeVO,
  ImportMode,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type ImportMapping, importSheet, recordApi, request } from './request';

export const codeApi = {
  tree: (params: AreaCodeQuery) => request<AreaCodeVO[]>({ url: '/api/v1/codes', method: 'get', params }),
  ...recordApi<AreaCodeForm, AreaCodeBody, AreaCodeUpdateBody>('/api/v1/codes'),
  export: (params: AreaCodeQuery) => blob('/api/v1/codes/export', params),
  template: () => blob('/api/v1/codes/template'),
  import: (file: File, mode: ImportMode, mapping?: ImportMapping) =>
    importSheet('/api/v1/codes/import', file, { mode }, mapping),
};

export const codeQueries = {
  all: ['code'] as const,
  list: () => [...codeQueries.all, 'list'] as const,
  /** The whole area-code tree (the parent picker, the customers' area picker). */
  tree: () => queryOptions({ queryKey: [...codeQueries.all, 'tree'], queryFn: () => codeApi.tree({}) }),
};
