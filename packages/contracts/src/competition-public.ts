/**
 * Contracts of competition/public (issue 6): what anyone may read of a meeting's competition —
 * published start lists, official results, team scores, an athlete's card — on the public
 * detail, group item, track result and athlete pages (desktop and h5). No sign-in; only
 * meetings whose lists are public.
 */
import { type Static, Type } from 'typebox';
import { EventVO, HEAT_STATUS_LIST, HeatVO, ROUND_NAME_LIST, StartVO } from './competition.js';
import { Nullable } from './helpers.js';
import { GENDER_LIST, ITEM_KIND_LIST, RESULT_FORMAT_LIST } from './meeting.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Literals = <const T extends string>(values: readonly T[]) => Type.Enum(values);

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

/** One official heat with its round and event (the latest results, newest first). */
export const PublicLatestHeatVO = Type.Object({
  roundId: Id,
  roundIndex: Type.Integer(),
  roundName: Literals(ROUND_NAME_LIST),
  /** Heats in the round (published ones): "heat 2 of 3". */
  roundHeats: Type.Integer(),
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
