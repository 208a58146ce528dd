import { type EventShape, heatCount, inLanes, isField, maxPerHeat, seedsByPlace } from './heats.js';
import { drawLanesByLot, drawLanesByRank, type LaneGroup } from './lanes.js';
import { type Rng, seededRandom, shuffle } from './prng.js';
import {
  type Better,
  type Qualified,
  rankBySeed,
  rankQualifiers,
  type Seedable,
  spreadDelegations,
  zigzag,
} from './seeding.js';
import { drawStarts, maxPerHeatOf, type StartMode } from './starts.js';

/**
 * A whole start list from its competitors: ranking, heats (zigzag, teams spread), the order of
 * the heats and the lanes or order inside each, all drawn from one seed (prng.ts) so that the
 * same seed and the same competitors give the same start list.
 */
export interface ComposeEvent extends EventShape {
  resultFormat: 'time' | 'distance' | 'height' | 'points';
}

export const betterOf = (e: Pick<ComposeEvent, 'resultFormat'>): Better =>
  e.resultFormat === 'time' ? 'lower' : 'higher';

export interface Track {
  lanes: number;
  laneGroups: LaneGroup[];
}

export interface Slot {
  lane: number | null;
  position: number;
}

/** Independent streams of one seed: the composition, and each heat's lane/order draw. */
export const composeRng = (seed: string): Rng => seededRandom(`${seed}/heats`);
export const heatRng = (seed: string, heatNumber: number): Rng => seededRandom(`${seed}/lanes/${heatNumber}`);

/**
 * Lanes or order of one heat, its members best ranked first (only later rounds in lanes use
 * the ranking). Races in lanes: TR 20.5 (by lot in the first round, by ranking groups after);
 * races not in lanes: start positions by lot; field events: competition order by lot (TR 25.5).
 */
export function drawHeat(
  event: EventShape,
  count: number,
  later: boolean,
  track: Track,
  rng: Rng,
  start?: StartMode,
): Slot[] {
  // Group and waterfall starts (an option of the round, starts.ts).
  if (start && start !== 'lanes' && !isField(event)) return drawStarts(start, count, track.laneGroups, rng);
  if (inLanes(event)) {
    const lanes = later ? drawLanesByRank(count, track.laneGroups, rng) : drawLanesByLot(count, track.laneGroups, rng);
    const byLane = [...lanes].sort((a, b) => a - b);
    return lanes.map((lane) => ({ lane, position: byLane.indexOf(lane) + 1 }));
  }
  const order = shuffle(
    Array.from({ length: count }, (_, i) => i + 1),
    rng,
  );
  return order.map((position) => ({ lane: null, position }));
}

export class TooFewHeats extends Error {
  constructor(
    readonly least: number,
    readonly perHeat: number,
  ) {
    super(`at least ${least} heats of ${perHeat}`);
  }
}

export interface ComposeInput<T extends Seedable> {
  event: ComposeEvent;
  /** In a stable order (by id): the draws depend on it. */
  competitors: readonly T[];
  /** A later round: the competitors are the previous round's qualifiers. */
  later: boolean;
  track: Track;
  seed: string;
  heats?: number;
  perHeat?: number;
  /** How the round starts (default 'lanes'). */
  start?: StartMode;
}

export interface Placed<T> extends Slot {
  competitor: T;
  heat: number;
}

/** The ranking a round is seeded on (also what a redraw of a later round draws lane groups on). */
export function rankFor<T extends Seedable>(
  event: ComposeEvent,
  competitors: readonly T[],
  later: boolean,
  rng: Rng,
): T[] {
  const better = betterOf(event);
  if (!later) return rankBySeed(competitors, better, rng);
  return rankQualifiers(
    competitors as unknown as Qualified[],
    seedsByPlace(event) ? 'place' : 'performance',
    better,
    rng,
  ) as unknown as T[];
}

export function composeRound<T extends Seedable>(input: ComposeInput<T>): { heats: number; placed: Placed<T>[] } {
  const { event, competitors, later, track, seed } = input;
  const rng = composeRng(seed);
  const startMode = isField(event) ? undefined : input.start;
  const byStart = maxPerHeatOf(startMode, track.lanes);
  const waterfall = startMode === 'waterfall' || startMode === 'two-groups';
  const per = byStart
    ? Math.min(input.perHeat ?? byStart, byStart)
    : maxPerHeat(waterfall ? { ...event, usesLanes: false } : event, track.lanes, input.perHeat);
  const least = heatCount(competitors.length, per);
  if (input.heats !== undefined && input.heats < least) throw new TooFewHeats(least, per ?? competitors.length);
  const count = Math.max(1, Math.min(input.heats ?? least, competitors.length));
  // Field finals after a qualification: the order is simply drawn (TR 25.5).
  const ranked = later && isField(event) ? shuffle(competitors, rng) : rankFor(event, competitors, later, rng);
  const groups = spreadDelegations(zigzag(ranked, count), ranked);
  // The order in which the heats are run is drawn after their composition (TR 20.4.4).
  const numbers = shuffle(
    Array.from({ length: count }, (_, i) => i + 1),
    rng,
  );
  const placed: Placed<T>[] = [];
  groups.forEach((members, i) => {
    const heat = numbers[i]!;
    const slots = drawHeat(event, members.length, later, track, heatRng(seed, heat), startMode);
    for (const [j, competitor] of members.entries()) placed.push({ competitor, heat, ...slots[j]! });
  });
  return { heats: count, placed };
}
