/**
 * The committee's audit (issue 5): overview per delegation, athlete and coach lists, a record's
 * detail, approve / return decisions; and the dashboard's registration figures.
 */
import type {
  AthleteVO,
  AuditAthleteQuery,
  AuditCoachQuery,
  AuditDecisionBody,
  AuditDecisionResult,
  AuditDetailVO,
  AuditOverviewQuery,
  AuditOverviewVO,
  CoachVO,
  RegistrationStatsVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { publicApi } from './public';
import { type ListQuery, pageApi, request } from './request';

export type AuditEntity = AuditDecisionBody['entity'];
const PLURAL: Record<AuditEntity, string> = { athlete: 'athletes', coach: 'coaches' };

export const auditApi = {
  overview: (params: AuditOverviewQuery) =>
    request<AuditOverviewVO>({ url: '/api/v1/audit/overview', method: 'get', params }),
  athletes: pageApi<AthleteVO, ListQuery<AuditAthleteQuery>>('/api/v1/audit/athletes/page'),
  coaches: pageApi<CoachVO, ListQuery<AuditCoachQuery>>('/api/v1/audit/coaches/page'),
  detail: (entity: AuditEntity, id: number) =>
    request<AuditDetailVO>({ url: `/api/v1/audit/${PLURAL[entity]}/${id}`, method: 'get' }),
  decide: (data: AuditDecisionBody) =>
    request<AuditDecisionResult>({ url: '/api/v1/audit/decisions', method: 'post', data }),
};

/** The dashboard's registration figures for the meetings in the caller's scope. */
export const getRegistrationStats = (meetingId?: number) =>
  request<RegistrationStatsVO>({ url: '/api/v1/stats/registration', method: 'get', params: { meetingId } });

/**
 * The audit's reads, and the dashboard's registration figures, all under one root: a decision
 * refetches them all (`auditQueries.all`).
 */
export const auditQueries = {
  all: ['audit'] as const,
  /** The athletes' or coaches' list (CrudTable's key prefix). */
  records: (entity: AuditEntity) => [...auditQueries.all, 'records', entity] as const,
  /** `language` when the answer is shown in it (names picked per language). */
  overview: (meetingId: number | undefined, keywords: string, language?: string) =>
    queryOptions({
      queryKey:
        language === undefined
          ? [...auditQueries.all, 'overview', meetingId, keywords]
          : [...auditQueries.all, 'overview', meetingId, keywords, language],
      queryFn: () => auditApi.overview({ meetingId: meetingId!, keywords: keywords || undefined }),
    }),
  detail: (entity: AuditEntity, id: number, language: string) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'detail', entity, id, language],
      queryFn: () => auditApi.detail(entity, id),
    }),
  /** The meeting's groups, by its code (the group filter). */
  meeting: (code: string | undefined) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'meeting-groups', code],
      queryFn: () => publicApi.meeting(code!),
      staleTime: 60_000,
    }),
  registrationStats: (meetingId: number | undefined) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'registration-stats', meetingId],
      queryFn: () => getRegistrationStats(meetingId),
    }),
};
