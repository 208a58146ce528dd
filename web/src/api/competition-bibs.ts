/**
 * Bibs and the competition schedule (issue 6): numbering by a scheme, the bib list with a hand
 * change, sessions and the timetable of every planned round.
 */
import type {
  BibAssignBody,
  BibAssignResult,
  BibPageQuery,
  BibPageVO,
  BibUpdateBody,
  BibVO,
  RoundScheduleBody,
  RoundScheduleVO,
  SessionBody,
  SessionUpdateBody,
  SessionVO,
  TimetableVO,
} from '@baton/contracts';
import { request } from './request';

const meetingUrl = (meetingId: number, rest: string) => `/api/v1/competition/meetings/${meetingId}/${rest}`;

export const bibsApi = {
  page: (meetingId: number, params: Partial<BibPageQuery>) =>
    request<BibPageVO>({ url: meetingUrl(meetingId, 'bibs'), method: 'get', params }),
  assign: (meetingId: number, data: BibAssignBody) =>
    request<BibAssignResult>({ url: meetingUrl(meetingId, 'bibs'), method: 'post', data }),
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
