import { describe, expect, it } from 'vitest';
import type { FieldTrial } from '../results/rules/rank.js';
import { finalPlaces, type Placeable } from './scoring.js';

/** Places across the heats or flights of a final rank by the rules, not by the raw best value. */

const p = (id: number, heatId: number, value: number, mark: string | null = null): Placeable => ({
  id,
  heatId,
  mark,
  value,
  code: null,
  place: null,
});
const series = (rows: Record<number, [FieldTrial['outcome'], number | null][]>, vertical = false) => {
  const map = new Map<number, FieldTrial[]>();
  for (const [id, list] of Object.entries(rows)) {
    map.set(
      Number(id),
      list.map(([outcome, v], i) => ({
        seq: i + 1,
        outcome,
        mark: vertical ? null : v,
        height: vertical ? v : null,
      })),
    );
  }
  return (id: number) => map.get(id) ?? [];
};

describe('places across flights and sections (TR 21.2, 25.22, 26.8)', () => {
  it('TR 25.22 "the second best … shall be used to resolve the tie": 6.50/6.40 ahead of 6.50/6.30 in the other flight', () => {
    const trials = series({
      1: [
        ['O', 6.5],
        ['O', 6.3],
      ],
      2: [
        ['O', 6.4],
        ['O', 6.5],
      ],
      3: [['O', 6.1]],
    });
    const places = finalPlaces([p(1, 10, 6.5), p(2, 20, 6.5), p(3, 20, 6.1)], 'distance', trials);
    expect([...places]).toEqual([
      [1, 2],
      [2, 1],
      [3, 3],
    ]);
  });

  it('TR 26.8.1 "the fewest number of trials at the height at which the tie occurs": 1.80 at the first ahead of 1.80 at the second', () => {
    const trials = series(
      {
        1: [
          ['X', 1.8],
          ['O', 1.8],
          ['X', 1.85],
          ['X', 1.85],
          ['X', 1.85],
        ],
        2: [
          ['O', 1.8],
          ['X', 1.85],
          ['X', 1.85],
          ['X', 1.85],
        ],
      },
      true,
    );
    const places = finalPlaces([p(1, 10, 1.8), p(2, 20, 1.8)], 'height', trials);
    expect(places.get(2)).toBe(1);
    expect(places.get(1)).toBe(2);
  });

  it('TR 21.2: times at the precision taken — 10.851 and 10.859 both show 10.86; the 1/1000 separates them only when given for both', () => {
    const places = finalPlaces(
      [p(1, 10, 10.851, '10.86'), p(2, 20, 10.859, '10.86'), p(3, 20, 10.84, '10.84')],
      'time',
    );
    // Both given to 1/1000: the 1/1000 separates them.
    expect([places.get(3), places.get(1), places.get(2)]).toEqual([1, 2, 3]);
    // One of the two only to 1/100 (10.86): they share the place.
    const shared = finalPlaces([p(1, 10, 10.851, '10.86'), p(2, 20, 10.86, '10.86')], 'time');
    expect([shared.get(1), shared.get(2)]).toEqual([1, 1]);
    // A hand time 10.8 (shown 10.8) against 10.79 from another section: 10.79 ahead.
    const hand = finalPlaces([p(1, 10, 10.8, '10.8'), p(2, 20, 10.79, '10.79')], 'time');
    expect([hand.get(2), hand.get(1)]).toEqual([1, 2]);
  });
});
