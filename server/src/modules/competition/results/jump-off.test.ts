import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { athlete, compHeat, compStart, compTrial } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { athlibCases, trialsOf } from '../../../test/athlib.js';
import { type Client, signIn } from '../../meetings/testkit.js';
import { readPdf } from '../documents/testkit.js';
import { type Fixture, fixture } from '../scores/testkit.js';
import type { FieldStart } from './rules/field.js';
import { checkJumpOff, jumpOffStep } from './rules/jump-off.js';
import { type FieldTrial, verticalPlaces, verticalRecord } from './rules/rank.js';

/**
 * The jump-off for first place in the high jump and pole vault (WA Book C2.1 TR 26.9):
 * "26.9.2 Each athlete shall have one trial at each height. 26.9.3 The jump-off shall start at
 * the next height … after the height last cleared by the athletes concerned. 26.9.4 If no
 * decision is reached the bar shall be raised if the athletes involved were successful, or
 * lowered if they all failed, by 2cm for the high jump and 5cm for the pole vault."
 */

const start = (id: number, trials: FieldTrial[], code: string | null = null): FieldStart => ({
  id,
  position: id,
  code,
  trials,
});
/** `[[height, 'XO'], …]` as trials; `jumpOff` from the `from`-th height on. */
const sheet = (rows: [number, string][], from = Number.POSITIVE_INFINITY): FieldTrial[] => {
  const out: FieldTrial[] = [];
  rows.forEach(([height, cells], i) => {
    for (const c of cells) {
      out.push({ seq: out.length + 1, outcome: c as FieldTrial['outcome'], mark: null, height, jumpOff: i >= from });
    }
  });
  return out;
};

describe('jump-off rules (TR 26.9)', () => {
  it('athlib "1066": 81 and 53 tie at 2.09 and jump off; 81 clears 2.11 where 53 fails — places 1 and 2, 85 third', () => {
    const c = athlibCases.athlib_1066_jumpoff_winner!;
    const rows = c.rows.map((r) => {
      const trials = trialsOf(r.attempts);
      return { record: verticalRecord(trials), code: null, trials };
    });
    const { places, jumpOff } = verticalPlaces(rows);
    expect(places).toEqual([3, null, 2, 1]);
    expect(jumpOff).toBe(false);
    // Before the last height of the jump-off, the tie for first still stands.
    const before = rows.map((r) => ({ ...r, trials: r.trials.filter((t) => !(t.jumpOff && t.height === 2.11)) }));
    expect(verticalPlaces(before)).toEqual({ places: [3, null, 1, 1], jumpOff: true });
  });

  const tie = (from: number, a: [number, string][], b: [number, string][]) => [
    start(1, sheet([[1.8, 'O'], [1.85, 'O'], [1.9, 'XXX'], ...a], from)),
    start(2, sheet([[1.8, 'O'], [1.85, 'O'], [1.9, 'XXX'], ...b], from)),
    start(
      3,
      sheet([
        [1.8, 'XO'],
        [1.85, 'XXX'],
      ]),
    ),
  ];

  it('"start at the next height after the height last cleared" (26.9.3): 1.85 is refused, 1.87 taken', () => {
    expect(checkJumpOff(tie(3, [[1.85, 'X']], []), 0.02)?.en).toMatch(/TR 26.9.3/);
    expect(checkJumpOff(tie(3, [[1.9, 'X']], [[1.9, 'X']]), 0.02)).toBeNull();
  });

  it('"lowered if they all failed, by 2cm for the high jump" (26.9.4): after 1.90 failed twice, 1.88 — not 1.89', () => {
    expect(
      checkJumpOff(
        tie(
          3,
          [
            [1.9, 'X'],
            [1.88, 'O'],
          ],
          [[1.9, 'X']],
        ),
        0.02,
      ),
    ).toBeNull();
    expect(
      checkJumpOff(
        tie(
          3,
          [
            [1.9, 'X'],
            [1.89, 'O'],
          ],
          [[1.9, 'X']],
        ),
        0.02,
      )?.en,
    ).toMatch(/1\.88 m/);
    // "raised if the athletes involved were successful": both clear 1.88, the bar goes to 1.90.
    const up = tie(
      3,
      [
        [1.9, 'X'],
        [1.88, 'O'],
        [1.9, 'O'],
      ],
      [
        [1.9, 'X'],
        [1.88, 'O'],
        [1.92, 'O'],
      ],
    );
    expect(checkJumpOff(up, 0.02)?.en).toMatch(/same height/);
  });

  it('"and 5cm for the pole vault" (26.9.4)', () => {
    expect(jumpOffStep('PV')).toBe(0.05);
    expect(jumpOffStep('HJ')).toBe(0.02);
    expect(
      checkJumpOff(
        tie(
          3,
          [
            [1.9, 'X'],
            [1.85, 'O'],
          ],
          [[1.9, 'X']],
        ),
        0.05,
      ),
    ).toBeNull();
  });

  it('only athletes tied for first, once the competition is over; nobody after the decision', () => {
    const third = tie(3, [], []);
    third[2] = start(3, [...third[2]!.trials, { seq: 9, outcome: 'O', mark: null, height: 1.9, jumpOff: true }]);
    expect(checkJumpOff(third, 0.02)?.en).toMatch(/tied for first/);
    const decided = tie(
      3,
      [
        [1.9, 'O'],
        [1.92, 'X'],
      ],
      [[1.9, 'X']],
    );
    expect(checkJumpOff(decided, 0.02)?.en).toMatch(/no longer in the jump-off/);
    expect(
      verticalPlaces(decided.map((s) => ({ record: verticalRecord(s.trials), code: null, trials: s.trials }))).places,
    ).toEqual([1, 2, 3]);
  });

  it('"If an athlete does not jump at a height, he automatically forfeits any claim to first place" (26.9.5)', () => {
    const s = tie(3, [[1.9, '-']], [[1.9, 'X']]);
    const rows = s.map((x) => ({ record: verticalRecord(x.trials), code: null, trials: x.trials }));
    expect(verticalPlaces(rows)).toEqual({ places: [2, 1, 3], jumpOff: false });
  });
});

describe('jump-off over the HTTP API (TR 26.9)', () => {
  const t = useTestApp();
  let fx: Fixture;
  let referee: Client;
  let committee: Client;
  let heatId: number;
  let final: number;
  let starts: number[];
  const seq = new Map<number, number>();
  const attempt = (startId: number, height: number, outcome: string, jumpOff = false) => {
    const next = (seq.get(startId) ?? 0) + 1;
    return referee
      .post(`/api/v1/competition/starts/${startId}/trials`, { seq: next, outcome, height, jumpOff })
      .then((res) => {
        if (res.statusCode === 200) seq.set(startId, next);
        return res;
      });
  };
  const ok = async (startId: number, rows: [number, string][], jumpOff = false) => {
    for (const [h, cells] of rows) {
      for (const c of cells) {
        const res = await attempt(startId, h, c, jumpOff);
        expect(res.statusCode, res.body).toBe(200);
      }
    }
  };
  const placesNow = async () =>
    (await t.database.db.select().from(compStart).where(eq(compStart.heatId, heatId)).orderBy(compStart.position)).map(
      (r) => r.place,
    );

  beforeAll(async () => {
    fx = await fixture(t);
    referee = await signIn(t, 'referee');
    committee = await signIn(t, 'committee');
    const [round] = await fx.rounds(await fx.item('HJ'));
    final = round!.id;
    ({ heatId, starts } = await fx.heat(final, 1, [{ dlg: 0 }, { dlg: 1 }, { dlg: 2 }], { status: 'set' }));
  });

  it('athlib "1066" entered: a tie for first at 2.09, the jump-off decides, places 1 and 2', async () => {
    const [a85, a53, a81] = starts as [number, number, number];
    await ok(a85, [
      [1.81, 'O'],
      [1.86, 'O'],
      [1.91, 'O'],
      [1.97, 'XO'],
      [2.0, 'XXX'],
    ]);
    for (const s of [a53, a81])
      await ok(s, [
        [1.97, 'O'],
        [2.0, 'O'],
        [2.03, 'O'],
        [2.06, 'O'],
        [2.09, 'O'],
        [2.12, 'XXX'],
      ]);
    expect(await placesNow()).toEqual([3, 1, 1]);
    const standing = (await committee.get(`/api/v1/competition/heats/${heatId}/standing`)).json() as {
      data: { jumpOff: boolean; rows: { startId: number; eliminated: boolean }[] };
    };
    expect(standing.data.jumpOff).toBe(true);
    // The two tied for first jump on after three failures (TR 26.4 "except in the case of a tie for first place").
    expect(standing.data.rows.filter((r) => !r.eliminated).map((r) => r.startId)).toEqual([a53, a81]);
    // Not a jump-off trial: the competition's own rules refuse it (out after three failures).
    expect((await attempt(a53, 2.12, 'X')).statusCode).toBe(400);
    // The third-placed athlete has no jump-off.
    expect((await attempt(a85, 2.12, 'O', true)).statusCode).toBe(400);
    // 2.12 both fail, 2.10 both clear, 2.12 both fail, 2.10 both clear, 2.12 both fail (athlib's sheet).
    for (const [h, o] of [
      [2.12, 'X'],
      [2.1, 'O'],
      [2.12, 'X'],
      [2.1, 'O'],
      [2.12, 'X'],
    ] as const) {
      await ok(a53, [[h, o]], true);
      await ok(a81, [[h, o]], true);
    }
    // The ESAA officials then set 2.11; TR 26.9.4 says lowered "by 2cm for the high jump": 2.10.
    const wrong = await attempt(a81, 2.11, 'O', true);
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as { msg: string }).msg).toMatch(/2\.10 m/);
    await ok(a81, [[2.1, 'O']], true);
    await ok(a53, [[2.1, 'X']], true);
    expect(await placesNow()).toEqual([3, 2, 1]);
    const trials = await t.database.db.select().from(compTrial).where(eq(compTrial.startId, a81));
    expect(trials.filter((x) => x.jumpOff).map((x) => [x.height, x.outcome])).toEqual([
      [2.12, 'X'],
      [2.1, 'O'],
      [2.12, 'X'],
      [2.1, 'O'],
      [2.12, 'X'],
      [2.1, 'O'],
    ]);
    // Decided: nobody jumps on.
    expect((await attempt(a53, 2.12, 'O', true)).statusCode).toBe(400);
    // The heat's series shows the jump-off flagged, and official places are 1 and 2.
    const round = (await committee.get(`/api/v1/competition/heats/${heatId}/standing`)).json() as {
      data: { jumpOff: boolean };
    };
    expect(round.data.jumpOff).toBe(false);
    const [heat] = await t.database.db.select().from(compHeat).where(eq(compHeat.id, heatId));
    const official = await committee.post(`/api/v1/competition/heats/${heatId}/official`, { version: heat!.version });
    expect(official.statusCode, official.body).toBe(200);
    expect(await placesNow()).toEqual([3, 2, 1]);
    // Printed: the results PDF places them 1 and 2, and shows the jump-off in the order jumped.
    const names = new Map(
      (
        await t.database.db
          .select({ id: compStart.id, name: athlete.name })
          .from(compStart)
          .innerJoin(athlete, eq(athlete.id, compStart.athleteId))
          .where(eq(compStart.heatId, heatId))
      ).map((r) => [r.id, r.name]),
    );
    const pdf = await committee.get(`/api/v1/competition/rounds/${final}/pdf/results`);
    expect(pdf.statusCode).toBe(200);
    const lines = (await readPdf(pdf.rawPayload)).text.join('\n').split('\n');
    const row = (startId: number) => lines.indexOf(names.get(startId)!);
    // Each row prints its place, then the name: 1 before the winner, 2 before the runner-up.
    expect(lines[row(a81) - 1]).toBe('1');
    expect(lines[row(a53) - 1]).toBe('2');
    expect(row(a81)).toBeLessThan(row(a53));
    // The series column wraps: read it as one text.
    const flat = lines.join(' ').replace(/\s+/g, ' ');
    expect(flat).toContain('2.09 O 2.12 XXX Jump-off: 2.12 X 2.10 O 2.12 X 2.10 O 2.12 X 2.10 O');
    expect(flat).toContain('2.09 O 2.12 XXX Jump-off: 2.12 X 2.10 O 2.12 X 2.10 O 2.12 X 2.10 X');
  });
});
