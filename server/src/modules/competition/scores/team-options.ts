import type { TeamScoringOptions } from '@baton/contracts';
import { TEAM_SCORING_DEFAULTS } from '@baton/contracts';

/**
 * Team scoring the way Chinese meets write it in their 竞赛规程 (issue 23, "Missing"): options
 * of the meeting's (or a group's) scoring table on top of each event's points per place. Pure
 * rules, pinned by the worked examples in team-options.test.ts.
 */

/** The options in force: the group's when it has its own, else the meeting's, else none. */
export function optionsOf(
  groupOptions: TeamScoringOptions | null | undefined,
  meetingOptions: TeamScoringOptions | null | undefined,
): TeamScoringOptions {
  return { ...TEAM_SCORING_DEFAULTS, ...(meetingOptions ?? {}), ...(groupOptions ?? {}) };
}

/**
 * The points per place an event scores with, from its scoring table and the options:
 * - 接力加倍: "接力项目加倍计分" — a relay's places score twice their points (relayDouble).
 * - 减一录取: "参赛人数（队数）少于或等于录取名次时，按实际参赛人数（队数）减一录取" — with N
 *   starters (those who took part: the first round's start rows less DNS) at or below the
 *   number of places the table scores, only N − 1 places score (minusOne). One starter: none.
 * The points of each scoring place stay as the table gives them (1st of 5 still scores 9).
 */
export function eventTable(
  table: readonly number[],
  options: TeamScoringOptions,
  relay: boolean,
  starters: number,
): number[] {
  let out = [...table];
  if (options.minusOne && starters <= out.length) out = out.slice(0, Math.max(starters - 1, 0));
  if (options.relayDouble && relay) out = out.map((p) => p * 2);
  return out;
}

/** A row of the team table as ranking needs it. */
export interface Ranked {
  points: number;
  /** Firsts, seconds, … (index 0 = firsts). */
  places: number[];
}

/**
 * Compare two teams for the team table: more points first; with `tieByPlaces`, equal points go
 * by "名次多者列前": more firsts, then more seconds, and so on ("团体总分相等时，以获第一名多者
 * 名次列前，如再相等，以获第二名多者列前，依此类推"). 0: they share the rank.
 */
export function compareTeams(a: Ranked, b: Ranked, tieByPlaces: boolean): number {
  if (a.points !== b.points) return b.points - a.points;
  if (!tieByPlaces) return 0;
  const n = Math.max(a.places.length, b.places.length);
  for (let i = 0; i < n; i++) {
    const d = (b.places[i] ?? 0) - (a.places[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Add one place (1-based) to a place count of length `size` (places past it are not counted). */
export function countPlace(places: number[], place: number, size: number): void {
  while (places.length < size) places.push(0);
  if (place >= 1 && place <= size) places[place - 1]!++;
}
