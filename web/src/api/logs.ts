/** Login and operation logs (server module `logs`); their exports run as jobs. */
import type {
  LoginLogExportQuery,
  LoginLogQuery,
  LoginLogVO,
  OplogDetailVO,
  OplogExportQuery,
  OplogQuery,
  OplogVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { exportJobApi, type ListQuery, pageApi, request } from './request';

export const logApi = {
  loginPage: pageApi<LoginLogVO, ListQuery<LoginLogQuery>>('/api/v1/logs/login/page'),
  /** The logs' exports run as jobs (`exportJobApi`): start, follow, then the file. */
  loginExport: exportJobApi<ListQuery<LoginLogExportQuery>>('/api/v1/logs/login/export'),
  operationPage: pageApi<OplogVO, ListQuery<OplogQuery>>('/api/v1/logs/operation/page'),
  operationExport: exportJobApi<ListQuery<OplogExportQuery>>('/api/v1/logs/operation/export'),
  operation: (id: number) => request<OplogDetailVO>({ url: `/api/v1/logs/operation/${id}`, method: 'get' }),
};

export const logQueries = {
  all: ['log'] as const,
  loginList: () => [...logQueries.all, 'login', 'list'] as const,
  operationList: () => [...logQueries.all, 'operation', 'list'] as const,
  operation: (id: number | null) =>
    queryOptions({ queryKey: [...logQueries.all, 'operation', 'detail', id], queryFn: () => logApi.operation(id!) }),
};
