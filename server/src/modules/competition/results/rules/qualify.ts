import { seededRandom, shuffle } from '../../startlists/rules/prng.js';

/**
 * Qualification to the next round, "top N per heat + next M by time" (WA Book C2.1 TR 20.10
 * and the ties of TR 21), as implemented here:
 *
 * 1. By place (Q): in each official heat the first N. Places are already separated on the
 *    1/1000 where the photo finish gave it (TR 21 — text not found in the stored copies), so
 *    athletes still sharing the place at the boundary are a true tie.
 * 2. By time (q): when every heat is official, the next M fastest of the rest across the
 *    heats, compared like places (shown time, then the 1/1000 when both have it).
 * 3. A tie for the last qualifying place. Rules text, as checked against the stored copies:
 *    - Note to TR 20.8 (WA Book C2.1, verified — fliphtml5.com "Technical Rules Track & Field",
 *      p. 43): "There will however be occasions when Rule 21 of the Technical Rules may cause a
 *      variation to be applied, particularly where there is a tie for the last qualifying
 *      position based on place. In such cases, it may be necessary for one less athlete to
 *      progress on time. In circumstances where there are sufficient additional lanes
 *      available, or in the case of the 800m (where a lane at the start may be used for more
 *      than one athlete) or a non-laned race, the Technical Delegate(s) may decide to progress
 *      an additional athlete(s)."
 *    - TR 21 itself (ties; the "placed in the next round or, if that is not practicable, lots
 *      shall be drawn" wording an earlier revision quoted from memory as TR 21.2/21.3): NOT
 *      found in the stored copies of the rules, so not quoted here; its numbering is
 *      unverified. What the code does for the draw follows the note above.
 *    - by place (Q): all the tied athletes advance on place. Each one beyond the place count
 *      takes first a lane the next round has beyond the N × heats + M planned (`room`), then
 *      one of the time places (one fewer q per extra athlete). Only when neither is left are
 *      lots drawn among the tied for the places there are (qD).
 *    - by time (q): all advance when the next round has room for them; else lots (qD).
 *    The draw is reproducible from a seed (the round's and the tied athletes'), logged by the
 *    caller. A qD drawn on place is a placed qualifier in the next round's seeding
 *    (startlists/rules/seeding.ts rankQualifiers).
 *
 * Places taken by the referee's or the jury's decision (qR, qJ) are kept as given and do not
 * count against the room.
 */
export type Computed = 'Q' | 'q' | 'qD';
export type Qualifier = Computed | 'qR' | 'qJ';

export interface QualifyRow {
  startId: number;
  place: number | null;
  manual: 'qR' | 'qJ' | null;
}

export interface QualifyHeat<T extends QualifyRow> {
  number: number;
  official: boolean;
  rows: readonly T[];
}

export interface QualifyInput<T extends QualifyRow> {
  heats: readonly QualifyHeat<T>[];
  byPlace: number;
  byTime: number;
  /** How many athletes the next round can take (lanes × heats); Infinity when not limited. */
  room: number;
  /** Across heats: < 0 when a is faster (or better); 0 for a tie. */
  compare: (a: T, b: T) => number;
  seed: string;
}

export interface Draw {
  /** Tied for the last qualifying place by place (Q) or by time (q). */
  by: 'place' | 'time';
  tied: number[];
  places: number;
  drawn: number[];
}

export interface QualifyResult {
  qualifiers: Map<number, Qualifier>;
  draws: Draw[];
}

export function qualify<T extends QualifyRow>(input: QualifyInput<T>): QualifyResult {
  const { heats, byPlace, byTime, compare, seed } = input;
  const qualifiers = new Map<number, Qualifier>();
  const draws: Draw[] = [];
  const planned = byPlace * heats.length + byTime;
  let extra = Math.max(0, input.room - planned);
  /** Time places still open: a dead heat for the last place by place takes them first (note to TR 20.8). */
  let timeLeft = byTime;

  /** Take `slots` of the `tied` athletes: all when the room (or a time place) allows, else by lot. */
  const settle = (tied: readonly T[], slots: number, mark: 'Q' | 'q') => {
    const overflow = tied.length - slots;
    const fromExtra = Math.min(extra, Math.max(0, overflow));
    const fromTime = mark === 'Q' ? Math.min(timeLeft, Math.max(0, overflow - fromExtra)) : 0;
    extra -= fromExtra;
    timeLeft -= fromTime;
    if (fromExtra + fromTime >= overflow) {
      for (const r of tied) qualifiers.set(r.startId, mark);
      return;
    }
    const places = slots + fromExtra + fromTime;
    const ids = tied.map((r) => r.startId).sort((a, b) => a - b);
    const drawn = shuffle(ids, seededRandom(`${seed}:qD:${ids.join(',')}`)).slice(0, places);
    draws.push({ by: mark === 'Q' ? 'place' : 'time', tied: ids, places, drawn });
    for (const id of drawn) qualifiers.set(id, 'qD');
  };

  /** The first `count` of `sorted`, with the tie across the boundary settled. */
  const takeFirst = (sorted: readonly T[], count: number, same: (a: T, b: T) => boolean, mark: 'Q' | 'q') => {
    if (count <= 0) return;
    if (sorted.length <= count) {
      for (const r of sorted) qualifiers.set(r.startId, mark);
      return;
    }
    const boundary = sorted[count - 1]!;
    const sure = sorted.filter((r, i) => i < count && !same(r, boundary));
    const tied = sorted.filter((r) => same(r, boundary));
    for (const r of sure) qualifiers.set(r.startId, mark);
    settle(tied, count - sure.length, mark);
  };

  const sortedHeats = [...heats].sort((a, b) => a.number - b.number);
  for (const heat of sortedHeats) {
    if (!heat.official) continue;
    const ranked = heat.rows.filter((r) => r.place !== null).sort((a, b) => a.place! - b.place!);
    takeFirst(ranked, byPlace, (a, b) => a.place === b.place, 'Q');
  }
  if (timeLeft > 0 && sortedHeats.every((h) => h.official)) {
    const rest = sortedHeats
      .flatMap((h) => h.rows)
      .filter((r) => r.place !== null && !qualifiers.has(r.startId))
      .sort((a, b) => compare(a, b));
    takeFirst(rest, timeLeft, (a, b) => compare(a, b) === 0, 'q');
  }
  // The referee's and the jury's decisions stand as given.
  for (const heat of sortedHeats) {
    for (const r of heat.rows) if (r.manual) qualifiers.set(r.startId, r.manual);
  }
  return { qualifiers, draws };
}
