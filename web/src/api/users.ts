/**
 * Users (server module `users`): the console's list, form and import (the signed-in user's own record:
 * session.ts). Binary downloads resolve with the bytes and headers (`BlobResponse`).
 */
import type {
  ImportMode,
  ImportReport,
  OptionVO,
  UserCreateBody,
  UserExportQuery,
  UserForm,
  UserPageQuery,
  UserPageVO,
  UserUpdateBody,
} from '@baton/contracts';
import {
  blob,
  type Ids,
  type ImportMapping,
  idList,
  importForm,
  type ListQuery,
  type PageResult,
  request,
} from './request';

export const userApi = {
  page: (params: ListQuery<UserPageQuery>) =>
    request<PageResult<UserPageVO>>({ url: '/api/v1/users/page', method: 'get', params }),
  form: (id: number) => request<UserForm>({ url: `/api/v1/users/${id}/form`, method: 'get' }),
  create: (data: UserCreateBody) => request<UserForm>({ url: '/api/v1/users', method: 'post', data }),
  update: (id: number, data: UserUpdateBody) => request<UserForm>({ url: `/api/v1/users/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/users/${idList(ids)}`, method: 'delete' }),
  resetPassword: (id: number, password: string) =>
    request<null>({ url: `/api/v1/users/${id}/password/reset`, method: 'put', params: { password } }),
  template: () => blob('/api/v1/users/template'),
  export: (params: ListQuery<UserExportQuery>) => blob('/api/v1/users/export', params),
  import: (file: File, params: { deptId: number; mode: ImportMode }, mapping?: ImportMapping) =>
    request<ImportReport>({
      url: '/api/v1/users/import',
      method: 'post',
      params,
      data: importForm(file, mapping),
    }),
  options: () => request<OptionVO[]>({ url: '/api/v1/users/options', method: 'get' }),
};

export const userQueries = {
  all: ['user'] as const,
  list: () => [...userQueries.all, 'list'] as const,
};
