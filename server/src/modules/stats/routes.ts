import { StatsOverview, VisitBody, VisitTrend, VisitTrendQuery } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { currentUser } from '../../plugins/auth.js';
import type { RealtimeHub } from '../../plugins/realtime.js';
import { routeKit } from '../../plugins/route-kit.js';
import { meetingRole } from '../meetings/access.js';
import { overview, recordVisit, visitTrend } from './service.js';

const tags = ['stats'];

export async function statsRoutes(app: FastifyInstance, deps: { db: Db; hub: RealtimeHub }) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.post('/api/v1/stats/visit', {
    // A page view is not an operation: it stays out of the operation log.
    auth: 'public',
    config: { oplog: false },
    summary: 'Count a page view (and the visitor, hashed) for the visit trend',
    body: VisitBody,
    answer: Type.Null(),
    run: async (req) => {
      await hitRateLimit(db, `visit-ip:${req.ip}`, 120, 60);
      await recordVisit(db, req.ip, req.headers['user-agent']?.slice(0, 500) ?? '', app.baton.config.timeZone);
      return null;
    },
  });

  r.get('/api/v1/stats/visit-trend', {
    auth: 'user',
    summary: 'Page views and unique visitors per day',
    querystring: VisitTrendQuery,
    answer: VisitTrend,
    run: (req) => visitTrend(db, req.query.days, app.baton.config.timeZone),
  });

  r.get('/api/v1/stats/overview', {
    auth: 'user',
    summary: 'Dashboard figures of the whole site (users, sign-ins, visits, connections): administrators only',
    answer: StatsOverview,
    run: async (req) => {
      // Site-wide counts are not a committee's, an area's or a delegation's business.
      if (meetingRole(currentUser(req)) !== 'all') {
        throw new AppError(
          'A0301',
          {},
          { zh: '全站统计仅系统管理员可见', en: 'the site-wide figures are for administrators only' },
        );
      }
      return overview(db, deps.hub.stats(), app.baton.config.timeZone);
    },
  });
}
