import { integer, timestamp } from 'drizzle-orm/pg-core';

/** The creation time, for tables whose rows are written once (logs, links, files). */
export const createdAt = { createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow() };

/** Columns most tables carry: creation and update times, and the optimistic-locking version. */
export const timestamps = {
  ...createdAt,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The optimistic-locking version of an editable row. */
export const version = { version: integer('version').notNull().default(1) };
