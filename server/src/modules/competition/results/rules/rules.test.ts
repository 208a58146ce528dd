import { describe, expect, it } from 'vitest';
import { checkHorizontal, checkVertical, type FieldStart, horizontalStanding, verticalStanding } from './field.js';
import { formatTime, formatWind, parsePoints, parseTime, roundWind, timeKey, toCentimetreBelow } from './marks.js';
import { type QualifyRow, qualify } from './qualify.js';
import { compareHorizontal, type FieldTrial, trackPlaces, verticalRecord } from './rank.js';

/** Worked examples pinning the rules of results entry (WA Book C2.1). */

const time = (text: string) => {
  const p = parseTime(text)!;
  return { mark: formatTime(p.value, p.decimals), value: p.value, code: null as string | null };
};

describe('marks', () => {
  it('parses times as typed and shows them rounded up (TR 19.24, 19.19)', () => {
    expect(parseTime('10.853')).toEqual({ value: 10.853, decimals: 3 });
    expect(formatTime(10.853, 3)).toBe('10.86');
    expect(formatTime(10.85, 3)).toBe('10.85'); // exact 1/100 stays
    expect(formatTime(10.8, 2)).toBe('10.80');
    expect(parseTime('1:58.30')).toEqual({ value: 118.3, decimals: 2 });
    expect(formatTime(118.3, 2)).toBe('1:58.30');
    expect(parseTime('1:02:03.4')).toEqual({ value: 3723.4, decimals: 1 });
    expect(formatTime(3723.4, 1)).toBe('1:02:03.4');
    // A hand time to 1/10 is shown to the next longer 1/10.
    expect(formatTime(10.83, 1)).toBe('10.9');
    expect(formatTime(59.991, 3)).toBe('1:00.00');
    expect(parseTime('58')).toEqual({ value: 58, decimals: 0 });
    for (const bad of ['', 'abc', '1:75.00', '1:60:00.0', '10.8531', '-10.5', '0', '10,85']) {
      expect(parseTime(bad), bad).toBeNull();
    }
  });

  it('measures distances to the centimetre below and points as whole numbers', () => {
    expect(toCentimetreBelow(6.239)).toBe(6.23);
    expect(toCentimetreBelow(6.23)).toBe(6.23);
    expect(toCentimetreBelow(0.29)).toBe(0.29);
    expect(parsePoints('5 123')).toBeNull();
    expect(parsePoints('5123')).toBe(5123);
  });

  it('rounds the wind up to the next 0.1 m/s in the positive direction (TR 17.13, 29.12)', () => {
    expect(roundWind(2.03)).toBe(2.1);
    expect(roundWind(-2.03)).toBe(-2);
    expect(roundWind(-1.25)).toBe(-1.2);
    expect(roundWind(2.0)).toBe(2);
    expect(roundWind(1.999)).toBe(2);
    expect(roundWind(-0.04)).toBe(0);
    expect(Object.is(roundWind(-0.04), -0)).toBe(false);
    expect(formatWind(roundWind(2.03))).toBe('+2.1');
    expect(formatWind(-1.2)).toBe('-1.2');
    expect(formatWind(0)).toBe('+0.0');
  });
});

describe('track ranking (TR 21.2)', () => {
  it('separates a tie at 1/100 on the 1/1000 when given, else shares the place', () => {
    const rows = [time('10.853'), time('10.851'), time('10.86'), time('10.70'), time('11.002')];
    // 10.853 and 10.851 both show 10.86: the 1/1000 separates them; 10.86 (no 1/1000) ties with both.
    expect(rows.map((r) => r.mark)).toEqual(['10.86', '10.86', '10.86', '10.70', '11.01']);
    // 10.70 wins; the three shown 10.86 share 2nd (one has no 1/1000); 11.002 shows 11.01, 5th.
    expect(trackPlaces(rows)).toEqual([2, 2, 2, 1, 5]);
    // When the photo finish gave the 1/1000 for all of them, it separates them.
    expect(trackPlaces([time('10.853'), time('10.851'), time('10.70'), time('10.851')])).toEqual([4, 2, 1, 2]);
    expect(trackPlaces([time('12.34'), time('12.34'), time('12.40')])).toEqual([1, 1, 3]);
  });

  it('leaves DNS, DNF and DQ unranked', () => {
    const rows = [time('12.10'), { mark: null, value: null, code: 'DNS' }, { ...time('11.90'), code: 'DQ' }];
    expect(trackPlaces(rows)).toEqual([1, null, null]);
  });

  it('ranks points the other way', () => {
    const pts = (v: number) => ({ mark: String(v), value: v, code: null });
    expect(trackPlaces([pts(5000), pts(5200), pts(5000)], 'points')).toEqual([2, 1, 2]);
  });

  it('compares hand and automatic times on what is shown', () => {
    expect(trackPlaces([time('10.9'), time('10.85'), time('10.90')])).toEqual([2, 1, 2]);
    expect(timeKey('10.9', 10.83).shown).toBe(10_900);
    expect(timeKey('10.86', 10.853)).toEqual({ shown: 10_860, exact: 10_853, hasThousandths: true });
  });
});

const h = (...marks: (number | 'X' | '-')[]): FieldTrial[] =>
  marks.map((m, i) =>
    typeof m === 'number'
      ? { seq: i + 1, outcome: 'O', mark: m }
      : { seq: i + 1, outcome: m === 'X' ? 'X' : '-', mark: null },
  );

describe('horizontal field ranking (TR 25.22)', () => {
  it('breaks a tie on the best mark with the next best, and so on', () => {
    const a = [7.12, 7.05, 6.9];
    const b = [7.12, 7.05, 6.95];
    expect(compareHorizontal(a, b)).toBeGreaterThan(0); // b's third best wins
    expect(compareHorizontal([7.12], [7.12, 6.0])).toBeGreaterThan(0); // a mark beats no mark
    expect(compareHorizontal([7.12, 7.0], [7.12, 7.0])).toBe(0);
  });

  it('gives the live standing after each trial and reverses the order after the cut (TR 25.5, 25.6)', () => {
    const round = { trials: 6, cutAfter: 3, cutSize: 2 };
    const starts: FieldStart[] = [
      { id: 1, position: 1, code: null, trials: h(6.5, 'X', 6.6) },
      { id: 2, position: 2, code: null, trials: h(6.8, 6.6, 'X') },
      { id: 3, position: 3, code: null, trials: h(6.8, 6.5, '-') },
      { id: 4, position: 4, code: null, trials: h('X', 'X') },
    ];
    const early = horizontalStanding(starts, round);
    expect(early.cutReached).toBe(false);
    expect(early.rows.map((r) => r.place)).toEqual([3, 1, 2, null]);
    expect(early.rows.map((r) => r.best)).toEqual(['6.60', '6.80', '6.80', null]);
    // Before the cut, round by round in the drawn order: athlete 4 still owes trial 3, so is up first.
    expect(early.rows.map((r) => r.order)).toEqual([2, 3, 4, 1]);

    const cut = horizontalStanding(
      starts.map((s) => (s.id === 4 ? { ...s, trials: h('X', 'X', 'X') } : s)),
      round,
    );
    expect(cut.cutReached).toBe(true);
    // The best two go on (2 and 3), the leader last; 1 and 4 are out.
    expect(cut.rows.map((r) => r.eliminated)).toEqual([true, false, false, true]);
    expect(cut.rows.map((r) => r.order)).toEqual([null, 2, 1, null]);
  });

  it('keeps DNS out of the cut and of the places', () => {
    const round = { trials: 6, cutAfter: 3, cutSize: 8 };
    const s = horizontalStanding(
      [
        { id: 1, position: 1, code: 'DNS', trials: [] },
        { id: 2, position: 2, code: null, trials: h(5.1, 'X', 'X') },
      ],
      round,
    );
    expect(s.cutReached).toBe(true);
    expect(s.rows.map((r) => [r.place, r.eliminated, r.order])).toEqual([
      [null, true, null],
      [1, false, 1],
    ]);
  });

  it('checks horizontal trials', () => {
    const round = { trials: 3, cutAfter: 3, cutSize: 8 };
    expect(checkHorizontal(h(6.1, 'X', 6.2), round)).toBeNull();
    expect(checkHorizontal(h(6.1, 'X', 6.2, 6.3), round)?.en).toContain('3 trials');
    expect(checkHorizontal([{ seq: 1, outcome: 'O', mark: null }], round)?.en).toContain('needs its mark');
    expect(checkHorizontal([{ seq: 1, outcome: 'X', mark: 5 }], round)?.en).toContain('only a valid');
    const retired: FieldTrial[] = [
      { seq: 1, outcome: 'r', mark: null },
      { seq: 2, outcome: 'O', mark: 5 },
    ];
    expect(checkHorizontal(retired, round)?.en).toContain('retired');
  });
});

/** Attempts like a results sheet: `{1.50: 'O', 1.55: 'XO'}`. */
const v = (sheet: [number, string][]): FieldTrial[] => {
  const out: FieldTrial[] = [];
  for (const [height, cell] of sheet) {
    for (const c of cell) out.push({ seq: out.length + 1, height, outcome: c as 'O' | 'X' | '-', mark: null });
  }
  return out;
};

describe('vertical jumps: countback (TR 26.8) and jump-off (TR 26.9)', () => {
  it('ranks by fewest attempts at the height of the tie', () => {
    // Both clear 1.80; A clears it at the first attempt, B at the second.
    const A = v([
      [1.7, 'XO'],
      [1.75, 'XO'],
      [1.8, 'O'],
      [1.85, 'XXX'],
    ]);
    const B = v([
      [1.7, 'O'],
      [1.75, 'O'],
      [1.8, 'XO'],
      [1.85, 'XXX'],
    ]);
    const s = verticalStanding([
      { id: 1, position: 1, code: null, trials: A },
      { id: 2, position: 2, code: null, trials: B },
    ]);
    expect(s.rows.map((r) => r.place)).toEqual([1, 2]);
    expect(s.jumpOff).toBe(false);
  });

  it('then by fewest failures up to and including the height last cleared', () => {
    const A = v([
      [1.7, 'XO'],
      [1.75, 'O'],
      [1.8, 'XXX'],
    ]);
    const B = v([
      [1.7, 'O'],
      [1.75, 'O'],
      [1.8, 'XXX'],
    ]);
    // Same at 1.75 (one attempt each); A failed once on the way: B is ahead. Failures above 1.75 do not count.
    expect(verticalRecord(A)).toMatchObject({ best: 1.75, attemptsAtBest: 1, failuresToBest: 1, out: true });
    const s = verticalStanding([
      { id: 1, position: 1, code: null, trials: A },
      { id: 2, position: 2, code: null, trials: B },
    ]);
    expect(s.rows.map((r) => r.place)).toEqual([2, 1]);
  });

  it('shares the place when countback cannot separate, and marks a jump-off for first place', () => {
    const same = () =>
      v([
        [1.7, '-'],
        [1.75, 'XO'],
        [1.8, 'XXX'],
      ]);
    const third = v([
      [1.7, 'O'],
      [1.75, 'XXX'],
    ]);
    const s = verticalStanding([
      { id: 1, position: 1, code: null, trials: same() },
      { id: 2, position: 2, code: null, trials: same() },
      { id: 3, position: 3, code: null, trials: third },
    ]);
    expect(s.rows.map((r) => r.place)).toEqual([1, 1, 3]);
    expect(s.jumpOff).toBe(true);
    // A tie for a lower place is shared without a jump-off.
    const lower = verticalStanding([
      { id: 1, position: 1, code: null, trials: v([[1.8, 'O']]) },
      { id: 2, position: 2, code: null, trials: same() },
      { id: 3, position: 3, code: null, trials: same() },
    ]);
    expect(lower.rows.map((r) => r.place)).toEqual([1, 2, 2]);
    expect(lower.jumpOff).toBe(false);
  });

  it('puts an athlete out after three consecutive failures, passes included', () => {
    const s = verticalStanding([
      {
        id: 1,
        position: 1,
        code: null,
        trials: v([
          [1.7, 'XX-'],
          [1.75, 'X'],
        ]),
      },
      { id: 2, position: 2, code: null, trials: v([[1.7, 'O']]) },
    ]);
    expect(s.rows.map((r) => [r.place, r.eliminated, r.order])).toEqual([
      [null, true, null],
      [1, false, 1],
    ]);
  });

  it('checks the attempts of a vertical jump', () => {
    expect(checkVertical(v([[1.7, 'XXO']]))).toBeNull();
    expect(checkVertical(v([[1.7, 'XXXO']]))?.en).toContain('out of the competition');
    expect(checkVertical(v([[1.7, 'OX']]))?.en).toContain('cleared or passed');
    expect(
      checkVertical(
        v([
          [1.75, 'O'],
          [1.7, 'O'],
        ]),
      )?.en,
    ).toContain('lower');
    expect(checkVertical([{ seq: 1, outcome: 'O', mark: null, height: null }])?.en).toContain('height');
  });
});

describe('qualification: top N per heat + next M by time (TR 20.10, 21.3)', () => {
  type Row = QualifyRow & { value: number };
  const row = (startId: number, place: number | null, value: number): Row => ({ startId, place, value, manual: null });
  const compare = (a: Row, b: Row) => Math.round((a.value - b.value) * 1000);
  const heat = (number: number, rows: Row[], official = true) => ({ number, official, rows });

  it('takes the first 2 of each heat (Q) and the next 2 by time (q)', () => {
    const { qualifiers, draws } = qualify({
      heats: [
        heat(1, [row(1, 1, 11.0), row(2, 2, 11.1), row(3, 3, 11.2), row(4, 4, 11.6)]),
        heat(2, [row(5, 1, 11.05), row(6, 2, 11.3), row(7, 3, 11.25), row(8, null, 0)]),
      ],
      byPlace: 2,
      byTime: 2,
      room: 8,
      compare,
      seed: 's',
    });
    expect(Object.fromEntries(qualifiers)).toEqual({ 1: 'Q', 2: 'Q', 5: 'Q', 6: 'Q', 3: 'q', 7: 'q' });
    expect(draws).toEqual([]);
  });

  it('withholds q until every heat is official', () => {
    const { qualifiers } = qualify({
      heats: [heat(1, [row(1, 1, 11), row(2, 2, 11.1), row(3, 3, 11.2)]), heat(2, [row(4, 1, 11)], false)],
      byPlace: 1,
      byTime: 1,
      room: 8,
      compare,
      seed: 's',
    });
    expect(Object.fromEntries(qualifiers)).toEqual({ 1: 'Q' });
  });

  it('takes every athlete tied at the boundary when the next round has room', () => {
    const { qualifiers, draws } = qualify({
      heats: [heat(1, [row(1, 1, 11), row(2, 2, 11.1), row(3, 2, 11.1)]), heat(2, [row(4, 1, 11.2), row(5, 2, 11.3)])],
      byPlace: 2,
      byTime: 0,
      room: 8,
      compare,
      seed: 's',
    });
    expect(Object.fromEntries(qualifiers)).toEqual({ 1: 'Q', 2: 'Q', 3: 'Q', 4: 'Q', 5: 'Q' });
    expect(draws).toEqual([]);
  });

  it('draws lots among athletes tied for the last q when the next round is full (qD)', () => {
    const input = {
      heats: [
        heat(1, [row(1, 1, 11), row(2, 2, 11.4), row(3, 3, 11.5)]),
        heat(2, [row(4, 1, 11.1), row(5, 2, 11.4), row(6, 3, 11.5)]),
      ],
      byPlace: 1,
      byTime: 1,
      room: 3,
      compare,
      seed: 'round-7',
    };
    const { qualifiers, draws } = qualify(input);
    expect(qualifiers.get(1)).toBe('Q');
    expect(qualifiers.get(4)).toBe('Q');
    // 2 and 5 tie at 11.40 for the one q place; lanes are full: one of them is drawn.
    expect(draws).toHaveLength(1);
    expect(draws[0]).toMatchObject({ tied: [2, 5], places: 1 });
    const drawn = draws[0]!.drawn[0]!;
    expect([2, 5]).toContain(drawn);
    expect(qualifiers.get(drawn)).toBe('qD');
    expect(qualifiers.get(drawn === 2 ? 5 : 2)).toBeUndefined();
    // The same seed draws the same athlete.
    expect(qualify(input).draws[0]!.drawn).toEqual(draws[0]!.drawn);
  });

  it('keeps the referee’s and the jury’s qualifiers', () => {
    const { qualifiers } = qualify({
      heats: [heat(1, [row(1, 1, 11), { ...row(2, null, 0), manual: 'qR' }])],
      byPlace: 1,
      byTime: 0,
      room: 8,
      compare,
      seed: 's',
    });
    expect(Object.fromEntries(qualifiers)).toEqual({ 1: 'Q', 2: 'qR' });
  });
});
