import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns most tables carry: creation and update times, and the optimistic-locking version. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const version = { version: integer('version').notNull().default(1) };
