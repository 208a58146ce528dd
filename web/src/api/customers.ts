/** Customers (server module `customers`): the units delegations are made from. */
import type { CustomerBody, CustomerForm, CustomerQuery, CustomerUpdateBody, CustomerVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type Ids, idList, request } from './request';

export const customerApi = {
  tree: (params: CustomerQuery) => request<CustomerVO[]>({ url: '/api/v1/customers', method: 'get', params }),
  form: (id: number) => request<CustomerForm>({ url: `/api/v1/customers/${id}/form`, method: 'get' }),
  create: (data: CustomerBody) => request<CustomerForm>({ url: '/api/v1/customers', method: 'post', data }),
  update: (id: number, data: CustomerUpdateBody) =>
    request<CustomerForm>({ url: `/api/v1/customers/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/customers/${idList(ids)}`, method: 'delete' }),
  export: (params: CustomerQuery) => blob('/api/v1/customers/export', params),
};

export const customerQueries = {
  all: ['customer'] as const,
  list: () => [...customerQueries.all, 'list'] as const,
  /** The whole customer tree (the parent picker). */
  tree: () => queryOptions({ queryKey: [...customerQueries.all, 'tree'], queryFn: () => customerApi.tree({}) }),
};
