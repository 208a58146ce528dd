/** Area codes (server module `codes`): the tree of regions delegations and area users belong to. */
import type {
  AreaCodeBody,
  AreaCodeForm,
  AreaCodeQuery,
  AreaCodeUpdateBody,
  AreaCodeVO,
  ImportMode,
  ImportReport,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type Ids, type ImportMapping, idList, importForm, request } from './request';

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

export const codeQueries = {
  all: ['code'] as const,
  list: () => [...codeQueries.all, 'list'] as const,
  /** The whole area-code tree (the parent picker, the customers' area picker). */
  tree: () => queryOptions({ queryKey: [...codeQueries.all, 'tree'], queryFn: () => codeApi.tree({}) }),
};
