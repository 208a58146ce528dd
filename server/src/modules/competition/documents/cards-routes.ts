import { MeetingIdParams, RoundIdParams, SessionVO } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../../plugins/auth.js';
import { routeKit } from '../../../plugins/route-kit.js';
import { listSessions } from '../bibs/schedule.js';
import type { CompetitionDeps } from '../routes.js';

/** pdf-lib and the fonts load with the first document (as routes.ts does). */
const cards = () => import('./cards.js');

/**
 * Judges' cards (issue 24): field-event recording cards and timekeepers' heat sheets of a round
 * or of a session of the timetable, and the sessions to choose from. Permission `comp:doc:print`
 * (managers and referees, who print but do not edit the schedule); the meeting is checked in
 * the services (view access).
 */
export async function cardRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;
  const r = routeKit(app, ['competition']);
  const auth = { perm: 'comp:doc:print' } as const;

  r.pdf('/api/v1/competition/rounds/:id/pdf/judges-cards', {
    auth,
    summary:
      "Judges' cards of a round (PDF): a field card per flight (trials or height grid) or a timekeepers' sheet per heat",
    params: RoundIdParams,
    run: async (req) => (await cards()).roundCardsPdf(db, currentUser(req), req.params.id, req.lang),
  });

  r.pdf('/api/v1/competition/sessions/:id/pdf/judges-cards', {
    auth,
    summary: "Judges' cards of a session (PDF): the cards of its rounds with a start list, by time",
    params: MeetingIdParams,
    run: async (req) => (await cards()).sessionCardsPdf(db, currentUser(req), req.params.id, req.lang),
  });

  r.get('/api/v1/competition/meetings/:id/print-sessions', {
    auth,
    summary: "The meeting's sessions in time order, to print judges' cards by session",
    params: MeetingIdParams,
    answer: Type.Array(SessionVO),
    run: (req) => listSessions(db, currentUser(req), req.params.id),
  });
}
