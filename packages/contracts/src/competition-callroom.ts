/**
 * Contracts of the call room (检录, issue 24) and of the officials' duties in a meeting.
 *
 * Athletes report to the call room a set time before their start (the meeting's lead, 30 min by
 * default); a call-room official marks each start present, absent or late. An absence puts DNS
 * on the start row; marking the athlete present again takes back a DNS the call room wrote,
 * never one results entry wrote. Officials (userType 40) have duties per meeting: `referee`
 * (results entry) and `call-room` (check-in; it reads the start lists for that and nothing else).
 */
import { type Static, Type } from 'typebox';
import { HEAT_STATUS_LIST, RESULT_CODE_LIST, ROUND_NAME_LIST } from './competition.js';
import { Nullable } from './helpers.js';
import { ITEM_KIND_LIST } from './items.js';
import { MeetingAdminVO } from './meetings.js';
import { Id, Literals, Timestamp } from './scalars.js';

// ─── Officials and their duties ───────────────────────────────────────────────────────────

/** `referee`: enters the meeting's results; `call-room`: checks its athletes in. */
export const OFFICIAL_DUTY_LIST = ['referee', 'call-room'] as const;
export type OfficialDuty = (typeof OFFICIAL_DUTY_LIST)[number];

/** An official of a meeting with one duty (a user with two duties is listed twice). */
export const MeetingOfficialVO = Type.Object({ ...MeetingAdminVO.properties, duty: Literals(OFFICIAL_DUTY_LIST) });
export type MeetingOfficialVO = Static<typeof MeetingOfficialVO>;

/** Replace the officials of one duty (`referee` when not named): official users (userType 40) only. */
export const MeetingOfficialsBody = Type.Object({
  userIds: Type.Array(Id, { maxItems: 100 }),
  duty: Type.Optional(Literals(OFFICIAL_DUTY_LIST)),
});
export type MeetingOfficialsBody = Static<typeof MeetingOfficialsBody>;

/** Official users (userType 40) that can be given a duty in a meeting. */
export const OfficialOptionQuery = Type.Object({
  keywords: Type.Optional(Type.String({ maxLength: 50 })),
});
export type OfficialOptionQuery = Static<typeof OfficialOptionQuery>;

// ─── The call room ────────────────────────────────────────────────────────────────────────

/** A call-room mark: reported, did not report (DNS), reported after the call closed. */
export const CHECK_IN_STATE_LIST = ['present', 'absent', 'late'] as const;
export type CheckInState = (typeof CHECK_IN_STATE_LIST)[number];

/** The lead by default: athletes report 30 minutes before their start. */
export const CALL_ROOM_LEAD_DEFAULT = 30;
export const CALL_ROOM_LEAD_MAX = 240;

/** A meeting the caller does call-room work in; `manage`: may change its settings. */
export const CallRoomMeetingVO = Type.Object({
  id: Id,
  name: Type.String(),
  nameEn: Type.String(),
  code: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  timeZone: Type.String(),
  leadMinutes: Type.Integer(),
  /** 检录后编排: first rounds are checked in before their start list is made (the absent are not seeded). */
  beforeSeeding: Type.Boolean(),
  manage: Type.Boolean(),
});
export type CallRoomMeetingVO = Static<typeof CallRoomMeetingVO>;

/** The heats to call: of one day of the meeting (`YYYY-MM-DD`), and official ones too with `all`. */
export const CallRoomQuery = Type.Object({
  day: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  all: Type.Optional(Type.Boolean()),
});
export type CallRoomQuery = Static<typeof CallRoomQuery>;

export const CheckInCounts = Type.Object({
  total: Type.Integer(),
  present: Type.Integer(),
  absent: Type.Integer(),
  late: Type.Integer(),
  unmarked: Type.Integer(),
});
export type CheckInCounts = Static<typeof CheckInCounts>;

/** A heat (a flight of a field event) as the call room lists it. */
export const CallRoomHeatSummaryVO = Type.Object({
  heatId: Id,
  roundId: Id,
  groupItemId: Id,
  groupName: Type.String(),
  groupNameEn: Type.String(),
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  kind: Literals(ITEM_KIND_LIST),
  roundName: Literals(ROUND_NAME_LIST),
  heatNumber: Type.Integer(),
  heatCount: Type.Integer(),
  status: Literals(HEAT_STATUS_LIST),
  /** The heat's start (its own time, else its round's); null when not scheduled. */
  startsAt: Nullable(Timestamp),
  /** When its athletes are called: the start less the meeting's lead. */
  callAt: Nullable(Timestamp),
  counts: CheckInCounts,
});
export type CallRoomHeatSummaryVO = Static<typeof CallRoomHeatSummaryVO>;

/**
 * A first round with no start list yet, checked in before seeding (the meeting's `beforeSeeding`):
 * its entries (athletes, or relay teams) are marked; the absent are left out when it is seeded.
 */
export const CallRoomRoundSummaryVO = Type.Object({
  roundId: Id,
  groupItemId: Id,
  groupName: Type.String(),
  groupNameEn: Type.String(),
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  kind: Literals(ITEM_KIND_LIST),
  roundName: Literals(ROUND_NAME_LIST),
  /** The round's start; null when not scheduled. */
  startsAt: Nullable(Timestamp),
  callAt: Nullable(Timestamp),
  /** Over its approved entries (relay teams for relays). */
  counts: CheckInCounts,
});
export type CallRoomRoundSummaryVO = Static<typeof CallRoomRoundSummaryVO>;

/** The call room of a meeting: its lead, the days with heats, the heats of the day in start order. */
export const CallRoomVO = Type.Object({
  meetingId: Id,
  leadMinutes: Type.Integer(),
  beforeSeeding: Type.Boolean(),
  /** Days (in the meeting's time zone) that have scheduled heats (or first rounds to check in before seeding), in order. */
  days: Type.Array(Type.String()),
  /** The day shown (null: every heat, for a meeting without a schedule). */
  day: Nullable(Type.String()),
  heats: Type.Array(CallRoomHeatSummaryVO),
  /** With `beforeSeeding`: the day's first rounds with no start list yet, by start (unscheduled last); else empty. */
  rounds: Type.Array(CallRoomRoundSummaryVO),
});
export type CallRoomVO = Static<typeof CallRoomVO>;

export const CallRoomMemberVO = Type.Object({
  athleteId: Id,
  name: Type.String(),
  bib: Nullable(Type.String()),
  leg: Nullable(Type.Integer()),
});

/** A start row of a heat with its check-in. */
export const CallRoomStartVO = Type.Object({
  startId: Id,
  lane: Nullable(Type.Integer()),
  position: Type.Integer(),
  bib: Nullable(Type.String()),
  athleteId: Nullable(Id),
  relayTeamId: Nullable(Id),
  /** The athlete's name, or a relay team's ("瑞中 A"). */
  name: Type.String(),
  nameEn: Nullable(Type.String()),
  delegationName: Type.String(),
  members: Type.Array(CallRoomMemberVO),
  code: Nullable(Literals(RESULT_CODE_LIST)),
  checkIn: Nullable(Literals(CHECK_IN_STATE_LIST)),
  checkedAt: Nullable(Timestamp),
  /** The start's DNS was written by the call room (marking present again takes it back). */
  callRoomDns: Type.Boolean(),
  /** A result (mark, trial or another code) is entered: it can no longer be marked absent. */
  hasResult: Type.Boolean(),
});
export type CallRoomStartVO = Static<typeof CallRoomStartVO>;

/**
 * Whether the call room may draw the lanes of a heat again for the athletes still in it
 * (`POST /competition/heats/:id/call-room/redraw`): `yes`; or why not — not a race in lanes, no
 * absentee and no athlete without a lane, a result entered (or official), a later round's heat
 * already published (its lanes follow the ranking: the Referee moves athletes on the start list).
 */
export const REDRAW_STATE_LIST = ['yes', 'not-lanes', 'nothing', 'results', 'published-later-round'] as const;
export type RedrawState = (typeof REDRAW_STATE_LIST)[number];

export const CallRoomHeatVO = Type.Object({
  ...CallRoomHeatSummaryVO.properties,
  /** The heat's version (a re-draw of its lanes checks it). */
  version: Id,
  /** The start rows show lanes (track in lanes) rather than the order. */
  lanes: Type.Boolean(),
  /** Whether the lanes may be drawn again for the athletes still in the heat, or why not. */
  redraw: Literals(REDRAW_STATE_LIST),
  starts: Type.Array(CallRoomStartVO),
});
export type CallRoomHeatVO = Static<typeof CallRoomHeatVO>;

/** Mark one start (null takes the mark back). */
export const CheckInBody = Type.Object({ state: Nullable(Literals(CHECK_IN_STATE_LIST)) });
export type CheckInBody = Static<typeof CheckInBody>;

/**
 * Mark the athlete of a bib in a heat or round: `code` is the bib number typed, or what its QR
 * code reads (the athlete's public page, `…/#/h5/athlete/<id>`). `present` by default.
 */
export const CheckInScanBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 500 }),
  state: Type.Optional(Literals(CHECK_IN_STATE_LIST)),
});
export type CheckInScanBody = Static<typeof CheckInScanBody>;

/** What a mark did to the start's DNS: wrote it, took it back, left one results entry wrote. */
export const CHECK_IN_DNS_LIST = ['set', 'cleared', 'kept'] as const;
export type CheckInDns = (typeof CHECK_IN_DNS_LIST)[number];

export const CheckInAnswer = Type.Object({
  startId: Id,
  state: Nullable(Literals(CHECK_IN_STATE_LIST)),
  dns: Nullable(Literals(CHECK_IN_DNS_LIST)),
  heat: CallRoomHeatVO,
});
export type CheckInAnswer = Static<typeof CheckInAnswer>;

/** The call-room settings of a meeting (the managers): either or both. */
export const CallRoomSettingsBody = Type.Object(
  {
    leadMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: CALL_ROOM_LEAD_MAX })),
    beforeSeeding: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type CallRoomSettingsBody = Static<typeof CallRoomSettingsBody>;

// ─── Before seeding (检录后编排) ───────────────────────────────────────────────────────────

/** An entry (athlete or relay team) of a first round not seeded yet, with its mark. */
export const CallRoomEntryVO = Type.Object({
  entryId: Nullable(Id),
  relayTeamId: Nullable(Id),
  athleteId: Nullable(Id),
  bib: Nullable(Type.String()),
  name: Type.String(),
  nameEn: Nullable(Type.String()),
  delegationName: Type.String(),
  members: Type.Array(CallRoomMemberVO),
  checkIn: Nullable(Literals(CHECK_IN_STATE_LIST)),
  checkedAt: Nullable(Timestamp),
});
export type CallRoomEntryVO = Static<typeof CallRoomEntryVO>;

export const CallRoomRoundVO = Type.Object({
  ...CallRoomRoundSummaryVO.properties,
  /** Marks may be made: the meeting checks in before seeding and the round has no start list yet. */
  open: Type.Boolean(),
  /** The round has a start list: its marks were used, the heats take the marks from now on. */
  seeded: Type.Boolean(),
  entries: Type.Array(CallRoomEntryVO),
});
export type CallRoomRoundVO = Static<typeof CallRoomRoundVO>;

/** Mark one entry of a round not seeded yet (exactly one of `entryId`, `relayTeamId`); null takes the mark back. */
export const EntryCheckInBody = Type.Object(
  {
    entryId: Type.Optional(Id),
    relayTeamId: Type.Optional(Id),
    state: Nullable(Literals(CHECK_IN_STATE_LIST)),
  },
  { additionalProperties: false },
);
export type EntryCheckInBody = Static<typeof EntryCheckInBody>;

export const EntryCheckInAnswer = Type.Object({
  entryId: Nullable(Id),
  relayTeamId: Nullable(Id),
  state: Nullable(Literals(CHECK_IN_STATE_LIST)),
  round: CallRoomRoundVO,
});
export type EntryCheckInAnswer = Static<typeof EntryCheckInAnswer>;

/** Draw a heat's lanes again for the athletes still in it (`version`: the heat's, checked when given). */
export const RedrawLanesBody = Type.Object({ version: Type.Optional(Id) }, { additionalProperties: false });
export type RedrawLanesBody = Static<typeof RedrawLanesBody>;

export const RedrawLanesAnswer = Type.Object({
  /** Athletes drawn into lanes, and the absent left with DNS and no lane. */
  drawn: Type.Integer(),
  absent: Type.Integer(),
  heat: CallRoomHeatVO,
});
export type RedrawLanesAnswer = Static<typeof RedrawLanesAnswer>;

/** The call-room sheet of a round: all its heats, or the one named. */
export const CallRoomPdfQuery = Type.Object({ heatId: Type.Optional(Id) });
export type CallRoomPdfQuery = Static<typeof CallRoomPdfQuery>;

/** The athlete a bib's QR code names: `…/#/h5/athlete/<id>` (documents: bib labels). */
export function athleteOfBibCode(code: string): number | null {
  const m = /\/h5\/athlete\/(\d{1,10})(?:[/?#]|$)/.exec(code.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
