/**
 * Meeting management calls (issue 4): meetings, groups and group items, delegations, track area
 * users and the area apply summary, plus the base-data lists their forms pick from (items,
 * fields, area codes, customers, natures). Binary downloads resolve with the bytes and headers (`BlobResponse`).
 */
import type {
  AreaCodeVO,
  AreaSummaryVO,
  AreaUserBody,
  AreaUserVO,
  CustomerVO,
  DelegationBatchRow,
  DelegationBody,
  DelegationExportQuery,
  DelegationPageQuery,
  DelegationReviewBody,
  DelegationUpdateBody,
  DelegationVO,
  FieldLinksBody,
  FieldLinkVO,
  FieldPageQuery,
  FieldTarget,
  FieldVO,
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
  ImportMode,
  ImportReport,
  ItemPageQuery,
  ItemVO,
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
  NaturePageQuery,
  NatureVO,
  OfficialDuty,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type Ids, type ImportMapping, idList, importForm, request } from './request';
import type { ListQuery, PageResult } from './system';

export type { ListQuery, PageResult };

/** The batch and from-customers writes have no preview (their rows are not a sheet). */
export type WriteMode = Exclude<ImportMode, 'preview'>;

export interface AreaUserOption {
  userId: number;
  username: string;
  nickname: string;
  userType: number;
}

// ─── Meetings ───────────────────────────────────────────────────────────────────────────

export const meetingApi = {
  page: (params: ListQuery<MeetingPageQuery>) =>
    request<PageResult<MeetingVO>>({ url: '/api/v1/meetings', method: 'get', params }),
  form: (id: number) => request<MeetingForm>({ url: `/api/v1/meetings/${id}/form`, method: 'get' }),
  create: (data: MeetingBody) => request<MeetingForm>({ url: '/api/v1/meetings', method: 'post', data }),
  update: (id: number, data: MeetingUpdateBody) =>
    request<MeetingForm>({ url: `/api/v1/meetings/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/meetings/${idList(ids)}`, method: 'delete' }),
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

// ─── Groups and group items ─────────────────────────────────────────────────────────────

export const groupApi = {
  page: (params: ListQuery<GroupPageQuery>) =>
    request<PageResult<GroupVO>>({ url: '/api/v1/groups', method: 'get', params }),
  form: (id: number) => request<GroupVO>({ url: `/api/v1/groups/${id}/form`, method: 'get' }),
  create: (data: GroupBody) => request<GroupVO>({ url: '/api/v1/groups', method: 'post', data }),
  update: (id: number, data: GroupUpdateBody) => request<GroupVO>({ url: `/api/v1/groups/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/groups/${idList(ids)}`, method: 'delete' }),
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

// ─── Delegations ────────────────────────────────────────────────────────────────────────

export const delegationApi = {
  page: (params: ListQuery<DelegationPageQuery>) =>
    request<PageResult<DelegationVO>>({ url: '/api/v1/delegations', method: 'get', params }),
  form: (id: number) => request<DelegationVO>({ url: `/api/v1/delegations/${id}/form`, method: 'get' }),
  create: (data: DelegationBody) => request<DelegationVO>({ url: '/api/v1/delegations', method: 'post', data }),
  update: (id: number, data: DelegationUpdateBody) =>
    request<DelegationVO>({ url: `/api/v1/delegations/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `/api/v1/delegations/${idList(ids)}`, method: 'delete' }),
  export: (params: ListQuery<DelegationExportQuery>) => blob('/api/v1/delegations/export', params),
  template: () => blob('/api/v1/delegations/template'),
  import: (file: File, meetingId: number, mode: ImportMode, mapping?: ImportMapping) =>
    request<ImportReport>({
      url: '/api/v1/delegations/import',
      method: 'post',
      params: { meetingId, mode },
      data: importForm(file, mapping),
    }),
  batch: (meetingId: number, rows: DelegationBatchRow[], mode: WriteMode) =>
    request<ImportReport>({
      url: '/api/v1/delegations/batch',
      method: 'post',
      params: { mode },
      data: { meetingId, rows },
    }),
  fromCustomers: (meetingId: number, customerIds: number[], mode: WriteMode) =>
    request<ImportReport>({
      url: '/api/v1/delegations/from-customers',
      method: 'post',
      params: { mode },
      data: { meetingId, customerIds },
    }),
  review: (id: number, data: DelegationReviewBody) =>
    request<DelegationVO>({ url: `/api/v1/delegations/${id}/review`, method: 'post', data }),
};

// ─── Area users and the area apply summary ──────────────────────────────────────────────

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

// ─── Base data the meeting forms pick from ──────────────────────────────────────────────

export const pickApi = {
  items: (params: ListQuery<ItemPageQuery>) =>
    request<PageResult<ItemVO>>({ url: '/api/v1/items', method: 'get', params }),
  fields: (params: ListQuery<FieldPageQuery>) =>
    request<PageResult<FieldVO>>({ url: '/api/v1/fields', method: 'get', params }),
  codes: () => request<AreaCodeVO[]>({ url: '/api/v1/codes', method: 'get' }),
  customers: () => request<CustomerVO[]>({ url: '/api/v1/customers', method: 'get' }),
  natures: (params: ListQuery<NaturePageQuery>) =>
    request<PageResult<NatureVO>>({ url: '/api/v1/natures', method: 'get', params }),
};

// ─── Queries (TanStack Query options; a page calls `useQuery(xQueries.y())`) ─────────────

/** Each area's reads under one root key; `list()` is the key prefix of its CrudTable. */
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

export const delegationQueries = {
  all: ['delegation'] as const,
  list: () => [...delegationQueries.all, 'list'] as const,
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

/** What the meeting forms pick from (base data, up to 500 of each). */
export const pickQueries = {
  all: ['pick'] as const,
  items: () =>
    queryOptions({
      queryKey: [...pickQueries.all, 'items'],
      queryFn: () => pickApi.items({ pageNum: 1, pageSize: 500, status: 1, sortKey: 'sort', sortDir: 'asc' }),
    }),
  fields: (target: FieldTarget) =>
    queryOptions({
      queryKey: [...pickQueries.all, 'fields', target],
      queryFn: () => pickApi.fields({ pageNum: 1, pageSize: 500, target, sortKey: 'sort', sortDir: 'asc' }),
    }),
  codes: () => queryOptions({ queryKey: [...pickQueries.all, 'codes'], queryFn: pickApi.codes, staleTime: 60_000 }),
  customers: () => queryOptions({ queryKey: [...pickQueries.all, 'customers'], queryFn: pickApi.customers }),
  natures: () =>
    queryOptions({
      queryKey: [...pickQueries.all, 'natures'],
      queryFn: () => pickApi.natures({ pageNum: 1, pageSize: 500 }),
    }),
};
