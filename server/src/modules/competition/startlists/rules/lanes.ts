import { type Rng, shuffle } from './prng.js';

/**
 * Lanes (WA TR 20.5, Book C2.1).
 * - First round: the lane order is drawn by lot (TR 20.5.1(a)); with fewer athletes than
 *   lanes, the draw is among the most central lanes (the lane groups' order).
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

/** The meeting's lane groups when they fit the track (every lane once, ranks 1..n once), else derived. */
export function laneGroupsFor(lanes: number, configured: readonly LaneGroup[] | null | undefined): LaneGroup[] {
  if (configured?.length) {
    const ls = configured.flatMap((g) => g.lanes);
    const ps = configured.flatMap((g) => g.places);
    const ok =
      configured.every((g) => g.lanes.length === g.places.length) &&
      new Set(ls).size === lanes &&
      ls.every((l) => Number.isInteger(l) && l >= 1 && l <= lanes) &&
      [...ps].sort((a, b) => a - b).every((p, i) => p === i + 1);
    if (ok) return configured.map((g) => ({ places: [...g.places], lanes: [...g.lanes] }));
  }
  return deriveLaneGroups(lanes);
}

/** Lanes from the most central outward (the order of the lane groups). */
export function preferredLanes(groups: readonly LaneGroup[]): number[] {
  return groups.flatMap((g) => g.lanes);
}

/** First round: each competitor's lane drawn by lot among the `list.length` most central lanes. */
export function drawLanesByLot(count: number, groups: readonly LaneGroup[], rng: Rng): number[] {
  return shuffle(preferredLanes(groups).slice(0, count), rng);
}

/**
 * Later rounds: `count` competitors of a heat, best ranked first; answers their lanes in that
 * order, each lane group drawn by lot (TR 20.5.1(b)). Ranks no group names draw the lanes left.
 */
export function drawLanesByRank(count: number, groups: readonly LaneGroup[], rng: Rng): number[] {
  const lanes: (number | null)[] = Array.from({ length: count }, () => null);
  const used = new Set<number>();
  for (const g of groups) {
    const ranks = [...g.places].sort((a, b) => a - b).filter((p) => p <= count);
    const drawn = shuffle(g.lanes, rng);
    ranks.forEach((p, i) => {
      lanes[p - 1] = drawn[i]!;
      used.add(drawn[i]!);
    });
  }
  const left = shuffle(
    preferredLanes(groups).filter((l) => !used.has(l)),
    rng,
  );
  return lanes.map((l) => l ?? left.shift() ?? 0);
}
