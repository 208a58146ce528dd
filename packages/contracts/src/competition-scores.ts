/**
 * Contracts of competition/scores (issue 6): team points by each group item's scoring table,
 * the medal table and meeting records. Read by the committee's page and the public pages.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Id } from './scalars.js';

/**
 * Team-scoring options as a meeting's 竞赛规程 writes them (issue 23, "Missing"), kept on the
 * meeting and optionally overridden by a group. The points per place stay each group item's
 * scoring table (9-7-6-5-4-3-2-1 by default).
 */
export const TeamScoringOptions = Type.Object(
  {
    /** 接力项目加倍计分: relays score the places' points twice. */
    relayDouble: Type.Boolean(),
    /** 破纪录加分: points added to the team of an athlete (relay team) who sets a meeting record (0: none). */
    recordBonus: Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.5 }),
    /** 减一录取: with N starters at or below the places scored, score N−1 places. */
    minusOne: Type.Boolean(),
    /** Ties in the team table broken by the number of firsts, then seconds, … (false: shared rank). */
    tieByPlaces: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type TeamScoringOptions = Static<typeof TeamScoringOptions>;

/** The options a meeting starts with: none of the conventions (the points table alone). */
export const TEAM_SCORING_DEFAULTS: TeamScoringOptions = {
  relayDouble: false,
  recordBonus: 0,
  minusOne: false,
  tieByPlaces: false,
};

/** `PUT /competition/meetings/:id/team-scoring`: the meeting's options, or a group's (null: the group follows the meeting). */
export const TeamScoringBody = Type.Object(
  { groupId: Type.Optional(Nullable(Id)), options: Nullable(TeamScoringOptions) },
  { additionalProperties: false },
);
export type TeamScoringBody = Static<typeof TeamScoringBody>;

/** 体育道德风尚奖: a delegation the committee awarded, with its note. */
export const SportsmanshipAward = Type.Object(
  { delegationId: Id, note: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type SportsmanshipAward = Static<typeof SportsmanshipAward>;

/** `PUT /competition/meetings/:id/sportsmanship`: the whole list of awarded delegations. */
export const SportsmanshipBody = Type.Object(
  { awards: Type.Array(SportsmanshipAward, { maxItems: 200 }) },
  { additionalProperties: false },
);
export type SportsmanshipBody = Static<typeof SportsmanshipBody>;

/** An awarded delegation as shown. */
export const SportsmanshipVO = Type.Object({
  delegationId: Id,
  delegationName: Type.String(),
  delegationShort: Nullable(Type.String()),
  note: Type.String(),
});
export type SportsmanshipVO = Static<typeof SportsmanshipVO>;

/** A delegation's points and medals (official final results only), best first. */
export const TeamScoreVO = Type.Object({
  rank: Type.Integer(),
  delegationId: Id,
  delegationName: Type.String(),
  delegationShort: Nullable(Type.String()),
  points: Type.Number(),
  /** Of `points`, the record-break bonus (0 without the option). */
  bonus: Type.Number(),
  /** How many firsts, seconds, … (index 0 = firsts), to the longest scoring table: the tie-break. */
  places: Type.Array(Type.Integer()),
  gold: Type.Integer(),
  silver: Type.Integer(),
  bronze: Type.Integer(),
});
export type TeamScoreVO = Static<typeof TeamScoreVO>;

/** Team points and the medal table of a meeting (optionally one group's). */
export const TeamScoresVO = Type.Object({
  meetingId: Id,
  groupId: Nullable(Id),
  /** The options in force for this table (the group's, else the meeting's). */
  options: TeamScoringOptions,
  /** The points-per-place lists of the scored events, each once (`9-7-6-5-4-3-2-1`). */
  tables: Type.Array(Type.Array(Type.Number())),
  /** 体育道德风尚奖, recorded by the committee. */
  sportsmanship: Type.Array(SportsmanshipVO),
  /** Ranked by points (ties share the rank, or go by firsts, seconds, … with `tieByPlaces`). */
  points: Type.Array(TeamScoreVO),
  /** Ranked by gold, then silver, then bronze (ties share the rank). */
  medals: Type.Array(TeamScoreVO),
  /** Group items with official final results, of all group items. */
  finished: Type.Integer(),
  events: Type.Integer(),
});
export type TeamScoresVO = Static<typeof TeamScoresVO>;

/** `GET /competition/meetings/:id/scores?groupId=`: one group's table (all groups when left out). */
export const TeamScoresQuery = Type.Object({ groupId: Type.Optional(Id) }, { additionalProperties: false });
export type TeamScoresQuery = Static<typeof TeamScoresQuery>;

/** The kinds of record kept per group item: the meeting record. */
export const RECORD_KIND_LIST = ['MR'] as const;

/** A meeting record of a group item, with the event it belongs to. */
export const RecordVO = Type.Object({
  id: Id,
  version: Type.Integer(),
  meetingId: Id,
  groupItemId: Id,
  kind: Type.String(),
  groupId: Id,
  groupName: Type.String(),
  groupNameEn: Type.String(),
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  resultFormat: Type.String(),
  windMeasured: Type.Boolean(),
  /** The mark as shown (`10.85`, `1:58.30`, `6.52`). */
  mark: Type.String(),
  /** Seconds, metres or points. */
  value: Type.Number(),
  holder: Type.String(),
  delegationName: Nullable(Type.String()),
  year: Nullable(Type.Integer()),
  wind: Nullable(Type.Number()),
  /** The result of this meeting that set it (null: entered by hand). */
  startId: Nullable(Id),
  updatedAt: Type.String({ description: 'ISO 8601' }),
});
export type RecordVO = Static<typeof RecordVO>;

const RecordFields = {
  /** In the item's result format (`10.85`, `1:58.30`, `6.52`, `5120`). */
  mark: Type.String({ minLength: 1, maxLength: 16 }),
  holder: Type.String({ minLength: 1, maxLength: 64 }),
  delegationName: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  year: Type.Optional(Nullable(Type.Integer({ minimum: 1900, maximum: 2100 }))),
  /** m/s, for wind-measured events (WA TR 29.12: to 0.1 m/s). */
  wind: Type.Optional(Nullable(Type.Number({ minimum: -20, maximum: 20 }))),
};

/** `POST /competition/records`: enter a group item's meeting record. */
export const RecordCreateBody = Type.Object(
  { meetingId: Id, groupItemId: Id, ...RecordFields },
  { additionalProperties: false },
);
export type RecordCreateBody = Static<typeof RecordCreateBody>;

/** `PUT /competition/records/:id`: correct a record (the version loaded). */
export const RecordUpdateBody = Type.Object(
  { version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), ...RecordFields },
  { additionalProperties: false },
);
export type RecordUpdateBody = Static<typeof RecordUpdateBody>;
