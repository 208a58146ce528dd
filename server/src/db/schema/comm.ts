import {
  bigserial,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps, version } from './columns.js';
import { user, userRef } from './system.js';

/** PostgreSQL bytea as a Node Buffer (both node-postgres and PGlite hand back bytes). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Verification codes (mobile or email). The code itself is never stored: only an HMAC of it,
 * bound to the target and purpose. Limits are counted over these rows, so every instance agrees.
 */
export const authCode = pgTable(
  'auth_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    target: text('target').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    ...createdAt,
  },
  (t) => [index('auth_code_target_idx').on(t.target, t.createdAt)],
);

/** What the console sender "sent" (development): readable by an administrator. */
export const outbox = pgTable(
  'sys_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    text: text('text').notNull(),
    ...createdAt,
  },
  (t) => [index('sys_outbox_created_idx').on(t.createdAt)],
);

/** Uploaded files, kept in the database so every instance serves them. */
export const file = pgTable(
  'sys_file',
  {
    /** Opaque random id (22 characters of base64url): not guessable, not sequential. */
    id: text('id').primaryKey(),
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    name: text('name').notNull(),
    bytes: bytea('bytes').notNull(),
    ownerId: integer('owner_id').references(() => user.id, { onDelete: 'set null' }),
    ...createdAt,
  },
  (t) => [index('sys_file_owner_idx').on(t.ownerId)],
);

export const notice = pgTable(
  'sys_notice',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    /** Dictionary notice_type: 1 system, 2 meeting announcement, 3 audit result. */
    type: smallint('type').notNull(),
    level: text('level', { enum: ['L', 'M', 'H'] }).notNull(),
    /** 1 all users, 2 roles, 3 chosen users. */
    targetType: smallint('target_type').notNull(),
    targetRoles: text('target_roles').array().notNull().default([]),
    targetUserIds: integer('target_user_ids').array().notNull().default([]),
    /** 0 draft, 1 published, -1 revoked. */
    status: smallint('status').notNull().default(0),
    publisherId: integer('publisher_id').references(() => user.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => user.id, { onDelete: 'set null' }),
    ...version,
    ...timestamps,
  },
  (t) => [index('sys_notice_status_idx').on(t.status, t.publishedAt)],
);

export const noticeRead = pgTable(
  'sys_notice_read',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    userId: userRef(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('sys_notice_read_user_idx').on(t.userId)],
);

/** Page views per day. */
export const visitDay = pgTable('stat_visit_day', {
  day: date('day', { mode: 'string' }).primaryKey(),
  pv: integer('pv').notNull().default(0),
});

/** Unique visitors per day: a keyed hash of ip + user agent + day, never the raw values. */
export const visitor = pgTable(
  'stat_visitor',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);
