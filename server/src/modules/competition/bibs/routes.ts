import {
  BibAssignBody,
  BibAssignResult,
  BibPageQuery,
  BibPageVO,
  BibUpdateBody,
  BibVO,
  Envelope,
  MeetingIdParams,
  RoundIdParams,
  RoundScheduleBody,
  RoundScheduleVO,
  SessionBody,
  SessionDeleteQuery,
  SessionUpdateBody,
  SessionVO,
  TimetableVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../../plugins/auth.js';
import { ok } from '../../../plugins/envelope.js';
import { note } from '../../../plugins/oplog.js';
import type { CompetitionDeps } from '../routes.js';
import {
  createSession,
  deleteSession,
  listSessions,
  meetingTimetable,
  scheduleRound,
  updateSession,
} from './schedule.js';
import { assignBibs, pageBibs, updateBib } from './service.js';

const tags = ['competition'];
type IdP = { Params: { id: number } };

/** Bibs and the schedule of a meeting (issue 6). Access: ../access.ts (view / manage the meeting). */
export async function bibRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;

  // ─── Bibs ─────────────────────────────────────────────────────────────────────────────

  app.get<IdP & { Querystring: BibPageQuery }>(
    '/api/v1/competition/meetings/:id/bibs',
    {
      config: { auth: { perm: 'comp:bib:query' } },
      schema: {
        tags,
        summary: "The meeting's athletes with their bibs (approved, submitted, or holding a bib), paged",
        params: MeetingIdParams,
        querystring: BibPageQuery,
        response: { 200: Envelope(BibPageVO) },
      },
    },
    async (req) => ok(await pageBibs(db, currentUser(req), req.params.id, req.query)),
  );

  app.post<IdP & { Body: BibAssignBody }>(
    '/api/v1/competition/meetings/:id/bibs',
    {
      config: { auth: { perm: 'comp:bib:assign' } },
      schema: {
        tags,
        summary: 'Number the athletes by a scheme (dryRun: only count); one transaction',
        params: MeetingIdParams,
        body: BibAssignBody,
        response: { 200: Envelope(BibAssignResult) },
      },
    },
    async (req) => {
      const result = await assignBibs(db, currentUser(req), req.params.id, req.body);
      if (result.dryRun) note(req, { action: 'POST bibs (preview)' });
      const { blocks: _b, ...counts } = result;
      note(req, { target: req.params.id, after: { ...req.body, ...counts } });
      return ok(result);
    },
  );

  app.put<IdP & { Body: BibUpdateBody }>(
    '/api/v1/competition/meetings/:id/bibs',
    {
      config: { auth: { perm: 'comp:bib:assign' } },
      schema: {
        tags,
        summary: "Change one athlete's bib by hand (unique in the meeting)",
        params: MeetingIdParams,
        body: BibUpdateBody,
        response: { 200: Envelope(BibVO) },
      },
    },
    async (req) => {
      const { before, after } = await updateBib(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.body.athleteId, before: { bib: before }, after: { bib: after.bib } });
      return ok(after);
    },
  );

  // ─── Sessions ─────────────────────────────────────────────────────────────────────────

  app.get<IdP>(
    '/api/v1/competition/meetings/:id/sessions',
    {
      config: { auth: { perm: 'comp:schedule:query' } },
      schema: {
        tags,
        summary: "The meeting's sessions in time order",
        params: MeetingIdParams,
        response: { 200: Envelope(Type.Array(SessionVO)) },
      },
    },
    async (req) => ok(await listSessions(db, currentUser(req), req.params.id)),
  );

  app.post<IdP & { Body: SessionBody }>(
    '/api/v1/competition/meetings/:id/sessions',
    {
      config: { auth: { perm: 'comp:schedule:edit' } },
      schema: {
        tags,
        summary: 'Add a session (its day is the start day in the meeting time zone)',
        params: MeetingIdParams,
        body: SessionBody,
        response: { 200: Envelope(SessionVO) },
      },
    },
    async (req) => {
      const after = await createSession(db, currentUser(req), req.params.id, req.body);
      note(req, { target: after.id, after });
      return ok(after);
    },
  );

  app.put<IdP & { Body: SessionUpdateBody }>(
    '/api/v1/competition/sessions/:id',
    {
      config: { auth: { perm: 'comp:schedule:edit' } },
      schema: {
        tags,
        summary: 'Change a session (its rounds must still fit its times)',
        params: MeetingIdParams,
        body: SessionUpdateBody,
        response: { 200: Envelope(SessionVO) },
      },
    },
    async (req) => {
      const { before, after } = await updateSession(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.delete<IdP & { Querystring: SessionDeleteQuery }>(
    '/api/v1/competition/sessions/:id',
    {
      config: { auth: { perm: 'comp:schedule:edit' } },
      schema: {
        tags,
        summary: 'Delete a session; its rounds leave it and keep their times',
        params: MeetingIdParams,
        querystring: SessionDeleteQuery,
        response: { 200: Envelope(Type.Object({ unassigned: Type.Integer() })) },
      },
    },
    async (req) => {
      const { before, unassigned } = await deleteSession(db, currentUser(req), req.params.id, req.query.version);
      note(req, { target: req.params.id, before, after: { unassigned } });
      return ok({ unassigned });
    },
  );

  // ─── Timetable ────────────────────────────────────────────────────────────────────────

  app.get<IdP>(
    '/api/v1/competition/meetings/:id/timetable',
    {
      config: { auth: { perm: 'comp:schedule:query' } },
      schema: {
        tags,
        summary: 'Every planned round of every event with its session, time, heats and state, by time',
        params: MeetingIdParams,
        response: { 200: Envelope(TimetableVO) },
      },
    },
    async (req) => ok(await meetingTimetable(db, currentUser(req), req.params.id)),
  );

  app.put<{ Params: RoundIdParams; Body: RoundScheduleBody }>(
    '/api/v1/competition/rounds/:id/schedule',
    {
      config: { auth: { perm: 'comp:schedule:edit' } },
      schema: {
        tags,
        summary: "Set a round's session and / or time",
        params: RoundIdParams,
        body: RoundScheduleBody,
        response: { 200: Envelope(RoundScheduleVO) },
      },
    },
    async (req) => {
      const { before, after } = await scheduleRound(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );
}
