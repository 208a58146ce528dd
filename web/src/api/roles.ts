/** Roles (server module `roles`) and the menus each holds. */
import type { RoleBody, RoleForm, RoleOptionVO, RolePageQuery, RoleUpdateBody, RoleVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, pageApi, recordApi, request } from './request';

export const roleApi = {
  page: pageApi<RoleVO, ListQuery<RolePageQuery>>('/api/v1/roles/page'),
  options: () => request<RoleOptionVO[]>({ url: '/api/v1/roles/options', method: 'get' }),
  ...recordApi<RoleForm, RoleBody, RoleUpdateBody>('/api/v1/roles'),
  menuIds: (id: number) => request<number[]>({ url: `/api/v1/roles/${id}/menuIds`, method: 'get' }),
  assignMenus: (id: number, menuIds: number[]) =>
    request<number[]>({ url: `/api/v1/roles/${id}/menus`, method: 'put', data: { menuIds } }),
};

export const roleQueries = {
  all: ['role'] as const,
  list: () => [...roleQueries.all, 'list'] as const,
  options: () => queryOptions({ queryKey: [...roleQueries.all, 'options'], queryFn: roleApi.options }),
  /** The menus a role holds (always read afresh when the assign drawer opens). */
  menuIds: (id: number | undefined) =>
    queryOptions({ queryKey: [...roleQueries.all, 'menu-ids', id], queryFn: () => roleApi.menuIds(id!), staleTime: 0 }),
};
