import { describe, expect, it } from 'vitest';
import {
  finalPlaces,
  type Placeable,
  pointsByPlace,
  recordFlags,
  recordValue,
  sharedRanks,
  usesStartWind,
  windLegal,
} from './scoring.js';

const TABLE = [9, 7, 6, 5, 4, 3, 2, 1];
const start = (id: number, value: number | null, place: number | null, heatId = 1, code: string | null = null) =>
  ({ id, heatId, value, code, place }) satisfies Placeable;

describe('points by place (shared places share the points)', () => {
  it('scores places 1..8 by the table and nothing after', () => {
    const places = new Map(Array.from({ length: 9 }, (_, i) => [i + 1, i + 1] as [number, number]));
    const pts = pointsByPlace(places, TABLE);
    expect([...pts.values()]).toEqual([9, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('two tied 2nd share (7 + 6) / 2 = 6.5 each, and the next is 4th', () => {
    const pts = pointsByPlace(
      new Map([
        [1, 1],
        [2, 2],
        [3, 2],
        [4, 4],
      ]),
      TABLE,
    );
    expect(Object.fromEntries(pts)).toEqual({ 1: 9, 2: 6.5, 3: 6.5, 4: 5 });
  });

  it('three tied 1st share (9 + 7 + 6) / 3; a tie on 8th with 9th shares (1 + 0) / 2', () => {
    const pts = pointsByPlace(
      new Map([
        [1, 1],
        [2, 1],
        [3, 1],
        [8, 8],
        [9, 8],
      ]),
      TABLE,
    );
    expect(pts.get(1)).toBeCloseTo(22 / 3, 2);
    expect(pts.get(1)).toBe(7.33);
    expect(pts.get(8)).toBe(0.5);
    expect(pts.get(9)).toBe(0.5);
  });

  it('a shorter table (5-3-1) scores the first three only', () => {
    const pts = pointsByPlace(
      new Map([
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 3],
      ]),
      [5, 3, 1],
    );
    expect(Object.fromEntries(pts)).toEqual({ 1: 5, 2: 3, 3: 0.5, 4: 0.5 });
  });
});

describe('final places', () => {
  it('a one-heat final keeps the places the results gave (photo finish, countback)', () => {
    const places = finalPlaces([start(1, 10.5, 2), start(2, 10.5, 1), start(3, 10.7, 3)], 'time');
    expect(Object.fromEntries(places)).toEqual({ 1: 2, 2: 1, 3: 3 });
  });

  it('DNS, DNF, DQ and NM have no place; a retired field athlete with a mark keeps hers', () => {
    const places = finalPlaces(
      [
        start(1, 7.1, 1),
        start(2, null, null, 1, 'DNS'),
        start(3, 6.9, null, 1, 'DQ'),
        start(4, null, null, 1, 'NM'),
        start(5, 6.5, 2, 1, 'r'),
        start(6, 6.2, null, 1, 'DNF'),
      ],
      'distance',
    );
    expect(Object.fromEntries(places)).toEqual({ 1: 1, 5: 2 });
  });

  it('a timed final in two heats places all runners by time, equal times sharing', () => {
    const places = finalPlaces(
      [
        start(1, 130.12, 1, 1),
        start(2, 128.4, 1, 2),
        start(3, 131.0, 2, 1),
        start(4, 130.12, 2, 2),
        start(5, null, null, 2, 'DNF'),
      ],
      'time',
    );
    expect(Object.fromEntries(places)).toEqual({ 2: 1, 1: 2, 4: 2, 3: 4 });
    const pts = pointsByPlace(places, TABLE);
    expect(Object.fromEntries(pts)).toEqual({ 2: 9, 1: 6.5, 4: 6.5, 3: 5 });
  });

  it('field events in flights rank by the best mark, higher first', () => {
    const places = finalPlaces([start(1, 6.1, 1, 1), start(2, 6.4, 1, 2), start(3, 5.9, 2, 2)], 'distance');
    expect(Object.fromEntries(places)).toEqual({ 2: 1, 1: 2, 3: 3 });
  });
});

describe('record wind legality (TR 32 / +2.0 m/s)', () => {
  it('+2.0 is legal, +2.1 is not, no reading is not; events without wind always are', () => {
    expect(windLegal(true, 2.0)).toBe(true);
    expect(windLegal(true, -1.3)).toBe(true);
    expect(windLegal(true, 2.1)).toBe(false);
    expect(windLegal(true, null)).toBe(false);
    expect(windLegal(false, null)).toBe(true);
    expect(windLegal(false, 5)).toBe(true);
  });

  it('field events read the competitor wind, track the heat wind', () => {
    expect(usesStartWind('field-distance')).toBe(true);
    expect(usesStartWind('track')).toBe(false);
    expect(usesStartWind('relay')).toBe(false);
  });
});

describe('record flags', () => {
  it('times compare at 1/100 rounded up: 10.497 equals a 10.50 record', () => {
    expect(recordValue('time', 10.497)).toBe(10.5);
    expect(recordValue('time', 10.5)).toBe(10.5);
    expect(recordValue('time', 10.491)).toBe(10.5);
    expect(recordValue('time', 10.49)).toBe(10.49);
    expect(recordValue('distance', 7.456)).toBe(7.45);
  });

  it('a better legal mark is MR, an equal one =MR, a wind-aided better one nothing', () => {
    const out = recordFlags(
      10.5,
      [
        { id: 1, order: 1, value: 10.45, legal: false },
        { id: 2, order: 2, value: 10.497, legal: true },
        { id: 3, order: 3, value: 10.48, legal: true },
        { id: 4, order: 3, value: 10.49, legal: true },
      ],
      'time',
    );
    expect(Object.fromEntries(out.flags)).toEqual({ 2: '=MR', 3: 'MR' });
    expect(out.setter).toBe(3);
    expect(out.value).toBe(10.48);
  });

  it('a record set in the heats stands for the final: a slower final win is no record', () => {
    const out = recordFlags(
      10.5,
      [
        { id: 1, order: 10_001, value: 10.4, legal: true },
        { id: 2, order: 20_001, value: 10.45, legal: true },
        { id: 3, order: 20_001, value: 10.4, legal: true },
      ],
      'time',
    );
    expect(Object.fromEntries(out.flags)).toEqual({ 1: 'MR', 3: '=MR' });
    expect(out.setter).toBe(1);
  });

  it('higher is better for distances; without a record on file nothing is flagged', () => {
    const out = recordFlags(7.0, [{ id: 1, order: 1, value: 7.01, legal: true }], 'distance');
    expect(Object.fromEntries(out.flags)).toEqual({ 1: 'MR' });
    const none = recordFlags(null, [{ id: 1, order: 1, value: 7.01, legal: true }], 'distance');
    expect(none.flags.size).toBe(0);
    expect(none.setter).toBeNull();
  });
});

describe('shared ranks', () => {
  it('ties share the rank and the next rank skips (1, 1, 3)', () => {
    expect(sharedRanks([30, 30, 20, 10, 10], (a, b) => a === b)).toEqual([1, 1, 3, 4, 4]);
  });
});
