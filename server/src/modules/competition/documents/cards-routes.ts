import { Envelope, MeetingIdParams, RoundIdParams, SessionVO } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendFile } from '../../../lib/excel.js';
import { currentUser } from '../../../plugins/auth.js';
import { ok } from '../../../plugins/envelope.js';
import { listSessions } from '../bibs/schedule.js';
import type { CompetitionDeps } from '../routes.js';

/** pdf-lib and the fonts load with the first document (as routes.ts does). */
const cards = () => import('./cards.js');

const tags = ['competition'];
const auth = { perm: 'comp:doc:print' } as const;
const PDF = 'application/pdf';
const pdfAnswer = { description: 'A PDF (application/pdf), as an attachment', type: 'string', format: 'binary' };

/**
 * Judges' cards (issue 24): field-event recording cards and timekeepers' heat sheets of a round
 * or of a session of the timetable, and the sessions to choose from. Permission `comp:doc:print`
 * (managers and referees, who print but do not edit the schedule); the meeting is checked in
 * the services (view access).
 */
export async function cardRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;

  app.get<{ Params: RoundIdParams }>(
    '/api/v1/competition/rounds/:id/pdf/judges-cards',
    {
      config: { auth },
      schema: {
        tags,
        summary:
          "Judges' cards of a round (PDF): a field card per flight (trials or height grid) or a timekeepers' sheet per heat",
        params: RoundIdParams,
        produces: [PDF],
        response: { 200: pdfAnswer },
      },
    },
    async (req, reply) => {
      const file = await (await cards()).roundCardsPdf(db, currentUser(req), req.params.id, req.lang);
      return sendFile(reply, file.filename, PDF, Buffer.from(file.bytes));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/competition/sessions/:id/pdf/judges-cards',
    {
      config: { auth },
      schema: {
        tags,
        summary: "Judges' cards of a session (PDF): the cards of its rounds with a start list, by time",
        params: MeetingIdParams,
        produces: [PDF],
        response: { 200: pdfAnswer },
      },
    },
    async (req, reply) => {
      const file = await (await cards()).sessionCardsPdf(db, currentUser(req), req.params.id, req.lang);
      return sendFile(reply, file.filename, PDF, Buffer.from(file.bytes));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/competition/meetings/:id/print-sessions',
    {
      config: { auth },
      schema: {
        tags,
        summary: "The meeting's sessions in time order, to print judges' cards by session",
        params: MeetingIdParams,
        response: { 200: Envelope(Type.Array(SessionVO)) },
      },
    },
    async (req) => ok(await listSessions(db, currentUser(req), req.params.id)),
  );
}
