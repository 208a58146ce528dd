import type { StartVO, TrialVO } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { markText, positiveId, shownRows, trialSeries, windText } from './live-format';

const row = (id: number, place: number | null, code: StartVO['code'] = null) =>
  ({ id, place, code, mark: code ? null : `1${id}.00` }) as unknown as StartVO;
const trial = (seq: number, outcome: TrialVO['outcome'], v: Partial<TrialVO> = {}): TrialVO => ({
  seq,
  outcome,
  height: null,
  mark: null,
  wind: null,
  jumpOff: false,
  ...v,
});

describe('windText', () => {
  it('signs the reading to 0.1 m/s', () => {
    expect(windText(1.2)).toBe('+1.2');
    expect(windText(-0.4)).toBe('-0.4');
    expect(windText(0)).toBe('0.0');
    expect(windText(-0.04)).toBe('0.0');
    expect(windText(null)).toBe('');
  });
});

describe('shownRows', () => {
  it('orders an official heat by place, those without one after, in start order', () => {
    const starts = [row(1, 3), row(2, null, 'DNS'), row(3, 1), row(4, null, 'DQ'), row(5, 2)];
    expect(shownRows({ status: 'official', starts }).map((s) => s.id)).toEqual([3, 5, 1, 2, 4]);
  });
  it('keeps the published start order before the heat is official', () => {
    const starts = [row(1, 3), row(2, 1)];
    expect(shownRows({ status: 'set', starts }).map((s) => s.id)).toEqual([1, 2]);
  });
  it('shows the code in place of a mark', () => {
    expect(markText(row(2, null, 'DNF'))).toBe('DNF');
    expect(markText(row(2, 1))).toBe('12.00');
  });
});

describe('trialSeries', () => {
  it('groups vertical jump attempts by height (WA TR 26)', () => {
    const trials = [
      trial(1, 'O', { height: 1.5 }),
      trial(2, 'X', { height: 1.55 }),
      trial(3, 'O', { height: 1.55 }),
      trial(4, '-', { height: 1.6 }),
      trial(5, 'X', { height: 1.65 }),
      trial(6, 'X', { height: 1.65 }),
      trial(7, 'X', { height: 1.65 }),
    ];
    expect(trialSeries(trials, 'height').map((c) => `${c.label}:${c.text}`)).toEqual([
      '1.50:O',
      '1.55:XO',
      '1.60:–',
      '1.65:XXX',
    ]);
  });
  it('lists horizontal trials with the distance and the wind of valid ones (WA TR 25)', () => {
    const trials = [trial(1, 'O', { mark: 5.1, wind: 0.3 }), trial(2, 'X', { wind: 1.1 }), trial(3, 'r')];
    expect(trialSeries(trials, 'distance')).toEqual([
      { key: '1', label: '1', text: '5.10', wind: '+0.3' },
      { key: '2', label: '2', text: 'X', wind: '' },
      { key: '3', label: '3', text: 'r', wind: '' },
    ]);
  });
});

describe('positiveId', () => {
  it('takes positive integers only', () => {
    expect(positiveId('12')).toBe(12);
    for (const v of ['0', '-1', '1.5', 'abc', '', null, undefined, '99999999999'])
      expect(positiveId(v)).toBeUndefined();
  });
});
