import type { UserInfo } from '@baton/contracts';
import { request } from './request';

export function getMe() {
  return request<UserInfo | null>({ url: '/api/v1/userProps/me', method: 'get' });
}
