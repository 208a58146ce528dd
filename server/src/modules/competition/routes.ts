import { CompetitionEventVO, CompetitionMeetingVO, MeetingIdParams, RoundIdParams, RoundVO } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import type { RealtimeHub } from '../../plugins/realtime.js';
import { routeKit } from '../../plugins/route-kit.js';
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

  const r = routeKit(app, tags);

  r.get('/api/v1/competition/meetings', {
    auth: 'user',
    summary: 'Meetings the caller manages (committee) or officiates (referee)',
    answer: Type.Array(CompetitionMeetingVO),
    run: (req) => competitionMeetings(db, currentUser(req)),
  });

  r.get('/api/v1/competition/meetings/:id/events', {
    auth: 'user',
    summary: "A meeting's group items with their rounds so far, in schedule order",
    params: MeetingIdParams,
    answer: Type.Array(CompetitionEventVO),
    run: async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'view');
      return loadEvents(db, req.params.id);
    },
  });

  r.get('/api/v1/competition/rounds/:id', {
    auth: 'user',
    summary: 'A round with its heats, competitors, results and trials',
    params: RoundIdParams,
    answer: RoundVO,
    run: async (req) => {
      await requireRound(db, currentUser(req), req.params.id, 'view');
      const round = await loadRound(db, req.params.id);
      if (!round) throw notFound();
      return round;
    },
  });
}
