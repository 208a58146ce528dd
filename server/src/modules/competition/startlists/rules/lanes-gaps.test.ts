import { describe, expect, it } from 'vitest';
import { deriveLaneGroups, drawLanesByLot, drawLanesByRank, lanesInUse } from './lanes.js';
import { seededRandom } from './prng.js';

/**
 * Heats with fewer athletes than lanes: no empty lane inside a lane group the draw fills first.
 * The WA draw practice found in the stored sources: on eight lanes "top 4 … randomly selected
 * for lanes 3-4-5-6, and next 4 times get 1-2-7-8" (the 5th–6th for 7–8, the 7th–8th for 1–2);
 * no source says which lanes of a group stay empty, so Baton keeps the filled lanes together
 * and central (lanes.ts `lanesInUse`).
 */
const EIGHT = deriveLaneGroups(8);
const NINE = deriveLaneGroups(9);
const seeds = Array.from({ length: 40 }, (_, i) => `gap-${i}`);
const sorted = (lanes: number[]) => [...lanes].sort((a, b) => a - b);
const contiguous = (lanes: number[]) => sorted(lanes).every((l, i, a) => i === 0 || l === a[i - 1]! + 1);

describe('later rounds: a partly filled group leaves no gap (eight lanes: 3–6, 7–8, 1–2)', () => {
  it('3 athletes in lanes 3–6 take 3–4–5 or 4–5–6, never leave lane 4 or 5 empty', () => {
    const seen = new Set<string>();
    for (const seed of seeds) {
      const lanes = drawLanesByRank(3, EIGHT, seededRandom(seed));
      seen.add(sorted(lanes).join(','));
    }
    expect([...seen].sort()).toEqual(['3,4,5', '4,5,6']);
  });

  it('2 athletes take the two middle lanes 4 and 5; 1 athlete lane 4 or 5', () => {
    for (const seed of seeds) {
      expect(sorted(drawLanesByRank(2, EIGHT, seededRandom(seed)))).toEqual([4, 5]);
      expect([4, 5]).toContain(drawLanesByRank(1, EIGHT, seededRandom(seed))[0]);
    }
  });

  it('the 5th-ranked takes lane 7 next to the full group 3–6 (not 8); the 7th lane 2 (not 1)', () => {
    for (const seed of seeds) {
      const five = drawLanesByRank(5, EIGHT, seededRandom(seed));
      expect(sorted(five.slice(0, 4))).toEqual([3, 4, 5, 6]);
      expect(five[4]).toBe(7);
      const seven = drawLanesByRank(7, EIGHT, seededRandom(seed));
      expect(sorted(seven.slice(4, 6))).toEqual([7, 8]);
      expect(seven[6]).toBe(2);
    }
  });

  it('full heats draw exactly as before: ranks 1–4 in 3–6, 5–6 in 7–8, 7–8 in 1–2', () => {
    for (const seed of seeds) {
      const lanes = drawLanesByRank(8, EIGHT, seededRandom(seed));
      expect(sorted(lanes.slice(0, 4))).toEqual([3, 4, 5, 6]);
      expect(sorted(lanes.slice(4, 6))).toEqual([7, 8]);
      expect(sorted(lanes.slice(6, 8))).toEqual([1, 2]);
    }
  });

  it('no heat of 1 to 8 (eight lanes) or 1 to 9 (nine lanes) has an empty lane between two athletes', () => {
    for (const [groups, n] of [
      [EIGHT, 8],
      [NINE, 9],
    ] as const) {
      for (let count = 1; count <= n; count++) {
        for (const seed of seeds.slice(0, 10)) {
          const later = drawLanesByRank(count, groups, seededRandom(seed));
          const first = drawLanesByLot(count, groups, seededRandom(seed));
          expect(contiguous(later), `${n} lanes, ${count} athletes, later round: ${later}`).toBe(true);
          expect(contiguous(first), `${n} lanes, ${count} athletes, first round: ${first}`).toBe(true);
          expect(new Set(later).size).toBe(count);
        }
      }
    }
  });
});

describe('the same lanes in the first round and on nine lanes', () => {
  it('first round, 7 athletes on eight lanes: lanes 2–8 (not lane 1 with lane 2 empty)', () => {
    for (const seed of seeds)
      expect(sorted(drawLanesByLot(7, EIGHT, seededRandom(seed)))).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('nine lanes (4–6, 3 and 7, 8–9, 1–2): the 4th-ranked draws lane 3 or 7 — equally central — by lot', () => {
    const seen = new Set<number>();
    for (const seed of seeds) {
      const lanes = drawLanesByRank(4, NINE, seededRandom(seed));
      expect(sorted(lanes.slice(0, 3))).toEqual([4, 5, 6]);
      seen.add(lanes[3]!);
    }
    expect([...seen].sort()).toEqual([3, 7]);
    // Six athletes: lane 8 of the group 8–9 (next to 7), not 9.
    expect(lanesInUse(6, NINE, seededRandom('x'))).toEqual([[4, 5, 6], [3, 7], [8], []]);
  });

  it('is reproducible from the seed', () => {
    expect(drawLanesByRank(3, EIGHT, seededRandom('r'))).toEqual(drawLanesByRank(3, EIGHT, seededRandom('r')));
  });
});
