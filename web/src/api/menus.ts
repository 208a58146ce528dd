/** Menus (server module `menus`): the tree and its form (the signed-in user's routes: session.ts). */
import type { MenuBody, MenuForm, MenuUpdateBody, MenuVO, TreeOptionVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { recordApi, request } from './request';

export const menuApi = {
  tree: (params: { keywords?: string }) => request<MenuVO[]>({ url: '/api/v1/menus', method: 'get', params }),
  options: (onlyParent = false) =>
    request<TreeOptionVO[]>({ url: '/api/v1/menus/options', method: 'get', params: { onlyParent } }),
  ...recordApi<MenuForm, MenuBody, MenuUpdateBody>('/api/v1/menus'),
};

export const menuQueries = {
  all: ['menu'] as const,
  list: () => [...menuQueries.all, 'list'] as const,
  /** The menus a new menu can sit under (directories and menus, no buttons). */
  parents: () => queryOptions({ queryKey: [...menuQueries.all, 'parents'], queryFn: () => menuApi.options(true) }),
  /** The menus to assign to a role: the whole tree with its details, or the plain options. */
  assignable: (full: boolean) =>
    queryOptions({
      queryKey: [...menuQueries.all, 'assignable', full],
      queryFn: (): Promise<MenuVO[] | TreeOptionVO[]> => (full ? menuApi.tree({}) : menuApi.options(false)),
    }),
};
