/**
 * Contracts of competition/bibs (issue 6): bib numbering of a meeting's athletes and the
 * competition schedule (sessions and the timetable of every planned round).
 *
 * Bibs live in `reg_athlete.bib`; the last numbering settings are kept in
 * `meet_meeting.bib_scheme` (the shape `BibSettings`). Times are instants (ISO 8601), shown on
 * the meeting's clock (`meet_meeting.time_zone`, time-zone.ts).
 */
import { type Static, Type } from 'typebox';
import { GENDER_LIST } from './groups.js';
import { Nullable } from './helpers.js';
import { ITEM_KIND_LIST } from './items.js';
import { Id, Literals, Text, Timestamp, Version } from './scalars.js';
import { PageQuery, SortQuery } from './schemas.js';

/** An instant with its offset, e.g. `2025-10-01T08:30:00+08:00` or `2025-10-01T00:30:00.000Z`. */
const Instant = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$',
});

// ─── Bibs ───────────────────────────────────────────────────────────────────────────────

/** The highest bib number the schemes give (six digits fit every bib printer). */
export const BIB_MAX = 999_999;
const BibNumber = Type.Integer({ minimum: 1, maximum: BIB_MAX });

export const BIB_DELEGATION_ORDERS = ['id', 'name'] as const;
export type BibDelegationOrder = (typeof BIB_DELEGATION_ORDERS)[number];

/**
 * By delegation: delegations in order (registration order `id`, or by `name`), their athletes
 * by name. With a `step`, delegation k numbers from `start + k·step` (101, 201, 301…) and may
 * hold at most `step` bibs; with step 0 the numbers run on continuously from `start`.
 */
export const BibDelegationScheme = Type.Object({
  kind: Type.Literal('delegation'),
  start: BibNumber,
  step: Type.Integer({ minimum: 0, maximum: 100_000 }),
  order: Type.Optional(Literals(BIB_DELEGATION_ORDERS)),
});
export type BibDelegationScheme = Static<typeof BibDelegationScheme>;

/** One group's own range of numbers, both ends included (U16 Boys 1001–1999). */
export const BibGroupRange = Type.Object({ groupId: Id, from: BibNumber, to: BibNumber });
export type BibGroupRange = Static<typeof BibGroupRange>;

/** By group: each group numbers its athletes (by delegation, then name) inside its own range. */
export const BibGroupScheme = Type.Object({
  kind: Type.Literal('group-ranges'),
  ranges: Type.Array(BibGroupRange, { minItems: 1, maxItems: 100 }),
  order: Type.Optional(Literals(BIB_DELEGATION_ORDERS)),
});
export type BibGroupScheme = Static<typeof BibGroupScheme>;

export const BibScheme = Type.Union([BibDelegationScheme, BibGroupScheme]);
export type BibScheme = BibDelegationScheme | BibGroupScheme;

/**
 * The numbering settings (saved in `meet_meeting.bib_scheme`). Approved athletes get bibs;
 * `includeSubmitted` also numbers athletes still waiting for the audit. `keepExisting`: whoever
 * has a bib keeps it and the others get the next free numbers; otherwise everyone is numbered
 * afresh and athletes no longer eligible lose theirs.
 */
export const BibSettings = Type.Object({
  scheme: BibScheme,
  keepExisting: Type.Boolean(),
  includeSubmitted: Type.Optional(Type.Boolean()),
});
export type BibSettings = Static<typeof BibSettings>;

/** `POST /api/v1/competition/meetings/:id/bibs`: number the athletes (`dryRun`: only count). */
export const BibAssignBody = Type.Object({ ...BibSettings.properties, dryRun: Type.Optional(Type.Boolean()) });
export type BibAssignBody = Static<typeof BibAssignBody>;

/** A block of numbers given in one run: a delegation or a group, with the first and last given. */
export const BibBlockVO = Type.Object({
  name: Type.String(),
  nameEn: Type.String(),
  /** The block's range (null for continuous numbering). */
  from: Nullable(Type.Integer()),
  to: Nullable(Type.Integer()),
  /** Athletes numbered in this run. */
  count: Type.Integer(),
  first: Nullable(Type.Integer()),
  last: Nullable(Type.Integer()),
});
export type BibBlockVO = Static<typeof BibBlockVO>;

export const BibAssignResult = Type.Object({
  dryRun: Type.Boolean(),
  /** Athletes who get (or keep) a bib under the settings. */
  eligible: Type.Integer(),
  /** Athletes numbered in this run. */
  assigned: Type.Integer(),
  /** Athletes who kept the bib they had. */
  kept: Type.Integer(),
  /** Athletes no longer eligible whose bib was taken away (renumbering only). */
  cleared: Type.Integer(),
  /** Rows whose bib actually changed. */
  changed: Type.Integer(),
  blocks: Type.Array(BibBlockVO),
});
export type BibAssignResult = Static<typeof BibAssignResult>;

export const BIB_SORT_KEYS = ['bib', 'name', 'delegation', 'group'] as const;
export type BibSortKey = (typeof BIB_SORT_KEYS)[number];

/** `GET /api/v1/competition/meetings/:id/bibs`. */
export const BibPageQuery = Type.Object({
  ...PageQuery.properties,
  ...SortQuery(BIB_SORT_KEYS).properties,
  keywords: Type.Optional(Type.String({ maxLength: 100 })),
  groupId: Type.Optional(Id),
  delegationId: Type.Optional(Id),
  /** `true`: only athletes without a bib; `false`: only with one. */
  hasBib: Type.Optional(Type.Boolean()),
});
export type BibPageQuery = Static<typeof BibPageQuery>;

/** An athlete in the bib list (approved, submitted, or holding a bib). */
export const BibVO = Type.Object({
  athleteId: Id,
  version: Version,
  bib: Nullable(Type.String()),
  name: Type.String(),
  nameEn: Nullable(Type.String()),
  gender: Literals(['M', 'F'] as const),
  status: Type.String(),
  groupId: Id,
  groupName: Type.String(),
  groupNameEn: Type.String(),
  delegationId: Id,
  delegationName: Type.String(),
  delegationShort: Nullable(Type.String()),
});
export type BibVO = Static<typeof BibVO>;

export const BibPageVO = Type.Object({
  list: Type.Array(BibVO),
  total: Type.Integer(),
  /** The settings of the last numbering (null before the first). */
  settings: Nullable(BibSettings),
  /** The meeting's athletes by state: approved, submitted, and those holding a bib. */
  approved: Type.Integer(),
  submitted: Type.Integer(),
  withBib: Type.Integer(),
});
export type BibPageVO = Static<typeof BibPageVO>;

/** Bibs as printed: digits and letters, optionally with a hyphen (`A-12`). */
export const BIB_PATTERN = '^[0-9A-Za-z][0-9A-Za-z-]{0,9}$';

/** `PUT /api/v1/competition/meetings/:id/bibs`: change one athlete's bib by hand (null removes it). */
export const BibUpdateBody = Type.Object({
  athleteId: Id,
  bib: Nullable(Type.String({ maxLength: 10, pattern: BIB_PATTERN })),
  version: Version,
});
export type BibUpdateBody = Static<typeof BibUpdateBody>;

// ─── Schedule ───────────────────────────────────────────────────────────────────────────

/** A session of the timetable: a morning or an afternoon of one day. */
export const SessionVO = Type.Object({
  id: Id,
  version: Version,
  meetingId: Id,
  name: Type.String(),
  nameEn: Type.String(),
  /** The day in the meeting's time zone. */
  day: Type.String(),
  startsAt: Timestamp,
  endsAt: Nullable(Timestamp),
  sort: Type.Integer(),
  /** Rounds scheduled in it. */
  rounds: Type.Integer(),
});
export type SessionVO = Static<typeof SessionVO>;

/** The day is the start's day in the meeting's time zone; the end (if any) comes after the start. */
const SessionFields = {
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  startsAt: Instant,
  endsAt: Type.Optional(Nullable(Instant)),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
};
export const SessionBody = Type.Object(SessionFields);
export type SessionBody = Static<typeof SessionBody>;
export const SessionUpdateBody = Type.Object({ ...SessionFields, version: Version });
export type SessionUpdateBody = Static<typeof SessionUpdateBody>;
export const SessionDeleteQuery = Type.Object({ version: Type.Optional(Version) });
export type SessionDeleteQuery = Static<typeof SessionDeleteQuery>;

/** One planned round of a group item in the timetable. */
export const TimetableRoundVO = Type.Object({
  roundId: Id,
  version: Version,
  groupItemId: Id,
  groupId: Id,
  groupName: Type.String(),
  groupNameEn: Type.String(),
  gender: Literals(GENDER_LIST),
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  kind: Literals(ITEM_KIND_LIST),
  index: Type.Integer(),
  name: Literals(['heats', 'semi', 'final', 'qualification'] as const),
  /** How many rounds the group item has. */
  roundCount: Type.Integer(),
  sessionId: Nullable(Id),
  scheduledAt: Nullable(Timestamp),
  heats: Type.Integer(),
  starts: Type.Integer(),
  entries: Type.Integer(),
  status: Literals(['draft', 'set', 'official'] as const),
});
export type TimetableRoundVO = Static<typeof TimetableRoundVO>;

export const TimetableVO = Type.Object({
  timeZone: Type.String(),
  sessions: Type.Array(SessionVO),
  /** By time (unscheduled last), then the meeting's event order and round order. */
  rounds: Type.Array(TimetableRoundVO),
});
export type TimetableVO = Static<typeof TimetableVO>;

/**
 * `PUT /api/v1/competition/rounds/:id/schedule`: a field left out stays as it is, null clears it.
 * A round with a session starts within it; a later round of the same event starts after the
 * earlier ones.
 */
export const RoundScheduleBody = Type.Object({
  version: Version,
  sessionId: Type.Optional(Nullable(Id)),
  scheduledAt: Type.Optional(Nullable(Instant)),
});
export type RoundScheduleBody = Static<typeof RoundScheduleBody>;

export const RoundScheduleVO = Type.Object({
  id: Id,
  version: Version,
  sessionId: Nullable(Id),
  scheduledAt: Nullable(Timestamp),
});
export type RoundScheduleVO = Static<typeof RoundScheduleVO>;
