import { describe, expect, it } from 'vitest';
import { codeText, readEntry } from './mark-entry';

const TRACK = ['DNS', 'DNF', 'DQ'] as const;
const TRIAL = ['X', '-', 'r'] as const;

describe('readEntry: what a referee types in a mark cell', () => {
  it('reads the track codes in any case, the DQ rule after the code', () => {
    expect(readEntry('dns', TRACK)).toEqual({ kind: 'code', code: 'DNS', dqRule: '' });
    expect(readEntry(' DNF ', TRACK)).toEqual({ kind: 'code', code: 'DNF', dqRule: '' });
    expect(readEntry('dq 162.7', TRACK)).toEqual({ kind: 'code', code: 'DQ', dqRule: '162.7' });
    expect(readEntry('DQ TR17.3.1', TRACK)).toEqual({ kind: 'code', code: 'DQ', dqRule: 'TR17.3.1' });
    expect(readEntry('dq', TRACK)).toEqual({ kind: 'code', code: 'DQ', dqRule: '' });
  });

  it('keeps times as marks, and codes the cell does not take as typed text', () => {
    expect(readEntry('10.853', TRACK)).toEqual({ kind: 'mark', mark: '10.853' });
    expect(readEntry('1:02.35', TRACK)).toEqual({ kind: 'mark', mark: '1:02.35' });
    expect(readEntry('r', TRACK)).toEqual({ kind: 'mark', mark: 'r' });
    expect(readEntry('x', TRACK)).toEqual({ kind: 'mark', mark: 'x' });
    expect(readEntry('dn', TRACK)).toEqual({ kind: 'mark', mark: 'dn' });
    expect(readEntry('   ', TRACK)).toEqual({ kind: 'empty' });
  });

  it('reads a field trial: x a foul, - a pass, r retired, a number a mark', () => {
    expect(readEntry('x', TRIAL)).toEqual({ kind: 'trial', outcome: 'X' });
    expect(readEntry('X', TRIAL)).toEqual({ kind: 'trial', outcome: 'X' });
    expect(readEntry('-', TRIAL)).toEqual({ kind: 'trial', outcome: '-' });
    expect(readEntry('r', TRIAL)).toEqual({ kind: 'trial', outcome: 'r' });
    expect(readEntry('6.42', TRIAL)).toEqual({ kind: 'mark', mark: '6.42' });
    expect(readEntry('dns', TRIAL)).toEqual({ kind: 'mark', mark: 'dns' });
  });

  it('shows a code as typed back: DNS, DQ with its rule', () => {
    expect(codeText('DNS', null)).toBe('DNS');
    expect(codeText('DQ', '162.7')).toBe('DQ 162.7');
    expect(codeText('DQ', '')).toBe('DQ');
  });
});
