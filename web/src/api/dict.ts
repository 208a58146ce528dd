import type { DictVO } from '@baton/contracts';
import { request } from './request';

export function listDicts() {
  return request<DictVO[]>({ url: '/api/v1/dict/list', method: 'get' });
}
