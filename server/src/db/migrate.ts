import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../lib/paths.js';
import type { Database } from './client.js';

/** Apply the committed migrations. On PostgreSQL an advisory lock keeps instances from racing. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await database.db.transaction(async (tx) => {
    // No DB_STATEMENT_TIMEOUT_MS here: a migration of a large table, or the wait for another
    // instance's migrations, may take longer than any request should.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(738120)`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_DIR });
  });
}
