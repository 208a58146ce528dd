/** Departments (server module `depts`). */
import type { DeptBody, DeptForm, DeptUpdateBody, DeptVO, TreeOptionVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type Ids, idList, request } from './request';

export const deptApi = {
  tree: (params: { keywords?: string; status?: number }) =>
    request<DeptVO[]>({ url: '/api/v1/dept', method: 'get', params }),
  options: () => request<TreeOptionVO[]>({ url: '/api/v1/dept/options', method: 'get' }),
  form: (id: number) => request<DeptForm>({ url: `/api/v1/dept/${id}/form`, method: 'get' }),
  create: (data: DeptBody) => request<DeptForm>({ url: '/api/v1/dept', method: 'post', data }),
  update: (id: number, data: DeptUpdateBody) => request<DeptForm>({ url: `/api/v1/dept/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/dept/${idList(ids)}`, method: 'delete' }),
};

export const deptQueries = {
  all: ['dept'] as const,
  list: () => [...deptQueries.all, 'list'] as const,
  options: () => queryOptions({ queryKey: [...deptQueries.all, 'options'], queryFn: deptApi.options }),
};
