import type { FieldTrial } from '../modules/competition/results/rules/rank.js';
import { realWorld } from './real-world.js';

/**
 * openath/athlib's high-jump fixtures (`shared/fixtures/real-world/athlib-highjump/cases.json`)
 * read as Baton's trials. A column whose bar is not above every earlier one is the jump-off
 * (TR 26.9: the bar goes down after all fail), as in athlib's "1066".
 */

interface Case {
  state: string;
  rows: { bib: string; order: number; attempts: [string, string][]; expected: number | null }[];
}

const OUTCOME: Record<string, FieldTrial['outcome']> = { o: 'O', x: 'X', '-': '-', r: 'r' };

/** One athlete's column-by-column attempts as Baton's trials, in the order taken. */
export function trialsOf(attempts: readonly [string, string][]): FieldTrial[] {
  const trials: FieldTrial[] = [];
  let top = 0;
  for (const [bar, cell] of attempts) {
    const height = Number(bar);
    const jumpOff = height <= top;
    top = Math.max(top, height);
    for (const ch of cell) {
      const outcome = OUTCOME[ch];
      if (!outcome) throw new Error(`unknown attempt "${ch}"`);
      trials.push({ seq: trials.length + 1, outcome, mark: null, height, jumpOff });
    }
  }
  return trials;
}

export const athlibCases = JSON.parse(realWorld('athlib-highjump/cases.json').toString('utf8')) as Record<string, Case>;
