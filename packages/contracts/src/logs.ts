/** Contracts of the login and operation logs (server module `logs`). */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Keywords, PlainTimestamp as Timestamp } from './scalars.js';
import { CreatedBetween, PageQuery, SortQuery } from './schemas.js';

const LoginLogFilters = {
  ...SortQuery(['createdAt'] as const).properties,
  keywords: Keywords,
  success: Type.Optional(Type.Boolean()),
  ...CreatedBetween,
};
export const LoginLogQuery = Type.Object({ ...PageQuery.properties, ...LoginLogFilters });
export type LoginLogQuery = Static<typeof LoginLogQuery>;
export const LoginLogExportQuery = Type.Object(LoginLogFilters);
export type LoginLogExportQuery = Static<typeof LoginLogExportQuery>;
export const LoginLogVO = Type.Object({
  id: Type.Integer(),
  userId: Nullable(Type.Integer()),
  username: Type.String(),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  success: Type.Boolean(),
  code: Type.String(),
  createdAt: Timestamp,
});
export type LoginLogVO = Static<typeof LoginLogVO>;

export const OPLOG_SORT_KEYS = ['createdAt', 'durationMs'] as const;
const OplogFilters = {
  ...SortQuery(OPLOG_SORT_KEYS).properties,
  keywords: Keywords,
  module: Type.Optional(Type.String({ maxLength: 50 })),
  method: Type.Optional(
    Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('PATCH'), Type.Literal('DELETE')]),
  ),
  outcome: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('error')])),
  ...CreatedBetween,
};
export const OplogQuery = Type.Object({ ...PageQuery.properties, ...OplogFilters });
export type OplogQuery = Static<typeof OplogQuery>;
export const OplogExportQuery = Type.Object(OplogFilters);
export type OplogExportQuery = Static<typeof OplogExportQuery>;
export const OplogVO = Type.Object({
  id: Type.Integer(),
  userId: Nullable(Type.Integer()),
  username: Nullable(Type.String()),
  userType: Nullable(Type.Integer()),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  method: Type.String(),
  path: Type.String(),
  module: Type.String(),
  action: Type.String(),
  target: Nullable(Type.String()),
  status: Type.Integer(),
  code: Nullable(Type.String()),
  durationMs: Type.Integer(),
  createdAt: Timestamp,
});
export type OplogVO = Static<typeof OplogVO>;
export const OplogDetailVO = Type.Object({
  ...OplogVO.properties,
  before: Type.Unknown({ description: 'The record before the write (JSON), when noted' }),
  after: Type.Unknown({ description: 'The record after the write (JSON), when noted' }),
});
export type OplogDetailVO = Static<typeof OplogDetailVO>;
