import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/app.js';
import { preparedSql, rowsOf } from './sql.js';

/** `preparedSql`: text built once, values filled on each call, a named statement on PostgreSQL. */
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const doubled = preparedSql<{ n: number; s: string | null }, { n: number; s: string | null }>(
  'test_sql_doubled',
  sql`select ${sql.placeholder('n')}::int * 2 as n, ${sql.placeholder('s')}::text || ${sql.placeholder('s')}::text as s`,
);

describe('preparedSql', () => {
  it('fills its placeholders on every call, and PostgreSQL keeps it prepared under its name', async () => {
    await database.db.transaction(async (tx) => {
      expect(await doubled(tx, { n: 2, s: 'a' })).toEqual([{ n: 4, s: 'aa' }]);
      expect(await doubled(tx, { n: 5, s: null })).toEqual([{ n: 10, s: null }]);
      // Prepared statements are per connection: the transaction's is the one that ran it.
      const names = (
        await rowsOf<{ name: string }>(tx.execute(sql`select name from pg_prepared_statements order by name`))
      ).map((r) => r.name);
      if (database.kind === 'postgres') expect(names).toEqual(['test_sql_doubled']);
      else expect(names).not.toContain('test_sql_doubled');
    });
    // Outside a transaction too (a pooled connection), with the same answers.
    expect(await doubled(database.db, { n: -1, s: '' })).toEqual([{ n: -2, s: '' }]);
  });

  it('refuses a second statement under a name already given', () => {
    expect(() => preparedSql('test_sql_doubled', sql`select 1`)).toThrow(/defined twice/);
  });
});
