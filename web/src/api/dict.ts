import type { DictVO } from '@baton/contracts';
import { publicRequest as request } from './public-request';

export function listDicts() {
  return request<DictVO[]>({ url: '/api/v1/dict/list', method: 'get' });
}
