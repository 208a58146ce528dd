/** Dictionaries and their data (server module `dicts`; the dictionaries the shell caches: session.ts). */
import type {
  DictBody,
  DictDataBody,
  DictDataForm,
  DictDataPageQuery,
  DictDataUpdateBody,
  DictDataVO,
  DictForm,
  DictListaItem,
  DictPageQuery,
  DictPageVO,
  DictUpdateBody,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type Ids, idList, type PageResult, request } from './request';

export const dictApi = {
  page: (params: Partial<DictPageQuery>) =>
    request<PageResult<DictPageVO>>({ url: '/api/v1/dict/page', method: 'get', params }),
  lista: () => request<DictListaItem[]>({ url: '/api/v1/dict/lista', method: 'get' }),
  form: (id: number) => request<DictForm>({ url: `/api/v1/dict/${id}/form`, method: 'get' }),
  create: (data: DictBody) => request<DictForm>({ url: '/api/v1/dict', method: 'post', data }),
  update: (id: number, data: DictUpdateBody) => request<DictForm>({ url: `/api/v1/dict/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/dict/${idList(ids)}`, method: 'delete' }),
};

export const dictDataApi = {
  page: (params: Partial<DictDataPageQuery>) =>
    request<PageResult<DictDataVO>>({ url: '/api/v1/dict-data/page', method: 'get', params }),
  form: (id: number) => request<DictDataForm>({ url: `/api/v1/dict-data/${id}/form`, method: 'get' }),
  create: (data: DictDataBody) => request<DictDataForm>({ url: '/api/v1/dict-data', method: 'post', data }),
  update: (id: number, data: DictDataUpdateBody) =>
    request<DictDataForm>({ url: `/api/v1/dict-data/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/dict-data/${idList(ids)}`, method: 'delete' }),
};

export const dictQueries = {
  all: ['dict'] as const,
  list: () => [...dictQueries.all, 'list'] as const,
  /** The demo CRUD page's list of the same dictionaries (its own cache). */
  demoList: () => [...dictQueries.all, 'demo-list'] as const,
  /** Every dictionary's code and name (the dictionary-data page's picker, the field form). */
  lista: () => queryOptions({ queryKey: [...dictQueries.all, 'lista'], queryFn: dictApi.lista }),
};

export const dictDataQueries = {
  all: ['dict-data'] as const,
  list: () => [...dictDataQueries.all, 'list'] as const,
};
