/**
 * Users (server module `users`): the console's list, form and import (the signed-in user's own record:
 * session.ts). Binary downloads resolve with the bytes and headers (`BlobResponse`).
 */
import type {
  ImportMode,
  OptionVO,
  UserCreateBody,
  UserExportQuery,
  UserForm,
  UserPageQuery,
  UserPageVO,
  UserUpdateBody,
} from '@baton/contracts';
import { blob, type ImportMapping, importSheet, type ListQuery, pageApi, recordApi, request } from './request';

export const userApi = {
  page: pageApi<UserPageVO, ListQuery<UserPageQuery>>('/api/v1/users/page'),
  ...recordApi<UserForm, UserCreateBody, UserUpdateBody>('/api/v1/users'),
  resetPassword: (id: number, password: string) =>
    request<null>({ url: `/api/v1/users/${id}/password/reset`, method: 'put', params: { password } }),
  template: () => blob('/api/v1/users/template'),
  export: (params: ListQuery<UserExportQuery>) => blob('/api/v1/users/export', params),
  import: (file: File, params: { deptId: number; mode: ImportMode }, mapping?: ImportMapping) =>
    importSheet('/api/v1/users/import', file, params, mapping),
  options: () => request<OptionVO[]>({ url: '/api/v1/users/options', method: 'get' }),
};

export const userQueries = {
  all: ['user'] as const,
  list: () => [...userQueries.all, 'list'] as const,
};
