/** Departments (server module `depts`). */
import type { DeptBody, DeptForm, DeptUpdateBody, DeptVO, TreeOptionVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { recordApi, request } from './request';

export const deptApi = {
  tree: (params: { keywords?: string; status?: number }) =>
    request<DeptVO[]>({ url: '/api/v1/dept', method: 'get', params }),
  options: () => request<TreeOptionVO[]>({ url: '/api/v1/dept/options', method: 'get' }),
  ...recordApi<DeptForm, DeptBody, DeptUpdateBody>('/api/v1/dept'),
};

export const deptQueries = {
  all: ['dept'] as const,
  list: () => [...deptQueries.all, 'list'] as const,
  options: () => queryOptions({ queryKey: [...deptQueries.all, 'options'], queryFn: deptApi.options }),
};
