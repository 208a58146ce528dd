import { combinedPoints } from '@baton/contracts';

/**
 * The pure rules of a combined event's standing (issue 23), apart from the database so the
 * worked examples in standing.test.ts pin them: points per discipline from the scoring tables
 * (contracts `combinedPoints`), the running total, who has abandoned (WA TR 39.10) and the
 * places with the tie-break of TR 39.12. The rule texts quoted below are C2.1 as we know it:
 * the stored copies we could search did not hold TR 39, so the quotes were checked against the
 * published score sheets and the independent implementation the tests use, not against the page.
 */

/** Codes that score nothing in a discipline (the athlete still goes on unless it is DNS). */
const ZERO = new Set(['DNS', 'DNF', 'DQ', 'NM']);

/** One athlete's start in one discipline, as far as scoring needs it. */
export interface DisciplineStart {
  key: number;
  /** The discipline's code (`100H`, `HJ`). */
  discipline: string;
  gender: 'M' | 'F';
  value: number | null;
  code: string | null;
  handTimed: boolean;
  /** Field events: made at least one attempt (a valid trial or a failure, not a pass). */
  attempted: boolean;
  field: boolean;
  /** The heat is official: the score counts. */
  official: boolean;
}

/** The points of one official start: zero for DNS, DNF, DQ, NM or no mark. */
export function disciplinePoints(s: Pick<DisciplineStart, 'discipline' | 'gender' | 'value' | 'code' | 'handTimed'>) {
  if (s.value === null || (s.code !== null && ZERO.has(s.code))) return 0;
  return combinedPoints(s.discipline, s.gender, s.value, s.handTimed) ?? 0;
}

/**
 * TR 39.10: "Any athlete who fails to start or make an attempt in any one of the events shall
 * not be allowed to take part in subsequent events but shall be considered to have abandoned
 * the competition. He shall not, therefore, be included in the final classification." A DNS,
 * or a field discipline with no attempt (only passes, or no trial at all), in an official heat.
 */
export function abandons(s: DisciplineStart): boolean {
  if (!s.official) return false;
  if (s.code === 'DNS') return true;
  return s.field && !s.attempted && s.code !== 'DQ';
}

export interface StandingEntry {
  key: number;
  total: number;
  /** Points per discipline, in the order held (0 where none). */
  points: number[];
  abandoned: boolean;
}

/**
 * TR 39.12: "If two or more athletes achieve equal points total for any place in the
 * competition, the athlete who has, in the greater number of events, scored more points than
 * the other athlete(s) involved in the tie shall be awarded the higher place. If this does
 * not resolve the tie, the athlete who has scored the highest number of points in any one
 * event shall be awarded the higher place, and if this does not resolve the tie, the athlete
 * who has scored the highest number of points in a second event, etc. If still tied, the
 * tie shall remain." Negative: `a` is placed higher.
 */
export function compareTied(a: StandingEntry, b: StandingEntry): number {
  let aMore = 0;
  let bMore = 0;
  a.points.forEach((p, i) => {
    const q = b.points[i] ?? 0;
    if (p > q) aMore++;
    else if (q > p) bMore++;
  });
  if (aMore !== bMore) return bMore - aMore;
  const sa = [...a.points].sort((x, y) => y - x);
  const sb = [...b.points].sort((x, y) => y - x);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const d = (sb[i] ?? 0) - (sa[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/**
 * Places by total (more is better), equal totals by TR 39.12; athletes still tied share the
 * place (1, 2, 2, 4). Abandoned athletes get none. Answer: key → place.
 */
export function combinedPlaces(entries: StandingEntry[]): Map<number, number> {
  const order = (a: StandingEntry, b: StandingEntry) => b.total - a.total || compareTied(a, b);
  const ranked = entries.filter((e) => !e.abandoned).sort(order);
  const out = new Map<number, number>();
  ranked.forEach((e, i) => {
    const prev = ranked[i - 1];
    out.set(e.key, prev && order(prev, e) === 0 ? out.get(prev.key)! : i + 1);
  });
  return out;
}
