/**
 * What the shell reads when a session starts or the page reloads: the signed-in user (server module
 * `users`), their routes (`menus`) and the dictionaries (`dicts`). Kept apart from those modules' own
 * files (users.ts, menus.ts, dicts.ts), which the staff pages load: this file is in the entry chunk of
 * every page, and a module's whole file would be too.
 */
import type { DictVO, RouteVO, UserInfo } from '@baton/contracts';
import { request } from './request';

export function getMe() {
  return request<UserInfo | null>({ url: '/api/v1/userProps/me', method: 'get' });
}

export function getRoutes() {
  return request<RouteVO[]>({ url: '/api/v1/menus/routes', method: 'get' });
}

export function listDicts() {
  return request<DictVO[]>({ url: '/api/v1/dict/list', method: 'get' });
}
