import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors.js';

/**
 * Optimistic locking: every edit form sends the `version` it loaded; the update matches it
 * and bumps it. No row updated means someone else saved first (A0409) or the row is gone.
 */
export function sameVersion(table: { id: PgColumn; version: PgColumn }, id: number, version: number): SQL {
  return and(eq(table.id, id), eq(table.version, version))!;
}

export function nextVersion(table: { version: PgColumn }) {
  return { version: sql<number>`${table.version} + 1`, updatedAt: new Date() };
}

/** After a versioned update matched nothing: say which of the two it was. */
export async function staleOrMissing(stillExists: Promise<unknown[]>): Promise<never> {
  throw new AppError((await stillExists).length ? 'A0409' : 'A0404');
}
