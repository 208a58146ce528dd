import { type Rng, shuffle } from './prng.js';

/**
 * Lanes (WA TR 20.5, Book C2.1).
 * - First round: the lane order is drawn by lot (TR 20.5.1(a)); with fewer athletes than
 *   lanes, the draw is among the lanes `lanesInUse` gives (central, no gap).
 * - Later rounds: three draws by ranking (TR 20.5.1(b)): the four highest-ranked for lanes
 *   3–6, the 5th and 6th for lanes 7–8, the two lowest for lanes 1–2. The groups are
 *   configurable per track (`meet_meeting.lane_groups`); for other lane counts the same system
 *   "with the necessary modifications" (TR 20.5 note) is derived by `deriveLaneGroups`.
 */
export interface LaneGroup {
  /** Ranks (1 = best) drawn together. */
  places: number[];
  lanes: number[];
}

/**
 * Lane groups for a track of `lanes` lanes: the central block first (four lanes on an even
 * track, three on an odd one), then on an odd track the two lanes either side of it, then
 * pairs going outward — the outer side before the inner side, as lanes 7–8 come before 1–2 on
 * eight lanes. Eight lanes: 3–6, 7–8, 1–2; nine: 4–6, 3 and 7, 8–9, 1–2.
 */
export function deriveLaneGroups(lanes: number): LaneGroup[] {
  const all = Array.from({ length: lanes }, (_, i) => i + 1);
  if (lanes <= 4) return [{ places: all, lanes: all }];
  const size = lanes % 2 === 0 ? 4 : 3;
  const start = (lanes - size) / 2 + 1;
  const groups: number[][] = [all.slice(start - 1, start - 1 + size)];
  let lo = start - 1;
  let hi = start + size;
  if (lanes % 2 === 1) {
    groups.push([lo, hi]);
    lo -= 1;
    hi += 1;
  }
  while (hi <= lanes || lo >= 1) {
    if (hi <= lanes) {
      groups.push([hi, hi + 1].filter((l) => l <= lanes));
      hi += 2;
    }
    if (lo >= 1) {
      groups.push([lo - 1, lo].filter((l) => l >= 1));
      lo -= 2;
    }
  }
  let place = 0;
  return groups.map((g) => ({ places: g.map(() => ++place), lanes: g }));
}

/** Whether lane groups fit a track of `lanes` lanes: every lane once, ranks 1..n once. */
export function laneGroupsFit(lanes: number, groups: readonly LaneGroup[]): boolean {
  const ls = groups.flatMap((g) => g.lanes);
  const ps = groups.flatMap((g) => g.places);
  return (
    groups.length > 0 &&
    groups.every((g) => g.lanes.length === g.places.length) &&
    ls.length === lanes &&
    new Set(ls).size === lanes &&
    ls.every((l) => Number.isInteger(l) && l >= 1 && l <= lanes) &&
    [...ps].sort((a, b) => a - b).every((p, i) => p === i + 1)
  );
}

/** The meeting's lane groups when they fit the track (`laneGroupsFit`), else derived. */
export function laneGroupsFor(lanes: number, configured: readonly LaneGroup[] | null | undefined): LaneGroup[] {
  if (configured?.length && laneGroupsFit(lanes, configured)) {
    return configured.map((g) => ({ places: [...g.places], lanes: [...g.lanes] }));
  }
  return deriveLaneGroups(lanes);
}

/** Lanes from the most central outward (the order of the lane groups). */
export function preferredLanes(groups: readonly LaneGroup[]): number[] {
  return groups.flatMap((g) => g.lanes);
}

/**
 * The lanes a heat of `count` uses, group by group (in the groups' order): a group whose ranks
 * are all within `count` uses all its lanes; a group only partly filled uses the block of as
 * many of its lanes, next to each other in the group, that lies nearest the middle of the
 * track — equally near blocks drawn by lot. So 3 athletes in the group 3–6 take 3–4–5 or 4–5–6
 * (never 3, 4 and 6 with lane 5 empty), 2 take 4–5; a 5th athlete takes lane 7 of the group
 * 7–8 and a 7th lane 2 of 1–2, next to the lanes already filled.
 *
 * Which rule decides: none found. The lane-draw tables (WA Book C2.1 TR 20.4/20.5: ranks 1–4
 * drawn for lanes 3–6, 5–6 for 7–8, 7–8 for 1–2 on eight lanes) were NOT found in the stored
 * copies of the rules; the practice they describe was (speedendurance.com on the IAAF draw:
 * "top 4 times get randomly selected for lanes 3-4-5-6, and next 4 times get 1-2-7-8"; the
 * Norwegian championships 2019: "de 4 beste utøverne trekkes mellom bane 3-6, de 2 neste
 * mellom bane 7-8 og de 2 dårligst rangerte mellom bane 1-2"). No source found says which lanes
 * of a group stay empty when it is not full; Baton keeps the filled lanes together and
 * central — as the rule fills the central group first — so no empty lane sits between two
 * athletes (the same idea as swimming's rule of leaving the outside lanes free, consultant.ru
 * swimming rules 11.1.5: "дорожки … распределяют так, чтобы свободными оставались крайние
 * дорожки").
 */
export function lanesInUse(count: number, groups: readonly LaneGroup[], rng: Rng): number[][] {
  const every = groups.flatMap((g) => g.lanes);
  const sides = Math.min(...every) + Math.max(...every); // twice the middle of the track
  return groups.map((g) => {
    const k = g.places.filter((p) => p <= count).length;
    if (k >= g.lanes.length) return [...g.lanes];
    if (k === 0) return [];
    const sorted = [...g.lanes].sort((a, b) => a - b);
    // Distance of a block's mean from the middle, times 2k (whole numbers: exact).
    const off = (i: number) => Math.abs(2 * sorted.slice(i, i + k).reduce((x, y) => x + y, 0) - k * sides);
    const starts = Array.from({ length: sorted.length - k + 1 }, (_, i) => i);
    const best = Math.min(...starts.map(off));
    const nearest = starts.filter((i) => off(i) === best);
    const start = nearest.length > 1 ? shuffle(nearest, rng)[0]! : nearest[0]!;
    return sorted.slice(start, start + k);
  });
}

/** First round: each competitor's lane drawn by lot among the lanes the heat uses (`lanesInUse`). */
export function drawLanesByLot(count: number, groups: readonly LaneGroup[], rng: Rng): number[] {
  return shuffle(lanesInUse(count, groups, rng).flat(), rng);
}

/**
 * Later rounds: `count` competitors of a heat, best ranked first; answers their lanes in that
 * order, each lane group drawn by lot (TR 20.5.1(b)) among the lanes it uses (`lanesInUse`:
 * a partly filled group leaves no gap). Ranks no group names draw the lanes left.
 */
export function drawLanesByRank(count: number, groups: readonly LaneGroup[], rng: Rng): number[] {
  const lanes: (number | null)[] = Array.from({ length: count }, () => null);
  const used = new Set<number>();
  const inUse = lanesInUse(count, groups, rng);
  groups.forEach((g, gi) => {
    const ranks = [...g.places].sort((a, b) => a - b).filter((p) => p <= count);
    const drawn = shuffle(inUse[gi]!, rng);
    ranks.forEach((p, i) => {
      lanes[p - 1] = drawn[i]!;
      used.add(drawn[i]!);
    });
  });
  const left = shuffle(
    preferredLanes(groups).filter((l) => !used.has(l)),
    rng,
  );
  return lanes.map((l) => l ?? left.shift() ?? 0);
}
