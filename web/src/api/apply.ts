/**
 * The delegation's own area (issue 5, `/api/v1/apply`): context and remark fill, athletes,
 * coaches, applied items (entries and relay teams), documents, summary and submission.
 * A delegation account never names its delegation; a meeting manager acting for one passes
 * `delegationId` (every call takes it, undefined for a delegation account).
 */
import type {
  ApplyContextVO,
  ApplyDelegationBody,
  ApplyItemsVO,
  ApplySummaryVO,
  AthleteBody,
  AthletePageQuery,
  AthleteUpdateBody,
  AthleteVO,
  CoachBody,
  CoachPageQuery,
  CoachUpdateBody,
  CoachVO,
  DelegationFileVO,
  EntryBody,
  EntryUpdateBody,
  EntryVO,
  ImportMode,
  RelayBody,
  RelayUpdateBody,
  RelayVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, type Ids, type ImportMapping, idList, importSheet, type ListQuery, pageApi, request } from './request';

export type DelegationFileKind = DelegationFileVO['kind'];

/** `{ deleted }` of every DELETE. */
export interface Deleted {
  deleted: number;
}
const BASE = '/api/v1/apply';

/** A delegation's writes of its records under `path`, for the delegation named (none for a delegation account). */
const writes = <T, B, U>(path: string) => ({
  create: (data: B) => request<T>({ url: `${BASE}/${path}`, method: 'post', data }),
  update: (id: number, data: U, delegationId?: number) =>
    request<T>({ url: `${BASE}/${path}/${id}`, method: 'put', data, params: { delegationId } }),
  remove: (ids: Ids, delegationId?: number) =>
    request<Deleted>({ url: `${BASE}/${path}/${idList(ids)}`, method: 'delete', params: { delegationId } }),
});

/** A delegation's people under `path` (athletes, coaches): the list, the form, the writes and the spreadsheet import. */
const records = <T, Q, B, U>(path: string) => ({
  page: pageApi<T, ListQuery<Q>>(`${BASE}/${path}/page`),
  form: (id: number, delegationId?: number) =>
    request<T>({ url: `${BASE}/${path}/${id}/form`, method: 'get', params: { delegationId } }),
  ...writes<T, B, U>(path),
  import: (file: File, mode: ImportMode, delegationId?: number, mapping?: ImportMapping) =>
    importSheet(`${BASE}/${path}/import`, file, { mode, delegationId }, mapping),
});

export const applyApi = {
  context: (delegationId?: number) =>
    request<ApplyContextVO>({ url: `${BASE}/context`, method: 'get', params: { delegationId } }),
  /** Remark fill: leader, contact and the meeting's delegation fields. */
  saveDelegation: (data: ApplyDelegationBody) =>
    request<ApplyContextVO['delegation']>({ url: `${BASE}/delegation`, method: 'put', data }),

  athletes: {
    ...records<AthleteVO, AthletePageQuery, AthleteBody, AthleteUpdateBody>('athletes'),
    /** The import template; `school` = the layout schools use (title, unit and leader rows above the header). */
    template: (delegationId?: number, layout?: 'school') => blob(`${BASE}/athletes/template`, { delegationId, layout }),
    /** The delegation's athletes in the import's columns (events as 项目1, 项目2 …): re-imports as it is. */
    export: (delegationId?: number) => blob(`${BASE}/athletes/export`, { delegationId }),
  },

  coaches: {
    ...records<CoachVO, CoachPageQuery, CoachBody, CoachUpdateBody>('coaches'),
    /** The import template: name, gender, role, mobile, ID type, ID number and the meeting's coach fields. */
    template: (delegationId?: number) => blob(`${BASE}/coaches/template`, { delegationId }),
  },

  /** The group's items with the live quota, and the delegation's entries and relay teams. */
  items: (groupId: number | undefined, delegationId?: number) =>
    request<ApplyItemsVO>({ url: `${BASE}/items`, method: 'get', params: { groupId, delegationId } }),
  entries: writes<EntryVO, EntryBody, EntryUpdateBody>('entries'),
  relays: writes<RelayVO, RelayBody, RelayUpdateBody>('relays'),

  files: {
    list: (delegationId?: number) =>
      request<DelegationFileVO[]>({ url: `${BASE}/files`, method: 'get', params: { delegationId } }),
    upload: (file: File, kind: DelegationFileKind, delegationId?: number) => {
      const data = new FormData();
      data.append('kind', kind);
      data.append('name', file.name);
      if (delegationId) data.append('delegationId', String(delegationId));
      data.append('file', file);
      return request<DelegationFileVO>({ url: `${BASE}/files`, method: 'post', data });
    },
    remove: (id: number, delegationId?: number) =>
      request<Deleted>({ url: `${BASE}/files/${id}`, method: 'delete', params: { delegationId } }),
  },

  summary: (delegationId?: number) =>
    request<ApplySummaryVO>({ url: `${BASE}/summary`, method: 'get', params: { delegationId } }),
  submit: (delegationId?: number) =>
    request<{ submitted: number }>({ url: `${BASE}/submit`, method: 'post', data: { delegationId } }),
};

/**
 * The apply area's reads. After a write, `refreshApply` (pages/apply/shared) refetches the
 * context and the summary, and the lists named by these prefixes (`athletes()` also covers a
 * group's athletes on the items page).
 */
export const applyQueries = {
  all: ['apply'] as const,
  contexts: () => [...applyQueries.all, 'context'] as const,
  summaries: () => [...applyQueries.all, 'summary'] as const,
  athletes: () => [...applyQueries.all, 'athletes'] as const,
  coaches: () => [...applyQueries.all, 'coaches'] as const,
  items: () => [...applyQueries.all, 'items'] as const,
  files: () => [...applyQueries.all, 'files'] as const,
  context: (delegationId: number | undefined) =>
    queryOptions({
      queryKey: [...applyQueries.contexts(), delegationId ?? 0],
      queryFn: () => applyApi.context(delegationId),
      staleTime: 10_000,
    }),
  summary: (delegationId: number | undefined) =>
    queryOptions({
      queryKey: [...applyQueries.summaries(), delegationId ?? 0],
      queryFn: () => applyApi.summary(delegationId),
      staleTime: 0,
    }),
  fileList: (delegationId: number | undefined) =>
    queryOptions({
      queryKey: [...applyQueries.files(), delegationId ?? 0],
      queryFn: () => applyApi.files.list(delegationId),
      staleTime: 0,
    }),
  groupItems: (delegationId: number | undefined, groupId: number | undefined) =>
    queryOptions({
      queryKey: [...applyQueries.items(), delegationId ?? 0, groupId],
      queryFn: () => applyApi.items(groupId, delegationId),
      staleTime: 0,
    }),
  /** A group's athletes (up to 500), to enter. */
  groupAthletes: (delegationId: number | undefined, groupId: number | undefined) =>
    queryOptions({
      queryKey: [...applyQueries.athletes(), 'group', delegationId ?? 0, groupId],
      queryFn: () => applyApi.athletes.page({ delegationId, groupId, pageNum: 1, pageSize: 500 }),
      staleTime: 0,
    }),
};
