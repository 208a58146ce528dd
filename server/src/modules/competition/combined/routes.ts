import {
  CombinedParams,
  CombinedStandingVO,
  HeatTimingBody,
  MeetingIdParams,
  PublicGroupItemQuery,
  ResultHeatParams,
  RoundVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth.js';
import { note } from '../../../plugins/oplog.js';
import { routeKit } from '../../../plugins/route-kit.js';
import { PUBLIC_READ } from '../public/routes.js';
import type { CompetitionDeps } from '../routes.js';
import { publicCombinedStanding, setHeatTiming, staffCombinedStanding } from './service.js';

/**
 * Combined events (issue 23): the standing of a combined event for the staff and the public
 * pages, and a heat's hand-timing flag (results entry's permission).
 */
export async function combinedRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;
  const r = routeKit(app, ['competition']);

  r.get('/api/v1/competition/events/:groupItemId/combined', {
    auth: 'user',
    summary: 'A combined event: points per discipline, running totals and places (TR 39.12)',
    params: CombinedParams,
    answer: CombinedStandingVO,
    run: (req) => staffCombinedStanding(db, currentUser(req), req.params.groupItemId),
  });

  r.put('/api/v1/competition/heats/:id/timing', {
    auth: { perm: 'comp:result:entry' },
    summary: "A track heat's times were taken by hand (combined events add the tables' manual difference)",
    params: ResultHeatParams,
    body: HeatTimingBody,
    answer: RoundVO,
    run: async (req) => {
      const round = await setHeatTiming(deps, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, after: { handTimed: req.body.handTimed } });
      return round;
    },
  });

  routeKit(app, ['public']).get('/api/v1/public/competition/:id/combined', {
    ...PUBLIC_READ,
    summary: "A combined event's standing from its official heats (404 unless lists are public)",
    params: MeetingIdParams,
    querystring: PublicGroupItemQuery,
    answer: CombinedStandingVO,
    run: (req) => publicCombinedStanding(db, req.params.id, req.query.groupItemId),
  });
}
