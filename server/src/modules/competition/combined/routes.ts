import {
  CombinedParams,
  CombinedStandingVO,
  Envelope,
  HeatTimingBody,
  MeetingIdParams,
  PublicGroupItemQuery,
  ResultHeatParams,
  RoundVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { cachedAnswer } from '../../../plugins/answer-cache.js';
import { currentUser } from '../../../plugins/auth.js';
import { ok } from '../../../plugins/envelope.js';
import { note } from '../../../plugins/oplog.js';
import { PUBLIC_MAX_AGE } from '../public/routes.js';
import type { CompetitionDeps } from '../routes.js';
import { publicCombinedStanding, setHeatTiming, staffCombinedStanding } from './service.js';

const tags = ['competition'];

/**
 * Combined events (issue 23): the standing of a combined event for the staff and the public
 * pages, and a heat's hand-timing flag (results entry's permission).
 */
export async function combinedRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;

  app.get<{ Params: CombinedParams }>(
    '/api/v1/competition/events/:groupItemId/combined',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A combined event: points per discipline, running totals and places (TR 39.12)',
        params: CombinedParams,
        response: { 200: Envelope(CombinedStandingVO) },
      },
    },
    async (req) => ok(await staffCombinedStanding(db, currentUser(req), req.params.groupItemId)),
  );

  app.put<{ Params: ResultHeatParams; Body: HeatTimingBody }>(
    '/api/v1/competition/heats/:id/timing',
    {
      config: { auth: { perm: 'comp:result:entry' } },
      schema: {
        tags,
        summary: "A track heat's times were taken by hand (combined events add the tables' manual difference)",
        params: ResultHeatParams,
        body: HeatTimingBody,
        response: { 200: Envelope(RoundVO) },
      },
    },
    async (req) => {
      const round = await setHeatTiming(deps, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, after: { handTimed: req.body.handTimed } });
      return ok(round);
    },
  );

  app.get<{ Params: { id: number }; Querystring: PublicGroupItemQuery }>(
    '/api/v1/public/competition/:id/combined',
    {
      config: { auth: 'public' as const },
      ...cachedAnswer(PUBLIC_MAX_AGE),
      schema: {
        tags: ['public'],
        summary: "A combined event's standing from its official heats (404 unless lists are public)",
        params: MeetingIdParams,
        querystring: PublicGroupItemQuery,
        response: { 200: Envelope(CombinedStandingVO) },
      },
    },
    async (req) => ok(await publicCombinedStanding(db, req.params.id, req.query.groupItemId)),
  );
}
