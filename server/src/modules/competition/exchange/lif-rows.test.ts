import type { StartVO } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { assessRows, lifReaction, lifTime, lifWind, readRow, whoIs } from './lif-rows.js';
import { type LifRow, parseLif, records } from './lynx.js';

/**
 * The meaning of `.lif` rows, pinned by the FinishLynx help's facts: status words (DNS, DNF,
 * DQ/DSQ, NP, AB), time precision up to 1/10000, wind text ("Manual", "NWI"), quoted fields.
 */

/** The event of the heat: the rounding of its times depends on it (marks.ts `timeStep`). */
const M100 = { kind: 'track', itemCode: '100' };
const M20000 = { kind: 'track', itemCode: '20000' };

const row = (over: Partial<LifRow>): LifRow => ({
  line: 2,
  place: '',
  id: '',
  lane: null,
  lastName: '',
  firstName: '',
  affiliation: '',
  time: '',
  reactionTime: '',
  ...over,
});

const start = (id: number, bib: string | null, lane: number, name: string) =>
  ({ id, bib, lane, position: lane, name, relayTeamId: null }) as unknown as StartVO;

describe('reading .lif records', () => {
  it('quoted fields, doubled quotes, comments, blank lines and ragged rows', () => {
    const text = '; comment\n\n1,5,"Huang, Jr.","Say ""Hi""",x;y\n2,6\n';
    expect(records(text)).toEqual([
      { line: 3, fields: ['1', '5', 'Huang, Jr.', 'Say "Hi"', 'x;y'] },
      { line: 4, fields: ['2', '6'] },
    ]);
    expect(() => records('1,"open\n')).toThrow(/quote is not closed/);
  });

  it('event numbers up to 9 digits (TAF writes 1000007); 0,0,0 is read', () => {
    expect(parseLif('1000007,1000007,1,60m,,,\n').header).toMatchObject({ event: 1000007, round: 1000007, heat: 1 });
    expect(parseLif('0,0,0,,,,\n').header).toMatchObject({ event: 0, round: 0, heat: 0 });
    expect(() => parseLif('1234567890,1,1\n')).toThrow(/line 1: event number 1234567890 is not valid/);
  });
});

describe('times, reactions and wind', () => {
  it('1/10000 times: kept to 1/1000 rounded up, shown to 1/100 rounded up (TR 19.24)', () => {
    expect(lifTime('10.8451', M100)).toEqual({ value: 10.846, mark: '10.85' });
    expect(lifTime('10.8401', M100)).toEqual({ value: 10.841, mark: '10.85' });
    expect(lifTime('10.8400', M100)).toEqual({ value: 10.84, mark: '10.84' });
    expect(lifTime('10.845', M100)).toEqual({ value: 10.845, mark: '10.85' });
    expect(lifTime('1:58.3012', M100)).toEqual({ value: 118.302, mark: '1:58.31' });
    expect(lifTime('2:35.19', M100)).toEqual({ value: 155.19, mark: '2:35.19' });
    expect(lifTime('10.84511', M100)).toBeNull();
    expect(lifTime('abc', M100)).toBeNull();
  });

  it('rounds by the event like results entry: a 20,000 m track race to the next longer 1/10 (one way: formatRaceTime)', () => {
    // The same photo-finish readings: 1/100 in a 100 m, 1/10 in a 20,000 m on the track.
    expect(lifTime('59:26.322', M20000)).toEqual({ value: 3566.322, mark: '59:26.4' });
    expect(lifTime('59:26.3001', M20000)).toEqual({ value: 3566.301, mark: '59:26.4' });
    expect(lifTime('59:26.300', M20000)).toEqual({ value: 3566.3, mark: '59:26.3' });
    expect(lifTime('59:26.322', M100)).toEqual({ value: 3566.322, mark: '59:26.33' });
    // A race outside the stadium: whole seconds.
    expect(lifTime('1:19:30.01', { kind: 'road', itemCode: '20kmW' })).toEqual({ value: 4770.01, mark: '1:19:31' });
    // Through a row as the import reads it.
    expect(readRow(row({ place: '1', time: '59:26.322' }), M20000)).toMatchObject({
      result: { place: 1, mark: '59:26.4', value: 3566.322 },
    });
  });

  it('reaction times to 1/10000 are cut to 1/1000, never lifted over the 0.100 false-start limit', () => {
    expect(lifReaction('0.1234')).toBe(0.123);
    expect(lifReaction('0.0999')).toBe(0.099);
    expect(lifReaction('0.145')).toBe(0.145);
    expect(lifReaction('fast')).toBeNull();
  });

  it('wind: +1.2, -0.3, +1.2 Manual, NWI and blank', () => {
    expect(lifWind('+1.2')).toBe(1.2);
    expect(lifWind('-0.3')).toBe(-0.3);
    expect(lifWind('+1.2 Manual')).toBe(1.2);
    expect(lifWind('1.23 m/s')).toBe(1.3);
    expect(lifWind('NWI')).toBeNull();
    expect(lifWind('')).toBeNull();
    expect(() => lifWind('gusty')).toThrow(/line 1: the wind gusty is not valid/);
  });
});

describe('place words', () => {
  it('DNS, DNF, DQ/DSQ, NP (non partant) and AB (abandon)', () => {
    const code = (place: string) => {
      const r = readRow(row({ place }), M100);
      return 'result' in r ? r.result.code : null;
    };
    expect(['DNS', 'DNF', 'DQ', 'DSQ', 'NP', 'AB', 'np'].map(code)).toEqual([
      'DNS',
      'DNF',
      'DQ',
      'DQ',
      'DNS',
      'DNF',
      'DNS',
    ]);
    // The time column may carry the word instead.
    expect(readRow(row({ time: 'DNF' }), M100)).toMatchObject({ result: { code: 'DNF' } });
  });

  it('any other word is a problem naming it; a place without a time too', () => {
    expect(readRow(row({ place: 'NT' }), M100)).toMatchObject({ problem: { kind: 'unknown-word', word: 'NT' } });
    expect(readRow(row({ place: '1' }), M100)).toMatchObject({
      problem: { kind: 'bad-row', en: 'place 1 but no time' },
    });
    expect(readRow(row({}), M100)).toMatchObject({ result: { place: null, mark: null, code: null } });
  });

  it('messages never show a blank name: lane 2, ID 449', () => {
    expect(whoIs(row({ lane: 2 })).en).toBe('lane 2');
    expect(whoIs(row({ id: '449' })).en).toBe('ID 449');
    expect(whoIs(row({ id: '449', lane: 4, lastName: 'Hommer', firstName: 'Nico' })).en).toBe(
      'Nico Hommer (ID 449, lane 4)',
    );
  });
});

describe('rows against a heat', () => {
  const starts = [start(1, '101', 1, 'A'), start(2, '102', 2, 'B'), start(3, '103', 3, 'C')];

  it('unknown ID, lane mismatch and places out of time order are conflicts until resolved', () => {
    const rows = [
      row({ line: 2, place: '1', id: '102', lane: 1, time: '10.10' }),
      row({ line: 3, place: '2', id: '999', lane: 3, time: '10.05' }),
      row({ line: 4, place: '3', id: '101', lane: 1, time: '10.30' }),
    ];
    const first = assessRows(rows, starts, {}, M100);
    expect(first.conflicts.map((c) => [c.id, c.options])).toEqual([
      ['lane-mismatch:2', ['trust-bib', 'trust-lane', 'skip-row']],
      ['unknown-bib:3', ['trust-lane', 'skip-row']],
    ]);
    const trusted = assessRows(rows, starts, { 'lane-mismatch:2': 'trust-bib', 'unknown-bib:3': 'trust-lane' }, M100);
    // Now lane 3 (C, 10.05) has place 2 but beats place 1 (B, 10.10).
    expect(trusted.conflicts.map((c) => c.id)).toEqual(['lane-mismatch:2', 'unknown-bib:3', 'place-time']);
    const byTime = assessRows(
      rows,
      starts,
      {
        'lane-mismatch:2': 'trust-bib',
        'unknown-bib:3': 'trust-lane',
        'place-time': 'by-time',
      },
      M100,
    );
    expect(byTime.rows.map((r) => [r.start?.name, r.result.place])).toEqual([
      ['B', 2],
      ['C', 1],
      ['A', 3],
    ]);
    // A resolution that does not fit its conflict counts as none.
    const wrong = assessRows(rows, starts, { 'unknown-bib:3': 'trust-bib' }, M100);
    expect(wrong.rows[1]!.start).toBeNull();
  });

  it('an unknown word resolved as DNF; the same competitor twice', () => {
    const rows = [
      row({ line: 2, place: 'NT', id: '101', lane: 1 }),
      row({ line: 3, place: '1', lane: 1, time: '10.1' }),
    ];
    const r = assessRows(rows, starts, { 'unknown-word:2': 'DNF' }, M100);
    expect(r.rows[0]!.result.code).toBe('DNF');
    expect(r.conflicts.map((c) => c.id)).toEqual(['unknown-word:2', 'same-competitor:3']);
    expect(r.conflicts[1]!.en).toBe('lane 1 is the same competitor as line 2 (A)');
  });
});
