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
  MeetingIdParams,
  RedrawLanesAnswer,
  RedrawLanesBody,
  ResultHeatParams,
  RoundIdParams,
  StartIdParams,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../../plugins/auth.js';
import { note } from '../../../plugins/oplog.js';
import { noteWrite, routeKit } from '../../../plugins/route-kit.js';
import type { CompetitionDeps } from '../routes.js';
import { callRoomRound } from './before-seeding.js';
import { checkInEntry, checkInEntryByCode } from './entry-marks.js';
import { checkInByCode, checkInStart } from './marks.js';
import { redrawHeatLanes } from './redraw.js';
import { callRoomHeat, callRoomList } from './service.js';
import { callRoomMeetings, setCallRoomSettings } from './settings.js';

/** pdf-lib and the fonts load with the first sheet printed, not at start (as documents/routes.ts). */
const sheet = () => import('./sheet.js');

const QUERY = { perm: 'comp:callroom:query' } as const;
const MARK = { perm: 'comp:callroom:mark' } as const;
const SETUP = { perm: 'comp:callroom:setup' } as const;

/**
 * The call room (issue 24): the heats to call, a heat's starts with their marks, marking by tap
 * or by bib / bib QR code, the settings, the re-draw of a heat's lanes, first rounds checked in
 * before seeding (before-seeding.ts), and the call-room sheet (PDF). Permissions
 * `comp:callroom:*`; the meeting is checked in the service (need 'callroom').
 */
export async function callRoomRoutes(app: FastifyInstance, deps: CompetitionDeps) {
  const { db } = deps;
  const r = routeKit(app, ['competition']);

  r.get('/api/v1/competition/call-room/meetings', {
    auth: QUERY,
    summary: 'Meetings the caller does call-room work in (managers, call-room officials)',
    answer: Type.Array(CallRoomMeetingVO),
    run: (req) => callRoomMeetings(db, currentUser(req)),
  });

  r.get('/api/v1/competition/meetings/:id/call-room', {
    auth: QUERY,
    summary: 'The heats to call on a day, in start order, with call times and check-in counts',
    params: MeetingIdParams,
    querystring: CallRoomQuery,
    answer: CallRoomVO,
    run: (req) => callRoomList(db, currentUser(req), req.params.id, req.query),
  });

  r.put('/api/v1/competition/meetings/:id/call-room', {
    auth: SETUP,
    summary:
      'The call-room settings (the managers): how many minutes before its start a heat is called; whether first rounds are checked in before seeding',
    params: MeetingIdParams,
    body: CallRoomSettingsBody,
    answer: CallRoomMeetingVO,
    run: async (req) =>
      noteWrite(req, req.params.id, await setCallRoomSettings(db, currentUser(req), req.params.id, req.body)),
  });

  r.get('/api/v1/competition/heats/:id/call-room', {
    auth: QUERY,
    summary: "A heat's starts with their call-room marks",
    params: ResultHeatParams,
    answer: CallRoomHeatVO,
    run: (req) => callRoomHeat(db, currentUser(req), req.params.id),
  });

  r.put('/api/v1/competition/starts/:id/check-in', {
    auth: MARK,
    summary: 'Mark a start present, absent (DNS) or late; null takes the mark back',
    params: StartIdParams,
    body: CheckInBody,
    answer: CheckInAnswer,
    run: (req) => checkInStart(deps, currentUser(req), req.params.id, req.body.state),
  });

  r.post('/api/v1/competition/heats/:id/check-in', {
    auth: MARK,
    summary: 'Mark the athlete of a bib (typed, or its QR code read) in this heat (present by default)',
    params: ResultHeatParams,
    body: CheckInScanBody,
    answer: CheckInAnswer,
    run: (req) =>
      checkInByCode(deps, currentUser(req), { heatId: req.params.id }, req.body.code, req.body.state ?? 'present'),
  });

  r.post('/api/v1/competition/rounds/:id/check-in', {
    auth: MARK,
    summary: 'Mark the athlete of a bib (typed, or its QR code read) in any heat of this round',
    params: RoundIdParams,
    body: CheckInScanBody,
    answer: CheckInAnswer,
    run: (req) =>
      checkInByCode(deps, currentUser(req), { roundId: req.params.id }, req.body.code, req.body.state ?? 'present'),
  });

  r.post('/api/v1/competition/heats/:id/call-room/redraw', {
    auth: MARK,
    summary:
      'Draw the lanes of a heat not started again for the athletes still in it (the absent keep DNS, no lane), where the rules allow',
    params: ResultHeatParams,
    body: RedrawLanesBody,
    answer: RedrawLanesAnswer,
    run: async (req) => {
      const drawn = await redrawHeatLanes(deps, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, after: { drawn: drawn.drawn, absent: drawn.absent } });
      return drawn;
    },
  });

  r.get('/api/v1/competition/rounds/:id/call-room', {
    auth: QUERY,
    summary: 'A first round checked in before seeding (检录后编排): its entries with their marks',
    params: RoundIdParams,
    answer: CallRoomRoundVO,
    run: (req) => callRoomRound(db, currentUser(req), req.params.id),
  });

  r.put('/api/v1/competition/rounds/:id/call-room/entries', {
    auth: MARK,
    summary:
      'Mark an entry (or relay team) of a first round not seeded yet present, absent or late; null takes it back',
    params: RoundIdParams,
    body: EntryCheckInBody,
    answer: EntryCheckInAnswer,
    run: (req) => checkInEntry(deps, currentUser(req), req.params.id, req.body),
  });

  r.post('/api/v1/competition/rounds/:id/call-room/scan', {
    auth: MARK,
    summary: 'Mark the entry of a bib (typed, or its QR code read) in a first round not seeded yet',
    params: RoundIdParams,
    body: CheckInScanBody,
    answer: EntryCheckInAnswer,
    run: (req) => checkInEntryByCode(deps, currentUser(req), req.params.id, req.body.code, req.body.state ?? 'present'),
  });

  r.pdf('/api/v1/competition/rounds/:id/pdf/call-room', {
    auth: QUERY,
    summary: 'The call-room sheet (PDF) of a round, or of one of its heats',
    params: RoundIdParams,
    querystring: CallRoomPdfQuery,
    run: async (req) =>
      (await sheet()).callRoomSheetPdf(db, currentUser(req), req.params.id, req.query.heatId, req.lang),
  });
}
