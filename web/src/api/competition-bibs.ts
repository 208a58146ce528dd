/**
 * Bibs and the competition schedule (issue 6): numbering by a scheme, the bib list with a hand
 * change, sessions and the timetable of every planned round.
 */
import type {
  BibAssignBody,
  BibAssignResult,
  BibPageQuery,
  BibPageVO,
  BibScheme,
  BibUpdateBody,
  BibVO,
  RoundScheduleBody,
  RoundScheduleVO,
  SessionBody,
  SessionUpdateBody,
  SessionVO,
  TimetableVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

const meetingUrl = (meetingId: number, rest: string) => `/api/v1/competition/meetings/${meetingId}/${rest}`;

/** The scheme the Bibs page offers before a meeting's first numbering: by delegation, 101, 201, 301… */
export const DEFAULT_BIB_SCHEME = {
  kind: 'delegation',
  start: 101,
  step: 100,
  order: 'id',
} as const satisfies BibScheme;

export const bibsApi = {
  page: (meetingId: number, params: Partial<BibPageQuery>) =>
    request<BibPageVO>({ url: meetingUrl(meetingId, 'bibs'), method: 'get', params }),
  assign: (meetingId: number, data: BibAssignBody) =>
    request<BibAssignResult>({ url: meetingUrl(meetingId, 'bibs'), method: 'post', data }),
  /**
   * Number the athletes who have no bib by the meeting's saved scheme (the default one before
   * the first numbering), keeping every bib already given (issue 24: bibs before publishing).
   */
  assignMissing: async (meetingId: number) => {
    const { settings } = await bibsApi.page(meetingId, { pageNum: 1, pageSize: 1 });
    const scheme = settings?.scheme ?? DEFAULT_BIB_SCHEME;
    return bibsApi.assign(meetingId, {
      scheme,
      keepExisting: true,
      ...(settings?.includeSubmitted ? { includeSubmitted: true } : {}),
    });
  },
  update: (meetingId: number, data: BibUpdateBody) =>
    request<BibVO>({ url: meetingUrl(meetingId, 'bibs'), method: 'put', data }),
};

export const scheduleApi = {
  sessions: (meetingId: number) => request<SessionVO[]>({ url: meetingUrl(meetingId, 'sessions'), method: 'get' }),
  createSession: (meetingId: number, data: SessionBody) =>
    request<SessionVO>({ url: meetingUrl(meetingId, 'sessions'), method: 'post', data }),
  updateSession: (id: number, data: SessionUpdateBody) =>
    request<SessionVO>({ url: `/api/v1/competition/sessions/${id}`, method: 'put', data }),
  deleteSession: (id: number, version: number) =>
    request<{ unassigned: number }>({
      url: `/api/v1/competition/sessions/${id}`,
      method: 'delete',
      params: { version },
    }),
  timetable: (meetingId: number) => request<TimetableVO>({ url: meetingUrl(meetingId, 'timetable'), method: 'get' }),
  scheduleRound: (roundId: number, data: RoundScheduleBody) =>
    request<RoundScheduleVO>({ url: `/api/v1/competition/rounds/${roundId}/schedule`, method: 'put', data }),
};

export const bibsQueries = {
  all: ['bibs'] as const,
  /** The bib list (CrudTable's key prefix). */
  list: () => [...bibsQueries.all, 'list'] as const,
};

export const scheduleQueries = {
  all: ['schedule'] as const,
  timetable: (meetingId: number | undefined) =>
    queryOptions({
      queryKey: [...scheduleQueries.all, 'timetable', meetingId],
      queryFn: () => scheduleApi.timetable(meetingId!),
    }),
};
