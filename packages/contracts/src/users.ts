/** Contracts of the users (server module `users`): the console's list and form, the import, the profile. */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Id, Keywords, Text, PlainTimestamp as Timestamp, Version } from './scalars.js';
import { CreatedBetween, ImportMode, PageQuery, SortQuery, StatusValue } from './schemas.js';

export const USER_SORT_KEYS = ['username', 'nickname', 'createdAt', 'status'] as const;
const UserFilters = {
  ...SortQuery(USER_SORT_KEYS).properties,
  keywords: Keywords,
  status: Type.Optional(StatusValue),
  deptId: Type.Optional(Id),
  ...CreatedBetween,
};
export const UserPageQuery = Type.Object({ ...PageQuery.properties, ...UserFilters });
export type UserPageQuery = Static<typeof UserPageQuery>;
/** The export takes the page's filters without paging. */
export const UserExportQuery = Type.Object(UserFilters);
export type UserExportQuery = Static<typeof UserExportQuery>;

/** What the users page and the user form both answer. */
const UserOut = {
  id: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  gender: Type.Integer(),
  mobile: Nullable(Type.String()),
  email: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  userType: Type.Integer(),
  status: Type.Integer(),
  deptId: Nullable(Type.Integer()),
};
export const UserPageVO = Type.Object({
  ...UserOut,
  deptName: Nullable(Type.String()),
  roleNames: Type.String({ description: 'Role names joined with ", "' }),
  createdAt: Timestamp,
});
export type UserPageVO = Static<typeof UserPageVO>;

export const UserForm = Type.Object({
  ...UserOut,
  roleIds: Type.Array(Type.Integer()),
  version: Type.Integer(),
});
export type UserForm = Static<typeof UserForm>;

export const USERNAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.@-]{1,49}$';
export const MOBILE_PATTERN = '^1\\d{10}$';
export const EMAIL_PATTERN = '^[^\\s@]{1,64}@[^\\s@]{1,185}\\.[^\\s@]{1,63}$';
const Password = Type.String({ minLength: 6, maxLength: 64 });
const UserFields = {
  username: Type.String({ pattern: USERNAME_PATTERN, description: '2-50 letters, digits, _ . @ -' }),
  nickname: Text(50),
  gender: Type.Integer({ minimum: 0, maximum: 2, default: 0, description: '0 unknown, 1 male, 2 female' }),
  mobile: Type.Optional(Nullable(Type.Union([Type.String({ pattern: MOBILE_PATTERN }), Type.Literal('')]))),
  email: Type.Optional(
    Nullable(Type.Union([Type.String({ pattern: EMAIL_PATTERN, maxLength: 254 }), Type.Literal('')])),
  ),
  avatar: Type.Optional(Nullable(Text(300))),
  userType: Type.Integer({
    minimum: 10,
    maximum: 99,
    description: 'A user type code of spec §1 (required, no default); the roles must fit it (roleFitsUserType)',
  }),
  status: Type.Optional(StatusValue),
  deptId: Type.Optional(Nullable(Id)),
  roleIds: Type.Array(Id, { maxItems: 50, default: [] }),
};
export const UserCreateBody = Type.Object({ ...UserFields, password: Password });
export type UserCreateBody = Static<typeof UserCreateBody>;
export const UserUpdateBody = Type.Object({ ...UserFields, version: Version });
export type UserUpdateBody = Static<typeof UserUpdateBody>;

export const PasswordResetQuery = Type.Object({ password: Password });
export const PasswordChangeBody = Type.Object({ oldPassword: Type.String({ maxLength: 64 }), newPassword: Password });
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

export const UserImportQuery = Type.Object({
  deptId: Id,
  /** all-or-nothing (default): any bad row writes nothing; valid-only: the good rows; preview: check, write nothing. */
  mode: Type.Optional(ImportMode),
});
export type UserImportQuery = Static<typeof UserImportQuery>;
/** Column headers of the import template (either language is accepted on import). */
export const USER_IMPORT_COLUMNS = [
  { key: 'username', zh: '用户名', en: 'Username', required: true },
  { key: 'nickname', zh: '昵称', en: 'Nickname', required: false },
  /** Optional: a user imported without one (an export re-imported) signs in once an administrator resets it. */
  { key: 'password', zh: '密码', en: 'Password', required: false },
  { key: 'gender', zh: '性别', en: 'Gender', required: false },
  { key: 'mobile', zh: '手机号码', en: 'Mobile', required: false },
  { key: 'email', zh: '邮箱', en: 'Email', required: false },
  { key: 'userType', zh: '用户类型', en: 'User type', required: false },
  { key: 'roles', zh: '角色编码', en: 'Role codes', required: false },
  { key: 'status', zh: '状态', en: 'Status', required: false },
] as const;

export const ProfileVO = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  gender: Type.Integer(),
  avatar: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  email: Nullable(Type.String()),
  userType: Type.Integer(),
  deptName: Nullable(Type.String()),
  roleNames: Type.String(),
  createdAt: Timestamp,
});
export type ProfileVO = Static<typeof ProfileVO>;
export const ProfileBody = Type.Object({
  nickname: Text(50),
  gender: Type.Integer({ minimum: 0, maximum: 2 }),
  avatar: Type.Optional(Nullable(Text(300))),
});
export type ProfileBody = Static<typeof ProfileBody>;

export const GetUserQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 50 }) });
export const UserBriefVO = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  avatar: Nullable(Type.String()),
  userType: Type.Integer(),
  status: Type.Integer(),
  deptName: Nullable(Type.String()),
});
export type UserBriefVO = Static<typeof UserBriefVO>;
