import { raceDistance } from './marks.js';

/**
 * Whether an event measures the wind — by the item's distance and kind, not from a list of
 * codes. The rules are WA Book C2.1 TR 17 (wind measurement in races) and TR 29 (horizontal
 * jumps), but THEIR TEXT WAS NOT FOUND in the stored copies of the rules checked for this
 * change: neither the "TR 17.8 … races up to and including 200m", the "TR 29.10–29.12" nor the
 * "CR 31.17.2" quotation an earlier revision wrote from memory could be confirmed, so none is
 * quoted and the rule numbers are unverified. What the stored sources do show (secondary, not
 * the rule book): the old IAAF wind rule lists measuring periods for the 100m (10 s), the
 * 100m/110m hurdles (13 s) and the 200m (10 s once the leader enters the straight), and the
 * long jump and triple jump (5 s) — blick.ch, gazetadointerior.pt, ta.wikisource.org (IAAF
 * Rule 149 in Tamil); sportsdefinitions.com: "In races of 200m or less, the wind speed and
 * direction during the race must be recorded"; no source names the throws or vertical jumps.
 * Hence here:
 * - races on the track of 200 m or less, hurdles included (50/60/80 m where run outdoors);
 * - long jump and triple jump; not the throws, not the vertical jumps;
 * - not relays, races over 200 m, or races outside the stadium.
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
