/** Team points, the medal table and meeting records of a meeting (issue 6, competition/scores). */
import type {
  RecordCreateBody,
  RecordUpdateBody,
  RecordVO,
  SportsmanshipBody,
  SportsmanshipVO,
  TeamScoresVO,
  TeamScoringBody,
  TeamScoringOptions,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { delegationApi } from './delegations';
import { request } from './request';

export const scoresApi = {
  scores: (meetingId: number, groupId?: number) =>
    request<TeamScoresVO>({
      url: `/api/v1/competition/meetings/${meetingId}/scores`,
      method: 'get',
      params: { groupId },
    }),
  records: (meetingId: number) =>
    request<RecordVO[]>({ url: `/api/v1/competition/meetings/${meetingId}/records`, method: 'get' }),
  createRecord: (body: RecordCreateBody) =>
    request<RecordVO>({ url: '/api/v1/competition/records', method: 'post', data: body }),
  updateRecord: (id: number, body: RecordUpdateBody) =>
    request<RecordVO>({ url: `/api/v1/competition/records/${id}`, method: 'put', data: body }),
  /** The meeting's team-scoring options, or a group's (options null: the group follows the meeting). */
  setTeamScoring: (meetingId: number, body: TeamScoringBody) =>
    request<TeamScoringOptions | null>({
      url: `/api/v1/competition/meetings/${meetingId}/team-scoring`,
      method: 'put',
      data: body,
    }),
  /** The whole 体育道德风尚奖 list. */
  setSportsmanship: (meetingId: number, body: SportsmanshipBody) =>
    request<SportsmanshipVO[]>({
      url: `/api/v1/competition/meetings/${meetingId}/sportsmanship`,
      method: 'put',
      data: body,
    }),
  removeRecord: (id: number) => request<null>({ url: `/api/v1/competition/records/${id}`, method: 'delete' }),
};

export const scoresQueries = {
  all: ['scores'] as const,
  /** A meeting's team points and medal table, for every group filter. */
  pointsOf: (meetingId: number | undefined) => [...scoresQueries.all, 'points', meetingId] as const,
  points: (meetingId: number | undefined, groupId: number | undefined) =>
    queryOptions({
      queryKey: [...scoresQueries.pointsOf(meetingId), groupId],
      queryFn: () => scoresApi.scores(meetingId!, groupId),
    }),
  records: (meetingId: number | undefined) =>
    queryOptions({
      queryKey: [...scoresQueries.all, 'records', meetingId],
      queryFn: () => scoresApi.records(meetingId!),
    }),
  /** The delegations to award (the first 100 by name). */
  delegations: (meetingId: number | undefined) =>
    queryOptions({
      queryKey: [...scoresQueries.all, 'delegations', meetingId],
      queryFn: () => delegationApi.page({ meetingId: meetingId!, pageNum: 1, pageSize: 100, sortKey: 'name' }),
    }),
};
