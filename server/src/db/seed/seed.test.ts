import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/app.js';
import { TEMPLATE_SEED } from '../../test/template.js';
import { runMigrations } from '../migrate.js';
import { seedIfEmpty } from './index.js';

type TestDb = Awaited<ReturnType<typeof openTestDatabase>>;

async function seeded(env: 'production' | 'development') {
  const database = await openTestDatabase();
  await runMigrations(database);
  const accounts = await seedIfEmpty(database.db, { adminPassword: null, env, registrations: false });
  return { database, accounts };
}

/** The development seed: the run's template (seeded as in development, `TEMPLATE_SEED`) when there is one. */
async function seededDevelopment() {
  const template = inject('seededTemplate');
  if (!template) return seeded('development');
  expect(TEMPLATE_SEED).not.toHaveProperty('env');
  return { database: await openTestDatabase(template), accounts: null };
}

async function rows(database: TestDb, table: string): Promise<number> {
  const res = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]!.n);
}

async function usernames(database: TestDb): Promise<string[]> {
  const res = (await database.db.execute(sql.raw('select username from sys_user order by username'))) as unknown as {
    rows: { username: string }[];
  };
  return res.rows.map((r) => r.username);
}

/** What a first start seeds: a real deployment gets only what it needs, development the demo too. */
describe('first seed by mode', () => {
  let prod: Awaited<ReturnType<typeof seeded>>;
  let dev: Awaited<ReturnType<typeof seeded>>;
  beforeAll(async () => {
    prod = await seeded('production');
    dev = await seededDevelopment();
  });
  afterAll(async () => {
    await prod.database.drop();
    await dev.database.drop();
  });

  it('production: admin and root with their own printed passwords, no demo meeting, delegations or accounts', async () => {
    const db = prod.database;
    expect(await usernames(db)).toEqual(['admin', 'root']);
    expect(prod.accounts!.map((a) => a.username).sort()).toEqual(['admin', 'root']);
    const [a, r] = prod.accounts!;
    expect(a!.password).toBeTruthy();
    expect(r!.password).toBeTruthy();
    expect(a!.password).not.toBe(r!.password);
    for (const table of [
      'meet_meeting',
      'meet_delegation',
      'meet_group',
      'meet_meeting_admin',
      'meet_area_user',
      'comp_official',
      'base_customer',
      'base_area_code',
      'reg_athlete',
    ]) {
      expect([table, await rows(db, table)]).toEqual([table, 0]);
    }
    const mobiles = (await db.db.execute(
      sql.raw("select count(*)::int as n from sys_user where mobile like '1380000000%' or mobile = '13800000010'"),
    )) as unknown as { rows: { n: number }[] };
    expect(Number(mobiles.rows[0]!.n)).toBe(0);
  });

  it('production: roles, menus, departments, dictionaries, settings and the standard events are there', async () => {
    const db = prod.database;
    for (const table of ['sys_role', 'sys_menu', 'sys_role_menu', 'sys_dept', 'sys_dict', 'sys_dict_data']) {
      expect([table, await rows(db, table)]).toEqual([table, await rows(dev.database, table)]);
    }
    expect(await rows(db, 'sys_config')).toBeGreaterThan(0);
    expect(await rows(db, 'base_item')).toBe(await rows(dev.database, 'base_item'));
    expect(await rows(db, 'base_item')).toBeGreaterThan(40);
    expect(await rows(db, 'base_field')).toBeGreaterThan(0);
    expect(await rows(db, 'meet_nature')).toBe(1);
    const roles = (await db.db.execute(
      sql.raw(`select u.username, r.code from sys_user u join sys_user_role ur on ur.user_id = u.id
        join sys_role r on r.id = ur.role_id order by u.username`),
    )) as unknown as { rows: { username: string; code: string }[] };
    expect(roles.rows).toEqual([
      { username: 'admin', code: 'ADMIN' },
      { username: 'root', code: 'ROOT' },
    ]);
  });

  it('development still seeds the demo meeting, its delegations and the demo accounts', async () => {
    const db = dev.database;
    expect(await usernames(db)).toEqual(['admin', 'committee', 'county', 'referee', 'root']);
    expect(await rows(db, 'meet_meeting')).toBe(1);
    expect(await rows(db, 'meet_delegation')).toBe(4);
    expect(await rows(db, 'meet_meeting_admin')).toBe(1);
    expect(await rows(db, 'base_area_code')).toBeGreaterThan(0);
  });
});

/** The demo meeting is on the server's clock (BATON_TIME_ZONE): its zone, and its day from 08:30 local time. */
describe('the demo meeting on the configured zone', () => {
  const firstEvents = async (database: TestDb) =>
    (
      (await database.db.execute(
        sql.raw(`select m.time_zone as zone, to_char(min(gi.scheduled_at at time zone m.time_zone), 'HH24:MI') as first,
          to_char(max(gi.scheduled_at at time zone m.time_zone), 'HH24:MI') as last
          from meet_meeting m join meet_group g on g.meeting_id = m.id join meet_group_item gi on gi.group_id = g.id
          group by m.time_zone`),
      )) as unknown as { rows: { zone: string; first: string; last: string }[] }
    ).rows;

  it('London: the meeting is on Europe/London, its events 08:30 to 17:00 there', async () => {
    const database = await openTestDatabase();
    try {
      await runMigrations(database);
      await seedIfEmpty(database.db, { adminPassword: null, registrations: false, timeZone: 'Europe/London' });
      const [row] = await firstEvents(database);
      expect(row!.zone).toBe('Europe/London');
      expect(row!.first).toBe('08:30');
      expect(row!.last <= '17:00').toBe(true);
    } finally {
      await database.drop();
    }
  });

  it('unset: China’s clock, the same local times', async () => {
    const { database } = await seededDevelopment();
    try {
      const [row] = await firstEvents(database);
      expect(row).toMatchObject({ zone: 'Asia/Shanghai', first: '08:30' });
    } finally {
      await database.drop();
    }
  });
});
