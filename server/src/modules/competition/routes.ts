import {
  CompetitionEventVO,
  CompetitionMeetingVO,
  Envelope,
  MeetingIdParams,
  RoundIdParams,
  RoundVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import type { RealtimeHub } from '../../plugins/realtime.js';
import { competitionMeetings, requireCompetition, requireRound } from './access.js';
import { bibRoutes } from './bibs/routes.js';
import { callRoomRoutes } from './callroom/routes.js';
import { combinedRoutes } from './combined/routes.js';
import { documentRoutes } from './documents/routes.js';
import { publicCompetitionRoutes } from './public/routes.js';
import { resultRoutes } from './results/routes.js';
import { scoreRoutes } from './scores/routes.js';
import { startListRoutes } from './startlists/routes.js';
import { loadEvents, loadRound } from './views.js';

export interface CompetitionDeps {
  db: Db;
  hub: RealtimeHub;
}

const tags = ['competition'];

/**
 * The competition area's routes — all but the data exchange (`./exchange/routes.ts`), which takes
 * uploads and is registered with the other multipart modules, so the public reads here pay no
 * multipart hooks — and its shared reads: meetings the caller works in, a meeting's events with
 * their rounds, one round with its heats and results. Access in ./access.ts.
 */
export async function competitionRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;
  await startListRoutes(app, deps);
  await resultRoutes(app, deps);
  await combinedRoutes(app, deps);
  await scoreRoutes(app, deps);
  await bibRoutes(app, deps);
  await callRoomRoutes(app, deps);
  await documentRoutes(app, deps);
  await publicCompetitionRoutes(app, deps);

  app.get(
    '/api/v1/competition/meetings',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Meetings the caller manages (committee) or officiates (referee)',
        response: { 200: Envelope(Type.Array(CompetitionMeetingVO)) },
      },
    },
    async (req) => ok(await competitionMeetings(db, currentUser(req))),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/competition/meetings/:id/events',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A meeting's group items with their rounds so far, in schedule order",
        params: MeetingIdParams,
        response: { 200: Envelope(Type.Array(CompetitionEventVO)) },
      },
    },
    async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'view');
      return ok(await loadEvents(db, req.params.id));
    },
  );

  app.get<{ Params: RoundIdParams }>(
    '/api/v1/competition/rounds/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A round with its heats, competitors, results and trials',
        params: RoundIdParams,
        response: { 200: Envelope(RoundVO) },
      },
    },
    async (req) => {
      await requireRound(db, currentUser(req), req.params.id, 'view');
      const round = await loadRound(db, req.params.id);
      if (!round) throw notFound();
      return ok(round);
    },
  );
}
