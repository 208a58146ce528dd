import type { ItemKind, ResultFormat } from '@baton/contracts';
import {
  compareHorizontal,
  type FieldTrial,
  places,
  trackPlaces,
  validMarks,
  verticalPlaces,
  verticalRecord,
} from '../results/rules/rank.js';

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
  /** The shown mark (a time to the precision it was taken: `10.86`, `10.9`). */
  mark?: string | null;
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
 *   1/1000 s (TR 19.24, 21.1) and field countback (TR 25.22, 26.8) and the jump-off (TR 26.9).
 * - Several heats or flights (a timed final in sections, a field final in two flights): the
 *   heats together are the final, ranked by the same rules as within one heat, not by the raw
 *   best value — times at the precision they were taken (TR 21.2: "the times shown" decide,
 *   the 1/1000 only when given for all of them, `trackPlaces`); horizontal field events on
 *   "the second best mark … then the third best" (TR 25.22, `compareHorizontal`); vertical
 *   jumps by countback, "the fewest number of trials at the height at which the tie occurs"
 *   then "the fewest total number of failures" (TR 26.8, `verticalPlaces`). `trialsOf` gives a
 *   field athlete's series. The same applies when the entry left places out.
 */
export function finalPlaces(
  starts: Placeable[],
  format: ResultFormat,
  trialsOf: (startId: number) => readonly FieldTrial[] = () => [],
): Map<number, number> {
  const ranked = starts.filter(hasMark);
  const heats = new Set(starts.map((s) => s.heatId));
  const out = new Map<number, number>();
  if (heats.size <= 1 && ranked.every((s) => s.place !== null && s.place > 0)) {
    for (const s of ranked) out.set(s.id, s.place!);
    return out;
  }
  let across: (number | null)[];
  if (format === 'time') {
    across = trackPlaces(ranked.map((s) => ({ mark: s.mark ?? String(s.value), value: s.value, code: null })));
  } else if (format === 'height') {
    across = verticalPlaces(
      ranked.map((s) => ({ record: verticalRecord(trialsOf(s.id)), code: null, trials: trialsOf(s.id) })),
    ).places;
    // A mark entered without its series (none recorded) still ranks by the height.
    if (across.some((p) => p === null))
      across = places(
        ranked,
        () => true,
        (a, b) => Math.round((b.value! - a.value!) * 100),
      );
  } else if (format === 'distance') {
    const marks = ranked.map((s) => {
      const m = validMarks(trialsOf(s.id));
      return m.length ? m : [s.value!];
    });
    across = places(
      ranked.map((_s, i) => i),
      () => true,
      (a, b) => compareHorizontal(marks[a]!, marks[b]!),
    );
  } else {
    across = places(
      ranked,
      () => true,
      (a, b) => b.value! - a.value!,
    );
  }
  ranked.forEach((s, i) => {
    out.set(s.id, across[i]!);
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

/** Field events read the wind of the competitor's own marks (`comp_start.wind`, each trial's); the track the heat's. */
export const usesStartWind = (kind: ItemKind) => kind === 'field-distance' || kind === 'field-height';

/**
 * A field athlete's mark for a record: every trial with its own wind. WA CR 31.17 (records
 * up to 200 m and in Long and Triple Jump): "If the wind velocity, measured in the direction
 * of running [jumping], averages more than 2 metres per second, the record shall not be
 * accepted" — the reading is that of the trial (TR 29.10–29.12: the wind is measured and
 * recorded for each jump), so a lesser trial at a legal wind beating the record is a record even when the
 * athlete's best mark was wind-assisted. The best wind-legal valid trial (the first of equal
 * ones); `null` when no trial is legal. Events without wind measurement: the best valid trial.
 */
export function recordTrial(
  trials: readonly FieldTrial[],
  windMeasured: boolean,
): { value: number; wind: number | null } | null {
  let best: FieldTrial | null = null;
  for (const t of [...trials].sort((a, b) => a.seq - b.seq)) {
    if (t.outcome !== 'O' || t.mark === null) continue;
    if (!windLegal(windMeasured, t.wind ?? null)) continue;
    if (best === null || t.mark > best.mark!) best = t;
  }
  return best === null ? null : { value: best.mark!, wind: windMeasured ? (best.wind ?? null) : null };
}

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
