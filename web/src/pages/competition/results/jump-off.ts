import type { StartVO, TrialVO } from '@baton/contracts';

/**
 * The jump-off for first place in the vertical jumps as the entry screen offers it (WA TR 26.9).
 * The server checks every jump-off trial (results/rules/jump-off.ts); this only suggests the bar:
 * - 26.9.3 "The jump-off shall start at the next height … after the height last cleared by the
 *   athletes concerned": the round's next height above the tie (or the tie plus one step);
 * - 26.9.4 "If no decision is reached the bar shall be raised if the athletes involved were
 *   successful, or lowered if they all failed, by 2cm for the high jump and 5cm for the pole vault".
 */

const cm = (metres: number) => Math.round(metres * 100);

/** TR 26.9.4: the jump-off step, HJ 2 cm, PV 5 cm. */
export const jumpOffStep = (itemCode: string) => (itemCode === 'PV' ? 0.05 : 0.02);

/** An athlete's jump-off trials, in order. */
export const jumpOffTrials = (trials: readonly TrialVO[]) =>
  trials.filter((t) => t.jumpOff && t.height !== null).sort((a, b) => a.seq - b.seq);

/** The competition's own trials (the jump-off ones apart). */
export const competitionTrials = (trials: readonly TrialVO[]) => trials.filter((t) => !t.jumpOff);

/** The highest height cleared in the competition (the height of the tie for those tied). */
export function clearedHeight(trials: readonly TrialVO[]): number | null {
  let best: number | null = null;
  for (const t of competitionTrials(trials)) {
    if (t.outcome === 'O' && t.height !== null && (best === null || t.height > best)) best = t.height;
  }
  return best;
}

/** Out of the competition (TR 26.4): three consecutive failures (passes do not break the run), or retired. */
export function outOfCompetition(trials: readonly TrialVO[]): boolean {
  let run = 0;
  for (const t of [...competitionTrials(trials)].sort((a, b) => a.seq - b.seq)) {
    if (t.outcome === 'r') return true;
    if (t.outcome === 'O') run = 0;
    else if (t.outcome === 'X' && ++run >= 3) return true;
  }
  return false;
}

/**
 * The competition is over: every athlete still competing is out (TR 26.8.3 a — only then do
 * those tied for first jump off; the server checks the same, results/rules/jump-off.ts).
 */
export const competitionOver = (starts: readonly StartVO[]) =>
  starts.every((s) => s.code === 'DNS' || s.code === 'DQ' || outOfCompetition(s.trials));

export interface JumpOffTurn {
  /** The bar for the next jump-off trial. */
  height: number;
  /** Start ids still to jump at it (each athlete one trial at each height, TR 26.9.2). */
  due: number[];
}

/**
 * The next jump-off turn of `contenders` (the athletes still in the jump-off, as the server's
 * standing says): while some of them have not jumped at the current jump-off height, that
 * height and those athletes; else the next height — the start above the tie, then up by the
 * step if they all cleared, down if they all failed.
 */
export function nextJumpOff(
  contenders: readonly StartVO[],
  heights: readonly number[],
  step: number,
): JumpOffTurn | null {
  if (contenders.length < 2) return null;
  const series = contenders.map((s) => jumpOffTrials(s.trials));
  const k = Math.max(...series.map((t) => t.length));
  if (k === 0) {
    const tie = Math.max(...contenders.map((s) => clearedHeight(s.trials) ?? 0));
    const next = [...heights].sort((a, b) => a - b).find((h) => cm(h) > cm(tie));
    return { height: next ?? (cm(tie) + cm(step)) / 100, due: contenders.map((s) => s.id) };
  }
  const takers = series.filter((t) => t.length === k);
  const at = takers[0]!.at(-1)!;
  if (takers.length < contenders.length) {
    return { height: at.height!, due: contenders.filter((_s, i) => series[i]!.length < k).map((s) => s.id) };
  }
  const up = takers.some((t) => t.at(-1)!.outcome === 'O');
  return { height: (cm(at.height!) + (up ? 1 : -1) * cm(step)) / 100, due: contenders.map((s) => s.id) };
}

/** `2.37 X · 2.35 O`: an athlete's jump-off as the grid shows it. */
export const jumpOffText = (trials: readonly TrialVO[]) =>
  jumpOffTrials(trials)
    .map((t) => `${t.height!.toFixed(2)} ${t.outcome === '-' ? '–' : t.outcome}`)
    .join(' · ');
