/**
 * How many heats (flights) a round needs (WA TR 20.3, 25.5; Book C2.1).
 * - Races run in lanes: at most one athlete (team) per lane: ceil(n / lanes) heats.
 * - Races not in lanes: at most a number per heat (customary maxima, as in the heat tables of
 *   the WA Competition Regulations: up to 1000 m 12, up to 2000 m 15, longer 20); road races,
 *   walks on the road and combined events: one race.
 * - Field events: one flight, or flights of at most `perHeat` when the organiser sets it.
 */
export interface EventShape {
  kind: 'track' | 'field-height' | 'field-distance' | 'relay' | 'combined' | 'road' | 'other';
  usesLanes: boolean;
  itemCode: string;
}

export const isField = (e: Pick<EventShape, 'kind'>) => e.kind === 'field-height' || e.kind === 'field-distance';

/** Whether lanes are drawn for the race (races in lanes, relays in lanes). */
export const inLanes = (e: EventShape) => !isField(e) && e.usesLanes && (e.kind === 'track' || e.kind === 'relay');

/** The race distance in metres from the item code (`110H` → 110, `4x400` → 400 per leg). */
export function distanceOf(code: string): number | null {
  const m = /^(?:\d+x)?(\d+)/i.exec(code);
  return m ? Number(m[1]) : null;
}

/**
 * Later rounds of 100 m to 400 m and of relays up to 4 × 400 m are seeded by place then time
 * (TR 20.4.2(a)); longer races on performances (TR 20.4.2(b)).
 */
export function seedsByPlace(e: EventShape): boolean {
  const d = distanceOf(e.itemCode);
  return (e.kind === 'track' || e.kind === 'relay') && d !== null && d <= 400;
}

/** The most competitors in one heat (null: no limit, one heat). */
export function maxPerHeat(e: EventShape, lanes: number, perHeat?: number): number | null {
  if (inLanes(e)) return perHeat ? Math.min(perHeat, lanes) : lanes;
  if (perHeat) return perHeat;
  if (isField(e) || e.kind === 'road' || e.kind === 'combined' || e.kind === 'other') return null;
  const d = distanceOf(e.itemCode) ?? 0;
  if (d <= 1000) return 12;
  if (d <= 2000) return 15;
  return 20;
}

/** ceil(n / per heat), at least one heat. */
export function heatCount(n: number, perHeat: number | null): number {
  return perHeat ? Math.max(1, Math.ceil(n / perHeat)) : 1;
}
