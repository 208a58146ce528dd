import {
  AthleteVO,
  AuditAthleteQuery,
  AuditCoachQuery,
  AuditDecisionBody,
  AuditDecisionResult,
  AuditDetailVO,
  AuditOverviewQuery,
  AuditOverviewVO,
  CoachVO,
  Envelope,
  MeetingIdParams,
  Page,
  RegistrationStatsQuery,
  RegistrationStatsVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import type { RealtimeHub } from '../../plugins/realtime.js';
import type { ConfigCache } from '../config/service.js';
import type { CodeSender } from '../verification/sender.js';
import { decide } from './decisions.js';
import { athleteDetail, coachDetail } from './detail.js';
import { pageAthletes, pageCoaches } from './lists.js';
import { deliverAuditMessages } from './notify.js';
import { auditOverview } from './overview.js';
import { registrationStats } from './stats.js';

const tags = ['audit'];
const QUERY = { perm: 'audit:record:query' };
type IdP = { Params: { id: number } };

/**
 * The committee's audit (`audit:record:*`): overview, lists, detail, decisions; and the
 * dashboard's registration figures. Object-level access in the service (meeting, area).
 */
export async function auditRoutes(
  app: FastifyInstance,
  deps: { db: Db; hub: RealtimeHub; sender: CodeSender; settings: ConfigCache },
) {
  const { db } = deps;

  app.get<{ Querystring: AuditOverviewQuery }>(
    '/api/v1/audit/overview',
    {
      config: { auth: QUERY },
      schema: {
        tags,
        summary: 'Audit progress per delegation (area users: their areas), with totals',
        querystring: AuditOverviewQuery,
        response: { 200: Envelope(AuditOverviewVO) },
      },
    },
    async (req) => ok(await auditOverview(db, currentUser(req), req.query, req.lang)),
  );

  app.get<{ Querystring: AuditAthleteQuery }>(
    '/api/v1/audit/athletes/page',
    {
      config: { auth: QUERY },
      schema: {
        tags,
        summary: 'Athletes to audit: status, group, delegation, keywords, problem filters',
        querystring: AuditAthleteQuery,
        response: { 200: Envelope(Page(AthleteVO)) },
      },
    },
    async (req) => ok(await pageAthletes(db, currentUser(req), req.query, req.lang)),
  );

  app.get<{ Querystring: AuditCoachQuery }>(
    '/api/v1/audit/coaches/page',
    {
      config: { auth: QUERY },
      schema: {
        tags,
        summary: 'Coaches to audit: status, role, delegation, keywords, problem filters',
        querystring: AuditCoachQuery,
        response: { 200: Envelope(Page(CoachVO)) },
      },
    },
    async (req) => ok(await pageCoaches(db, currentUser(req), req.query)),
  );

  app.get<IdP>(
    '/api/v1/audit/athletes/:id',
    {
      config: { auth: QUERY },
      schema: {
        tags,
        summary: 'An athlete with entries, documents, change history, decisions and problems',
        params: MeetingIdParams,
        response: { 200: Envelope(AuditDetailVO) },
      },
    },
    async (req) => ok(await athleteDetail(db, currentUser(req), req.params.id, req.lang)),
  );

  app.get<IdP>(
    '/api/v1/audit/coaches/:id',
    {
      config: { auth: QUERY },
      schema: {
        tags,
        summary: 'A coach with documents, change history, decisions and problems',
        params: MeetingIdParams,
        response: { 200: Envelope(AuditDetailVO) },
      },
    },
    async (req) => ok(await coachDetail(db, currentUser(req), req.params.id, req.lang)),
  );

  app.post<{ Body: AuditDecisionBody }>(
    '/api/v1/audit/decisions',
    {
      config: { auth: { perm: ['audit:record:approve', 'audit:record:return'] } },
      schema: {
        tags,
        summary: 'Approve or return submitted records in batch (a return needs a reason); notifies the delegations',
        body: AuditDecisionBody,
        response: { 200: Envelope(AuditDecisionResult) },
      },
    },
    async (req) => {
      const outcome = await decide(db, currentUser(req), req.body);
      note(req, outcome.log);
      await deliverAuditMessages(deps, outcome.messages, req.log);
      return ok(outcome.result);
    },
  );

  app.get<{ Querystring: RegistrationStatsQuery }>(
    '/api/v1/stats/registration',
    {
      config: { auth: { perm: ['audit:record:query', 'meeting:trackmeet:query'] } },
      schema: {
        tags: ['stats'],
        summary: 'Registration figures of the meetings in reach; per day, by group and by event for one',
        querystring: RegistrationStatsQuery,
        response: { 200: Envelope(RegistrationStatsVO) },
      },
    },
    async (req) => ok(await registrationStats(db, currentUser(req), req.query)),
  );
}
