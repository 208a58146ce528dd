import { describe, expect, it } from 'vitest';
import { orderAfterCut } from './field-order.js';
import { distanceOf, heatCount, inLanes, maxPerHeat, seedsByPlace } from './heats.js';
import { deriveLaneGroups, drawLanesByLot, drawLanesByRank, laneGroupsFor } from './lanes.js';
import { seededRandom, shuffle } from './prng.js';
import { type Qualified, rankBySeed, rankQualifiers, type Seedable, spreadDelegations, zigzag } from './seeding.js';

const EIGHT = [
  { places: [1, 2, 3, 4], lanes: [3, 4, 5, 6] },
  { places: [5, 6], lanes: [7, 8] },
  { places: [7, 8], lanes: [1, 2] },
];

describe('seeded draws', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = seededRandom('wrj2025-100m');
    const b = seededRandom('wrj2025-100m');
    const c = seededRandom('wrj2025-100m!');
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('shuffles every element once, reproducibly', () => {
    const list = Array.from({ length: 20 }, (_, i) => i);
    const s1 = shuffle(list, seededRandom('x'));
    expect([...s1].sort((p, q) => p - q)).toEqual(list);
    expect(shuffle(list, seededRandom('x'))).toEqual(s1);
    expect(s1).not.toEqual(list);
  });
});

describe('number of heats (TR 20.3)', () => {
  const race = (itemCode: string, usesLanes: boolean) => ({ kind: 'track' as const, usesLanes, itemCode });
  it('fills the lanes of a race in lanes', () => {
    expect(maxPerHeat(race('100', true), 8)).toBe(8);
    expect(heatCount(20, 8)).toBe(3);
    expect(heatCount(16, 8)).toBe(2);
    expect(heatCount(17, 8)).toBe(3);
    expect(heatCount(0, 8)).toBe(1);
    expect(maxPerHeat(race('100', true), 8, 6)).toBe(6);
    expect(maxPerHeat(race('100', true), 8, 12)).toBe(8);
  });
  it('caps races not in lanes, and field events are one flight unless asked', () => {
    expect(maxPerHeat(race('1000', false), 8)).toBe(12);
    expect(maxPerHeat(race('1500', false), 8)).toBe(15);
    expect(maxPerHeat(race('5000', false), 8)).toBe(20);
    expect(heatCount(31, maxPerHeat(race('1500', false), 8))).toBe(3);
    expect(maxPerHeat({ kind: 'field-distance', usesLanes: false, itemCode: 'LJ' }, 8)).toBeNull();
    expect(heatCount(30, null)).toBe(1);
    expect(maxPerHeat({ kind: 'field-distance', usesLanes: false, itemCode: 'LJ' }, 8, 12)).toBe(12);
  });
  it('knows which races are drawn in lanes and seeded by place', () => {
    expect(inLanes({ kind: 'relay', usesLanes: true, itemCode: '4x100' })).toBe(true);
    expect(inLanes({ kind: 'track', usesLanes: false, itemCode: '1500' })).toBe(false);
    expect(distanceOf('110H')).toBe(110);
    expect(distanceOf('4x400')).toBe(400);
    expect(seedsByPlace({ kind: 'track', usesLanes: true, itemCode: '400H' })).toBe(true);
    expect(seedsByPlace({ kind: 'track', usesLanes: true, itemCode: '800' })).toBe(false);
    expect(seedsByPlace({ kind: 'relay', usesLanes: true, itemCode: '4x400' })).toBe(true);
  });
});

describe('zigzag (TR 20.4.3)', () => {
  it('puts ranks 1,6,7,12 in A; 2,5,8,11 in B; 3,4,9,10 in C', () => {
    const ranks = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(zigzag(ranks, 3)).toEqual([
      [1, 6, 7, 12],
      [2, 5, 8, 11],
      [3, 4, 9, 10],
    ]);
  });
  it('keeps heat sizes within one of each other', () => {
    const sizes = zigzag(
      Array.from({ length: 20 }, (_, i) => i),
      3,
    ).map((h) => h.length);
    expect(sizes).toEqual([7, 7, 6]);
  });
});

describe('ranking on seed marks (TR 20.4.1)', () => {
  const c = (id: number, seedValue: number | null, delegationId = id) => ({ id, seedValue, delegationId });
  it('ranks times low first, distances high first, no mark last', () => {
    const list = [c(1, 12.1), c(2, null), c(3, 11.9), c(4, 12.5), c(5, null)];
    const ranked = rankBySeed(list, 'lower', seededRandom('s'));
    expect(ranked.slice(0, 3).map((x) => x.id)).toEqual([3, 1, 4]);
    expect(
      ranked
        .slice(3)
        .map((x) => x.id)
        .sort(),
    ).toEqual([2, 5]);
    const jumps = rankBySeed([c(1, 5.2), c(2, 6.1), c(3, null), c(4, 5.9)], 'higher', seededRandom('s'));
    expect(jumps.map((x) => x.id)).toEqual([2, 4, 1, 3]);
  });
  it('orders those without a mark by lot, reproducibly', () => {
    const list = Array.from({ length: 10 }, (_, i) => c(i + 1, null));
    const orders = new Set(
      ['a', 'b', 'c', 'd', 'e'].map((s) =>
        rankBySeed(list, 'lower', seededRandom(s))
          .map((x) => x.id)
          .join(','),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
    expect(rankBySeed(list, 'lower', seededRandom('a'))).toEqual(rankBySeed(list, 'lower', seededRandom('a')));
  });
});

describe('same-team athletes spread over the heats (TR 20.4)', () => {
  it('swaps with the nearest equally-ranked athlete of another heat', () => {
    // Ranks 1..6 over 3 heats: A = 1, 6; B = 2, 5; C = 3, 4. Teams: 1 and 6 both of team 10.
    const teams = [10, 20, 30, 40, 50, 10];
    const ranked = teams.map((delegationId, i) => ({ id: i + 1, delegationId, seedValue: 10 + i }));
    const heats = spreadDelegations(zigzag(ranked, 3), ranked);
    const ids = heats.map((h) => h.map((x) => x.id));
    // 6 (team 10, heat A) goes to heat B in exchange for 5, the nearest rank in its tier.
    expect(ids).toEqual([
      [1, 5],
      [2, 6],
      [3, 4],
    ]);
    for (const h of heats) expect(new Set(h.map((x) => x.delegationId)).size).toBe(h.length);
  });
  it('leaves no avoidable clash in a 20-athlete field of 10 teams', () => {
    const ranked = Array.from({ length: 20 }, (_, i) => ({ id: i, delegationId: Math.floor(i / 2), seedValue: i }));
    const heats = spreadDelegations(zigzag(ranked, 3), ranked);
    expect(heats.map((h) => h.length)).toEqual([7, 7, 6]);
    for (const h of heats) expect(new Set(h.map((x) => x.delegationId)).size).toBe(h.length);
    // Every athlete is still there once.
    expect(
      heats
        .flat()
        .map((x) => x.id)
        .sort((a, b) => a - b),
    ).toEqual(ranked.map((x) => x.id));
  });
  it('cannot separate more athletes of one team than there are heats', () => {
    const ranked = Array.from({ length: 6 }, (_, i) => ({ id: i, delegationId: 1, seedValue: i }));
    const heats = spreadDelegations(zigzag(ranked, 2), ranked);
    expect(heats.map((h) => h.map((x) => x.id))).toEqual([
      [0, 3, 4],
      [1, 2, 5],
    ]);
  });
});

describe('later rounds: ranking by place then time (TR 20.4.2)', () => {
  const q = (
    id: number,
    qualifier: Qualified['qualifier'],
    place: number,
    value: number,
  ): Qualified & { id: number } => ({
    id,
    qualifier,
    place,
    value,
    delegationId: id,
    seedValue: null,
  });
  it('ranks heat winners by time, then the seconds, then the time qualifiers', () => {
    const list = [
      q(1, 'Q', 1, 11.2),
      q(2, 'Q', 2, 11.1),
      q(3, 'Q', 1, 11.0),
      q(4, 'q', 3, 11.15),
      q(5, 'Q', 2, 11.3),
      q(6, 'Q', 1, 11.4),
      q(7, 'q', 4, 11.18),
    ];
    const ranked = rankQualifiers(list, 'place', 'lower', seededRandom('r'));
    expect(ranked.map((x) => x.id)).toEqual([3, 1, 6, 2, 5, 4, 7]);
  });
  it('ranks longer races on the best of seed and previous mark', () => {
    const list = [
      { id: 1, qualifier: 'Q' as const, place: 1, value: 125.0, seedValue: 121.0, delegationId: 1 },
      { id: 2, qualifier: 'Q' as const, place: 1, value: 122.0, seedValue: 124.0, delegationId: 2 },
      { id: 3, qualifier: 'q' as const, place: 3, value: 123.0, seedValue: null, delegationId: 3 },
    ];
    expect(rankQualifiers(list, 'performance', 'lower', seededRandom('r')).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});

describe('lanes (TR 20.5)', () => {
  it('derives the WA groups for eight lanes and sensible ones for others', () => {
    expect(deriveLaneGroups(8)).toEqual(EIGHT);
    expect(deriveLaneGroups(9)).toEqual([
      { places: [1, 2, 3], lanes: [4, 5, 6] },
      { places: [4, 5], lanes: [3, 7] },
      { places: [6, 7], lanes: [8, 9] },
      { places: [8, 9], lanes: [1, 2] },
    ]);
    expect(deriveLaneGroups(6)).toEqual([
      { places: [1, 2, 3, 4], lanes: [2, 3, 4, 5] },
      { places: [5], lanes: [6] },
      { places: [6], lanes: [1] },
    ]);
    expect(deriveLaneGroups(4)).toEqual([{ places: [1, 2, 3, 4], lanes: [1, 2, 3, 4] }]);
  });
  it('uses the meeting groups when they fit the track', () => {
    const custom = [
      { places: [1, 2], lanes: [4, 5] },
      { places: [3, 4, 5, 6, 7, 8], lanes: [1, 2, 3, 6, 7, 8] },
    ];
    expect(laneGroupsFor(8, custom)).toEqual(custom);
    expect(laneGroupsFor(9, custom)).toEqual(deriveLaneGroups(9));
    expect(laneGroupsFor(8, null)).toEqual(EIGHT);
  });
  it('draws ranks 1–4 into lanes 3–6, 5–6 into 7–8, 7–8 into 1–2', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const lanes = drawLanesByRank(8, EIGHT, seededRandom(seed));
      expect([...lanes.slice(0, 4)].sort()).toEqual([3, 4, 5, 6]);
      expect([...lanes.slice(4, 6)].sort()).toEqual([7, 8]);
      expect([...lanes.slice(6, 8)].sort()).toEqual([1, 2]);
    }
    const seven = drawLanesByRank(7, EIGHT, seededRandom('e'));
    expect([1, 2]).toContain(seven[6]);
    expect(new Set(seven).size).toBe(7);
  });
  it('draws the first round by lot among the central lanes', () => {
    const six = drawLanesByLot(6, EIGHT, seededRandom('f'));
    expect([...six].sort()).toEqual([3, 4, 5, 6, 7, 8]);
    expect(drawLanesByLot(6, EIGHT, seededRandom('f'))).toEqual(six);
  });
});

describe('field order after the cut (TR 25.5, 25.6)', () => {
  const s = (id: number, place: number | null, order: number) => ({ id, place, order });
  it('gives the best eight the remaining trials in reverse order of standing', () => {
    const standing = [
      s(1, 1, 5),
      s(2, 2, 1),
      s(3, 3, 9),
      s(4, 4, 2),
      s(5, 5, 3),
      s(6, 6, 12),
      s(7, 7, 4),
      s(8, 8, 6),
      s(9, 9, 7),
      s(10, 10, 8),
      s(11, null, 10),
    ];
    expect(orderAfterCut(standing).map((x) => x.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });
  it('takes everyone tied for eighth on, tied athletes in their drawn order', () => {
    const standing = [
      s(1, 1, 1),
      s(2, 2, 2),
      s(3, 3, 3),
      s(4, 4, 4),
      s(5, 5, 5),
      s(6, 6, 6),
      s(7, 7, 7),
      s(8, 8, 10),
      s(9, 8, 9),
      s(10, 10, 8),
    ];
    expect(orderAfterCut(standing).map((x) => x.id)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
  it('with eight or fewer, those without a valid trial go first in drawn order', () => {
    const standing = [s(1, 1, 3), s(2, 2, 1), s(3, null, 4), s(4, null, 2), s(5, 3, 5)];
    expect(orderAfterCut(standing).map((x) => x.id)).toEqual([4, 3, 5, 2, 1]);
  });
});

/**
 * The exchange of teammates as first written: for each clash, the whole field sorted by
 * distance (O(n² log n) on a carnival-sized field). spreadDelegations must choose exactly the
 * same exchanges, in the same order, without the sorts.
 */
function spreadByFullSort<T extends Seedable>(heats: readonly T[][], ranked: readonly T[]): T[][] {
  const out = heats.map((h) => [...h]);
  const n = out.length;
  if (n < 2) return out;
  const rank = new Map(ranked.map((c, i) => [c, i]));
  const heatOf = new Map<T, number>();
  out.forEach((h, i) => {
    for (const c of h) heatOf.set(c, i);
  });
  const clashes = (heat: number, delegationId: number, except: T) =>
    out[heat]!.some((o) => o !== except && o.delegationId === delegationId);
  const tierOf = (x: T) => Math.floor(rank.get(x)! / n);
  // Two passes: an exchange further down may open a way for one higher up.
  for (let pass = 0; pass < 2; pass++) {
    for (const c of ranked) {
      const h = heatOf.get(c)!;
      const r = rank.get(c)!;
      // The lower-ranked of two teammates moves; the better-ranked keeps its heat.
      if (!out[h]!.some((o) => o.delegationId === c.delegationId && rank.get(o)! < r)) continue;
      // Athletes of other heats, nearest rank first (the same zigzag tier before the others).
      const candidates = ranked
        .filter((d) => heatOf.get(d) !== h)
        .sort(
          (a, b) =>
            Math.abs(tierOf(a) - tierOf(c)) - Math.abs(tierOf(b) - tierOf(c)) ||
            Math.abs(rank.get(a)! - r) - Math.abs(rank.get(b)! - r) ||
            rank.get(a)! - rank.get(b)!,
        );
      const d = candidates.find(
        (d) =>
          d.delegationId !== c.delegationId &&
          !clashes(heatOf.get(d)!, c.delegationId, d) &&
          !clashes(h, d.delegationId, c),
      );
      if (!d) continue;
      const hd = heatOf.get(d)!;
      out[h]![out[h]!.indexOf(c)] = d;
      out[hd]![out[hd]!.indexOf(d)] = c;
      heatOf.set(c, hd);
      heatOf.set(d, h);
    }
  }
  // Inside each heat, keep the ranking order.
  return out.map((h) => h.sort((a, b) => rank.get(a)! - rank.get(b)!));
}

describe('same-team spreading without sorting the field', () => {
  it('makes exactly the exchanges of the full sort, on 400 random fields', () => {
    const rng = seededRandom('spread-equivalence');
    let moved = 0;
    for (let trial = 0; trial < 400; trial++) {
      const size = Math.floor(rng() * 160);
      // Few teams (many clashes) to many teams (few), some without a seed mark.
      const teams = 1 + Math.floor(rng() * (trial % 4 === 0 ? 4 : 60));
      const field = Array.from({ length: size }, (_, id) => ({
        id,
        delegationId: Math.floor(rng() * teams),
        seedValue: rng() < 0.15 ? null : Math.round(rng() * 500) / 100,
      }));
      const ranked = rankBySeed(field, 'lower', rng);
      const heats = Math.max(1, Math.min(size, 1 + Math.floor(rng() * 14)));
      const zig = zigzag(ranked, heats);
      const fast = spreadDelegations(zig, ranked);
      expect(fast.map((h) => h.map((c) => c.id))).toEqual(spreadByFullSort(zig, ranked).map((h) => h.map((c) => c.id)));
      fast.forEach((h, i) => {
        moved += h.filter((c) => !zig[i]!.includes(c)).length;
      });
    }
    // The fields really were rearranged (the comparison is not between two untouched zigzags).
    expect(moved).toBeGreaterThan(1000);
  });

  it('spreads a carnival-sized race (900 athletes, 113 heats of 8) in well under a second', () => {
    const rng = seededRandom('carnival');
    const field = Array.from({ length: 900 }, (_, id) => ({
      id,
      delegationId: Math.floor(rng() * 400),
      seedValue: 11 + rng() * 3,
    }));
    const ranked = rankBySeed(field, 'lower', rng);
    const started = performance.now();
    const heats = spreadDelegations(zigzag(ranked, 113), ranked);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(heats.flat()).toHaveLength(900);
    expect(heats.map((h) => h.map((c) => c.id))).toEqual(
      spreadByFullSort(zigzag(ranked, 113), ranked).map((h) => h.map((c) => c.id)),
    );
  });
});
