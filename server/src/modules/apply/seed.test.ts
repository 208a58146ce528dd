import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.js';
import { seedIfEmpty } from '../../db/seed/index.js';
import { openTestDatabase, useTestApp } from '../../test/app.js';
import { code, data } from '../meetings/testkit.js';
import { asDelegation, count, demoDelegations } from './testkit.js';

/** The demo registrations: seeded through the apply rules outside tests, and never under test. */
describe('registration seed', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const rows = async (table: string, where = 'true') => {
    const res = (await database.db.execute(
      sql.raw(`select count(*)::int as n from ${table} where ${where}`),
    )) as unknown as { rows: { n: number }[] };
    return Number(res.rows[0]!.n);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await runMigrations(database);
    await seedIfEmpty(database.db, { adminPassword: 'Secret-123' });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('registers and approves six more schools for the competition (delegations 5-10)', async () => {
    const d = (await database.db.execute(sql.raw('select id from meet_delegation order by id'))) as unknown as {
      rows: { id: number }[];
    };
    const later = d.rows.slice(4).map((r) => Number(r.id));
    expect(later).toHaveLength(6);
    const inLater = `delegation_id in (${later.join(', ')})`;
    expect(await rows('reg_athlete', inLater)).toBeGreaterThan(0);
    expect(await rows('reg_athlete', `${inLater} and status <> 'approved'`)).toBe(0);
    expect(await rows('reg_entry', `${inLater} and status <> 'approved'`)).toBe(0);
  });

  it('enrols the first two delegations, part approved, part submitted, one draft; the others stay empty', async () => {
    const d = (await database.db.execute(sql.raw('select id from meet_delegation order by id'))) as unknown as {
      rows: { id: number }[];
    };
    const [d1, d2, d3, d4] = d.rows.map((r) => Number(r.id));
    expect(await rows('reg_athlete', `delegation_id = ${d1}`)).toBe(6);
    expect(await rows('reg_athlete', `delegation_id = ${d1} and status = 'approved'`)).toBe(3);
    expect(await rows('reg_athlete', `delegation_id = ${d1} and status = 'submitted'`)).toBe(3);
    expect(await rows('reg_coach', `delegation_id = ${d1}`)).toBe(2);
    expect(await rows('reg_relay_team', `delegation_id = ${d1} and status = 'submitted'`)).toBe(1);
    const first2 = `(${d1}, ${d2})`;
    const teamsOfFirst2 = `relay_team_id in (select id from reg_relay_team where delegation_id in ${first2})`;
    expect(await rows('reg_relay_member', `leg is not null and ${teamsOfFirst2}`)).toBe(4);
    expect(await rows('reg_entry', `delegation_id = ${d1}`)).toBe(10);
    expect(await rows('reg_athlete', `delegation_id = ${d2}`)).toBe(3);
    expect(await rows('reg_athlete', `delegation_id = ${d2} and status = 'draft'`)).toBe(1);
    expect(await rows('meet_delegation', `id in (${d1}, ${d2}) and status = 'submitted'`)).toBe(2);
    expect(await rows('reg_athlete', `delegation_id in (${d3}, ${d4})`)).toBe(0);
    expect(await rows('reg_coach', `delegation_id in (${d3}, ${d4})`)).toBe(0);
    const athletesOfFirst2 = `(select id from reg_athlete where delegation_id in ${first2})`;
    const coachesOfFirst2 = `(select id from reg_coach where delegation_id in ${first2})`;
    expect(
      await rows(
        'reg_audit_decision',
        `decision = 'approve' and ((entity = 'athlete' and entity_id in ${athletesOfFirst2})
          or (entity = 'coach' and entity_id in ${coachesOfFirst2}))`,
      ),
    ).toBe(4);
    // Every record went through the service: its history is there.
    expect(
      await rows('reg_record_history', `entity = 'athlete' and before is null and entity_id in ${athletesOfFirst2}`),
    ).toBe(9);
    expect(
      await rows(
        'sys_user',
        `username like 'dlg-%' and id in (select user_id from meet_delegation where id in ${first2})`,
      ),
    ).toBe(2);
  });
});

describe('seed of the test app', () => {
  const t = useTestApp();

  it('has no registrations, so the suites count from zero; a newcomer delegation starts empty', async () => {
    expect(await count(t, 'reg_athlete')).toBe(0);
    const d3 = await asDelegation(t, (await demoDelegations(t))[2]!.id);
    const summary = await d3.get('/api/v1/apply/summary');
    expect(code(summary)).toBe('00000');
    expect(data<{ counts: { athletes: number } }>(summary).counts.athletes).toBe(0);
  });
});
