/**
 * Contracts of the system-management console (issue 3, spec §7 "Users", "Menus",
 * "Dictionaries"): users, roles, menus, departments, dictionaries, configuration and logs.
 * Every request body, query and answer the web sends or reads is described here.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Id, Keywords, Sort, Text, Version } from './scalars.js';
import { ImportMode, PageQuery, SortQuery } from './schemas.js';

/** Null first: with Ajv's type coercion, `''` in a nullable text field becomes null, never 0. */

/** 1 enabled, 0 disabled. */
export const StatusValue = Type.Integer({ minimum: 0, maximum: 1 });
/** `2025-03-01` or an ISO date-time; a date-only end bound includes that whole day. */
export const DateBound = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
});
const CreatedBetween = {
  createTimeStart: Type.Optional(DateBound),
  createTimeEnd: Type.Optional(DateBound),
};
/** ISO 8601 timestamps in answers. */
const Timestamp = Type.String();

export const IdParams = Type.Object({ id: Id });

/** A flat picker option. */
export const OptionVO = Type.Object({ value: Type.Integer(), label: Type.String(), labelEn: Type.String() });
export type OptionVO = Static<typeof OptionVO>;
/** A role picker option: with its code, so a form can offer only the roles that fit a user type. */
export const RoleOptionVO = Type.Object({ ...OptionVO.properties, code: Type.String() });
export type RoleOptionVO = Static<typeof RoleOptionVO>;

/** A tree picker option (departments, menus). */
export interface TreeOptionVO {
  value: number;
  label: string;
  labelEn: string;
  children: TreeOptionVO[];
}
export const TreeOptionVO = Type.Cyclic(
  {
    TreeOptionVO: Type.Object({
      value: Type.Integer(),
      label: Type.String(),
      labelEn: Type.String(),
      children: Type.Array(Type.Ref('TreeOptionVO')),
    }),
  },
  'TreeOptionVO',
);

// ─── Users ───────────────────────────────────────────────────────────────────────────────

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

// ─── Roles ───────────────────────────────────────────────────────────────────────────────

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

// ─── Menus ───────────────────────────────────────────────────────────────────────────────

export const MENU_PERM_PATTERN = '^[a-z][a-z0-9-]*(:[a-z0-9-*]+){1,3}$';
export const MenuType = Type.Union([Type.Literal('C'), Type.Literal('M'), Type.Literal('B')], {
  description: 'C catalogue, M page, B button',
});
export const MenuQuery = Type.Object({ keywords: Keywords });
export const MenuOptionsQuery = Type.Object({
  onlyParent: Type.Optional(Type.Boolean({ description: 'Only catalogues and pages (parents a menu can have)' })),
});
const Params = Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 200 }));
const MenuFieldsOut = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  type: MenuType,
  routeName: Nullable(Type.String()),
  title: Type.String(),
  titleEn: Type.String(),
  path: Nullable(Type.String()),
  component: Nullable(Type.String()),
  redirect: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  perm: Nullable(Type.String()),
  sort: Type.Integer(),
  hidden: Type.Boolean(),
  keepAlive: Type.Boolean(),
  alwaysShow: Type.Boolean(),
  params: Nullable(Params),
};
export const MenuForm = Type.Object({ ...MenuFieldsOut, version: Type.Integer() });
export type MenuForm = Static<typeof MenuForm>;
export interface MenuVO extends Omit<MenuForm, 'version'> {
  children: MenuVO[];
}
export const MenuVO = Type.Cyclic(
  { MenuVO: Type.Object({ ...MenuFieldsOut, children: Type.Array(Type.Ref('MenuVO')) }) },
  'MenuVO',
);
const OptText = (max: number) => Type.Optional(Nullable(Text(max)));
const MenuFields = {
  parentId: Type.Optional(Nullable(Id)),
  type: MenuType,
  routeName: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' }))),
  title: Text(50, 1),
  titleEn: Type.Optional(Text(50)),
  path: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9/_:.-]{0,200}$' }))),
  component: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9/_.-]{0,200}$' }))),
  redirect: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9/_:.-]{0,200}$' }))),
  icon: OptText(64),
  perm: Type.Optional(
    Nullable(Type.Union([Type.String({ pattern: MENU_PERM_PATTERN, maxLength: 100 }), Type.Literal('')])),
  ),
  sort: Type.Optional(Sort),
  hidden: Type.Optional(Type.Boolean({ default: false })),
  keepAlive: Type.Optional(Type.Boolean({ default: false })),
  alwaysShow: Type.Optional(Type.Boolean({ default: false })),
  params: Type.Optional(
    Nullable(
      Type.Record(Type.String({ pattern: '^[\\w-]{1,50}$' }), Type.String({ maxLength: 200 }), {
        maxProperties: 20,
        additionalProperties: false,
      }),
    ),
  ),
};
export const MenuBody = Type.Object(MenuFields);
export type MenuBody = Static<typeof MenuBody>;
export const MenuUpdateBody = Type.Object({ ...MenuFields, version: Version });
export type MenuUpdateBody = Static<typeof MenuUpdateBody>;

// ─── Departments ─────────────────────────────────────────────────────────────────────────

export const DeptQuery = Type.Object({ keywords: Keywords, status: Type.Optional(StatusValue) });
const DeptFieldsOut = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  nameEn: Type.String(),
  code: Nullable(Type.String()),
  sort: Type.Integer(),
  status: Type.Integer(),
};
export const DeptForm = Type.Object({ ...DeptFieldsOut, version: Type.Integer() });
export type DeptForm = Static<typeof DeptForm>;
export interface DeptVO extends Omit<DeptForm, 'version'> {
  createdAt: string;
  children: DeptVO[];
}
export const DeptVO = Type.Cyclic(
  { DeptVO: Type.Object({ ...DeptFieldsOut, createdAt: Timestamp, children: Type.Array(Type.Ref('DeptVO')) }) },
  'DeptVO',
);
const DeptFields = {
  parentId: Type.Optional(Nullable(Id)),
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  code: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9_-]{0,32}$' }))),
  sort: Type.Optional(Sort),
  status: Type.Optional(StatusValue),
};
export const DeptBody = Type.Object(DeptFields);
export type DeptBody = Static<typeof DeptBody>;
export const DeptUpdateBody = Type.Object({ ...DeptFields, version: Version });
export type DeptUpdateBody = Static<typeof DeptUpdateBody>;

// ─── Dictionaries ────────────────────────────────────────────────────────────────────────

export const DICT_CODE_PATTERN = '^[a-z][a-z0-9_]{1,49}$';
export const DictPageQuery = Type.Object({
  ...PageQuery.properties,
  keywords: Keywords,
  status: Type.Optional(StatusValue),
});
export type DictPageQuery = Static<typeof DictPageQuery>;
const DictOut = {
  id: Type.Integer(),
  dictCode: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
};
export const DictPageVO = Type.Object({ ...DictOut, createdAt: Timestamp });
export type DictPageVO = Static<typeof DictPageVO>;
export const DictForm = Type.Object({ ...DictOut, version: Type.Integer() });
export type DictForm = Static<typeof DictForm>;
const DictFields = {
  dictCode: Type.String({ pattern: DICT_CODE_PATTERN }),
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
};
export const DictBody = Type.Object(DictFields);
export type DictBody = Static<typeof DictBody>;
export const DictUpdateBody = Type.Object({ ...DictFields, version: Version });
export type DictUpdateBody = Static<typeof DictUpdateBody>;
/** `GET /dict/lista`: every dictionary, for pickers. */
export const DictListaItem = Type.Object({ dictCode: Type.String(), name: Type.String(), nameEn: Type.String() });
export type DictListaItem = Static<typeof DictListaItem>;

export const DictDataPageQuery = Type.Object({
  ...PageQuery.properties,
  dictCode: Type.Optional(Type.String({ pattern: DICT_CODE_PATTERN })),
  keywords: Keywords,
  status: Type.Optional(StatusValue),
});
export type DictDataPageQuery = Static<typeof DictDataPageQuery>;
export const DictDataForm = Type.Object({
  id: Type.Integer(),
  dictCode: Type.String(),
  value: Type.String(),
  label: Type.String(),
  labelEn: Type.String(),
  tagType: Nullable(Type.String()),
  sort: Type.Integer(),
  status: Type.Integer(),
  version: Type.Integer(),
});
export type DictDataForm = Static<typeof DictDataForm>;
export const DictDataVO = Type.Object({ ...DictDataForm.properties, createdAt: Timestamp });
export type DictDataVO = Static<typeof DictDataVO>;
const DictDataFields = {
  dictCode: Type.String({ pattern: DICT_CODE_PATTERN }),
  value: Text(100, 1),
  label: Text(100, 1),
  labelEn: Type.Optional(Text(100)),
  tagType: Type.Optional(
    Nullable(
      Type.Union(
        ['', 'primary', 'success', 'info', 'warning', 'danger'].map((t) => Type.Literal(t)),
        {
          description: 'Tag colour',
        },
      ),
    ),
  ),
  sort: Type.Optional(Sort),
  status: Type.Optional(StatusValue),
};
export const DictDataBody = Type.Object(DictDataFields);
export type DictDataBody = Static<typeof DictDataBody>;
export const DictDataUpdateBody = Type.Object({ ...DictDataFields, version: Version });
export type DictDataUpdateBody = Static<typeof DictDataUpdateBody>;

// ─── System configuration ────────────────────────────────────────────────────────────────

export const CONFIG_KEY_PATTERN = '^[a-zA-Z][\\w.]{1,63}$';
export const ConfigType = Type.Union([
  Type.Literal('string'),
  Type.Literal('number'),
  Type.Literal('boolean'),
  Type.Literal('json'),
]);
export type ConfigType = Static<typeof ConfigType>;
/** Settings the product reads; their key and type are fixed and they cannot be deleted. */
export const BUILTIN_CONFIG = {
  captcha: 'boolean',
  siteTitle: 'string',
  watermarkContent: 'string',
  auditSms: 'boolean',
} as const satisfies Record<string, ConfigType>;
export const ConfigPageQuery = Type.Object({
  ...PageQuery.properties,
  keywords: Keywords,
  type: Type.Optional(ConfigType),
});
export type ConfigPageQuery = Static<typeof ConfigPageQuery>;
export const ConfigForm = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  value: Type.String(),
  type: ConfigType,
  name: Type.String(),
  nameEn: Type.String(),
  remark: Nullable(Type.String()),
  builtin: Type.Boolean({ description: 'A setting the product reads: key and type fixed, not deletable' }),
  version: Type.Integer(),
});
export type ConfigForm = Static<typeof ConfigForm>;
export const ConfigVO = Type.Object({ ...ConfigForm.properties, updatedAt: Timestamp });
export type ConfigVO = Static<typeof ConfigVO>;
const ConfigFields = {
  key: Type.String({ pattern: CONFIG_KEY_PATTERN }),
  value: Type.String({ maxLength: 10_000, description: 'Text checked against the type' }),
  type: ConfigType,
  name: Text(100, 1),
  nameEn: Type.Optional(Text(100)),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
};
export const ConfigBody = Type.Object(ConfigFields);
export type ConfigBody = Static<typeof ConfigBody>;
export const ConfigUpdateBody = Type.Object({ ...ConfigFields, version: Version });
export type ConfigUpdateBody = Static<typeof ConfigUpdateBody>;
/** `GET /api/v1/config/public` (no sign-in): what the web shows before and after login. */
export const PublicConfigVO = Type.Object({
  siteTitle: Type.String(),
  watermarkContent: Type.String(),
  captchaEnabled: Type.Boolean(),
  /** The server's time zone (BATON_TIME_ZONE): a new meeting's clock unless its form says otherwise. */
  timeZone: Type.String(),
});
export type PublicConfigVO = Static<typeof PublicConfigVO>;

// ─── Logs ────────────────────────────────────────────────────────────────────────────────

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
