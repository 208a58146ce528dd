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
import { pageApi, recordApi, request } from './request';

export const dictApi = {
  page: pageApi<DictPageVO, Partial<DictPageQuery>>('/api/v1/dict/page'),
  lista: () => request<DictListaItem[]>({ url: '/api/v1/dict/lista', method: 'get' }),
  ...recordApi<DictForm, DictBody, DictUpdateBody>('/api/v1/dict'),
};

export const dictDataApi = {
  page: pageApi<DictDataVO, Partial<DictDataPageQuery>>('/api/v1/dict-data/page'),
  ...recordApi<DictDataForm, DictDataBody, DictDataUpdateBody>('/api/v1/dict-data'),
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
