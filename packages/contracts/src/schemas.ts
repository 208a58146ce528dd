import { type Static, type TSchema, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Id } from './scalars.js';

/** The response envelope of every JSON answer (spec §3). */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ code: Type.String(), data, msg: Type.String() });

export const ErrorEnvelope = Type.Object({ code: Type.String(), data: Type.Null(), msg: Type.String() });

export const PageQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
});

export const Page = <T extends TSchema>(item: T) => Type.Object({ list: Type.Array(item), total: Type.Integer() });

export const CaptchaResult = Type.Object({ captchaKey: Type.String(), captchaBase64: Type.String() });
export type CaptchaResult = Static<typeof CaptchaResult>;

export const PublicKeyResult = Type.Object({ publicKey: Type.String() });

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 2048 }),
  password: Type.String({ minLength: 1, maxLength: 2048 }),
  captchaKey: Type.String({ maxLength: 64 }),
  captchaCode: Type.String({ maxLength: 16 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginResult = Type.Object({
  tokenType: Type.Literal('Bearer'),
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresIn: Type.Integer({ description: 'Seconds until the access token expires' }),
});
export type LoginResult = Static<typeof LoginResult>;

export const UserInfo = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  avatar: Nullable(Type.String()),
  userType: Type.Integer(),
  deptId: Nullable(Type.Integer()),
  roles: Type.Array(Type.String()),
  perms: Type.Array(Type.String()),
});
export type UserInfo = Static<typeof UserInfo>;

export const RouteMeta = Type.Object({
  title: Type.String(),
  titleEn: Type.String(),
  icon: Nullable(Type.String()),
  hidden: Type.Boolean(),
  keepAlive: Type.Boolean(),
  alwaysShow: Type.Boolean(),
  params: Nullable(Type.Record(Type.String(), Type.String())),
});

export interface RouteVO {
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  meta: Static<typeof RouteMeta>;
  children: RouteVO[];
}

export const RouteVO = Type.Cyclic(
  {
    RouteVO: Type.Object({
      path: Type.String(),
      name: Type.String(),
      component: Type.String(),
      redirect: Nullable(Type.String()),
      meta: RouteMeta,
      children: Type.Array(Type.Ref('RouteVO')),
    }),
  },
  'RouteVO',
);

export const DictItem = Type.Object({
  value: Type.String(),
  label: Type.String(),
  labelEn: Type.String(),
  tagType: Nullable(Type.String()),
});
export const DictVO = Type.Object({
  name: Type.String(),
  nameEn: Type.String(),
  dictCode: Type.String(),
  dictDataList: Type.Array(DictItem),
});
export type DictVO = Static<typeof DictVO>;

/** Sorting: the key is one of a route's allow-listed names, the direction a literal. */
export const SortQuery = <K extends string>(keys: readonly K[]) =>
  Type.Object({
    // Unsafe keeps the same JSON schema (an enum of literals) but gives the static type K:
    // a union over a mapped array would type as `never`.
    sortKey: Type.Optional(Type.Unsafe<K>(Type.Union(keys.map((k) => Type.Literal(k))))),
    sortDir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  });

/** One problem found in an imported row (row numbers as the spreadsheet shows them). */
export const ImportRowError = Type.Object({ row: Type.Integer(), field: Type.String(), message: Type.String() });

/**
 * How an import runs: `all-or-nothing` (one bad row and nothing is written), `valid-only` (the
 * good rows are written), `preview` (everything is checked as for a real import, nothing is
 * written; the answer carries `sheet` and `creates` for the user to look at first).
 */
export const IMPORT_MODES = ['all-or-nothing', 'valid-only', 'preview'] as const;
// Unsafe keeps the JSON schema (a union of the literals) with the static type of the list: a
// union over a mapped array types as `never`.
export const ImportMode = Type.Unsafe<(typeof IMPORT_MODES)[number]>(
  Type.Union(IMPORT_MODES.map((m) => Type.Literal(m))),
);
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A field an import can fill (the choices of the column re-map). */
export const ImportFieldVO = Type.Object({
  key: Type.String(),
  /** Its title in the request's language. */
  label: Type.String(),
  required: Type.Boolean(),
});
export type ImportFieldVO = Static<typeof ImportFieldVO>;

/** One column of an imported sheet as the import understood it. */
export const ImportColumnVO = Type.Object({
  /** 0-based column index in the sheet (A = 0); the key of the `mapping` form field. */
  index: Type.Integer(),
  /** The header as written (the rows of a merged two-row header joined with a space). */
  header: Type.String(),
  /** The field the column fills, or null when it is left out. */
  key: Type.Union([Type.String(), Type.Null()]),
  /** How: the header is the field's title or key, one of its synonyms, the user's choice, or none. */
  by: Type.Union([Type.Literal('title'), Type.Literal('synonym'), Type.Literal('user'), Type.Literal('none')]),
});
export type ImportColumnVO = Static<typeof ImportColumnVO>;

/** The sheet as read: where its header is, its columns, and its first rows as text. */
export const ImportSheetVO = Type.Object({
  /** The spreadsheet row number of the (last) header row; rows above it are titles. */
  headerRow: Type.Integer(),
  columns: Type.Array(ImportColumnVO),
  fields: Type.Array(ImportFieldVO),
  /** The first rows (at most 200), values by field key, as normalised for the import. */
  rows: Type.Array(Type.Object({ row: Type.Integer(), values: Type.Record(Type.String(), Type.String()) })),
});
export type ImportSheetVO = Static<typeof ImportSheetVO>;

/** The answer of every import: what was read, what was wrong, what was written. */
export const ImportReport = Type.Object({
  total: Type.Integer(),
  valid: Type.Integer(),
  invalid: Type.Integer(),
  imported: Type.Integer(),
  errors: Type.Array(ImportRowError),
  /** Text files: the encoding the file was read in (`utf-8`, `utf-16le`, `gb18030`, `windows-1252`…). */
  encoding: Type.Optional(Type.String()),
  /** Spreadsheets: how the sheet was understood (always in a preview). */
  sheet: Type.Optional(ImportSheetVO),
  /** What the import writes (or would write, in a preview): e.g. athletes 12, entries 20. */
  creates: Type.Optional(Type.Array(Type.Object({ what: Type.String(), label: Type.String(), count: Type.Integer() }))),
  /** Things the user should know that are not errors (an ignored column, a guessed date). */
  notices: Type.Optional(Type.Array(Type.String())),
  /**
   * The users import: the password generated for each user imported without one, to hand out.
   * Answered this once (never stored in clear, never logged); absent in a preview.
   */
  passwords: Type.Optional(
    Type.Array(Type.Object({ row: Type.Integer(), username: Type.String(), password: Type.String() })),
  ),
});
export type ImportReport = Static<typeof ImportReport>;

/** Ids in a path such as `/users/1,2,3`. */
export const IdList = Type.String({ pattern: '^\\d{1,10}(,\\d{1,10}){0,499}$' });

// ─── Shared by several modules ──────────────────────────────────────────────────────────

/** A row's id in a path (`/users/:id`, `/roles/:id`…). */
export const IdParams = Type.Object({ id: Id });
/** The same `{ id }` path parameters, as the meeting-side modules (meetings, items, groups…) name them. */
export const MeetingIdParams = Type.Object({ id: Id });
export const MeetingIdQuery = Type.Object({ meetingId: Id });
export type MeetingIdQuery = Static<typeof MeetingIdQuery>;
/**
 * `mode=valid-only` writes the good rows of an import and reports the others; `preview` checks
 * everything and writes nothing; default all-or-nothing.
 */
export const ImportModeQuery = Type.Object({ mode: Type.Optional(ImportMode) });
export type ImportModeQuery = Static<typeof ImportModeQuery>;

/** 1 enabled, 0 disabled. */
export const StatusValue = Type.Integer({ minimum: 0, maximum: 1 });
/** `2025-03-01` or an ISO date-time; a date-only end bound includes that whole day. */
export const DateBound = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
});
/** A list's filter on when its rows were made (users, logs). */
export const CreatedBetween = {
  createTimeStart: Type.Optional(DateBound),
  createTimeEnd: Type.Optional(DateBound),
};

/** A flat picker option. */
export const OptionVO = Type.Object({ value: Type.Integer(), label: Type.String(), labelEn: Type.String() });
export type OptionVO = Static<typeof OptionVO>;

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
