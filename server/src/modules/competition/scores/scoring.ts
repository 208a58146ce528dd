import type { ItemKind, ResultFormat } from '@baton/contracts';

/**
 * The pure rules of team scoring and meeting records (issue 6 "Scores and records"), kept
 * apart from the database so the worked examples in scoring.test.ts pin them.
 */

/** Codes that end a competitor's claim to a place (WA TR 18.7, 25.22): no place, no points. */
const NO_PLACE = new Set(['DNS', 'DNF', 'DQ', 'NM']);

/** What placing needs of a start row of the last round. */
export interface Placeable {
  id: number;
  heatId: number;
  value: number | null;
  code: string | null;
  /** The place the results entry gave in the heat (track photo finish, field countback). */
  place: number | null;
}

/** Lower is better for times; higher for distances, heights and points. */
export const lowerIsBetter = (format: ResultFormat) => format === 'time';

/** A competitor with a valid mark: no DNS/DNF/DQ/NM, and a mark (a retired field athlete keeps hers). */
export function hasMark(s: { value: number | null; code: string | null }): boolean {
  return s.value !== null && (s.code === null || !NO_PLACE.has(s.code));
}

/**
 * The final places of a round, start id → place (1-based; ties share the place and the next
 * place skips, 1, 2, 2, 4 — WA TR 21).
 * - One heat (a final): the places the results entry gave, which already settle ties on
 *   1/1000 s (TR 19.24, 21.1) and field countback (TR 25.20–22, 26.8).
 * - Several heats (a timed final, e.g. 800 m and longer, or relays run in sections): the
 *   heats together are the final, so places are over all heats by the mark — time to 1/1000 s
 *   when given — equal marks sharing the place (TR 21.1; common practice of timed finals).
 *   The same applies when the entry left places out.
 */
export function finalPlaces(starts: Placeable[], format: ResultFormat): Map<number, number> {
  const ranked = starts.filter(hasMark);
  const heats = new Set(starts.map((s) => s.heatId));
  const out = new Map<number, number>();
  if (heats.size <= 1 && ranked.every((s) => s.place !== null && s.place > 0)) {
    for (const s of ranked) out.set(s.id, s.place!);
    return out;
  }
  const dir = lowerIsBetter(format) ? 1 : -1;
  const sorted = [...ranked].sort((a, b) => dir * (a.value! - b.value!));
  sorted.forEach((s, i) => {
    const prev = sorted[i - 1];
    out.set(s.id, prev && prev.value === s.value ? out.get(prev.id)! : i + 1);
  });
  return out;
}

/**
 * Points by the scoring table: competitors tied on a place share the points of the places
 * they cover (two tied 2nd with 9-7-6-…: (7 + 6) / 2 = 6.5 each); places past the table score
 * nothing. Rounded to 1/100 (the column's precision). start id → points (only those placed).
 */
export function pointsByPlace(places: Map<number, number>, table: number[]): Map<number, number> {
  const tied = new Map<number, number>();
  for (const p of places.values()) tied.set(p, (tied.get(p) ?? 0) + 1);
  const out = new Map<number, number>();
  for (const [id, place] of places) {
    const n = tied.get(place)!;
    let sum = 0;
    for (let k = place; k < place + n; k++) sum += table[k - 1] ?? 0;
    out.set(id, Math.round((sum / n) * 100) / 100);
  }
  return out;
}

/** The wind limit for records in wind-measured events: +2.0 m/s (WA TR 32.x / CR 31.17.2). */
export const RECORD_WIND_LIMIT = 2.0;

/**
 * Wind legality of a mark for a record: events without wind measurement are always legal; in
 * wind-measured events (100 m, 200 m, hurdles ≤ 110 m, long and triple jump — TR 29.7, 29.10)
 * the wind must be known and at most +2.0 m/s. No reading, no record.
 */
export function windLegal(windMeasured: boolean, wind: number | null): boolean {
  if (!windMeasured) return true;
  return wind !== null && wind <= RECORD_WIND_LIMIT + 1e-9;
}

/** Field events read the wind of the competitor's best mark (`comp_start.wind`); the track the heat's. */
export const usesStartWind = (kind: ItemKind) => kind === 'field-distance' || kind === 'field-height';

/**
 * A mark as records compare it: times at their official precision, rounded up to 1/100 s
 * (TR 19.24 — a record of 10.50 is equalled by 10.497); distances to the centimetre below.
 */
export function recordValue(format: ResultFormat, value: number): number {
  if (format === 'time') return Math.ceil(Math.round(value * 1000) / 10 - 1e-9) / 100;
  if (format === 'distance' || format === 'height') return Math.floor(Math.round(value * 1000) / 10 + 1e-9) / 100;
  return value;
}

/** A record candidate: a valid mark of an official heat, in competition order. */
export interface RecordCandidate {
  id: number;
  /** Competition order: marks of one heat stand together; earlier heats come first. */
  order: number;
  value: number;
  legal: boolean;
}

export interface RecordOutcome {
  /** start id → `MR` (a new record) or `=MR` (equalled). */
  flags: Map<number, 'MR' | '=MR'>;
  /** The start whose mark is the record after all candidates (null: the standing record holds). */
  setter: number | null;
  value: number | null;
}

/**
 * Meeting records through a group item's official marks, in competition order: a heat's best
 * wind-legal mark that beats the standing record sets a new one (`MR`, and stands for the later
 * heats), one that equals it is `=MR`. Only the best of a heat is flagged (several marks of one
 * race beating the record: the winner's is the record). Without a record on file nothing is flagged.
 */
export function recordFlags(
  standing: number | null,
  candidates: RecordCandidate[],
  format: ResultFormat,
): RecordOutcome {
  const flags = new Map<number, 'MR' | '=MR'>();
  if (standing === null) return { flags, setter: null, value: null };
  const better = (a: number, b: number) => (lowerIsBetter(format) ? a < b : a > b);
  let best = recordValue(format, standing);
  let setter: number | null = null;
  const byOrder = new Map<number, RecordCandidate[]>();
  for (const c of candidates.filter((c) => c.legal)) {
    byOrder.set(c.order, [...(byOrder.get(c.order) ?? []), c]);
  }
  for (const order of [...byOrder.keys()].sort((a, b) => a - b)) {
    const group = byOrder.get(order)!.map((c) => ({ ...c, v: recordValue(format, c.value) }));
    const top = group.reduce((m, c) => (better(c.v, m) ? c.v : m), group[0]!.v);
    const tops = group.filter((c) => c.v === top);
    if (better(top, best)) {
      for (const c of tops) flags.set(c.id, 'MR');
      best = top;
      setter = tops[0]!.id;
    } else if (top === best) {
      for (const c of tops) flags.set(c.id, '=MR');
    }
  }
  return { flags, setter, value: setter === null ? null : best };
}

/** Ranks with ties sharing (1, 1, 3): `same` says two neighbours tie. */
export function sharedRanks<T>(sorted: T[], same: (a: T, b: T) => boolean): number[] {
  const ranks: number[] = [];
  sorted.forEach((x, i) => {
    ranks.push(i > 0 && same(sorted[i - 1]!, x) ? ranks[i - 1]! : i + 1);
  });
  return ranks;
}
