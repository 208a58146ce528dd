/** Contracts of the track area users and the area apply summary (server module `areas`). */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Count, Id } from './scalars.js';

export const AreaUserVO = Type.Object({
  meetingId: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  userType: Type.Integer(),
  areaCodeId: Type.Integer(),
  areaCode: Type.String(),
  areaName: Type.String(),
  areaNameEn: Type.String(),
});
export type AreaUserVO = Static<typeof AreaUserVO>;
export const AreaUserBody = Type.Object({ meetingId: Id, userId: Id, areaCodeId: Id });
export type AreaUserBody = Static<typeof AreaUserBody>;
/** Users of type county (60) or county sub-unit (70) that can be assigned. */
export const AreaUserOptionVO = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  userType: Type.Integer(),
});

export const AreaSummaryRow = Type.Object({
  areaCodeId: Nullable(Type.Integer()),
  areaCode: Nullable(Type.String()),
  areaName: Nullable(Type.String()),
  areaNameEn: Nullable(Type.String()),
  parentId: Nullable(Type.Integer()),
  delegations: Count,
  athletes: Count,
  coaches: Count,
  entries: Count,
  relayTeams: Count,
  athletesDraft: Count,
  athletesSubmitted: Count,
  athletesApproved: Count,
  athletesReturned: Count,
  /** Reviewed athletes (approved or returned) over submitted-or-reviewed ones, 0..1. */
  auditProgress: Type.Number(),
});
export type AreaSummaryRow = Static<typeof AreaSummaryRow>;
export const AreaSummaryVO = Type.Object({ rows: Type.Array(AreaSummaryRow), total: AreaSummaryRow });
export type AreaSummaryVO = Static<typeof AreaSummaryVO>;
