/**
 * Printed documents of the competition (issue 6): PDFs made on the server, fetched as blobs
 * (the answer keeps its headers, so the file name comes from Content-Disposition).
 */
import type { BibDocumentQuery, BookJobVO, BookQuery, SessionVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, request } from './request';

const round = (id: number, kind: 'start-list' | 'results' | 'judges-cards') =>
  blob(`/api/v1/competition/rounds/${id}/pdf/${kind}`);
const meeting = (id: number, kind: string, params?: object) =>
  blob(`/api/v1/competition/meetings/${id}/pdf/${kind}`, params);

export const documentsApi = {
  startList: (roundId: number) => round(roundId, 'start-list'),
  results: (roundId: number) => round(roundId, 'results'),
  timetable: (meetingId: number) => meeting(meetingId, 'timetable'),
  bibList: (meetingId: number, params: BibDocumentQuery = {}) => meeting(meetingId, 'bib-list', params),
  bibs: (meetingId: number, params: BibDocumentQuery = {}) => meeting(meetingId, 'bibs', params),
  scores: (meetingId: number) => meeting(meetingId, 'scores'),
  certificates: (meetingId: number, groupItemId: number) => meeting(meetingId, 'certificates', { groupItemId }),
  /** Judges' cards (issue 24): field cards and timekeepers' sheets of a round, or of a session. */
  judgesCards: (roundId: number) => round(roundId, 'judges-cards'),
  sessionCards: (sessionId: number) => blob(`/api/v1/competition/sessions/${sessionId}/pdf/judges-cards`),
  /** The sessions to print judges' cards by (referees print them but do not edit the schedule). */
  printSessions: (meetingId: number) =>
    request<SessionVO[]>({ url: `/api/v1/competition/meetings/${meetingId}/print-sessions`, method: 'get' }),
};

/**
 * The books (issue 24: 秩序册, 成绩册): made as a job on the server. `startBook` answers the job
 * at once (or the one already made from the same data), `book` how far it is, `bookFile` the PDF.
 */
const books = (meetingId: number) => `/api/v1/competition/meetings/${meetingId}/books`;
export const booksApi = {
  startBook: (meetingId: number, query: BookQuery) =>
    request<BookJobVO>({ url: books(meetingId), method: 'post', params: query }),
  book: (meetingId: number, jobId: string) =>
    request<BookJobVO>({ url: `${books(meetingId)}/${encodeURIComponent(jobId)}`, method: 'get' }),
  bookFile: (meetingId: number, jobId: string) => blob(`${books(meetingId)}/${encodeURIComponent(jobId)}/pdf`),
};

/** The print centre's reads. */
export const documentsQueries = {
  all: ['documents'] as const,
  /** The timetable's sessions of a meeting, for the judges' cards by session. */
  sessions: (meetingId: number | undefined) =>
    queryOptions({
      queryKey: [...documentsQueries.all, 'sessions', meetingId],
      queryFn: () => documentsApi.printSessions(meetingId!),
      enabled: meetingId !== undefined,
    }),
};
