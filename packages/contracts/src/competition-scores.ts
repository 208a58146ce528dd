/**
 * Contracts of competition/scores (issue 6): team points by each group item's scoring table,
 * the medal table and meeting records. Read by the committee's page and the public pages.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A delegation's points and medals (official final results only), best first. */
export const TeamScoreVO = Type.Object({
  rank: Type.Integer(),
  delegationId: Id,
  delegationName: Type.String(),
  delegationShort: Nullable(Type.String()),
  points: Type.Number(),
  gold: Type.Integer(),
  silver: Type.Integer(),
  bronze: Type.Integer(),
});
export type TeamScoreVO = Static<typeof TeamScoreVO>;

/** Team points and the medal table of a meeting (optionally one group's). */
export const TeamScoresVO = Type.Object({
  meetingId: Id,
  groupId: Nullable(Id),
  /** Ranked by points (ties share the rank). */
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
