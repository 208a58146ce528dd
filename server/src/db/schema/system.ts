import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps, version } from './columns.js';

export const dept = pgTable('sys_dept', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  code: text('code'),
  sort: integer('sort').notNull().default(0),
  status: smallint('status').notNull().default(1),
  ...version,
  ...timestamps,
});

export const user = pgTable(
  'sys_user',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    nickname: text('nickname').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    userType: smallint('user_type').notNull(),
    deptId: integer('dept_id').references(() => dept.id, { onDelete: 'set null' }),
    gender: smallint('gender').notNull().default(0),
    mobile: text('mobile'),
    email: text('email'),
    avatar: text('avatar'),
    status: smallint('status').notNull().default(1),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('sys_user_username_uq').on(sql`lower(${t.username})`)],
);

/** The user a row belongs to: deleting the user deletes the row. */
export const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const role = pgTable('sys_role', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  /** 1 all, 2 department and below, 3 own department, 4 self. */
  dataScope: smallint('data_scope').notNull().default(4),
  sort: integer('sort').notNull().default(0),
  status: smallint('status').notNull().default(1),
  ...version,
  ...timestamps,
});

export const userRole = pgTable(
  'sys_user_role',
  {
    userId: userRef(),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Menus: catalogues (C), pages (M) and buttons (B) carrying routes and permission strings. */
export const menu = pgTable(
  'sys_menu',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    type: text('type', { enum: ['C', 'M', 'B'] }).notNull(),
    routeName: text('route_name'),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull().default(''),
    path: text('path'),
    component: text('component'),
    redirect: text('redirect'),
    icon: text('icon'),
    perm: text('perm'),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    keepAlive: boolean('keep_alive').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    params: jsonb('params').$type<Record<string, string> | null>(),
    ...version,
    ...timestamps,
  },
  (t) => [index('sys_menu_parent_idx').on(t.parentId)],
);

export const roleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menu.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const dict = pgTable('sys_dict', {
  id: serial('id').primaryKey(),
  dictCode: text('dict_code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  status: smallint('status').notNull().default(1),
  remark: text('remark'),
  ...version,
  ...timestamps,
});

export const dictData = pgTable(
  'sys_dict_data',
  {
    id: serial('id').primaryKey(),
    dictId: integer('dict_id')
      .notNull()
      .references(() => dict.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    label: text('label').notNull(),
    labelEn: text('label_en').notNull().default(''),
    tagType: text('tag_type'),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('sys_dict_data_value_uq').on(t.dictId, t.value)],
);

/** Secrets generated on first start (JWT secret, SM2 key pair), shared by every instance. */
export const secret = pgTable('sys_secret', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...createdAt,
});

export const captcha = pgTable('auth_captcha', {
  key: text('key').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One row per sign-in (a refresh-token family). Access tokens name it; logout revokes it. */
export const session = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    refreshJti: text('refresh_jti').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...createdAt,
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const loginLog = pgTable(
  'sys_login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    success: boolean('success').notNull(),
    code: text('code').notNull(),
    ...createdAt,
  },
  (t) => [index('sys_login_log_created_idx').on(t.createdAt)],
);

/** Operation log: every write through the API. Append-only: no route edits or deletes it. */
export const oplog = pgTable(
  'sys_oplog',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    username: text('username'),
    userType: smallint('user_type'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    module: text('module').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    status: integer('status').notNull(),
    code: text('code'),
    durationMs: integer('duration_ms').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ...createdAt,
  },
  (t) => [index('sys_oplog_created_idx').on(t.createdAt), index('sys_oplog_module_idx').on(t.module)],
);
