/**
 * Printed documents of the competition (issue 6): PDFs made on the server, fetched as blobs
 * (the answer keeps its headers, so the file name comes from Content-Disposition).
 */
import type { BibDocumentQuery } from '@baton/contracts';
import { blob } from './request';

const round = (id: number, kind: 'start-list' | 'results') => blob(`/api/v1/competition/rounds/${id}/pdf/${kind}`);
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
};
