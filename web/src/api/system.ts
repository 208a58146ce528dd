/**
 * System management calls (spec §7 "Users", "Menus", "Dictionaries"; issue 3): users, roles,
 * menus, departments, dictionaries and their data, configuration and logs. Bodies, queries and
 * answers are the contracts' types; binary downloads resolve with the bytes and headers (`BlobResponse`)
 * (hand it to `download()` from `components/crud`).
 */
import type {
  ConfigBody,
  ConfigForm,
  ConfigPageQuery,
  ConfigUpdateBody,
  ConfigVO,
  DeptBody,
  DeptForm,
  DeptUpdateBody,
  DeptVO,
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
  ImportMode,
  ImportReport,
  LoginLogExportQuery,
  LoginLogQuery,
  LoginLogVO,
  MenuBody,
  MenuForm,
  MenuUpdateBody,
  MenuVO,
  OplogDetailVO,
  OplogExportQuery,
  OplogQuery,
  OplogVO,
  OptionVO,
  RoleBody,
  RoleForm,
  RoleOptionVO,
  RolePageQuery,
  RoleUpdateBody,
  RoleVO,
  TreeOptionVO,
  UserCreateBody,
  UserExportQuery,
  UserForm,
  UserPageQuery,
  UserPageVO,
  UserUpdateBody,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, exportJobApi, type Ids, type ImportMapping, idList, importForm, request } from './request';

/** A page of rows, as every `/page` call answers. */
export interface PageResult<T> {
  list: T[];
  total: number;
}

/**
 * A list query as the web sends it. The contracts' `sortKey` is a union built from a key list,
 * which TypeBox's static type cannot see through; the server still checks it against that list.
 */
export type ListQuery<T> = Partial<Omit<T, 'sortKey'>> & { sortKey?: string };

// ─── Users ──────────────────────────────────────────────────────────────────────────────

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

// ─── Roles ──────────────────────────────────────────────────────────────────────────────

export const roleApi = {
  page: (params: ListQuery<RolePageQuery>) =>
    request<PageResult<RoleVO>>({ url: '/api/v1/roles/page', method: 'get', params }),
  options: () => request<RoleOptionVO[]>({ url: '/api/v1/roles/options', method: 'get' }),
  form: (id: number) => request<RoleForm>({ url: `/api/v1/roles/${id}/form`, method: 'get' }),
  create: (data: RoleBody) => request<RoleForm>({ url: '/api/v1/roles', method: 'post', data }),
  update: (id: number, data: RoleUpdateBody) => request<RoleForm>({ url: `/api/v1/roles/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/roles/${idList(ids)}`, method: 'delete' }),
  menuIds: (id: number) => request<number[]>({ url: `/api/v1/roles/${id}/menuIds`, method: 'get' }),
  assignMenus: (id: number, menuIds: number[]) =>
    request<number[]>({ url: `/api/v1/roles/${id}/menus`, method: 'put', data: { menuIds } }),
};

// ─── Menus ──────────────────────────────────────────────────────────────────────────────

export const menuApi = {
  tree: (params: { keywords?: string }) => request<MenuVO[]>({ url: '/api/v1/menus', method: 'get', params }),
  options: (onlyParent = false) =>
    request<TreeOptionVO[]>({ url: '/api/v1/menus/options', method: 'get', params: { onlyParent } }),
  form: (id: number) => request<MenuForm>({ url: `/api/v1/menus/${id}/form`, method: 'get' }),
  create: (data: MenuBody) => request<MenuForm>({ url: '/api/v1/menus', method: 'post', data }),
  update: (id: number, data: MenuUpdateBody) => request<MenuForm>({ url: `/api/v1/menus/${id}`, method: 'put', data }),
  remove: (id: number) => request<null>({ url: `/api/v1/menus/${id}`, method: 'delete' }),
};

// ─── Departments ────────────────────────────────────────────────────────────────────────

export const deptApi = {
  tree: (params: { keywords?: string; status?: number }) =>
    request<DeptVO[]>({ url: '/api/v1/dept', method: 'get', params }),
  options: () => request<TreeOptionVO[]>({ url: '/api/v1/dept/options', method: 'get' }),
  form: (id: number) => request<DeptForm>({ url: `/api/v1/dept/${id}/form`, method: 'get' }),
  create: (data: DeptBody) => request<DeptForm>({ url: '/api/v1/dept', method: 'post', data }),
  update: (id: number, data: DeptUpdateBody) => request<DeptForm>({ url: `/api/v1/dept/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/dept/${idList(ids)}`, method: 'delete' }),
};

// ─── Dictionaries ───────────────────────────────────────────────────────────────────────

export const dictApi = {
  page: (params: Partial<DictPageQuery>) =>
    request<PageResult<DictPageVO>>({ url: '/api/v1/dict/page', method: 'get', params }),
  lista: () => request<DictListaItem[]>({ url: '/api/v1/dict/lista', method: 'get' }),
  form: (id: number) => request<DictForm>({ url: `/api/v1/dict/${id}/form`, method: 'get' }),
  create: (data: DictBody) => request<DictForm>({ url: '/api/v1/dict', method: 'post', data }),
  update: (id: number, data: DictUpdateBody) => request<DictForm>({ url: `/api/v1/dict/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/dict/${idList(ids)}`, method: 'delete' }),
};

export const dictDataApi = {
  page: (params: Partial<DictDataPageQuery>) =>
    request<PageResult<DictDataVO>>({ url: '/api/v1/dict-data/page', method: 'get', params }),
  form: (id: number) => request<DictDataForm>({ url: `/api/v1/dict-data/${id}/form`, method: 'get' }),
  create: (data: DictDataBody) => request<DictDataForm>({ url: '/api/v1/dict-data', method: 'post', data }),
  update: (id: number, data: DictDataUpdateBody) =>
    request<DictDataForm>({ url: `/api/v1/dict-data/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/dict-data/${idList(ids)}`, method: 'delete' }),
};

// ─── Configuration ──────────────────────────────────────────────────────────────────────

export const configApi = {
  page: (params: Partial<ConfigPageQuery>) =>
    request<PageResult<ConfigVO>>({ url: '/api/v1/config/page', method: 'get', params }),
  form: (id: number) => request<ConfigForm>({ url: `/api/v1/config/${id}/form`, method: 'get' }),
  create: (data: ConfigBody) => request<ConfigForm>({ url: '/api/v1/config', method: 'post', data }),
  update: (id: number, data: ConfigUpdateBody) =>
    request<ConfigForm>({ url: `/api/v1/config/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/config/${idList(ids)}`, method: 'delete' }),
  refresh: () => request<null>({ url: '/api/v1/config/refresh', method: 'post' }),
};

// ─── Logs ───────────────────────────────────────────────────────────────────────────────

export const logApi = {
  loginPage: (params: ListQuery<LoginLogQuery>) =>
    request<PageResult<LoginLogVO>>({ url: '/api/v1/logs/login/page', method: 'get', params }),
  /** The logs' exports run as jobs (`exportJobApi`): start, follow, then the file. */
  loginExport: exportJobApi<ListQuery<LoginLogExportQuery>>('/api/v1/logs/login/export'),
  operationPage: (params: ListQuery<OplogQuery>) =>
    request<PageResult<OplogVO>>({ url: '/api/v1/logs/operation/page', method: 'get', params }),
  operationExport: exportJobApi<ListQuery<OplogExportQuery>>('/api/v1/logs/operation/export'),
  operation: (id: number) => request<OplogDetailVO>({ url: `/api/v1/logs/operation/${id}`, method: 'get' }),
};

// ─── Queries (TanStack Query options; a page calls `useQuery(xQueries.y())`) ─────────────

/** Each area's reads under one root key; `list()` is the key prefix of its CrudTable. */
export const userQueries = {
  all: ['user'] as const,
  list: () => [...userQueries.all, 'list'] as const,
};

export const roleQueries = {
  all: ['role'] as const,
  list: () => [...roleQueries.all, 'list'] as const,
  options: () => queryOptions({ queryKey: [...roleQueries.all, 'options'], queryFn: roleApi.options }),
  /** The menus a role holds (always read afresh when the assign drawer opens). */
  menuIds: (id: number | undefined) =>
    queryOptions({ queryKey: [...roleQueries.all, 'menu-ids', id], queryFn: () => roleApi.menuIds(id!), staleTime: 0 }),
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

export const deptQueries = {
  all: ['dept'] as const,
  list: () => [...deptQueries.all, 'list'] as const,
  options: () => queryOptions({ queryKey: [...deptQueries.all, 'options'], queryFn: deptApi.options }),
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

export const configQueries = {
  all: ['config'] as const,
  list: () => [...configQueries.all, 'list'] as const,
};

export const logQueries = {
  all: ['log'] as const,
  loginList: () => [...logQueries.all, 'login', 'list'] as const,
  operationList: () => [...logQueries.all, 'operation', 'list'] as const,
  operation: (id: number | null) =>
    queryOptions({ queryKey: [...logQueries.all, 'operation', 'detail', id], queryFn: () => logApi.operation(id!) }),
};
