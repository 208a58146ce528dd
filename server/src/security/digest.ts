import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';

/**
 * A fingerprint of every table in the current schema: table name → md5 of all its rows, each
 * row as text, in primary-key order (whole-row order for a table without a primary key). Two
 * digests taken around a request that must change nothing are compared with `changedTables`.
 * `skip`: tables left out (logs that every request may append to, and that grow with a long run).
 */
export async function databaseDigest(db: DbOrTx, skip?: ReadonlySet<string>): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string; pk: string[] | null }>(
    db.execute(sql`
      select c.relname as name,
             (select array_agg(a.attname::text order by k.ord)
                from pg_index i
                cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
               where i.indrelid = c.oid and i.indisprimary) as pk
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname = current_schema()
       order by c.relname`),
  );
  // One statement for all the tables (a digest is taken after every batch of a long property run).
  const parts = tables
    .filter(({ name }) => !skip?.has(name))
    .map(({ name, pk }) => {
      const order = pk?.length
        ? sql.join(
            pk.map((col) => sql`t.${sql.identifier(col)}`),
            sql`, `,
          )
        : sql`t::text`;
      return sql`select ${name}::text as name, md5(coalesce(string_agg(t::text, E'\n' order by ${order}), '')) as hash from ${sql.identifier(name)} t`;
    });
  if (!parts.length) return {};
  const rows = await rowsOf<{ name: string; hash: string }>(db.execute(sql.join(parts, sql` union all `)));
  return Object.fromEntries(rows.map((r) => [r.name, r.hash ?? '']));
}

/** The tables whose digest differs between two snapshots (added or dropped tables included). */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
