/** Customers (server module `customers`): the units delegations are made from. */
import type { CustomerBody, CustomerForm, CustomerQuery, CustomerUpdateBody, CustomerVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, recordApi, request } from './request';

export const customerApi = {
  tree: (params: CustomerQuery) => request<CustomerVO[]>({ url: '/api/v1/customers', method: 'get', params }),
  ...recordApi<CustomerForm, CustomerBody, CustomerUpdateBody>('/api/v1/customers'),
  export: (params: CustomerQuery) => blob('/api/v1/customers/export', params),
};

export const customerQueries = {
  all: ['customer'] as const,
  list: () => [...customerQueries.all, 'list'] as const,
  /** The whole customer tree (the parent picker). */
  tree: () => queryOptions({ queryKey: [...customerQueries.all, 'tree'], queryFn: () => customerApi.tree({}) }),
};
