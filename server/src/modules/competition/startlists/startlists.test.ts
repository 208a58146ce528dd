import type { CompLogVO, RoundVO } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compHeat, compRound, compStart } from '../../../db/schema/index.js';
import { rowsOf } from '../../../lib/sql.js';
import { useTestApp } from '../../../test/app.js';
import type { DemoGroup } from '../../apply/testkit.js';
import { type Client, code, committeeOfNoMeeting, data, useClients } from '../../meetings/testkit.js';
import { seedDemoCompetition } from './testkit.js';

/**
 * Start lists through the API on the demo data (registration and competition seeds): making
 * heats, draws, moves, settings, publishing, the log, and who may do what.
 */
const t = useTestApp();
const { committee, referee } = useClients(t, 'committee', 'referee');
let outsider: Client;
let groups: Map<string, DemoGroup>;

const gi = (group: string, code: string) => groups.get(group)!.items.get(code)!;
const generate = (c: Client, groupItemId: number, body: Record<string, unknown> = {}) =>
  c.post(`/api/v1/competition/events/${groupItemId}/start-list`, body);

interface StartRow {
  id: number;
  heat_id: number;
  number: number;
  lane: number | null;
  position: number;
  entry_id: number | null;
  relay_team_id: number | null;
  delegation_id: number;
  seed_value: string | null;
  version: number;
}
async function startsOf(roundId: number): Promise<StartRow[]> {
  return rowsOf<StartRow>(
    t.database.db.execute(sql`select s.id, s.heat_id, h.number, s.lane, s.position, s.entry_id, s.relay_team_id,
      s.delegation_id, s.seed_value, s.version
      from comp_start s join comp_heat h on h.id = s.heat_id where s.round_id = ${roundId} order by s.id`),
  );
}
const byHeat = (rows: StartRow[]) => {
  const m = new Map<number, StartRow[]>();
  for (const r of rows) m.set(r.number, [...(m.get(r.number) ?? []), r]);
  return [...m.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
};

beforeAll(async () => {
  groups = await seedDemoCompetition(t);
  outsider = await committeeOfNoMeeting(t, 'committee2');
});

describe('first round of a race in lanes (U16 Boys 100 m)', () => {
  let round: RoundVO;
  it('makes three heats of the 20 approved entries, zigzag, teams spread, lanes by lot', async () => {
    const res = await generate(committee, gi('U16 Boys', '100'), { seed: 'demo-1' });
    expect(code(res)).toBe('00000');
    round = data<RoundVO>(res);
    expect(round.index).toBe(0);
    expect(round.name).toBe('heats');
    expect(round.drawSeed).toBe('demo-1');
    expect(round.heats.map((h) => h.status)).toEqual(['draft', 'draft', 'draft']);
    const rows = await startsOf(round.id);
    expect(rows).toHaveLength(20);
    const heats = byHeat(rows);
    expect(heats.map((h) => h.length).sort()).toEqual([6, 7, 7]);
    for (const h of heats) {
      // One lane each, among the central lanes with no gap (lanesInUse): 3–8 for six athletes,
      // 2–8 for seven (the seventh takes lane 2 of the group 1–2, next to the others).
      const lanes = h.map((r) => r.lane!);
      expect(new Set(lanes).size).toBe(h.length);
      expect([...lanes].sort((a, b) => a - b)).toEqual(h.length === 7 ? [2, 3, 4, 5, 6, 7, 8] : [3, 4, 5, 6, 7, 8]);
      // No two of one school in a heat (no school has more than three here).
      expect(new Set(h.map((r) => r.delegation_id)).size).toBe(h.length);
      // Positions follow the lanes.
      const sorted = [...h].sort((a, b) => a.lane! - b.lane!);
      expect(sorted.map((r) => r.position)).toEqual(sorted.map((_, i) => i + 1));
    }
    // The three fastest seeds head three different heats (zigzag).
    const fastest = [...rows]
      .filter((r) => r.seed_value !== null)
      .sort((a, b) => Number(a.seed_value) - Number(b.seed_value))
      .slice(0, 3);
    expect(new Set(fastest.map((r) => r.number)).size).toBe(3);
    // Seed values copied from the entries.
    const [e] = await rowsOf<{ n: number }>(
      t.database.db.execute(sql`select count(*)::int as n from comp_start s join reg_entry e on e.id = s.entry_id
        where s.round_id = ${round.id} and s.seed_value is not distinct from e.seed_value`),
    );
    expect(Number(e!.n)).toBe(20);
    const [log] = await rowsOf<{ action: string; detail: { seed: string; heats: number }; user_id: number }>(
      t.database.db.execute(sql`select action, detail, user_id from comp_log where round_id = ${round.id}`),
    );
    expect(log!.action).toBe('generate');
    expect(log!.detail.seed).toBe('demo-1');
    expect(log!.detail.heats).toBe(3);
    expect(log!.user_id).toBeGreaterThan(0);
  });

  it('gives the same start list for the same seed, another for another seed', async () => {
    const before = (await startsOf(round.id)).map((r) => `${r.entry_id}:${r.number}:${r.lane}`).sort();
    expect(code(await generate(committee, gi('U16 Boys', '100'), { seed: 'demo-1' }))).toBe('00000');
    const again = (await startsOf(round.id)).map((r) => `${r.entry_id}:${r.number}:${r.lane}`).sort();
    expect(again).toEqual(before);
    expect(code(await generate(committee, gi('U16 Boys', '100'), { seed: 'demo-2' }))).toBe('00000');
    const other = (await startsOf(round.id)).map((r) => `${r.entry_id}:${r.number}:${r.lane}`).sort();
    expect(other).not.toEqual(before);
  });

  it('refuses too few heats, in the language of the user', async () => {
    const res = await generate(committee, gi('U16 Boys', '100'), { heats: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('3 heats at least');
  });

  it('draws lanes again keeping the heats, and logs it', async () => {
    const cur = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${round.id}`));
    const before = await startsOf(round.id);
    const res = await committee.post(`/api/v1/competition/rounds/${round.id}/draw`, {
      seed: 'lanes-2',
      version: cur.version,
    });
    expect(code(res)).toBe('00000');
    expect(data<RoundVO>(res).drawSeed).toBe('lanes-2');
    const after = await startsOf(round.id);
    expect(after.map((r) => `${r.id}:${r.heat_id}`)).toEqual(before.map((r) => `${r.id}:${r.heat_id}`));
    expect(after.map((r) => r.lane)).not.toEqual(before.map((r) => r.lane));
    // A stale version is refused.
    const stale = await committee.post(`/api/v1/competition/rounds/${round.id}/draw`, { version: cur.version });
    expect(stale.statusCode).toBe(409);
    const log = data<CompLogVO[]>(await committee.get(`/api/v1/competition/rounds/${round.id}/log`));
    expect(log[0]!.action).toBe('draw');
    expect(log[0]!.detail.seed).toBe('lanes-2');
    expect(log[0]!.username).toBe('committee');
  });

  it('moves an athlete onto another of another heat: they swap heat and lane', async () => {
    const [h1, h2] = byHeat(await startsOf(round.id));
    const a = h1![0]!;
    const b = h2![0]!;
    const stale = await committee.post(`/api/v1/competition/starts/${a.id}/move`, {
      heatId: b.heat_id,
      lane: b.lane,
      version: a.version + 5,
    });
    expect(stale.statusCode).toBe(409);
    const res = await committee.post(`/api/v1/competition/starts/${a.id}/move`, {
      heatId: b.heat_id,
      lane: b.lane,
      version: a.version,
    });
    expect(code(res)).toBe('00000');
    const now = await startsOf(round.id);
    const a2 = now.find((r) => r.id === a.id)!;
    const b2 = now.find((r) => r.id === b.id)!;
    expect([a2.heat_id, a2.lane]).toEqual([b.heat_id, b.lane]);
    expect([b2.heat_id, b2.lane]).toEqual([a.heat_id, a.lane]);
    expect(a2.version).toBe(a.version + 1);
    const log = data<CompLogVO[]>(await committee.get(`/api/v1/competition/rounds/${round.id}/log`));
    expect(log[0]!.action).toBe('move');
    expect(log[0]!.detail.before).toMatchObject({ heatId: a.heat_id, lane: a.lane });
    expect(log[0]!.detail.after).toMatchObject({ heatId: b.heat_id, lane: b.lane });
    expect((log[0]!.detail.swappedWith as { id: number }).id).toBe(b.id);
  });

  it('moves into a free lane of a heat of six', async () => {
    const heats = byHeat(await startsOf(round.id));
    const six = heats.find((h) => h.length === 6)!;
    const seven = heats.find((h) => h.length === 7)!;
    const free = [1, 2, 3, 4, 5, 6, 7, 8].find((l) => !six.some((r) => r.lane === l))!;
    const res = await committee.post(`/api/v1/competition/starts/${seven[0]!.id}/move`, {
      heatId: six[0]!.heat_id,
      lane: free,
      version: seven[0]!.version,
    });
    expect(code(res)).toBe('00000');
    const sizes = byHeat(await startsOf(round.id)).map((h) => h.length);
    expect(sizes.filter((n) => n === 7)).toHaveLength(2);
  });

  it('publishes: heats set, remaking and redrawing refused, unpublish brings it back', async () => {
    const cur = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${round.id}`));
    expect(code(await referee.post(`/api/v1/competition/rounds/${round.id}/publish`, {}))).toBe('A0301');
    const res = await committee.post(`/api/v1/competition/rounds/${round.id}/publish`, { version: cur.version });
    expect(code(res)).toBe('00000');
    expect(data<RoundVO>(res).status).toBe('set');
    const statuses = await t.database.db
      .select({ s: compHeat.status })
      .from(compHeat)
      .where(eq(compHeat.roundId, round.id));
    expect(statuses.every((h) => h.s === 'set')).toBe(true);
    const remake = await generate(committee, gi('U16 Boys', '100'), { roundIndex: 0 });
    expect(remake.statusCode).toBe(409);
    expect(remake.json().msg).toContain('unpublish');
    expect((await committee.post(`/api/v1/competition/rounds/${round.id}/draw`, {})).statusCode).toBe(409);
    // A published heat without results may still be adjusted (it stays published).
    const [h1, h2] = byHeat(await startsOf(round.id));
    const move = await committee.post(`/api/v1/competition/starts/${h1![1]!.id}/move`, {
      heatId: h2![1]!.heat_id,
      lane: h2![1]!.lane,
      version: h1![1]!.version,
    });
    expect(code(move)).toBe('00000');
    expect(data<RoundVO>(move).status).toBe('set');
    const back = await committee.post(`/api/v1/competition/rounds/${round.id}/unpublish`, {});
    expect(data<RoundVO>(back).status).toBe('draft');
    expect(code(await committee.post(`/api/v1/competition/rounds/${round.id}/publish`, {}))).toBe('00000');
  });

  it('refuses the next round until the heats are official, then seeds it by place and time', async () => {
    const early = await generate(committee, gi('U16 Boys', '100'), { roundIndex: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toContain('previous round');
    // Results entry is another part: write official results straight to the tables.
    const rows = await startsOf(round.id);
    for (const h of byHeat(rows)) {
      const ordered = [...h].sort((a, b) => a.lane! - b.lane!);
      for (const [i, r] of ordered.entries()) {
        const value = 11.5 + h[0]!.number * 0.01 + i * 0.1;
        await t.database.db
          .update(compStart)
          .set({
            place: i + 1,
            value,
            mark: value.toFixed(2),
            qualifier: i < 2 ? 'Q' : i === 2 && h[0]!.number <= 2 ? 'q' : null,
          })
          .where(eq(compStart.id, r.id));
      }
    }
    // The unpublish of a heat with results is refused.
    expect((await committee.post(`/api/v1/competition/rounds/${round.id}/unpublish`, {})).statusCode).toBe(409);
    await t.database.db.update(compHeat).set({ status: 'official' }).where(eq(compHeat.roundId, round.id));
    const res = await generate(committee, gi('U16 Boys', '100'), { seed: 'final' });
    expect(code(res)).toBe('00000');
    const final = data<RoundVO>(res);
    expect(final.index).toBe(1);
    expect(final.heats).toHaveLength(1);
    const starts = final.heats[0]!.starts;
    expect(starts).toHaveLength(8);
    // Heat winners rank 1–3 and the fastest second 4th: lanes 3–6 (TR 20.5).
    const winners = starts.filter((s) => rows.find((r) => r.entry_id === s.entryId));
    expect(winners).toHaveLength(8);
    const prev = await rowsOf<{ entry_id: number; place: number; value: string }>(
      t.database.db.execute(sql`select entry_id, place, value from comp_start where round_id = ${round.id}`),
    );
    const ranked = starts
      .map((s) => ({ s, p: prev.find((x) => x.entry_id === s.entryId)! }))
      .sort((a, b) => a.p.place - b.p.place || Number(a.p.value) - Number(b.p.value));
    expect(
      ranked
        .slice(0, 4)
        .map((x) => x.s.lane)
        .sort(),
    ).toEqual([3, 4, 5, 6]);
  });
});

describe('relays and field events', () => {
  it('seeds relay teams (U16 Boys 4 × 100 m): one heat of six teams in lanes', async () => {
    const res = await generate(committee, gi('U16 Boys', '4x100'), { seed: 'relay' });
    expect(code(res)).toBe('00000');
    const r = data<RoundVO>(res);
    expect(r.heats).toHaveLength(1);
    const starts = r.heats[0]!.starts;
    expect(starts).toHaveLength(6);
    expect(starts.every((s) => s.relayTeamId !== null && s.entryId === null && s.members.length === 4)).toBe(true);
    expect(starts.map((s) => s.lane).sort()).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('draws the order of a field event in one flight, or flights of a given size', async () => {
    const res = await generate(committee, gi('U16 Boys', 'LJ'), { seed: 'lj' });
    const r = data<RoundVO>(res);
    expect(r.heats).toHaveLength(1);
    const starts = r.heats[0]!.starts;
    expect(starts.length).toBeGreaterThanOrEqual(12);
    expect(starts.every((s) => s.lane === null)).toBe(true);
    expect(starts.map((s) => s.position).sort((a, b) => a - b)).toEqual(starts.map((_, i) => i + 1));
    const flights = data<RoundVO>(await generate(committee, gi('U16 Boys', 'LJ'), { perHeat: 8 }));
    expect(flights.heats).toHaveLength(2);
  });

  it('edits the settings of a round with its version: trials, cut, bar heights', async () => {
    const hj = data<RoundVO>(await generate(committee, gi('U16 Girls', 'HJ')));
    expect(hj.heats[0]!.starts).toHaveLength(10);
    const url = `/api/v1/competition/rounds/${hj.id}`;
    const bad = await committee.put(url, { version: hj.version, trials: 3, cutAfter: 4 });
    expect(bad.statusCode).toBe(400);
    const low = await committee.put(url, { version: hj.version, heights: [1.3, 1.35, 1.36] });
    expect(low.statusCode).toBe(400);
    expect(low.json().msg).toContain('2 cm');
    const res = await committee.put(url, { version: hj.version, heights: [1.3, 1.35, 1.4, 1.43, 1.46] });
    expect(code(res)).toBe('00000');
    expect(data<RoundVO>(res).heights).toEqual([1.3, 1.35, 1.4, 1.43, 1.46]);
    const [row] = await t.database.db.select().from(compRound).where(eq(compRound.id, hj.id));
    expect(row!.heights).toEqual([1.3, 1.35, 1.4, 1.43, 1.46]);
    expect((await committee.put(url, { version: hj.version, trials: 4 })).statusCode).toBe(409);
    const lj = data<RoundVO[]>(await committee.get(`/api/v1/competition/meetings/${hj.meetingId}/events`));
    expect(lj.length).toBeGreaterThan(0);
  });

  it('refuses an event with no approved entry, saying how many wait for audit', async () => {
    const res = await generate(committee, gi('U18 Boys', '400'));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('No approved entries to seed (1 waiting for audit)');
  });
});

describe('who may', () => {
  it('lets the referee read the log but not write; hides the meeting from another committee', async () => {
    const id = gi('U16 Girls', '100');
    expect(code(await generate(referee, id))).toBe('A0301');
    const [r] = await t.database.db.select({ id: compRound.id }).from(compRound).limit(1);
    expect(code(await referee.get(`/api/v1/competition/rounds/${r!.id}/log`))).toBe('00000');
    expect((await generate(outsider, id)).statusCode).toBe(404);
    expect((await outsider.post(`/api/v1/competition/rounds/${r!.id}/publish`, {})).statusCode).toBe(404);
    expect((await generate(committee, 999_999)).statusCode).toBe(404);
  });
});

describe('making a start list at scale', () => {
  const readBack = async (roundId: number) =>
    data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${roundId}`));
  const statementsOf = async (f: () => Promise<unknown>) => {
    const before = t.database.stats.statements;
    await f();
    return t.database.stats.statements - before;
  };

  it('answers exactly what the round reads back: lanes, flights, relay teams, a later round', async () => {
    const made = [
      await generate(committee, gi('U18 Girls', '400'), { seed: 'same-1' }),
      await generate(committee, gi('U16 Boys', 'LJ'), { seed: 'same-2', perHeat: 5 }),
      await generate(committee, gi('U16 Boys', '4x100'), { seed: 'same-3' }),
      await generate(committee, gi('U16 Boys', '100'), { seed: 'same-4', roundIndex: 1 }),
    ];
    for (const res of made) {
      expect(code(res)).toBe('00000');
      const r = data<RoundVO>(res);
      expect(r.heats.length).toBeGreaterThan(0);
      expect(r).toEqual(await readBack(r.id));
    }
    expect(data<RoundVO>(made[1]!).heats).toHaveLength(3);
    expect(data<RoundVO>(made[2]!).heats[0]!.starts[0]!.members).toHaveLength(4);
    expect(data<RoundVO>(made[3]!).index).toBe(1);
  });

  it('draws, publishes and unpublishes answering what the round reads back', async () => {
    const r = data<RoundVO>(await generate(committee, gi('U16 Boys', 'LJ'), { seed: 'pub', perHeat: 4 }));
    const field = r.heats.flatMap((h) => h.starts).length;
    expect(r.heats).toHaveLength(Math.ceil(field / 4));
    const redrawn = await committee.post(`/api/v1/competition/rounds/${r.id}/draw`, { seed: 'pub-2' });
    expect(data<RoundVO>(redrawn).drawSeed).toBe('pub-2');
    expect(data<RoundVO>(redrawn)).toEqual(await readBack(r.id));
    const published = await committee.post(`/api/v1/competition/rounds/${r.id}/publish`, {});
    expect(code(published)).toBe('00000');
    expect(data<RoundVO>(published).status).toBe('set');
    expect(data<RoundVO>(published)).toEqual(await readBack(r.id));
    const back = await committee.post(`/api/v1/competition/rounds/${r.id}/unpublish`, {});
    expect(data<RoundVO>(back).status).toBe('draft');
    expect(data<RoundVO>(back)).toEqual(await readBack(r.id));
  });

  it('takes the same number of statements whatever the number of entries', async () => {
    const id = gi('U18 Girls', '400');
    const all = await rowsOf<{ id: number }>(
      t.database.db.execute(
        sql`select id from reg_entry where group_item_id = ${id} and status = 'approved' order by id`,
      ),
    );
    expect(all.length).toBeGreaterThanOrEqual(9);
    let roundId = 0;
    const many = await statementsOf(async () => {
      roundId = data<RoundVO>(await generate(committee, id, { seed: 'n1' })).id;
    });
    const draw = (seed: string) =>
      statementsOf(async () => {
        expect(code(await committee.post(`/api/v1/competition/rounds/${roundId}/draw`, { seed }))).toBe('00000');
      });
    const drawMany = await draw('d1');
    // Leave three approved: one heat instead of two, a third of the start rows.
    const held = all.slice(3).map((r) => r.id);
    await t.database.db.execute(
      sql`update reg_entry set status = 'submitted' where id in (${sql.join(
        held.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
    try {
      let few = 0;
      few = await statementsOf(async () => {
        const res = await generate(committee, id, { seed: 'n2' });
        expect(data<RoundVO>(res).heats.flatMap((h) => h.starts)).toHaveLength(3);
      });
      expect(few).toBe(many);
      expect(many).toBeLessThanOrEqual(20);
      // Drawing the lanes again: no statement a heat or a start either.
      expect(await draw('d2')).toBe(drawMany);
    } finally {
      await t.database.db.execute(
        sql`update reg_entry set status = 'approved' where id in (${sql.join(
          held.map((x) => sql`${x}`),
          sql`, `,
        )})`,
      );
    }
  });
});
