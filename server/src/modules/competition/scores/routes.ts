import {
  Envelope,
  MeetingIdParams,
  RecordCreateBody,
  RecordUpdateBody,
  RecordVO,
  RoundIdParams,
  TeamScoresQuery,
  TeamScoresVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../../plugins/auth.js';
import { ok } from '../../../plugins/envelope.js';
import { note } from '../../../plugins/oplog.js';
import { requireCompetition } from '../access.js';
import { announce } from '../publish.js';
import type { CompetitionDeps } from '../routes.js';
import { createRecord, deleteRecord, listRecords, type RecordWrite, recordMeeting, updateRecord } from './records.js';
import { teamScores } from './service.js';

const tags = ['competition: scores'];
const QUERY = { perm: 'comp:score:query' };
const RECORD = { perm: 'comp:score:record' };

/**
 * Team points, the medal table and meeting records of a meeting (issue 6). Reads need the
 * meeting in view; records are kept by its managers. Public pages read scores through the
 * public module (it calls `teamScores`).
 */
export async function scoreRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db, hub } = deps;

  /** Records are public facts: flags on results change with them. */
  const announceRecord = (meetingId: number, w: RecordWrite) =>
    announce(hub, { meetingId, groupItemId: w.groupItemId, roundId: w.roundId, heatId: null, change: 'scores' }, true);

  app.get<{ Params: { id: number }; Querystring: TeamScoresQuery }>(
    '/api/v1/competition/meetings/:id/scores',
    {
      config: { auth: QUERY },
      schema: {
        tags,
        summary: 'Team points and the medal table (official final results), optionally of one group',
        params: MeetingIdParams,
        querystring: TeamScoresQuery,
        response: { 200: Envelope(TeamScoresVO) },
      },
    },
    async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'view');
      return ok(await teamScores(db, req.params.id, req.query.groupId));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/competition/meetings/:id/records',
    {
      config: { auth: QUERY },
      schema: {
        tags,
        summary: "A meeting's records (one meeting record per group item)",
        params: MeetingIdParams,
        response: { 200: Envelope(Type.Array(RecordVO)) },
      },
    },
    async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'view');
      return ok(await listRecords(db, req.params.id));
    },
  );

  app.post<{ Body: RecordCreateBody }>(
    '/api/v1/competition/records',
    {
      config: { auth: RECORD },
      schema: {
        tags,
        summary: "Enter a group item's meeting record (the mark in the item's format)",
        body: RecordCreateBody,
        response: { 200: Envelope(RecordVO) },
      },
    },
    async (req) => {
      await requireCompetition(db, currentUser(req), req.body.meetingId, 'manage');
      const w = await createRecord(db, req.body);
      note(req, { target: w.after!.id, after: w.after });
      await announceRecord(req.body.meetingId, w);
      return ok(w.after!);
    },
  );

  app.put<{ Params: RoundIdParams; Body: RecordUpdateBody }>(
    '/api/v1/competition/records/:id',
    {
      config: { auth: RECORD },
      schema: {
        tags,
        summary: 'Correct a meeting record (optimistic locking on version)',
        params: RoundIdParams,
        body: RecordUpdateBody,
        response: { 200: Envelope(RecordVO) },
      },
    },
    async (req) => {
      const meetingId = await recordMeeting(db, req.params.id);
      await requireCompetition(db, currentUser(req), meetingId, 'manage');
      const w = await updateRecord(db, req.params.id, req.body);
      note(req, { target: req.params.id, before: w.before, after: w.after });
      await announceRecord(meetingId, w);
      return ok(w.after!);
    },
  );

  app.delete<{ Params: RoundIdParams }>(
    '/api/v1/competition/records/:id',
    {
      config: { auth: RECORD },
      schema: {
        tags,
        summary: 'Delete a meeting record (its flags on results go with it)',
        params: RoundIdParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const meetingId = await recordMeeting(db, req.params.id);
      await requireCompetition(db, currentUser(req), meetingId, 'manage');
      const w = await deleteRecord(db, req.params.id);
      note(req, { target: req.params.id, before: w.before });
      await announceRecord(meetingId, w);
      return ok(null);
    },
  );
}
