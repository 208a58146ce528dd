import {
  MeetingIdParams,
  RecordCreateBody,
  RecordUpdateBody,
  RecordVO,
  RoundIdParams,
  SportsmanshipBody,
  SportsmanshipVO,
  TeamScoresQuery,
  TeamScoresVO,
  TeamScoringBody,
  TeamScoringOptions,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../../plugins/auth.js';
import { note } from '../../../plugins/oplog.js';
import { routeKit } from '../../../plugins/route-kit.js';
import { requireCompetition } from '../access.js';
import { announce } from '../publish.js';
import type { CompetitionDeps } from '../routes.js';
import { createRecord, deleteRecord, listRecords, type RecordWrite, recordMeeting, updateRecord } from './records.js';
import { teamScores } from './service.js';
import { setSportsmanship, setTeamScoring } from './team-settings.js';

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
  const r = routeKit(app, tags);

  /** Records are public facts: flags on results change with them. */
  const announceRecord = (meetingId: number, w: RecordWrite) =>
    announce(hub, { meetingId, groupItemId: w.groupItemId, roundId: w.roundId, heatId: null, change: 'scores' }, true);

  r.get('/api/v1/competition/meetings/:id/scores', {
    auth: QUERY,
    summary: 'Team points and the medal table (official final results), optionally of one group',
    params: MeetingIdParams,
    querystring: TeamScoresQuery,
    answer: TeamScoresVO,
    run: async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'view');
      return teamScores(db, req.params.id, req.query.groupId);
    },
  });

  r.get('/api/v1/competition/meetings/:id/records', {
    auth: QUERY,
    summary: "A meeting's records (one meeting record per group item)",
    params: MeetingIdParams,
    answer: Type.Array(RecordVO),
    run: async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'view');
      return listRecords(db, req.params.id);
    },
  });

  r.post('/api/v1/competition/records', {
    auth: RECORD,
    summary: "Enter a group item's meeting record (the mark in the item's format)",
    body: RecordCreateBody,
    answer: RecordVO,
    run: async (req) => {
      await requireCompetition(db, currentUser(req), req.body.meetingId, 'manage');
      const w = await createRecord(db, req.body);
      note(req, { target: w.after!.id, after: w.after });
      await announceRecord(req.body.meetingId, w);
      return w.after!;
    },
  });

  r.put('/api/v1/competition/records/:id', {
    auth: RECORD,
    summary: 'Correct a meeting record (optimistic locking on version)',
    params: RoundIdParams,
    body: RecordUpdateBody,
    answer: RecordVO,
    run: async (req) => {
      const meetingId = await recordMeeting(db, req.params.id);
      await requireCompetition(db, currentUser(req), meetingId, 'manage');
      const w = await updateRecord(db, req.params.id, req.body);
      note(req, { target: req.params.id, before: w.before, after: w.after });
      await announceRecord(meetingId, w);
      return w.after!;
    },
  });

  r.delete('/api/v1/competition/records/:id', {
    auth: RECORD,
    summary: 'Delete a meeting record (its flags on results go with it)',
    params: RoundIdParams,
    answer: Type.Null(),
    run: async (req) => {
      const meetingId = await recordMeeting(db, req.params.id);
      await requireCompetition(db, currentUser(req), meetingId, 'manage');
      const w = await deleteRecord(db, req.params.id);
      note(req, { target: req.params.id, before: w.before });
      await announceRecord(meetingId, w);
      return null;
    },
  });

  /**
   * Scores change with the options: the team table and the points on results. The frame is of
   * the whole meeting, no one round (ids 0); listeners refetch the meeting's scores.
   */
  const announceScores = (meetingId: number) =>
    announce(hub, { meetingId, groupItemId: 0, roundId: 0, heatId: null, change: 'scores' }, true);

  r.put('/api/v1/competition/meetings/:id/team-scoring', {
    auth: RECORD,
    summary:
      'Set the 竞赛规程 team-scoring options of the meeting or of one group (null: the group follows the meeting)',
    params: MeetingIdParams,
    body: TeamScoringBody,
    answer: Type.Union([TeamScoringOptions, Type.Null()]),
    run: async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'manage');
      const w = await setTeamScoring(db, req.params.id, req.body);
      note(req, { target: req.body.groupId ?? req.params.id, before: w.before, after: w.after });
      await announceScores(req.params.id);
      return w.after;
    },
  });

  r.put('/api/v1/competition/meetings/:id/sportsmanship', {
    auth: RECORD,
    summary: 'Record the 体育道德风尚奖 (sportsmanship award): the whole list of awarded delegations',
    params: MeetingIdParams,
    body: SportsmanshipBody,
    answer: Type.Array(SportsmanshipVO),
    run: async (req) => {
      await requireCompetition(db, currentUser(req), req.params.id, 'manage');
      const after = await setSportsmanship(db, req.params.id, req.body);
      note(req, { target: req.params.id, after });
      await announceScores(req.params.id);
      return after;
    },
  });
}
