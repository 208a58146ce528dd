import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compHeat, compLog, compRound, compStart, compTrial } from '../../../db/schema/index.js';
import { bearer, login, useTestApp } from '../../../test/app.js';
import { type Client, officialOfOtherMeeting, useClients } from '../../meetings/testkit.js';
import { type Fixture, fixture } from '../scores/testkit.js';

/**
 * Results entry through the API on a real database: what the referee enters lands in
 * comp_start / comp_trial as the rules say, official results get places, qualifiers and the
 * log, and the gates hold (versions, heat states, who may do what).
 */
const t = useTestApp();
const { committee, referee } = useClients(t, 'committee', 'referee');
let fx: Fixture;
let outsider: Client;

type Body = { code: string; msg: string; data: unknown };
const body = (res: { json(): unknown }) => res.json() as Body;

async function heatRow(id: number) {
  return (await t.database.db.select().from(compHeat).where(eq(compHeat.id, id)))[0]!;
}
async function startRows(heatId: number) {
  return t.database.db.select().from(compStart).where(eq(compStart.heatId, heatId)).orderBy(compStart.position);
}
async function logRows(heatId: number, action: string) {
  return t.database.db
    .select()
    .from(compLog)
    .where(and(eq(compLog.heatId, heatId), eq(compLog.action, action)));
}

beforeAll(async () => {
  fx = await fixture(t);
  // A referee of another meeting.
  outsider = await officialOfOtherMeeting(t, 'other-referee', 'referee');
});

describe('track results', () => {
  let roundId: number;
  let h1: { heatId: number; starts: number[] };
  let h2: { heatId: number; starts: number[] };

  beforeAll(async () => {
    // 100 m heats: top 2 per heat + next 2 by time to the final (the demo plan).
    const rounds = await fx.rounds(await fx.item('100'));
    roundId = rounds[0]!.id;
    const four = [{ dlg: 0 }, { dlg: 1 }, { dlg: 2 }, { dlg: 3 }];
    h1 = await fx.heat(roundId, 1, four, { status: 'set' });
    h2 = await fx.heat(roundId, 2, four, { status: 'set' });
  });

  const rowsOf = (starts: number[], marks: (string | null)[], extra: Record<string, unknown>[] = []) =>
    starts.map((startId, i) => ({ startId, version: 1, mark: marks[i] ?? null, ...extra[i] }));

  it('stores times as given, shows them rounded up, rounds the wind up and places the heat', async () => {
    const res = await referee.put(`/api/v1/competition/heats/${h1.heatId}/results`, {
      version: 1,
      wind: 2.03,
      rows: rowsOf(h1.starts, ['10.853', '10.851', '11.2', null], [{ reactionTime: 0.1452 }, {}, {}, { code: 'DNS' }]),
    });
    expect(body(res).code).toBe('00000');
    const rows = await startRows(h1.heatId);
    expect(rows.map((r) => [r.mark, r.value, r.place, r.code])).toEqual([
      ['10.86', 10.853, 2, null],
      ['10.86', 10.851, 1, null],
      ['11.2', 11.2, 3, null],
      [null, null, null, 'DNS'],
    ]);
    expect(rows[0]!.reactionTime).toBe(0.145);
    expect(rows.every((r) => r.version === 2)).toBe(true);
    const heat = await heatRow(h1.heatId);
    expect(heat.wind).toBe(2.1);
    expect(heat.version).toBe(2);
    // The answer is the round as it now stands.
    const round = body(res).data as { heats: { id: number; starts: { id: number; place: number | null }[] }[] };
    expect(round.heats.find((h) => h.id === h1.heatId)!.starts.find((s) => s.id === h1.starts[1])!.place).toBe(1);
    expect(await logRows(h1.heatId, 'results')).toHaveLength(1);
  });

  it('refuses a stale version and writes nothing', async () => {
    const before = await startRows(h1.heatId);
    const res = await referee.put(`/api/v1/competition/heats/${h1.heatId}/results`, {
      version: 2,
      rows: [
        { startId: h1.starts[2]!, version: 2, mark: '10.50' },
        { startId: h1.starts[3]!, version: 1, mark: '12.00', code: null },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(await startRows(h1.heatId)).toEqual(before);
    expect((await heatRow(h1.heatId)).version).toBe(2);
    const staleHeat = await referee.put(`/api/v1/competition/heats/${h1.heatId}/results`, { version: 1, rows: [] });
    expect(staleHeat.statusCode).toBe(409);
  });

  it('answers bad marks and a DQ without its rule with a clear 400, in the user’s language', async () => {
    const bad = await referee.put(`/api/v1/competition/heats/${h1.heatId}/results`, {
      version: 2,
      rows: [{ startId: h1.starts[2]!, version: 2, mark: '1:75.00' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toContain('lane 3');
    const zh = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/competition/heats/${h1.heatId}/results`,
      headers: { ...(await tokenHeaders('referee')), 'accept-language': 'zh-CN' },
      payload: { version: 2, rows: [{ startId: h1.starts[2]!, version: 2, code: 'DQ' }] },
    });
    expect(zh.statusCode).toBe(400);
    expect(body(zh).msg).toContain('规则');
    const nm = await referee.put(`/api/v1/competition/heats/${h1.heatId}/results`, {
      version: 2,
      rows: [{ startId: h1.starts[2]!, version: 2, code: 'NM' }],
    });
    expect(nm.statusCode).toBe(400);
    const notHere = await referee.put(`/api/v1/competition/heats/${h1.heatId}/results`, {
      version: 2,
      rows: [{ startId: h2.starts[0]!, version: 1, mark: '10.00' }],
    });
    expect(notHere.statusCode).toBe(400);
    expect((await heatRow(h1.heatId)).version).toBe(2);
  });

  it('keeps out referees of other meetings and does not let a referee make results official', async () => {
    const other = await outsider.put(`/api/v1/competition/heats/${h1.heatId}/results`, { version: 2, rows: [] });
    expect(other.statusCode).toBe(404);
    const standing = await outsider.get(`/api/v1/competition/heats/${h1.heatId}/standing`);
    expect(standing.statusCode).toBe(404);
    const official = await referee.post(`/api/v1/competition/heats/${h1.heatId}/official`, { version: 2 });
    expect(official.statusCode).toBe(403);
    expect((await heatRow(h1.heatId)).status).toBe('set');
  });

  it('makes heats official with Q by place, then q by time once every heat is official', async () => {
    // Heat 2: 10.95, 11.10, 11.05 (DQ), 11.30.
    const entered = await committee.put(`/api/v1/competition/heats/${h2.heatId}/results`, {
      version: 1,
      rows: rowsOf(
        h2.starts,
        ['10.95', '11.10', null, '11.30'],
        [{}, {}, { code: 'DQ', dqRule: 'TR 16.8' }, { qualifier: 'qR', note: 'obstructed' }],
      ),
    });
    expect(body(entered).code).toBe('00000');

    const one = await committee.post(`/api/v1/competition/heats/${h1.heatId}/official`, { version: 2 });
    expect(body(one).code).toBe('00000');
    const heat1 = await heatRow(h1.heatId);
    expect(heat1.status).toBe('official');
    expect(heat1.officialAt).not.toBeNull();
    // Heat 1: Q for the first two; no q before heat 2 is official.
    expect((await startRows(h1.heatId)).map((r) => r.qualifier)).toEqual(['Q', 'Q', null, null]);
    expect(await logRows(h1.heatId, 'official')).toHaveLength(1);

    const two = await committee.post(`/api/v1/competition/heats/${h2.heatId}/official`, { version: 2 });
    expect(body(two).code).toBe('00000');
    const rows2 = await startRows(h2.heatId);
    expect(rows2.map((r) => [r.place, r.qualifier])).toEqual([
      [1, 'Q'],
      [2, 'Q'],
      [null, null],
      [3, 'qR'],
    ]);
    // Next 2 by time across both heats: 11.2 (heat 1) and 11.30 (heat 2, also qR by the referee) —
    // the qR stays, and the next fastest behind is none (DNS and DQ rank nowhere).
    expect((await startRows(h1.heatId)).map((r) => r.qualifier)).toEqual(['Q', 'Q', 'q', null]);
  });

  it('refuses to change an official heat until a manager reopens it, with a reason', async () => {
    const change = await referee.put(`/api/v1/competition/heats/${h1.heatId}/results`, { version: 3, rows: [] });
    expect(change.statusCode).toBe(409);
    expect(body(change).msg).toContain('official');
    expect(
      (await referee.post(`/api/v1/competition/heats/${h1.heatId}/reopen`, { version: 3, reason: 'x' })).statusCode,
    ).toBe(403);
    const noReason = await committee.post(`/api/v1/competition/heats/${h1.heatId}/reopen`, { version: 3, reason: '' });
    expect(noReason.statusCode).toBe(400);
    const stale = await committee.post(`/api/v1/competition/heats/${h1.heatId}/reopen`, {
      version: 2,
      reason: 'photo',
    });
    expect(stale.statusCode).toBe(409);
    const reopened = await committee.post(`/api/v1/competition/heats/${h1.heatId}/reopen`, {
      version: 3,
      reason: 'Photo finish re-read',
    });
    expect(body(reopened).code).toBe('00000');
    const heat = await heatRow(h1.heatId);
    expect([heat.status, heat.officialAt]).toEqual(['set', null]);
    const [logged] = await logRows(h1.heatId, 'reopen');
    expect(logged!.detail).toEqual({ reason: 'Photo finish re-read' });
    // The q by time waits for every heat again; Q of the other official heat stays.
    expect((await startRows(h1.heatId)).map((r) => r.qualifier)).toEqual([null, null, null, null]);
    expect((await startRows(h2.heatId)).map((r) => r.qualifier)).toEqual(['Q', 'Q', null, 'qR']);
  });

  it('cannot make a heat official while a competitor has neither a result nor a code', async () => {
    const { heatId, starts } = await fx.heat(roundId, 3, [{ dlg: 0 }, { dlg: 1 }], { status: 'set' });
    await committee.put(`/api/v1/competition/heats/${heatId}/results`, {
      version: 1,
      rows: [{ startId: starts[0]!, version: 1, mark: '11.00' }],
    });
    const res = await committee.post(`/api/v1/competition/heats/${heatId}/official`, { version: 2 });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('lane 2');
    expect((await heatRow(heatId)).status).toBe('set');
  });

  it('takes no results for a heat whose start list is still a draft', async () => {
    const { heatId, starts } = await fx.heat(roundId, 4, [{ dlg: 0 }], { status: 'draft' });
    const res = await referee.put(`/api/v1/competition/heats/${heatId}/results`, {
      version: 1,
      rows: [{ startId: starts[0]!, version: 1, mark: '11.00' }],
    });
    expect(res.statusCode).toBe(409);
    expect((await startRows(heatId))[0]!.mark).toBeNull();
  });
});

async function tokenHeaders(username: string) {
  return bearer((await login(t, username)).accessToken);
}

describe('horizontal field trials', () => {
  let heatId: number;
  let starts: number[];
  const trial = (startId: number, seq: number, outcome: string, mark?: number, wind?: number) =>
    referee.post(`/api/v1/competition/starts/${startId}/trials`, {
      seq,
      outcome,
      ...(mark === undefined ? {} : { mark }),
      ...(wind === undefined ? {} : { wind }),
    });

  beforeAll(async () => {
    const [final] = await fx.rounds(await fx.item('LJ'));
    // 6 trials, the best 2 after 3 go on (a small cut to see it with 3 athletes).
    await t.database.db
      .update(compRound)
      .set({ trials: 6, cutAfter: 3, cutSize: 2 })
      .where(eq(compRound.id, final!.id));
    ({ heatId, starts } = await fx.heat(final!.id, 1, [{ dlg: 0 }, { dlg: 1 }, { dlg: 2 }], { status: 'set' }));
  });

  it('records a trial to the centimetre below with its wind rounded up, and gives the live standing', async () => {
    const res = await trial(starts[0]!, 1, 'O', 6.239, 1.23);
    expect(body(res).code).toBe('00000');
    const [t1] = await t.database.db.select().from(compTrial).where(eq(compTrial.startId, starts[0]!));
    expect([t1!.mark, t1!.wind, t1!.outcome]).toEqual([6.23, 1.3, 'O']);
    const [s1] = await startRows(heatId);
    expect([s1!.mark, s1!.value, s1!.wind, s1!.place]).toEqual(['6.23', 6.23, 1.3, 1]);
    await trial(starts[1]!, 1, 'O', 6.4, -0.25);
    await trial(starts[2]!, 1, 'X');
    const standing = body(await referee.get(`/api/v1/competition/heats/${heatId}/standing`)).data as {
      kind: string;
      rows: { startId: number; place: number | null; best: string | null }[];
    };
    expect(standing.kind).toBe('horizontal');
    expect(standing.rows.map((r) => [r.startId, r.place, r.best])).toEqual([
      [starts[1], 1, '6.40'],
      [starts[0], 2, '6.23'],
      [starts[2], null, null],
    ]);
    expect((await startRows(heatId))[1]!.wind).toBe(-0.2);
  });

  it('refuses a mark on a failure, trials beyond the round, and a stale version', async () => {
    expect((await trial(starts[2]!, 2, 'X', 5.5)).statusCode).toBe(400);
    expect((await trial(starts[2]!, 7, 'X')).statusCode).toBe(400);
    const stale = await referee.post(`/api/v1/competition/starts/${starts[2]!}/trials`, {
      seq: 2,
      outcome: 'X',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(await t.database.db.select().from(compTrial).where(eq(compTrial.startId, starts[2]!))).toHaveLength(1);
  });

  it('lets only the best after the cut take the later trials, in reverse order (TR 25.5, 25.6)', async () => {
    // Trial 4 before everyone has had 3: refused.
    expect((await trial(starts[0]!, 4, 'O', 6.5)).statusCode).toBe(409);
    for (const seq of [2, 3]) {
      await trial(starts[0]!, seq, 'X');
      await trial(starts[1]!, seq, seq === 2 ? 'O' : '-', seq === 2 ? 6.1 : undefined);
      await trial(starts[2]!, seq, seq === 2 ? 'X' : 'O', seq === 2 ? undefined : 6.3);
    }
    // After 3: 6.40 (B), 6.30 (C), 6.23 (A): A is out.
    const out = await trial(starts[0]!, 4, 'O', 6.9);
    expect(out.statusCode).toBe(409);
    expect(body(out).msg).toContain('TR 25.5');
    const standing = body(await referee.get(`/api/v1/competition/heats/${heatId}/standing`)).data as {
      cutReached: boolean;
      rows: { startId: number; eliminated: boolean; order: number | null }[];
    };
    expect(standing.cutReached).toBe(true);
    const byId = new Map(standing.rows.map((r) => [r.startId, r]));
    expect(byId.get(starts[0]!)).toMatchObject({ eliminated: true, order: null });
    // Reverse order of the standing: C (2nd) first, B (leader) last.
    expect(byId.get(starts[2]!)!.order).toBe(1);
    expect(byId.get(starts[1]!)!.order).toBe(2);
    expect(body(await trial(starts[2]!, 4, 'O', 6.5)).code).toBe('00000');
    // C's 6.50 now leads.
    expect((await startRows(heatId)).map((r) => r.place)).toEqual([3, 2, 1]);
  });

  it('takes a trial back and recomputes', async () => {
    const del = await referee.del(`/api/v1/competition/starts/${starts[2]!}/trials/4`);
    expect(body(del).code).toBe('00000');
    expect((await startRows(heatId)).map((r) => r.place)).toEqual([3, 1, 2]);
    expect(await logRows(heatId, 'trial-delete')).toHaveLength(1);
    expect((await referee.del(`/api/v1/competition/starts/${starts[2]!}/trials/4`)).statusCode).toBe(404);
  });

  it('makes the flight official with the places final', async () => {
    const heat = await heatRow(heatId);
    const res = await committee.post(`/api/v1/competition/heats/${heatId}/official`, { version: heat.version });
    expect(body(res).code).toBe('00000');
    expect((await startRows(heatId)).map((r) => [r.place, r.mark, r.code])).toEqual([
      [3, '6.23', null],
      [1, '6.40', null],
      [2, '6.30', null],
    ]);
    expect((await trial(starts[2]!, 5, 'X')).statusCode).toBe(409);
  });
});

describe('vertical jumps', () => {
  let heatId: number;
  let starts: number[];
  let seq = new Map<number, number>();
  const attempt = (startId: number, height: number, outcome: string) => {
    const next = (seq.get(startId) ?? 0) + 1;
    seq.set(startId, next);
    return referee.post(`/api/v1/competition/starts/${startId}/trials`, { seq: next, outcome, height });
  };
  const sheet = async (startId: number, rows: [number, string][]) => {
    for (const [h, cells] of rows) for (const c of cells) expect(body(await attempt(startId, h, c)).code).toBe('00000');
  };

  beforeAll(async () => {
    const [final] = await fx.rounds(await fx.item('HJ'));
    ({ heatId, starts } = await fx.heat(final!.id, 1, [{ dlg: 0 }, { dlg: 1 }, { dlg: 2 }, { dlg: 3 }], {
      status: 'set',
    }));
    seq = new Map();
  });

  it('ranks by countback: attempts at the tie height, then failures (TR 26.8)', async () => {
    await sheet(starts[0]!, [
      [1.5, 'O'],
      [1.55, 'XO'],
      [1.6, 'XXX'],
    ]);
    await sheet(starts[1]!, [
      [1.5, 'O'],
      [1.55, 'O'],
      [1.6, 'XXX'],
    ]);
    await sheet(starts[2]!, [
      [1.5, 'XO'],
      [1.55, 'O'],
      [1.6, 'XXX'],
    ]);
    await sheet(starts[3]!, [[1.5, 'XXX']]);
    const rows = await startRows(heatId);
    // B: 1.55 at the first attempt, no failures; C: first attempt, one failure below; A: second attempt.
    expect(rows.map((r) => [r.mark, r.place])).toEqual([
      ['1.55', 3],
      ['1.55', 1],
      ['1.55', 2],
      [null, null],
    ]);
    const standing = body(await committee.get(`/api/v1/competition/heats/${heatId}/standing`)).data as {
      kind: string;
      jumpOff: boolean;
      rows: { eliminated: boolean }[];
    };
    expect(standing.kind).toBe('vertical');
    expect(standing.jumpOff).toBe(false);
    expect(standing.rows.every((r) => r.eliminated)).toBe(true);
  });

  it('refuses an attempt after three consecutive failures, and a lower bar', async () => {
    const out = await attempt(starts[3]!, 1.55, 'O');
    expect(out.statusCode).toBe(400);
    seq.set(starts[3]!, 3);
    const lower = await referee.post(`/api/v1/competition/starts/${starts[0]!}/trials`, {
      seq: 9,
      outcome: 'O',
      height: 1.4,
    });
    expect(lower.statusCode).toBe(400);
    expect(body(lower).msg).toMatch(/out of the competition|lower/);
  });

  it('gives NM to the athlete without a clearance when the heat is official', async () => {
    const heat = await heatRow(heatId);
    const res = await committee.post(`/api/v1/competition/heats/${heatId}/official`, { version: heat.version });
    expect(body(res).code).toBe('00000');
    expect((await startRows(heatId)).map((r) => r.code)).toEqual([null, null, null, 'NM']);
    // Reopened, the NM follows from the trials again (none until the heat is official once more).
    const reopened = await committee.post(`/api/v1/competition/heats/${heatId}/reopen`, {
      version: heat.version + 1,
      reason: 'Check the sheet',
    });
    expect(body(reopened).code).toBe('00000');
    expect((await startRows(heatId)).map((r) => r.code)).toEqual([null, null, null, null]);
  });
});
