import { orderAfterCut } from '../../startlists/rules/field-order.js';
import { formatMetres } from './marks.js';
import {
  compareHorizontal,
  type FieldTrial,
  places,
  type VerticalRecord,
  validMarks,
  verticalPlaces,
  verticalRecord,
} from './rank.js';

/**
 * Field events as they happen: whether a trial may be recorded, and the live standing after
 * each trial (WA Book C2.1 TR 25 and 26).
 */

/** A message in both languages (the service turns it into a 400). */
export interface Problem {
  zh: string;
  en: string;
}

/** Codes that keep an athlete out of the trials (a retirement is a trial outcome, `r`). */
const OUT_CODES = new Set(['DNS', 'DQ']);

export interface FieldRound {
  trials: number;
  cutAfter: number;
  cutSize: number;
}

/**
 * Horizontal events: `seq` is the trial number, at most the round's trials; a valid trial has
 * its mark, a failure, pass or retirement none; nothing after a retirement (TR 25).
 */
export function checkHorizontal(trials: readonly FieldTrial[], round: FieldRound): Problem | null {
  const ordered = [...trials].sort((a, b) => a.seq - b.seq);
  let retired = false;
  for (const t of ordered) {
    if (t.seq > round.trials) {
      return { zh: `本轮只有 ${round.trials} 次试跳（掷）`, en: `the round has ${round.trials} trials` };
    }
    if (retired) return { zh: '运动员已退出比赛', en: 'the athlete has retired' };
    if (t.outcome === 'O' && !(t.mark !== null && t.mark > 0)) {
      return { zh: '有效试跳（掷）须填写成绩', en: 'a valid trial needs its mark' };
    }
    if (t.outcome !== 'O' && t.mark !== null) {
      return { zh: '只有有效试跳（掷）才有成绩', en: 'only a valid trial has a mark' };
    }
    if (t.outcome === 'r') retired = true;
  }
  return null;
}

/**
 * Vertical jumps, attempts in the order taken (TR 26.2–26.4): the bar never goes down; at a
 * height at most three attempts, none after a clearance or a pass; three consecutive failures
 * (at any heights) end the competition, so does a retirement. The jump-off's trials (TR 26.9)
 * are checked across the athletes tied (jump-off.ts).
 */
export function checkVertical(trials: readonly FieldTrial[]): Problem | null {
  const ordered = [...trials].filter((t) => !t.jumpOff).sort((a, b) => a.seq - b.seq);
  let height: number | null = null;
  let atHeight = 0;
  let doneAtHeight = false;
  let run = 0;
  let over = false;
  for (const t of ordered) {
    if (t.height === null || t.height === undefined || t.height <= 0) {
      return { zh: '请填写横杆高度', en: 'the bar height is missing' };
    }
    if (t.mark !== null) return { zh: '高度项目的试跳没有远度', en: 'a vertical jump attempt has no distance' };
    if (over) return { zh: '运动员已结束比赛（连续三次失败或退出）', en: 'the athlete is out of the competition' };
    if (height !== null && t.height < height) {
      return { zh: '横杆高度不能低于上一次试跳', en: 'the bar cannot be lower than at the previous attempt' };
    }
    if (height === null || t.height > height) {
      height = t.height;
      atHeight = 0;
      doneAtHeight = false;
    }
    if (doneAtHeight) {
      return { zh: '该高度已越过或已免跳', en: 'the athlete has cleared or passed this height' };
    }
    if (t.outcome === 'O' || t.outcome === 'X') atHeight += 1;
    if (atHeight > 3) return { zh: '每个高度最多试跳三次', en: 'at most three attempts at a height' };
    if (t.outcome === 'O') {
      run = 0;
      doneAtHeight = true;
    } else if (t.outcome === 'X') {
      run += 1;
      if (run >= 3) over = true;
    } else if (t.outcome === '-') {
      doneAtHeight = true;
    } else {
      over = true;
    }
  }
  return null;
}

export interface FieldStart {
  id: number;
  /** The competition order drawn by lot (1 = first). */
  position: number;
  code: string | null;
  trials: readonly FieldTrial[];
}

export interface StandingRow {
  startId: number;
  place: number | null;
  best: string | null;
  bestValue: number | null;
  /** The wind of the best mark (horizontal, where measured). */
  bestWind: number | null;
  trials: number;
  eliminated: boolean;
  order: number | null;
}

export interface Standing {
  cutReached: boolean;
  jumpOff: boolean;
  /** In the order of the starts given. */
  rows: StandingRow[];
}

/** The best mark and its wind: the first trial that made it (TR 25.22 counts the mark). */
function bestOf(trials: readonly FieldTrial[]) {
  let best: FieldTrial | null = null;
  for (const t of [...trials].sort((a, b) => a.seq - b.seq)) {
    if (t.outcome === 'O' && t.mark !== null && (best === null || t.mark > best.mark!)) best = t;
  }
  return best;
}

/** Give the athletes still competing their order: 1, 2, 3 … in `sequence`. */
function numberOrder(rows: StandingRow[], sequence: readonly number[]) {
  sequence.forEach((startId, i) => {
    const row = rows.find((r) => r.startId === startId);
    if (row) row.order = i + 1;
  });
}

/**
 * Horizontal standing (TR 25.22) after any trial. With more than `cutSize` athletes, after
 * `cutAfter` trials only the best `cutSize` go on (TR 25.5), in the reverse order of their
 * standing then (TR 25.6) — `orderAfterCut` of the start lists, shared with the printed order.
 * The cut is reached when every athlete still in has had the trials before it.
 */
export function horizontalStanding(starts: readonly FieldStart[], round: FieldRound): Standing {
  const competing = (s: FieldStart) => !OUT_CODES.has(s.code ?? '');
  const marks = starts.map((s) => validMarks(s.trials));
  const livePlaces = places(
    starts.map((s, i) => ({ s, m: marks[i]! })),
    ({ s, m }) => competing(s) && m.length > 0,
    (a, b) => compareHorizontal(a.m, b.m),
  );
  const retired = (s: FieldStart) => s.trials.some((t) => t.outcome === 'r');
  const rows: StandingRow[] = starts.map((s, i) => {
    const best = bestOf(s.trials);
    return {
      startId: s.id,
      place: livePlaces[i]!,
      best: best ? formatMetres(best.mark!) : null,
      bestValue: best?.mark ?? null,
      bestWind: best?.wind ?? null,
      trials: s.trials.length,
      eliminated: !competing(s) || retired(s),
      order: null,
    };
  });
  const inPlay = starts.filter((s) => competing(s));
  const hasCut = round.trials > round.cutAfter;
  const beforeCut = (s: FieldStart) => s.trials.filter((t) => t.seq <= round.cutAfter);
  const cutReached =
    hasCut &&
    inPlay.length > 0 &&
    inPlay.every((s) => retired(s) || new Set(beforeCut(s).map((t) => t.seq)).size >= round.cutAfter);
  if (!cutReached) {
    // Before the cut: round by round in the drawn order (fewest trials taken first).
    numberOrder(
      rows,
      [...inPlay]
        .filter((s) => !retired(s) && s.trials.length < round.trials)
        .sort((a, b) => a.trials.length - b.trials.length || a.position - b.position)
        .map((s) => s.id),
    );
    return { cutReached, jumpOff: false, rows };
  }
  const cutMarks = inPlay.map((s) => validMarks(beforeCut(s)));
  const cutPlaces = places(
    cutMarks,
    (m) => m.length > 0,
    (a, b) => compareHorizontal(a, b),
  );
  const goOn = orderAfterCut(
    inPlay.map((s, i) => ({ id: s.id, place: cutPlaces[i]!, order: s.position, retired: retired(s) })),
    round.cutSize,
  );
  const continuing = new Set(goOn.map((g) => g.id));
  for (const row of rows) {
    if (!continuing.has(row.startId)) row.eliminated = true;
  }
  // After it: round by round, each in the reverse order of the standing at the cut.
  const taken = new Map(starts.map((s) => [s.id, s.trials.length]));
  numberOrder(
    rows,
    goOn
      .map((g, rank) => ({ id: g.id, rank, taken: taken.get(g.id) ?? 0, retired: g.retired }))
      .filter((g) => !g.retired && g.taken < round.trials)
      .sort((a, b) => a.taken - b.taken || a.rank - b.rank)
      .map((g) => g.id),
  );
  return { cutReached, jumpOff: false, rows };
}

/** Whether an athlete may still take trials (not out by a code, a retirement or the cut, TR 25.5). */
export function mayContinue(standing: Standing, startId: number): boolean {
  const row = standing.rows.find((r) => r.startId === startId);
  return !!row && !row.eliminated;
}

/**
 * Vertical standing (TR 26.8, countback; TR 26.9, the jump-off for first) after any attempt;
 * the order is the drawn order.
 */
export function verticalStanding(starts: readonly FieldStart[]): Standing & { records: VerticalRecord[] } {
  const records = starts.map((s) => verticalRecord(s.trials));
  const competing = (s: FieldStart) => !OUT_CODES.has(s.code ?? '');
  const { places: ranked, jumpOff } = verticalPlaces(
    starts.map((s, i) => ({ record: records[i]!, code: competing(s) ? null : s.code, trials: s.trials })),
  );
  // Once everyone else is out, athletes tied for first with the jump-off undecided jump on
  // after three failures ("except in the case of a tie for first place", TR 26.4).
  const over = starts.every((s, i) => !competing(s) || records[i]!.out);
  const inJumpOff = (i: number) => jumpOff && over && ranked[i] === 1;
  const rows: StandingRow[] = starts.map((s, i) => {
    const r = records[i]!;
    return {
      startId: s.id,
      place: ranked[i]!,
      best: r.best === null ? null : formatMetres(r.best),
      bestValue: r.best,
      bestWind: null,
      trials: r.attempts + s.trials.filter((t) => t.jumpOff).length,
      eliminated: !competing(s) || (r.out && !inJumpOff(i)),
      order: null,
    };
  });
  numberOrder(
    rows,
    starts
      .filter((_s, i) => !rows[i]!.eliminated)
      .sort((a, b) => a.position - b.position)
      .map((s) => s.id),
  );
  return { cutReached: false, jumpOff, rows, records };
}
