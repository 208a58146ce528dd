/**
 * Contracts of competition/public (issue 6): what anyone may read of a meeting's competition —
 * published start lists, official results, team scores, an athlete's card — on the public
 * detail, group item, track result and athlete pages (desktop and h5). No sign-in; only
 * meetings whose lists are public.
 */
import { type Static, Type } from 'typebox';
import { EventVO, HEAT_STATUS_LIST, HeatVO, ROUND_NAME_LIST, StartVO } from './competition.js';
import { GENDER_LIST } from './groups.js';
import { Nullable } from './helpers.js';
import { ITEM_KIND_LIST, RESULT_FORMAT_LIST } from './items.js';
import { Id, Literals } from './scalars.js';

/** Official heats in the latest results list (the track result page). */
export const PUBLIC_LATEST_MAX = 20;

/** `?groupItemId=`: one group item of the meeting in the path. */
export const PublicGroupItemQuery = Type.Object({ groupItemId: Id });
export type PublicGroupItemQuery = Static<typeof PublicGroupItemQuery>;

/** `?since=`: only heats made official after this instant (ISO 8601). */
export const PublicLatestQuery = Type.Object({
  since: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})$',
      maxLength: 40,
    }),
  ),
});
export type PublicLatestQuery = Static<typeof PublicLatestQuery>;

/** `?groupId=`: one group's points and medals. */
export const PublicScoresQuery = Type.Object({ groupId: Type.Optional(Id) });
export type PublicScoresQuery = Static<typeof PublicScoresQuery>;

/** `?athleteId=` (the athlete's meeting comes from the path, or from the athlete). */
export const PublicAthleteQuery = Type.Object({ athleteId: Id });
export type PublicAthleteQuery = Static<typeof PublicAthleteQuery>;

/**
 * One published heat with its round and event: an official one in the latest results (newest
 * first), a start list in the next heats (soonest first).
 */
export const PublicLatestHeatVO = Type.Object({
  roundId: Id,
  roundIndex: Type.Integer(),
  roundName: Literals(ROUND_NAME_LIST),
  /** Heats in the round (published ones): "heat 2 of 3". */
  roundHeats: Type.Integer(),
  /** The heat's time, else its round's. */
  scheduledAt: Nullable(Type.String()),
  event: EventVO,
  heat: HeatVO,
});
export type PublicLatestHeatVO = Static<typeof PublicLatestHeatVO>;

/** An athlete's place in a published heat, with the result once the heat is official. */
export const PublicAthleteStartVO = Type.Object({
  roundId: Id,
  roundIndex: Type.Integer(),
  roundName: Literals(ROUND_NAME_LIST),
  heatId: Id,
  heatNumber: Type.Integer(),
  heatStatus: Literals(HEAT_STATUS_LIST),
  scheduledAt: Nullable(Type.String()),
  start: StartVO,
});
export type PublicAthleteStartVO = Static<typeof PublicAthleteStartVO>;

/** An event the athlete is entered in (individually or in a relay team) and their starts in it. */
export const PublicAthleteEntryVO = Type.Object({
  groupItemId: Id,
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  kind: Literals(ITEM_KIND_LIST),
  resultFormat: Literals(RESULT_FORMAT_LIST),
  seedMark: Nullable(Type.String()),
  /** The relay team's letter (null for an individual entry). */
  relayLetter: Nullable(Type.String()),
  /** The relay leg (null: individual entry, or an alternate). */
  leg: Nullable(Type.Integer()),
  starts: Type.Array(PublicAthleteStartVO),
});
export type PublicAthleteEntryVO = Static<typeof PublicAthleteEntryVO>;

/** An athlete's public card: no ID number, no birth date beyond the year. */
export const PublicAthleteVO = Type.Object({
  id: Id,
  meetingId: Id,
  meetingCode: Type.String(),
  meetingName: Type.String(),
  meetingNameEn: Type.String(),
  meetingTimeZone: Type.String(),
  name: Type.String(),
  nameEn: Nullable(Type.String()),
  gender: Literals(['M', 'F'] as const),
  birthYear: Type.Integer(),
  bib: Nullable(Type.String()),
  delegationId: Id,
  delegationName: Type.String(),
  groupId: Id,
  groupName: Type.String(),
  groupNameEn: Type.String(),
  groupGender: Literals(GENDER_LIST),
  entries: Type.Array(PublicAthleteEntryVO),
});
export type PublicAthleteVO = Static<typeof PublicAthleteVO>;

/** Published heats in the next heats (the big screen's start lists). */
export const PUBLIC_NEXT_MAX = 8;
/**
 * How long after its time a published heat still counts as current (a field event lasts an hour
 * or two, and meets run late); older ones left unofficial are no longer "next".
 */
export const PUBLIC_NEXT_LOOKBACK_MINUTES = 180;

/** The meeting a public screen belongs to: its names for the header. */
export const PublicMeetingHeadVO = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  /** The meeting's clock: the screen's clock and heat times are on it. */
  timeZone: Type.String(),
});
export type PublicMeetingHeadVO = Static<typeof PublicMeetingHeadVO>;

/**
 * `GET /public/competition/{id}/next`: the meeting, and its published heats not yet official
 * (start lists, no results) whose time is at most PUBLIC_NEXT_LOOKBACK_MINUTES past or still to
 * come, or unscheduled — soonest first, unscheduled last, at most PUBLIC_NEXT_MAX.
 */
export const PublicNextVO = Type.Object({
  meeting: PublicMeetingHeadVO,
  heats: Type.Array(PublicLatestHeatVO),
});
export type PublicNextVO = Static<typeof PublicNextVO>;
