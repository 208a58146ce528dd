import type { RouteVO } from '@baton/contracts';
import { publicRequest as request } from './public-request';

export function getRoutes() {
  return request<RouteVO[]>({ url: '/api/v1/menus/routes', method: 'get' });
}
