import type { StartMode } from '@baton/contracts';
import { type EventShape, inLanes } from './heats.js';
import { type LaneGroup, lanesInUse } from './lanes.js';
import { type Rng, shuffle } from './prng.js';

/**
 * How a round starts (issue 23, an option of the round: `start` in `meet_group_item.rounds`):
 * - 'lanes' (default): one athlete a lane in races in lanes, a drawn order otherwise;
 * - 'two-per-lane': the 800 m group start, two athletes in each lane (TR 17.5 / practice);
 * - 'waterfall': everyone on the curved start line, positions drawn from the inside out;
 * - 'two-groups': the two-group waterfall — the first group on the usual curved line, the
 *   second on a separate curved line across the outer half of the track.
 *
 * Source. The text of WA Book C2.1 on group starts (the 800 m two per lane; the two-group start
 * of races with more than 12 athletes, about 65 % in the first group) was NOT found in the
 * stored copies of the rules: the split below (`firstGroupSize`, ceil(65 %)) is the practice as
 * commonly stated, not a quoted sentence — the lead should check it against the rule book.
 * The start list shows each athlete's start position (a lane shared by two, a waterfall position,
 * or group and position), never a lane of its own where there is none.
 */
export type { StartMode };

export interface StartSlot {
  /** The lane (shared by two athletes in 'two-per-lane'); null on a waterfall. */
  lane: number | null;
  /** Start position: the order from the inside out (waterfall), or the order in the heat. */
  position: number;
}

/** Whether a start mode draws lanes for an event: 'lanes' as the event says, 'two-per-lane' always. */
export function startsInLanes(e: EventShape, mode: StartMode | undefined): boolean {
  if (mode === 'two-per-lane') return true;
  if (mode === 'waterfall' || mode === 'two-groups') return false;
  return inLanes(e);
}

/** The most athletes a heat of this start takes on `lanes` lanes (null: the event's own limit). */
export function maxPerHeatOf(mode: StartMode | undefined, lanes: number): number | null {
  return mode === 'two-per-lane' ? 2 * lanes : null;
}

// `firstGroupSize` and `startGroupOf` (the two-group split) live in @baton/contracts: the start
// list page and the printed start list use the same function.

/**
 * The start slots of a heat of `count`, drawn by lot (the same in any round: group and
 * waterfall starts are drawn, TR 20.5 draws by ranking only lanes of races in lanes).
 * 'two-per-lane': the ceil(count / 2) lanes `lanesInUse` gives (central, no gap), each taken
 * by two, an odd athlete alone in the last; positions 1..n by lane. Waterfalls: positions by lot.
 */
export function drawStarts(
  mode: 'two-per-lane' | 'waterfall' | 'two-groups',
  count: number,
  groups: readonly LaneGroup[],
  rng: Rng,
): StartSlot[] {
  if (mode === 'two-per-lane') {
    const lanes = lanesInUse(Math.ceil(count / 2), groups, rng)
      .flat()
      .sort((a, b) => a - b);
    const pairs = lanes.flatMap((l) => [l, l]).slice(0, count);
    const drawn = shuffle(
      pairs.map((lane, i) => ({ lane, position: i + 1 })),
      rng,
    );
    return drawn;
  }
  return shuffle(
    Array.from({ length: count }, (_, i) => i + 1),
    rng,
  ).map((position) => ({ lane: null, position }));
}
