/**
 * Contracts of competition/scores (issue 6): team points by each group item's scoring table,
 * the medal table and meeting records. Read by the committee's page and the public pages.
 */
import { type Static, type TSchema, Type } from 'typebox';

const Nullable = <T extends TSchema>(s: T) => Type.Union([Type.Null(), s]);
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
