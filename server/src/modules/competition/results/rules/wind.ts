import { raceDistance } from './marks.js';

/**
 * Whether an event measures the wind, from the rules (WA Book C2.1), not from a list of codes:
 * - TR 17.8: "All wind velocities shall be measured [...] for races up to and including 200m"
 *   — the measuring periods of TR 17.9 name the 100m, the 100m / 110m hurdles and the 200m;
 *   the shorter sprints and sprint hurdles (50 m, 60 m, 80 m, 80 m hurdles…) are measured
 *   the same way where they are run outdoors, as their records are wind-aided above +2.0 m/s
 *   (CR 31.17.2: "races up to and including 200m").
 * - TR 29.10–29.12 (horizontal jumps): the wind is measured "for a period of 5 seconds from the
 *   time an athlete passes a mark placed alongside the runway" in the long jump and the triple
 *   jump — and not in the throws or the vertical jumps.
 * - Relays are not measured (no individual wind reading; not in TR 17.9), nor any race over
 *   200 m, nor races outside the stadium.
 * Baton's meetings are outdoor meetings; a base-data owner can still turn the flag off for an
 * indoor event.
 */
export interface WindEvent {
  /** Item code: `100`, `60`, `110H`, `LJ`, `TJ`, `4x100`. */
  code: string;
  kind: string;
}

const JUMPS_WITH_WIND = new Set(['LJ', 'TJ']);

export function windMeasuredByRule(event: WindEvent): boolean {
  const code = event.code.trim().toUpperCase();
  if (event.kind === 'field-distance') return JUMPS_WITH_WIND.has(code);
  if (event.kind !== 'track') return false;
  const distance = raceDistance(code);
  return distance !== null && distance <= 200;
}
