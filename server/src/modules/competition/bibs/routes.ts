import {
  BibAssignBody,
  BibAssignResult,
  BibPageQuery,
  BibPageVO,
  BibUpdateBody,
  BibVO,
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
import { note } from '../../../plugins/oplog.js';
import { noteWrite, routeKit } from '../../../plugins/route-kit.js';
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

/** Bibs and the schedule of a meeting (issue 6). Access: ../access.ts (view / manage the meeting). */
export async function bibRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;
  const r = routeKit(app, ['competition']);

  // ─── Bibs ─────────────────────────────────────────────────────────────────────────────

  r.get('/api/v1/competition/meetings/:id/bibs', {
    auth: { perm: 'comp:bib:query' },
    summary: "The meeting's athletes with their bibs (approved, submitted, or holding a bib), paged",
    params: MeetingIdParams,
    querystring: BibPageQuery,
    answer: BibPageVO,
    run: (req) => pageBibs(db, currentUser(req), req.params.id, req.query),
  });

  r.post('/api/v1/competition/meetings/:id/bibs', {
    auth: { perm: 'comp:bib:assign' },
    summary: 'Number the athletes by a scheme (dryRun: only count); one transaction',
    params: MeetingIdParams,
    body: BibAssignBody,
    answer: BibAssignResult,
    run: async (req) => {
      const result = await assignBibs(db, currentUser(req), req.params.id, req.body);
      if (result.dryRun) note(req, { action: 'POST bibs (preview)' });
      const { blocks: _b, ...counts } = result;
      note(req, { target: req.params.id, after: { ...req.body, ...counts } });
      return result;
    },
  });

  r.put('/api/v1/competition/meetings/:id/bibs', {
    auth: { perm: 'comp:bib:assign' },
    summary: "Change one athlete's bib by hand (unique in the meeting)",
    params: MeetingIdParams,
    body: BibUpdateBody,
    answer: BibVO,
    run: async (req) => {
      const { before, after } = await updateBib(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.body.athleteId, before: { bib: before }, after: { bib: after.bib } });
      return after;
    },
  });

  // ─── Sessions ─────────────────────────────────────────────────────────────────────────

  r.get('/api/v1/competition/meetings/:id/sessions', {
    auth: { perm: 'comp:schedule:query' },
    summary: "The meeting's sessions in time order",
    params: MeetingIdParams,
    answer: Type.Array(SessionVO),
    run: (req) => listSessions(db, currentUser(req), req.params.id),
  });

  r.post('/api/v1/competition/meetings/:id/sessions', {
    auth: { perm: 'comp:schedule:edit' },
    summary: 'Add a session (its day is the start day in the meeting time zone)',
    params: MeetingIdParams,
    body: SessionBody,
    answer: SessionVO,
    run: async (req) => {
      const after = await createSession(db, currentUser(req), req.params.id, req.body);
      note(req, { target: after.id, after });
      return after;
    },
  });

  r.put('/api/v1/competition/sessions/:id', {
    auth: { perm: 'comp:schedule:edit' },
    summary: 'Change a session (its rounds must still fit its times)',
    params: MeetingIdParams,
    body: SessionUpdateBody,
    answer: SessionVO,
    run: async (req) =>
      noteWrite(req, req.params.id, await updateSession(db, currentUser(req), req.params.id, req.body)),
  });

  r.delete('/api/v1/competition/sessions/:id', {
    auth: { perm: 'comp:schedule:edit' },
    summary: 'Delete a session; its rounds leave it and keep their times',
    params: MeetingIdParams,
    querystring: SessionDeleteQuery,
    answer: Type.Object({ unassigned: Type.Integer() }),
    run: async (req) => {
      const { before, unassigned } = await deleteSession(db, currentUser(req), req.params.id, req.query.version);
      note(req, { target: req.params.id, before, after: { unassigned } });
      return { unassigned };
    },
  });

  // ─── Timetable ────────────────────────────────────────────────────────────────────────

  r.get('/api/v1/competition/meetings/:id/timetable', {
    auth: { perm: 'comp:schedule:query' },
    summary: 'Every planned round of every event with its session, time, heats and state, by time',
    params: MeetingIdParams,
    answer: TimetableVO,
    run: (req) => meetingTimetable(db, currentUser(req), req.params.id),
  });

  r.put('/api/v1/competition/rounds/:id/schedule', {
    auth: { perm: 'comp:schedule:edit' },
    summary: "Set a round's session and / or time",
    params: RoundIdParams,
    body: RoundScheduleBody,
    answer: RoundScheduleVO,
    run: async (req) =>
      noteWrite(req, req.params.id, await scheduleRound(db, currentUser(req), req.params.id, req.body)),
  });
}
