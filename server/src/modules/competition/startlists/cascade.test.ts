import type { RoundVO } from '@baton/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../lib/sql.js';
import { useTestApp } from '../../../test/app.js';
import type { DemoGroup } from '../../apply/testkit.js';
import { type Client, code, data, signIn } from '../../meetings/testkit.js';
import { seedDemoCompetition } from './testkit.js';

/**
 * `comp_start` keeps foreign keys only on `heat_id`, `entry_id` and `relay_team_id` (migration
 * 0006): its meeting, round, athlete and delegation columns are copies. Whatever is deleted in
 * the database, no start outlives what it belongs to: an entry, an athlete, a relay team, a
 * round, the meeting; and a delegation with starts cannot be deleted at all.
 */
const t = useTestApp();
let committee: Client;
let groups: Map<string, DemoGroup>;
let individual: RoundVO;
let relay: RoundVO;
let meetingId: number;

const gi = (group: string, itemCode: string) => groups.get(group)!.items.get(itemCode)!;
const generate = async (groupItemId: number, seed: string) => {
  const res = await committee.post(`/api/v1/competition/events/${groupItemId}/start-list`, { seed });
  expect(code(res)).toBe('00000');
  return data<RoundVO>(res);
};
const startsOf = (round: RoundVO) => round.heats.flatMap((h) => h.starts);
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
async function countStarts(where: ReturnType<typeof sql>): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(exec(sql`select count(*)::int as n from comp_start where ${where}`));
  return Number(r!.n);
}

beforeAll(async () => {
  groups = await seedDemoCompetition(t);
  committee = await signIn(t, 'committee');
  individual = await generate(gi('U16 Boys', '100'), 'cascade-1');
  relay = await generate(gi('U16 Boys', '4x100'), 'cascade-2');
  meetingId = individual.meetingId;
});

describe('comp_start: what goes with what', () => {
  it('keeps exactly the keys to its heat, entry and relay team', async () => {
    const rows = await rowsOf<{ col: string; target: string; del: string }>(
      exec(sql`select a.attname as col, c.confrelid::regclass::text as target, c.confdeltype as del
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.conrelid = 'comp_start'::regclass and c.contype = 'f' order by a.attname`),
    );
    expect(rows.map((r) => `${r.col}→${r.target}:${r.del}`)).toEqual([
      'entry_id→reg_entry:c',
      'heat_id→comp_heat:c',
      'relay_team_id→reg_relay_team:c',
    ]);
  });

  it('deleting an entry removes its start and only it', async () => {
    const starts = startsOf(individual);
    expect(starts.length).toBeGreaterThan(2);
    const gone = starts[0]!;
    await exec(sql`delete from reg_entry where id = ${gone.entryId}`);
    expect(await countStarts(sql`id = ${gone.id}`)).toBe(0);
    expect(await countStarts(sql`round_id = ${individual.id}`)).toBe(starts.length - 1);
  });

  it("deleting an athlete removes its starts (through its entries), not its relay team's", async () => {
    const [member] = await rowsOf<{ athlete_id: number }>(
      exec(sql`select m.athlete_id from reg_relay_member m
        where m.relay_team_id = ${startsOf(relay)[0]!.relayTeamId} limit 1`),
    );
    const athleteId = member!.athlete_id;
    const before = await countStarts(sql`true`);
    const own = await countStarts(sql`entry_id in (select id from reg_entry where athlete_id = ${athleteId})`);
    expect(own).toBeGreaterThan(0);
    await exec(sql`delete from reg_athlete where id = ${athleteId}`);
    expect(await countStarts(sql`athlete_id = ${athleteId}`)).toBe(0);
    expect(await countStarts(sql`true`)).toBe(before - own);
    // The relay team it ran in keeps its start (the team is not the athlete).
    expect(await countStarts(sql`round_id = ${relay.id}`)).toBe(startsOf(relay).length);
  });

  it('deleting a relay team removes its start', async () => {
    const starts = startsOf(relay);
    const gone = starts[0]!;
    await exec(sql`delete from reg_relay_team where id = ${gone.relayTeamId}`);
    expect(await countStarts(sql`id = ${gone.id}`)).toBe(0);
    expect(await countStarts(sql`round_id = ${relay.id}`)).toBe(starts.length - 1);
  });

  it('a delegation with starts cannot be deleted (its entries and athletes hold it)', async () => {
    const [held] = await rowsOf<{ id: number; delegation_id: number }>(
      exec(sql`select id, delegation_id from comp_start where round_id = ${individual.id} order by id limit 1`),
    );
    await expect(exec(sql`delete from meet_delegation where id = ${held!.delegation_id}`)).rejects.toThrow();
    expect(await countStarts(sql`id = ${held!.id}`)).toBe(1);
  });

  it('deleting a round removes its heats and starts', async () => {
    expect(await countStarts(sql`round_id = ${relay.id}`)).toBeGreaterThan(0);
    await exec(sql`delete from comp_round where id = ${relay.id}`);
    expect(await countStarts(sql`round_id = ${relay.id}`)).toBe(0);
    expect(
      await countStarts(
        sql`heat_id in (${sql.join(
          relay.heats.map((h) => sql`${h.id}`),
          sql`, `,
        )})`,
      ),
    ).toBe(0);
  });

  it('deleting the meeting removes every start of it', async () => {
    expect(await countStarts(sql`meeting_id = ${meetingId}`)).toBeGreaterThan(0);
    await exec(sql`delete from meet_meeting where id = ${meetingId}`);
    expect(await countStarts(sql`meeting_id = ${meetingId}`)).toBe(0);
    expect(await countStarts(sql`true`)).toBe(0);
  });
});
