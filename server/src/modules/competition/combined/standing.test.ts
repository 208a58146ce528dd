import { COMBINED_DISCIPLINES, COMBINED_FORMATS, combinedPoints, combinedPreset } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { abandons, combinedPlaces, compareTied, type DisciplineStart, type StandingEntry } from './standing.js';

/**
 * Combined events (issue 23) against published score sheets and an independent implementation:
 * the points of the WA Scoring Tables for Combined Events (2001) by their formulae, hand timing,
 * TR 39.10 (abandoning) and TR 39.12 (ties).
 */

const sum = (xs: (number | null)[]) => xs.reduce<number>((a, b) => a + (b ?? 0), 0);
const score = (gender: 'M' | 'F', marks: [string, number][]) =>
  marks.map(([code, v]) => combinedPoints(code, gender, v));

describe('scoring tables (WA Scoring Tables for Combined Events, 2001: P = A·(B−T)^C, A·(M−B)^C)', () => {
  it('the heptathlon world record, Seoul 1988 (Joyner-Kersee): 12.69, 1.86, 15.80, 22.56, 7.27, 45.66, 2:08.51 = 7291', () => {
    const points = score('F', [
      ['100H', 12.69],
      ['HJ', 1.86],
      ['SP', 15.8],
      ['200', 22.56],
      ['LJ', 7.27],
      ['JT', 45.66],
      ['800', 128.51],
    ]);
    // The per-event points of the official score sheet.
    expect(points).toEqual([1172, 1054, 915, 1123, 1264, 776, 987]);
    expect(sum(points)).toBe(7291);
  });

  it('London 2012 heptathlon winner (Ennis): 12.54, 1.86, 14.28, 22.83, 6.48, 47.49, 2:08.65 = 6955', () => {
    const points = score('F', [
      ['100H', 12.54],
      ['HJ', 1.86],
      ['SP', 14.28],
      ['200', 22.83],
      ['LJ', 6.48],
      ['JT', 47.49],
      ['800', 128.65],
    ]);
    expect(points).toEqual([1195, 1054, 813, 1096, 1001, 812, 984]);
    expect(sum(points)).toBe(6955);
  });

  it('the decathlon world record, Talence 2018 (Mayer): 10.55, 7.80, 16.00, 2.05, 48.42, 13.75, 50.54, 5.45, 71.90, 4:36.11 = 9126', () => {
    const points = score('M', [
      ['100', 10.55],
      ['LJ', 7.8],
      ['SP', 16],
      ['HJ', 2.05],
      ['400', 48.42],
      ['110H', 13.75],
      ['DT', 50.54],
      ['PV', 5.45],
      ['JT', 71.9],
      ['1500', 276.11],
    ]);
    expect(sum(points)).toBe(9126);
  });

  it('an independent implementation (R package combinedevents, README): a decathlon of 7550 and a heptathlon row by row', () => {
    expect(
      score('M', [
        ['100', 10.8],
        ['LJ', 7.1],
        ['SP', 12],
        ['HJ', 2.05],
        ['400', 49.5],
        ['110H', 14.5],
        ['DT', 35],
        ['PV', 4.6],
        ['JT', 40],
        ['1500', 261],
      ]),
    ).toEqual([906, 838, 606, 850, 838, 911, 564, 790, 442, 805]);
    expect(
      score('F', [
        ['100H', 14.56],
        ['HJ', 1.83],
        ['SP', 13.94],
        ['200', 23.8],
        ['LJ', 5.8],
        ['JT', 46.87],
        ['800', 127.63],
      ]),
    ).toEqual([901, 1016, 790, 1000, 789, 800, 1000]);
  });

  it('1000 points at 10.395 s in the men’s 100 m (the tables’ anchor): truncated, not rounded', () => {
    expect(combinedPoints('100', 'M', 10.395)).toBe(1000);
    expect(combinedPoints('100', 'M', 10.4)).toBe(999);
  });

  it('manual timing: the tables’ hand-timed columns are 0.24 s slower up to 200 m (and the hurdles), 0.14 s at 400 m, none from 800 m', () => {
    expect(combinedPoints('100', 'M', 10.2, true)).toBe(combinedPoints('100', 'M', 10.44));
    expect(combinedPoints('110H', 'M', 14.0, true)).toBe(combinedPoints('110H', 'M', 14.24));
    expect(combinedPoints('400', 'M', 48.0, true)).toBe(combinedPoints('400', 'M', 48.14));
    expect(combinedPoints('800', 'F', 130, true)).toBe(combinedPoints('800', 'F', 130));
  });

  it('no points below the table (the bracket is not positive), none for a sex the tables have no row for', () => {
    expect(combinedPoints('100', 'M', 18.5)).toBe(0);
    expect(combinedPoints('HJ', 'F', 0.7)).toBe(0);
    expect(combinedPoints('110H', 'F', 14)).toBeNull();
    expect(combinedPoints('XX', 'M', 1)).toBeNull();
  });

  it('every preset discipline has a table row for its sex (TR 39.1–39.3 and the school formats)', () => {
    for (const [code, f] of Object.entries(COMBINED_FORMATS)) {
      for (const sex of ['M', 'F'] as const) {
        for (const d of f[sex]) expect(COMBINED_DISCIPLINES[d]?.table[sex], `${code} ${sex} ${d}`).toBeTruthy();
      }
    }
    expect(combinedPreset('HEP', 'F')).toEqual(['100H', 'HJ', 'SP', '200', 'LJ', 'JT', '800']);
    expect(combinedPreset('DEC', 'M')).toHaveLength(10);
    expect(combinedPreset('TRI', 'X')).toEqual(['100', 'LJ', 'SP']);
  });
});

const entry = (key: number, points: number[], abandoned = false): StandingEntry => ({
  key,
  points,
  total: points.reduce((a, b) => a + b, 0),
  abandoned,
});

describe('TR 39.12 ties and TR 39.10 abandoning', () => {
  it('"the athlete who has, in the greater number of events, scored more points than the other athlete(s) … the higher place"', () => {
    // Equal totals (4000): A beats B in three events of five, B beats A in two.
    const a = entry(1, [900, 800, 800, 700, 800]);
    const b = entry(2, [850, 850, 750, 650, 900]);
    expect(a.total).toBe(b.total);
    expect(compareTied(a, b)).toBeLessThan(0);
    expect(combinedPlaces([b, a])).toEqual(
      new Map([
        [1, 1],
        [2, 2],
      ]),
    );
  });

  it('"If this does not resolve the tie, the athlete who has scored the highest number of points in any one event"', () => {
    // Two events each, equal totals: A's best single event (1000) beats B's (950).
    const a = entry(1, [1000, 600, 800, 700]);
    const b = entry(2, [950, 650, 750, 750]);
    expect(compareTied(a, b)).toBeLessThan(0);
    // "… in a second event, etc.": the best equal, the second best decides.
    const c = entry(3, [1000, 800, 600, 700]);
    const d = entry(4, [1000, 750, 650, 700]);
    expect(compareTied(c, d)).toBeLessThan(0);
  });

  it('"If still tied, the tie shall remain": the place is shared (1, 1, 3)', () => {
    const a = entry(1, [900, 800]);
    const b = entry(2, [800, 900]);
    const c = entry(3, [800, 800]);
    expect(combinedPlaces([a, b, c])).toEqual(
      new Map([
        [1, 1],
        [2, 1],
        [3, 3],
      ]),
    );
  });

  it('"shall be considered to have abandoned … not be included in the final classification" (TR 39.10)', () => {
    expect(combinedPlaces([entry(1, [900, 0], true), entry(2, [500, 500])])).toEqual(new Map([[2, 1]]));
    const s = (x: Partial<DisciplineStart>): DisciplineStart => ({
      key: 1,
      discipline: 'SP',
      gender: 'F',
      value: null,
      code: null,
      handTimed: false,
      attempted: false,
      field: true,
      official: true,
      ...x,
    });
    // "fails to start": DNS.
    expect(abandons(s({ code: 'DNS', field: false, discipline: '200' }))).toBe(true);
    // "or make an attempt": only passes (or no trial) in a field discipline.
    expect(abandons(s({}))).toBe(true);
    // Three fouls are attempts: NM scores 0 and the athlete goes on; so does a DNF.
    expect(abandons(s({ code: 'NM', attempted: true }))).toBe(false);
    expect(abandons(s({ code: 'DNF', field: false, discipline: '800' }))).toBe(false);
    // Not official yet: nothing is decided.
    expect(abandons(s({ official: false }))).toBe(false);
  });
});
