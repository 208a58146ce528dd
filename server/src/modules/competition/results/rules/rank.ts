import { type TimeKey, timeKey } from './marks.js';

/**
 * Ranking (WA Book C2.1): places from a comparison, ties sharing a place (1, 2, 2, 4).
 * Competitors without a valid result (DNS, DNF, DQ, NM) are not ranked: their place is null.
 */

/** Places for `items` in their given order: `better(a, b) < 0` when a ranks ahead of b, 0 for a tie. */
export function places<T>(items: readonly T[], ranked: (t: T) => boolean, better: (a: T, b: T) => number) {
  const order = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => ranked(item))
    .sort((a, b) => better(a.item, b.item) || a.index - b.index);
  const out: (number | null)[] = items.map(() => null);
  order.forEach((o, i) => {
    const prev = order[i - 1];
    out[o.index] = prev && better(prev.item, o.item) === 0 ? out[prev.index]! : i + 1;
  });
  return out;
}

// ─── Track ──────────────────────────────────────────────────────────────────────────────

/**
 * Races (TR 21.2): the shown times decide (to 1/100, hand times to 1/10). Athletes equal there
 * are separated by the 1/1000 only when the photo finish gave it for every one of them; else
 * they share the place. Points (combined events) rank the other way: more is better.
 */
export interface TrackResult {
  mark: string | null;
  value: number | null;
  code: string | null;
}

/** A track result counts when it has a value and no code (DNS, DNF, DQ rank nowhere). */
export const trackRanked = (r: TrackResult) => r.value !== null && r.mark !== null && r.code === null;

export function trackPlaces(rows: readonly TrackResult[], format: 'time' | 'points' = 'time') {
  if (format === 'points') return places(rows, trackRanked, (a, b) => b.value! - a.value!);
  const keyed = rows
    .map((r, index) => ({ index, key: trackRanked(r) ? timeKey(r.mark!, r.value!) : null }))
    .filter((k): k is { index: number; key: TimeKey } => k.key !== null)
    .sort((a, b) => a.key.shown - b.key.shown || a.key.exact - b.key.exact || a.index - b.index);
  const out: (number | null)[] = rows.map(() => null);
  for (let i = 0; i < keyed.length; ) {
    let end = i;
    while (end < keyed.length && keyed[end]!.key.shown === keyed[i]!.key.shown) end += 1;
    const group = keyed.slice(i, end);
    const separable = group.every((g) => g.key.hasThousandths);
    group.forEach((g, j) => {
      const prev = group[j - 1];
      const same = !separable || (prev !== undefined && prev.key.exact === g.key.exact);
      out[g.index] = j === 0 ? i + 1 : same ? out[prev!.index]! : i + j + 1;
    });
    i = end;
  }
  return out;
}

// ─── Horizontal field events ────────────────────────────────────────────────────────────

export interface FieldTrial {
  seq: number;
  outcome: 'O' | 'X' | '-' | 'r';
  mark: number | null;
  height?: number | null;
  wind?: number | null;
  /** Vertical jumps: a trial of the jump-off for first place (TR 26.9), not of the competition. */
  jumpOff?: boolean;
}

/** The valid marks, best first. */
export function validMarks(trials: readonly FieldTrial[]): number[] {
  return trials
    .filter((t) => t.outcome === 'O' && t.mark !== null)
    .map((t) => t.mark!)
    .sort((a, b) => b - a);
}

/**
 * TR 25.22: the best mark decides; a tie is broken by the second best, then the third and so
 * on (a mark beats no mark); athletes whose marks are all equal share the place.
 */
export function compareHorizontal(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    if (x !== y) return Math.round((y - x) * 100);
  }
  return 0;
}

// ─── Vertical jumps ─────────────────────────────────────────────────────────────────────

/** What countback looks at (TR 26.8). */
export interface VerticalRecord {
  /** The best height cleared; null when none. */
  best: number | null;
  /** Attempts at the best height (the height of a tie). */
  attemptsAtBest: number;
  /** Failures up to and including the best height. */
  failuresToBest: number;
  /** Attempts taken, all heights. */
  attempts: number;
  /** Three consecutive failures (passes do not break the run), TR 26.4 — or retired. */
  out: boolean;
}

/** A vertical jumper's attempts, in the order taken, summed up for countback. */
export function verticalRecord(trials: readonly FieldTrial[]): VerticalRecord {
  // Jump-off trials decide first place only (TR 26.9); countback looks at the competition's.
  const ordered = [...trials].filter((t) => !t.jumpOff).sort((a, b) => a.seq - b.seq);
  let best: number | null = null;
  let run = 0;
  let out = false;
  let attempts = 0;
  for (const t of ordered) {
    if (t.outcome === 'r') out = true;
    if (t.outcome === 'O' || t.outcome === 'X') attempts += 1;
    if (t.outcome === 'O') {
      run = 0;
      if (best === null || t.height! > best) best = t.height!;
    } else if (t.outcome === 'X') {
      run += 1;
      if (run >= 3) out = true;
    }
  }
  let attemptsAtBest = 0;
  let failuresToBest = 0;
  if (best !== null) {
    for (const t of ordered) {
      if (t.height! <= best && t.outcome === 'X') failuresToBest += 1;
      if (t.height === best && (t.outcome === 'X' || t.outcome === 'O')) attemptsAtBest += 1;
    }
  }
  return { best, attemptsAtBest, failuresToBest, attempts, out };
}

/**
 * TR 26.8 countback: the greater height cleared; then (a) the fewest attempts at the height
 * of the tie; then (b) the fewest failures in the whole competition up to and including the
 * height last cleared; else the place is shared — for first place a jump-off decides
 * (TR 26.9), which is marked, not simulated.
 */
export function compareVertical(a: VerticalRecord, b: VerticalRecord): number {
  if (a.best !== b.best) return Math.round(((b.best ?? 0) - (a.best ?? 0)) * 100);
  if (a.attemptsAtBest !== b.attemptsAtBest) return a.attemptsAtBest - b.attemptsAtBest;
  return a.failuresToBest - b.failuresToBest;
}

/** The jump-off trials of an athlete, in the order taken (one per jump-off height, TR 26.9.2). */
export const jumpOffTrials = (trials: readonly FieldTrial[]) =>
  [...trials].filter((t) => t.jumpOff).sort((a, b) => a.seq - b.seq);

/**
 * TR 26.9 jump-off among the athletes tied for first after countback (indexes into `trials`):
 * the groups in the order they place, the first holding the winner(s). Each height of the
 * jump-off is looked at once every athlete still in has a trial there ("each athlete shall have
 * one trial at each height", 26.9.2). "If an athlete does not jump at a height, he automatically
 * forfeits any claim to first place. If only one other athlete then remains, he is declared the
 * winner regardless of whether he attempts that height" (26.9.5): a pass or a retirement drops
 * out. Of those who jumped, when some cleared, those who failed drop out; when all failed or all
 * cleared, the bar moves on (26.9.4). Athletes dropping out at the same height share the place.
 * If all decide not to jump further, "the tie for first place shall remain" (26.8.3 a).
 */
export function jumpOffGroups(tied: readonly number[], trials: readonly (readonly FieldTrial[])[]): number[][] {
  const series = new Map(tied.map((i) => [i, jumpOffTrials(trials[i]!)]));
  let contenders = [...tied];
  const dropped: number[][] = [];
  for (let k = 0; contenders.length > 1; k++) {
    if (!contenders.every((i) => series.get(i)![k] !== undefined)) break;
    const outcome = (i: number) => series.get(i)![k]!.outcome;
    const jumped = contenders.filter((i) => outcome(i) === 'O' || outcome(i) === 'X');
    const cleared = jumped.filter((i) => outcome(i) === 'O');
    if (jumped.length === 0) break;
    const staying = cleared.length > 0 ? cleared : jumped;
    const out = contenders.filter((i) => !staying.includes(i));
    if (out.length > 0) dropped.unshift(out);
    contenders = staying;
  }
  return [contenders, ...dropped];
}

/**
 * Places of vertical jumpers, and whether first place still needs a jump-off (TR 26.8.3 a).
 * A tie for first that the recorded jump-off decided becomes places 1, 2, … (TR 26.9).
 */
export function verticalPlaces(
  rows: readonly { record: VerticalRecord; code: string | null; trials: readonly FieldTrial[] }[],
) {
  const ranked = (r: (typeof rows)[number]) => r.record.best !== null && (r.code === null || r.code === 'r');
  const out = places(rows, ranked, (a, b) => compareVertical(a.record, b.record));
  const first = out.flatMap((p, i) => (p === 1 ? [i] : []));
  if (first.length < 2) return { places: out, jumpOff: false };
  const groups = jumpOffGroups(
    first,
    rows.map((r) => r.trials),
  );
  let place = 1;
  for (const group of groups) {
    for (const i of group) out[i] = place;
    place += group.length;
  }
  return { places: out, jumpOff: groups[0]!.length > 1 };
}
