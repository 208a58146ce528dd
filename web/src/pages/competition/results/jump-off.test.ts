import type { StartVO, TrialVO } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { competitionOver, jumpOffStep, jumpOffText, nextJumpOff } from './jump-off';

const trial = (seq: number, height: number, outcome: TrialVO['outcome'], jumpOff = false): TrialVO => ({
  seq,
  outcome,
  height,
  mark: null,
  wind: null,
  jumpOff,
});
const start = (id: number, trials: TrialVO[]) => ({ id, trials }) as unknown as StartVO;

// Two high jumpers tied at 2.33 after countback, out at 2.35 (the heights 2.29, 2.33, 2.35, 2.37).
const outAt235 = (extra: TrialVO[]) => [
  trial(1, 2.29, 'O'),
  trial(2, 2.33, 'O'),
  trial(3, 2.35, 'X'),
  trial(4, 2.35, 'X'),
  trial(5, 2.35, 'X'),
  ...extra,
];
const tied = (a: TrialVO[] = [], b: TrialVO[] = []) => [start(1, outAt235(a)), start(2, outAt235(b))];
const heights = [2.29, 2.33, 2.35, 2.37];

describe('nextJumpOff (TR 26.9)', () => {
  it('"starts at the next height … after the height last cleared": 2.35 after a tie at 2.33', () => {
    expect(nextJumpOff(tied(), heights, jumpOffStep('HJ'))).toEqual({ height: 2.35, due: [1, 2] });
  });
  it('the height is jumped by each in turn: the second athlete is still due at 2.35', () => {
    expect(nextJumpOff(tied([trial(6, 2.35, 'X', true)]), heights, 0.02)).toEqual({ height: 2.35, due: [2] });
  });
  it('"lowered if they all failed, by 2cm for the high jump": both X at 2.35 → 2.33', () => {
    const s = tied([trial(6, 2.35, 'X', true)], [trial(6, 2.35, 'X', true)]);
    expect(nextJumpOff(s, heights, jumpOffStep('HJ'))).toEqual({ height: 2.33, due: [1, 2] });
  });
  it('"raised if the athletes involved were successful … 5cm for the pole vault": both O at 5.80 → 5.85', () => {
    const pv = [
      start(1, [trial(1, 5.7, 'O'), trial(2, 5.8, 'O', true)]),
      start(2, [trial(1, 5.7, 'O'), trial(2, 5.8, 'O', true)]),
    ];
    expect(nextJumpOff(pv, [5.6, 5.7], jumpOffStep('PV'))).toEqual({ height: 5.85, due: [1, 2] });
  });
  it('no height above the tie in the plan: the tie plus one step; one contender: no jump-off', () => {
    expect(nextJumpOff(tied(), [2.29, 2.33], 0.02)?.height).toBe(2.35);
    expect(nextJumpOff(tied().slice(0, 1), heights, 0.02)).toBeNull();
  });
  it('shows the jump-off series in order', () => {
    expect(jumpOffText([trial(7, 2.33, 'O', true), trial(6, 2.35, 'X', true), trial(1, 2.29, 'O')])).toBe(
      '2.35 X · 2.33 O',
    );
  });
});

describe('competitionOver (TR 26.4, 26.8.3 a)', () => {
  it('a jump-off only once everyone is out: three consecutive failures, passes not breaking the run', () => {
    expect(competitionOver(tied())).toBe(true);
    const passing = start(3, [trial(1, 2.29, 'X'), trial(2, 2.29, 'X'), trial(3, 2.33, '-'), trial(4, 2.35, 'X')]);
    expect(competitionOver([...tied(), passing])).toBe(true);
    // Tied for first at 2.33 but still jumping at 2.35 (one failure so far): not over.
    const still = start(1, [trial(1, 2.29, 'O'), trial(2, 2.33, 'O'), trial(3, 2.35, 'X')]);
    expect(competitionOver([still, tied()[1]!])).toBe(false);
  });
});
