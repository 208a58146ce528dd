/** Groups and group items (server module `groups`). */
import type {
  FieldLinksBody,
  FieldLinkVO,
  GroupBody,
  GroupCopyBody,
  GroupCopyResult,
  GroupExportQuery,
  GroupItemBody,
  GroupItemUpdateBody,
  GroupItemVO,
  GroupPageQuery,
  GroupUpdateBody,
  GroupVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type Ids, idList, type ListQuery, pageApi, recordApi, request } from './request';

export const groupApi = {
  page: pageApi<GroupVO, ListQuery<GroupPageQuery>>('/api/v1/groups'),
  ...recordApi<GroupVO, GroupBody, GroupUpdateBody>('/api/v1/groups'),
  export: (params: Partial<GroupExportQuery>) => blob('/api/v1/groups/export', params),
  copy: (data: GroupCopyBody) => request<GroupCopyResult>({ url: '/api/v1/groups/copy', method: 'post', data }),
  fields: (id: number) => request<FieldLinkVO[]>({ url: `/api/v1/groups/${id}/fields`, method: 'get' }),
  setFields: (id: number, data: FieldLinksBody) =>
    request<FieldLinkVO[]>({ url: `/api/v1/groups/${id}/fields`, method: 'put', data }),
};

export const groupItemApi = {
  list: (params: { groupId?: number; meetingId?: number }) =>
    request<GroupItemVO[]>({ url: '/api/v1/group-items', method: 'get', params }),
  create: (data: GroupItemBody) => request<GroupItemVO>({ url: '/api/v1/group-items', method: 'post', data }),
  update: (id: number, data: GroupItemUpdateBody) =>
    request<GroupItemVO>({ url: `/api/v1/group-items/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/group-items/${idList(ids)}`, method: 'delete' }),
  export: (params: { groupId?: number; meetingId?: number }) => blob('/api/v1/group-items/export', params),
};

export const groupQueries = {
  all: ['group'] as const,
  list: () => [...groupQueries.all, 'list'] as const,
  /** A meeting's groups (up to 500), to copy from. */
  ofMeeting: (meetingId: number | undefined) =>
    queryOptions({
      queryKey: [...groupQueries.all, 'of-meeting', meetingId],
      queryFn: () => groupApi.page({ meetingId: meetingId!, pageNum: 1, pageSize: 500 }),
    }),
};

export const groupItemQueries = {
  all: ['group-item'] as const,
  ofGroup: (groupId: number) =>
    queryOptions({
      queryKey: [...groupItemQueries.all, 'of-group', groupId],
      queryFn: () => groupItemApi.list({ groupId }),
    }),
};
