import {
  CallRoomHeatVO,
  CallRoomMeetingVO,
  CallRoomPdfQuery,
  CallRoomQuery,
  CallRoomRoundVO,
  CallRoomSettingsBody,
  CallRoomVO,
  CheckInAnswer,
  CheckInBody,
  CheckInScanBody,
  EntryCheckInAnswer,
  EntryCheckInBody,
  Envelope,
  MeetingIdParams,
  RedrawLanesAnswer,
  RedrawLanesBody,
  ResultHeatParams,
  RoundIdParams,
  StartIdParams,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendFile } from '../../../lib/excel.js';
import { currentUser } from '../../../plugins/auth.js';
import { ok } from '../../../plugins/envelope.js';
import { note } from '../../../plugins/oplog.js';
import type { CompetitionDeps } from '../routes.js';
import { callRoomRound } from './before-seeding.js';
import { checkInEntry, checkInEntryByCode } from './entry-marks.js';
import { checkInByCode, checkInStart } from './marks.js';
import { redrawHeatLanes } from './redraw.js';
import { callRoomHeat, callRoomList } from './service.js';
import { callRoomMeetings, setCallRoomSettings } from './settings.js';

/** pdf-lib and the fonts load with the first sheet printed, not at start (as documents/routes.ts). */
const sheet = () => import('./sheet.js');

const tags = ['competition'];
const QUERY = { auth: { perm: 'comp:callroom:query' } } as const;
const MARK = { auth: { perm: 'comp:callroom:mark' } } as const;
const SETUP = { auth: { perm: 'comp:callroom:setup' } } as const;

/**
 * The call room (issue 24): the heats to call, a heat's starts with their marks, marking by tap
 * or by bib / bib QR code, the settings, the re-draw of a heat's lanes, first rounds checked in
 * before seeding (before-seeding.ts), and the call-room sheet (PDF). Permissions
 * `comp:callroom:*`; the meeting is checked in the service (need 'callroom').
 */
export async function callRoomRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;

  app.get(
    '/api/v1/competition/call-room/meetings',
    {
      config: QUERY,
      schema: {
        tags,
        summary: 'Meetings the caller does call-room work in (managers, call-room officials)',
        response: { 200: Envelope(Type.Array(CallRoomMeetingVO)) },
      },
    },
    async (req) => ok(await callRoomMeetings(db, currentUser(req))),
  );

  app.get<{ Params: { id: number }; Querystring: CallRoomQuery }>(
    '/api/v1/competition/meetings/:id/call-room',
    {
      config: QUERY,
      schema: {
        tags,
        summary: 'The heats to call on a day, in start order, with call times and check-in counts',
        params: MeetingIdParams,
        querystring: CallRoomQuery,
        response: { 200: Envelope(CallRoomVO) },
      },
    },
    async (req) => ok(await callRoomList(db, currentUser(req), req.params.id, req.query)),
  );

  app.put<{ Params: { id: number }; Body: CallRoomSettingsBody }>(
    '/api/v1/competition/meetings/:id/call-room',
    {
      config: SETUP,
      schema: {
        tags,
        summary:
          'The call-room settings (the managers): how many minutes before its start a heat is called; whether first rounds are checked in before seeding',
        params: MeetingIdParams,
        body: CallRoomSettingsBody,
        response: { 200: Envelope(CallRoomMeetingVO) },
      },
    },
    async (req) => {
      const { before, after } = await setCallRoomSettings(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.get<{ Params: ResultHeatParams }>(
    '/api/v1/competition/heats/:id/call-room',
    {
      config: QUERY,
      schema: {
        tags,
        summary: "A heat's starts with their call-room marks",
        params: ResultHeatParams,
        response: { 200: Envelope(CallRoomHeatVO) },
      },
    },
    async (req) => ok(await callRoomHeat(db, currentUser(req), req.params.id)),
  );

  app.put<{ Params: StartIdParams; Body: CheckInBody }>(
    '/api/v1/competition/starts/:id/check-in',
    {
      config: MARK,
      schema: {
        tags,
        summary: 'Mark a start present, absent (DNS) or late; null takes the mark back',
        params: StartIdParams,
        body: CheckInBody,
        response: { 200: Envelope(CheckInAnswer) },
      },
    },
    async (req) => ok(await checkInStart(deps, currentUser(req), req.params.id, req.body.state)),
  );

  app.post<{ Params: ResultHeatParams; Body: CheckInScanBody }>(
    '/api/v1/competition/heats/:id/check-in',
    {
      config: MARK,
      schema: {
        tags,
        summary: 'Mark the athlete of a bib (typed, or its QR code read) in this heat (present by default)',
        params: ResultHeatParams,
        body: CheckInScanBody,
        response: { 200: Envelope(CheckInAnswer) },
      },
    },
    async (req) =>
      ok(
        await checkInByCode(
          deps,
          currentUser(req),
          { heatId: req.params.id },
          req.body.code,
          req.body.state ?? 'present',
        ),
      ),
  );

  app.post<{ Params: RoundIdParams; Body: CheckInScanBody }>(
    '/api/v1/competition/rounds/:id/check-in',
    {
      config: MARK,
      schema: {
        tags,
        summary: 'Mark the athlete of a bib (typed, or its QR code read) in any heat of this round',
        params: RoundIdParams,
        body: CheckInScanBody,
        response: { 200: Envelope(CheckInAnswer) },
      },
    },
    async (req) =>
      ok(
        await checkInByCode(
          deps,
          currentUser(req),
          { roundId: req.params.id },
          req.body.code,
          req.body.state ?? 'present',
        ),
      ),
  );

  app.post<{ Params: ResultHeatParams; Body: RedrawLanesBody }>(
    '/api/v1/competition/heats/:id/call-room/redraw',
    {
      config: MARK,
      schema: {
        tags,
        summary:
          'Draw the lanes of a heat not started again for the athletes still in it (the absent keep DNS, no lane), where the rules allow',
        params: ResultHeatParams,
        body: RedrawLanesBody,
        response: { 200: Envelope(RedrawLanesAnswer) },
      },
    },
    async (req) => {
      const r = await redrawHeatLanes(deps, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, after: { drawn: r.drawn, absent: r.absent } });
      return ok(r);
    },
  );

  app.get<{ Params: RoundIdParams }>(
    '/api/v1/competition/rounds/:id/call-room',
    {
      config: QUERY,
      schema: {
        tags,
        summary: 'A first round checked in before seeding (检录后编排): its entries with their marks',
        params: RoundIdParams,
        response: { 200: Envelope(CallRoomRoundVO) },
      },
    },
    async (req) => ok(await callRoomRound(db, currentUser(req), req.params.id)),
  );

  app.put<{ Params: RoundIdParams; Body: EntryCheckInBody }>(
    '/api/v1/competition/rounds/:id/call-room/entries',
    {
      config: MARK,
      schema: {
        tags,
        summary:
          'Mark an entry (or relay team) of a first round not seeded yet present, absent or late; null takes it back',
        params: RoundIdParams,
        body: EntryCheckInBody,
        response: { 200: Envelope(EntryCheckInAnswer) },
      },
    },
    async (req) => ok(await checkInEntry(deps, currentUser(req), req.params.id, req.body)),
  );

  app.post<{ Params: RoundIdParams; Body: CheckInScanBody }>(
    '/api/v1/competition/rounds/:id/call-room/scan',
    {
      config: MARK,
      schema: {
        tags,
        summary: 'Mark the entry of a bib (typed, or its QR code read) in a first round not seeded yet',
        params: RoundIdParams,
        body: CheckInScanBody,
        response: { 200: Envelope(EntryCheckInAnswer) },
      },
    },
    async (req) =>
      ok(await checkInEntryByCode(deps, currentUser(req), req.params.id, req.body.code, req.body.state ?? 'present')),
  );

  app.get<{ Params: RoundIdParams; Querystring: CallRoomPdfQuery }>(
    '/api/v1/competition/rounds/:id/pdf/call-room',
    {
      config: QUERY,
      schema: {
        tags,
        summary: 'The call-room sheet (PDF) of a round, or of one of its heats',
        params: RoundIdParams,
        querystring: CallRoomPdfQuery,
        produces: ['application/pdf'],
        response: {
          200: { description: 'A PDF (application/pdf), as an attachment', type: 'string', format: 'binary' },
        },
      },
    },
    async (req, reply) => {
      const file = await (await sheet()).callRoomSheetPdf(
        db,
        currentUser(req),
        req.params.id,
        req.query.heatId,
        req.lang,
      );
      return sendFile(reply, file.filename, 'application/pdf', Buffer.from(file.bytes));
    },
  );
}
