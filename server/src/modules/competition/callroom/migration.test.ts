import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../lib/sql.js';
import { useTestApp } from '../../../test/app.js';

/**
 * Migration 0011 on an install seeded before it: its data statements add the CALL_ROOM role and
 * the call-room page with its buttons under Competition, granted as the seed grants them
 * (db/seed/menus.ts), and running them again adds nothing.
 */
const t = useTestApp();
const file = path.resolve(import.meta.dirname, '../../../../drizzle/0011_call_room.sql');
// The statements after the schema changes: those that write rows.
const statements = readFileSync(file, 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => /^(--[^\n]*\n)*INSERT INTO/i.test(s));

async function grants() {
  return rowsOf<{ code: string; what: string }>(
    t.database.db.execute(sql`
      select r.code, coalesce(m.perm, m.route_name) as what from sys_role_menu rm
        join sys_role r on r.id = rm.role_id join sys_menu m on m.id = rm.menu_id
      where m.route_name in ('CompCallRoom') or m.perm like 'comp:callroom:%'
        or (m.route_name = 'Competition' and r.code = 'CALL_ROOM')
      order by 1, 2`),
  );
}

describe('migration 0011 on an install seeded before it', () => {
  it('the seed and the migration grant the same; the migration restores them once', async () => {
    expect(statements).toHaveLength(4);
    const seeded = await grants();
    expect(seeded).toContainEqual({ code: 'CALL_ROOM', what: 'comp:callroom:mark' });
    expect(seeded).toContainEqual({ code: 'COMMITTEE', what: 'comp:callroom:setup' });
    expect(seeded).not.toContainEqual({ code: 'REFEREE', what: 'comp:callroom:setup' });

    // As before the migration: no role, page or buttons of the call room.
    const db = t.database.db;
    await db.execute(sql`delete from sys_menu where route_name = 'CompCallRoom' or perm like 'comp:callroom:%'`);
    await db.execute(sql`delete from sys_role where code = 'CALL_ROOM'`);
    expect(await grants()).toEqual([]);

    for (const s of statements) await db.execute(sql.raw(s));
    expect(await grants()).toEqual(seeded);
    for (const s of statements) await db.execute(sql.raw(s));
    expect(await grants()).toEqual(seeded);
    const [page] = await rowsOf<{ n: number; parent: string }>(
      db.execute(sql`select count(*)::int as n, min(p.route_name) as parent from sys_menu m
        join sys_menu p on p.id = m.parent_id where m.route_name = 'CompCallRoom'`),
    );
    expect(page).toEqual({ n: 1, parent: 'Competition' });
  });
});
