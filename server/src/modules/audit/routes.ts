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
  MeetingIdParams,
  Page,
  RegistrationStatsQuery,
  RegistrationStatsVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { note } from '../../plugins/oplog.js';
import type { RealtimeHub } from '../../plugins/realtime.js';
import { routeKit } from '../../plugins/route-kit.js';
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

/**
 * The committee's audit (`audit:record:*`): overview, lists, detail, decisions; and the
 * dashboard's registration figures. Object-level access in the service (meeting, area).
 */
export async function auditRoutes(
  app: FastifyInstance,
  deps: { db: Db; hub: RealtimeHub; sender: CodeSender; settings: ConfigCache },
) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/audit/overview', {
    auth: QUERY,
    summary: 'Audit progress per delegation (area users: their areas), with totals',
    querystring: AuditOverviewQuery,
    answer: AuditOverviewVO,
    run: (req) => auditOverview(db, currentUser(req), req.query, req.lang),
  });

  r.get('/api/v1/audit/athletes/page', {
    auth: QUERY,
    summary: 'Athletes to audit: status, group, delegation, keywords, problem filters',
    querystring: AuditAthleteQuery,
    answer: Page(AthleteVO),
    run: (req) => pageAthletes(db, currentUser(req), req.query, req.lang),
  });

  r.get('/api/v1/audit/coaches/page', {
    auth: QUERY,
    summary: 'Coaches to audit: status, role, delegation, keywords, problem filters',
    querystring: AuditCoachQuery,
    answer: Page(CoachVO),
    run: (req) => pageCoaches(db, currentUser(req), req.query),
  });

  r.get('/api/v1/audit/athletes/:id', {
    auth: QUERY,
    summary: 'An athlete with entries, documents, change history, decisions and problems',
    params: MeetingIdParams,
    answer: AuditDetailVO,
    run: (req) => athleteDetail(db, currentUser(req), req.params.id, req.lang),
  });

  r.get('/api/v1/audit/coaches/:id', {
    auth: QUERY,
    summary: 'A coach with documents, change history, decisions and problems',
    params: MeetingIdParams,
    answer: AuditDetailVO,
    run: (req) => coachDetail(db, currentUser(req), req.params.id, req.lang),
  });

  r.post('/api/v1/audit/decisions', {
    auth: { perm: ['audit:record:approve', 'audit:record:return'] },
    summary: 'Approve or return submitted records in batch (a return needs a reason); notifies the delegations',
    body: AuditDecisionBody,
    answer: AuditDecisionResult,
    run: async (req) => {
      const outcome = await decide(db, currentUser(req), req.body);
      note(req, outcome.log);
      await deliverAuditMessages(deps, outcome.messages, req.log);
      return outcome.result;
    },
  });

  routeKit(app, ['stats']).get('/api/v1/stats/registration', {
    auth: { perm: ['audit:record:query', 'meeting:trackmeet:query'] },
    summary: 'Registration figures of the meetings in reach; per day, by group and by event for one',
    querystring: RegistrationStatsQuery,
    answer: RegistrationStatsVO,
    run: (req) => registrationStats(db, currentUser(req), req.query),
  });
}
