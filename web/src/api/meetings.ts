/**
 * Meetings (server module `meetings`): the list and form, status, admins and officials, fields and
 * the two rich texts. Binary downloads resolve with the bytes and headers (`BlobResponse`).
 */
import type {
  FieldLinksBody,
  FieldLinkVO,
  FieldTarget,
  MeetingAdminVO,
  MeetingBody,
  MeetingExportQuery,
  MeetingForm,
  MeetingOfficialVO,
  MeetingPageQuery,
  MeetingStatus,
  MeetingStatusLogVO,
  MeetingTextKind,
  MeetingTextVO,
  MeetingUpdateBody,
  MeetingVO,
  OfficialDuty,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type ListQuery, pageApi, recordApi, request } from './request';

export const meetingApi = {
  page: pageApi<MeetingVO, ListQuery<MeetingPageQuery>>('/api/v1/meetings'),
  ...recordApi<MeetingForm, MeetingBody, MeetingUpdateBody>('/api/v1/meetings'),
  export: (params: ListQuery<MeetingExportQuery>) => blob('/api/v1/meetings/export', params),
  changeStatus: (id: number, to: MeetingStatus, reason: string | null) =>
    request<MeetingForm>({ url: `/api/v1/meetings/${id}/status`, method: 'post', data: { to, reason } }),
  statusLog: (id: number) => request<MeetingStatusLogVO[]>({ url: `/api/v1/meetings/${id}/status-log`, method: 'get' }),
  adminOptions: (keywords?: string) =>
    request<MeetingAdminVO[]>({ url: '/api/v1/meetings/admin-options', method: 'get', params: { keywords } }),
  admins: (id: number) => request<MeetingAdminVO[]>({ url: `/api/v1/meetings/${id}/admins`, method: 'get' }),
  setAdmins: (id: number, userIds: number[]) =>
    request<MeetingAdminVO[]>({ url: `/api/v1/meetings/${id}/admins`, method: 'put', data: { userIds } }),
  /** Official users (userType 40) that can be given a duty in a meeting. */
  officialOptions: (keywords?: string) =>
    request<MeetingAdminVO[]>({ url: '/api/v1/meetings/official-options', method: 'get', params: { keywords } }),
  officials: (id: number) => request<MeetingOfficialVO[]>({ url: `/api/v1/meetings/${id}/officials`, method: 'get' }),
  setOfficials: (id: number, duty: OfficialDuty, userIds: number[]) =>
    request<MeetingOfficialVO[]>({ url: `/api/v1/meetings/${id}/officials`, method: 'put', data: { userIds, duty } }),
  fields: (id: number, target?: FieldTarget) =>
    request<FieldLinkVO[]>({ url: `/api/v1/meetings/${id}/fields`, method: 'get', params: { target } }),
  setFields: (id: number, target: FieldTarget, data: FieldLinksBody) =>
    request<FieldLinkVO[]>({ url: `/api/v1/meetings/${id}/fields`, method: 'put', params: { target }, data }),
  /** One of the meeting's rich texts: the remarks or the 竞赛规程. */
  text: (id: number, kind: MeetingTextKind) =>
    request<MeetingTextVO>({ url: `/api/v1/meetings/${id}/${kind}`, method: 'get' }),
  setText: (id: number, kind: MeetingTextKind, html: string) =>
    request<MeetingTextVO>({ url: `/api/v1/meetings/${id}/${kind}`, method: 'put', data: { html } }),
};

export const meetingQueries = {
  all: ['meeting'] as const,
  list: () => [...meetingQueries.all, 'list'] as const,
  /** The meetings every picker offers (first page of 500, newest first); invalidate after a meeting is saved. */
  options: () =>
    queryOptions({
      queryKey: [...meetingQueries.all, 'options'],
      queryFn: () => meetingApi.page({ pageNum: 1, pageSize: 500, sortKey: 'createdAt', sortDir: 'desc' }),
      staleTime: 30_000,
    }),
  statusLog: (id: number) =>
    queryOptions({ queryKey: [...meetingQueries.all, 'status-log', id], queryFn: () => meetingApi.statusLog(id) }),
  adminOptions: () =>
    queryOptions({ queryKey: [...meetingQueries.all, 'admin-options'], queryFn: () => meetingApi.adminOptions() }),
  officialOptions: () =>
    queryOptions({
      queryKey: [...meetingQueries.all, 'official-options'],
      queryFn: () => meetingApi.officialOptions(),
    }),
};
