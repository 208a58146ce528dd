/** Contracts of the roles (server module `roles`) and the menus each holds. */
import { type Static, Type } from 'typebox';
import { Id, Keywords, Sort, Text, PlainTimestamp as Timestamp, Version } from './scalars.js';
import { OptionVO, PageQuery, SortQuery, StatusValue } from './schemas.js';

/** A role picker option: with its code, so a form can offer only the roles that fit a user type. */
export const RoleOptionVO = Type.Object({ ...OptionVO.properties, code: Type.String() });
export type RoleOptionVO = Static<typeof RoleOptionVO>;

export const ROLE_CODE_PATTERN = '^[A-Z][A-Z0-9_]{1,31}$';
export const DATA_SCOPE = { ALL: 1, DEPT_AND_BELOW: 2, DEPT: 3, SELF: 4 } as const;
export const ROLE_SORT_KEYS = ['code', 'name', 'sort', 'createdAt'] as const;
export const RolePageQuery = Type.Object({
  ...PageQuery.properties,
  ...SortQuery(ROLE_SORT_KEYS).properties,
  keywords: Keywords,
  status: Type.Optional(StatusValue),
});
export type RolePageQuery = Static<typeof RolePageQuery>;
const RoleOut = {
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  dataScope: Type.Integer(),
  sort: Type.Integer(),
  status: Type.Integer(),
};
export const RoleVO = Type.Object({
  ...RoleOut,
  userCount: Type.Integer(),
  createdAt: Timestamp,
});
export type RoleVO = Static<typeof RoleVO>;
const RoleFields = {
  code: Type.String({ pattern: ROLE_CODE_PATTERN }),
  name: Text(50, 1),
  nameEn: Type.Optional(Text(50)),
  dataScope: Type.Integer({ minimum: 1, maximum: 4, description: '1 all, 2 dept and below, 3 own dept, 4 self' }),
  sort: Type.Optional(Sort),
  status: Type.Optional(StatusValue),
};
export const RoleBody = Type.Object(RoleFields);
export type RoleBody = Static<typeof RoleBody>;
export const RoleUpdateBody = Type.Object({ ...RoleFields, version: Version });
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;
export const RoleForm = Type.Object({ ...RoleOut, version: Type.Integer() });
export type RoleForm = Static<typeof RoleForm>;
export const RoleMenusBody = Type.Object({ menuIds: Type.Array(Id, { maxItems: 5000 }) });
export type RoleMenusBody = Static<typeof RoleMenusBody>;
