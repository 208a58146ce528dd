import type { RouteVO } from '@baton/contracts';
import { request } from './request';

export function getRoutes() {
  return request<RouteVO[]>({ url: '/api/v1/menus/routes', method: 'get' });
}
