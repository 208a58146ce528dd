import type { FieldStart, Problem } from './field.js';
import { jumpOffTrials, verticalPlaces, verticalRecord } from './rank.js';

/**
 * The jump-off for first place in the vertical jumps (WA Book C2.1 TR 26.8.3 a, TR 26.9), as it
 * is recorded: the jump-off trials are trials of the athlete's series flagged `jumpOff`, after
 * the competition's own. Ranking them is `jumpOffGroups` (rank.ts); this checks that they may
 * be recorded.
 */

/** TR 26.9.4: "by 2cm for the high jump and 5cm for the pole vault". */
export const jumpOffStep = (itemCode: string) => (itemCode === 'PV' ? 0.05 : 0.02);

const cm = (metres: number) => Math.round(metres * 100);
const jumped = (o: string) => o === 'O' || o === 'X';

/**
 * Whether the jump-off trials of `starts` stand (every athlete's series as it would be):
 * - only athletes tied for first after countback, once everyone is out of the competition
 *   (TR 26.8.3 a: "if it concerns the first place, the athletes tying shall jump-off");
 * - "Each athlete shall have one trial at each height" (26.9.2): the k-th jump-off trial of each
 *   is at the same height, and taken only by those still in after the heights before;
 * - "The jump-off shall start at the next height … after the height last cleared by the athletes
 *   concerned" (26.9.3): above the height of the tie;
 * - "If no decision is reached the bar shall be raised if the athletes involved were successful,
 *   or lowered if they all failed, by 2cm for the high jump and 5cm for the pole vault" (26.9.4).
 */
export function checkJumpOff(starts: readonly FieldStart[], step: number): Problem | null {
  const series = starts.map((s) => jumpOffTrials(s.trials));
  if (series.every((t) => t.length === 0)) return null;
  for (const s of starts) {
    const last = Math.max(0, ...s.trials.filter((t) => !t.jumpOff).map((t) => t.seq));
    if (jumpOffTrials(s.trials).some((t) => t.seq < last)) {
      return { zh: '附加赛试跳须在正式比赛的试跳之后', en: 'jump-off trials come after the competition’s trials' };
    }
  }
  const competing = (s: FieldStart) => s.code !== 'DNS' && s.code !== 'DQ';
  const records = starts.map((s) => verticalRecord(s.trials));
  const main = verticalPlaces(
    starts.map((s, i) => ({
      record: records[i]!,
      code: competing(s) ? null : s.code,
      trials: s.trials.filter((t) => !t.jumpOff),
    })),
  ).places;
  const tied = starts.flatMap((_s, i) => (main[i] === 1 ? [i] : []));
  const over = starts.every((s, i) => !competing(s) || records[i]!.out);
  if (tied.length < 2 || !over || series.some((t, i) => t.length > 0 && !tied.includes(i))) {
    return {
      zh: '只有并列第一名且比赛已结束时才进行附加赛（TR 26.9）',
      en: 'a jump-off is only for athletes tied for first once the competition is over (TR 26.9)',
    };
  }
  const tieHeight = records[tied[0]!]!.best!;
  let contenders = tied;
  let bar: number | null = null;
  for (let k = 0; ; k++) {
    const takers = tied.filter((i) => series[i]![k] !== undefined);
    if (takers.length === 0) return null;
    if (contenders.length < 2 || takers.some((i) => !contenders.includes(i))) {
      return { zh: '该运动员已不在附加赛中', en: 'the athlete is no longer in the jump-off' };
    }
    const heights = new Set(takers.map((i) => cm(series[i]![k]!.height!)));
    if (heights.size > 1) {
      return { zh: '附加赛每一高度所有运动员同一横杆高度', en: 'all athletes in the jump-off jump at the same height' };
    }
    const height = [...heights][0]!;
    if (bar === null && height <= cm(tieHeight)) {
      return {
        zh: `附加赛从高于并列高度 ${tieHeight.toFixed(2)} 米的下一高度开始（TR 26.9.3）`,
        en: `the jump-off starts at the next height above ${tieHeight.toFixed(2)} m, the height of the tie (TR 26.9.3)`,
      };
    }
    if (bar !== null && height !== bar) {
      return {
        zh: `附加赛横杆应为 ${(bar / 100).toFixed(2)} 米：全部越过升高、全部失败降低 ${cm(step)} 厘米（TR 26.9.4）`,
        en: `the jump-off bar must be ${(bar / 100).toFixed(2)} m: raised by ${cm(step)} cm if all cleared, lowered if all failed (TR 26.9.4)`,
      };
    }
    if (takers.length < contenders.length) return null; // the height is still being jumped
    const outcomes = contenders.map((i) => series[i]![k]!.outcome);
    const jumpers = contenders.filter((_i, j) => jumped(outcomes[j]!));
    const cleared = jumpers.filter((i) => series[i]![k]!.outcome === 'O');
    if (jumpers.length === 0) contenders = [];
    else {
      contenders = cleared.length > 0 ? cleared : jumpers;
      // Those still in all cleared (raise) or all failed (lower).
      bar = height + (cleared.length > 0 ? 1 : -1) * cm(step);
    }
  }
}
