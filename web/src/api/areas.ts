/** Track area users and the area apply summary (server module `areas`). */
import type { AreaSummaryVO, AreaUserBody, AreaUserVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, request } from './request';

export interface AreaUserOption {
  userId: number;
  username: string;
  nickname: string;
  userType: number;
}

export const areaApi = {
  users: (meetingId: number) =>
    request<AreaUserVO[]>({ url: '/api/v1/area-users', method: 'get', params: { meetingId } }),
  exportUsers: (meetingId: number) => blob('/api/v1/area-users/export', { meetingId }),
  userOptions: (keywords?: string) =>
    request<AreaUserOption[]>({ url: '/api/v1/area-users/options', method: 'get', params: { keywords } }),
  assign: (data: AreaUserBody) => request<AreaUserVO>({ url: '/api/v1/area-users', method: 'post', data }),
  unassign: (params: AreaUserBody) => request<null>({ url: '/api/v1/area-users', method: 'delete', params }),
  summary: (meetingId: number) =>
    request<AreaSummaryVO>({ url: '/api/v1/area-summary', method: 'get', params: { meetingId } }),
  exportSummary: (meetingId: number) => blob('/api/v1/area-summary/export', { meetingId }),
};

export const areaQueries = {
  all: ['area'] as const,
  /** A meeting's area users (CrudTable's key prefix). */
  users: () => [...areaQueries.all, 'users'] as const,
  userOptions: () =>
    queryOptions({ queryKey: [...areaQueries.all, 'user-options'], queryFn: () => areaApi.userOptions() }),
  summary: (meetingId: number | undefined) =>
    queryOptions({ queryKey: [...areaQueries.all, 'summary', meetingId], queryFn: () => areaApi.summary(meetingId!) }),
};
