import { idCheckChar } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import {
  eligibleGroups,
  entryBlock,
  headroom,
  idNumberProblem,
  isEligible,
  isSeedMarkValid,
  normaliseSeedMark,
  relayBlock,
  relayPlaces,
} from './rules';

const id18 = (first17: string) => `${first17}${idCheckChar(first17)}`;
const wrongCheck = (first17: string) => {
  const right = idCheckChar(first17);
  return `${first17}${right === '0' ? '1' : '0'}`;
};

describe('idNumberProblem', () => {
  it('accepts a valid 18-digit number (with an X check character in either case)', () => {
    expect(idNumberProblem('1', id18('33038120110315123'))).toBeNull();
    // Find a number whose check character is X and try it in lower case.
    let first17 = '';
    for (let n = 100; n < 1000 && !first17; n++) {
      if (idCheckChar(`33038120110315${n}`) === 'X') first17 = `33038120110315${n}`;
    }
    expect(first17).not.toBe('');
    expect(idNumberProblem('1', `${first17}x`)).toBeNull();
  });

  it('tells a wrong check character from a bad date and a bad shape', () => {
    expect(idNumberProblem('1', wrongCheck('33038120110315123'))).toBe('checkDigit');
    expect(idNumberProblem('1', id18('33038120110230123'))).toBe('date');
    expect(idNumberProblem('1', '3303812011031512')).toBe('format');
    expect(idNumberProblem('1', '')).toBe('format');
    expect(idNumberProblem('1', '33038120110315123A')).toBe('format');
  });

  it('accepts a legacy 15-digit number with a real date and refuses an impossible one', () => {
    expect(idNumberProblem('1', '330381850315123')).toBeNull();
    expect(idNumberProblem('1', '330381851315123')).toBe('date');
  });

  it('does not judge passports and permits', () => {
    expect(idNumberProblem('2', 'E12345678')).toBeNull();
    expect(idNumberProblem('3', 'H1234567')).toBeNull();
  });
});

describe('eligibility', () => {
  const boys = { id: 1, gender: 'M' as const, birthFrom: '2010-01-01', birthTo: '2011-12-31' };
  const girls = { id: 2, gender: 'F' as const, birthFrom: '2010-01-01', birthTo: '2011-12-31' };
  const mixed = { id: 3, gender: 'X' as const, birthFrom: '2008-01-01', birthTo: '2009-12-31' };
  const groups = [boys, girls, mixed];

  it('matches gender (mixed takes both) and the birth range, bounds included', () => {
    expect(eligibleGroups(groups, 'M', '2011-03-15').map((g) => g.id)).toEqual([1]);
    expect(eligibleGroups(groups, 'F', '2010-01-01').map((g) => g.id)).toEqual([2]);
    expect(eligibleGroups(groups, 'F', '2009-12-31').map((g) => g.id)).toEqual([3]);
    expect(eligibleGroups(groups, 'M', '2012-01-01')).toEqual([]);
    expect(isEligible(boys, 'M', '2011-12-31')).toBe(true);
    expect(isEligible(boys, 'M', '2009-12-31')).toBe(false);
  });

  it('does not exclude on facts not known yet', () => {
    expect(eligibleGroups(groups, null, null)).toHaveLength(3);
    expect(eligibleGroups(groups, 'M', null).map((g) => g.id)).toEqual([1, 3]);
    expect(eligibleGroups(groups, undefined, '2009-05-05').map((g) => g.id)).toEqual([3]);
  });
});

describe('seed marks', () => {
  it('reads times as s.ss, m:ss.ss and h:mm:ss', () => {
    for (const ok of ['10.85', '9.5', '1:58.30', '4:05', '1:02:03.4', '59.999']) {
      expect(isSeedMarkValid('time', ok), ok).toBe(true);
    }
    for (const bad of ['1:60.00', '1:75:00', '10.8555', 'abc', '1.2.3', '123.4']) {
      expect(isSeedMarkValid('time', bad), bad).toBe(false);
    }
  });

  it('reads distances and heights in metres, points as whole numbers', () => {
    expect(isSeedMarkValid('distance', '5.62')).toBe(true);
    expect(isSeedMarkValid('distance', '62')).toBe(true);
    expect(isSeedMarkValid('distance', '5.625')).toBe(false);
    expect(isSeedMarkValid('distance', '1:05')).toBe(false);
    expect(isSeedMarkValid('height', '1.75')).toBe(true);
    expect(isSeedMarkValid('points', '5120')).toBe(true);
    expect(isSeedMarkValid('points', '5120.5')).toBe(false);
  });

  it('normalises what was typed', () => {
    expect(normaliseSeedMark(' 5,62 ')).toBe('5.62');
    expect(normaliseSeedMark('   ')).toBeNull();
    expect(normaliseSeedMark(null)).toBeNull();
  });
});

describe('limits shown before they bite', () => {
  const item = (remaining: number, limit = 2) => ({ remaining, limit });

  it('blocks a new event when the athlete has the most events, before the delegation places', () => {
    expect(entryBlock({ entered: false, athleteEvents: 3, maxEvents: 3, item: item(0) })).toEqual({
      kind: 'athleteFull',
      used: 3,
      max: 3,
    });
    expect(entryBlock({ entered: false, athleteEvents: 2, maxEvents: 3, item: item(0, 4) })).toEqual({
      kind: 'itemFull',
      limit: 4,
    });
    expect(entryBlock({ entered: false, athleteEvents: 2, maxEvents: 3, item: item(1) })).toBeNull();
  });

  it('never blocks an event already entered (unticking frees the place)', () => {
    expect(entryBlock({ entered: true, athleteEvents: 3, maxEvents: 3, item: item(0) })).toBeNull();
  });

  const relays = [
    { id: 1, groupItemId: 10, letter: 'A', members: [{ athleteId: 7, athleteName: 'x', leg: 1 }] },
    { id: 2, groupItemId: 11, letter: 'A', members: [{ athleteId: 7, athleteName: 'x', leg: 2 }] },
    { id: 3, groupItemId: 10, letter: 'B', members: [{ athleteId: 8, athleteName: 'y', leg: 1 }] },
  ];

  it('counts relay places outside the team being edited', () => {
    expect(relayPlaces(relays, 7)).toBe(2);
    expect(relayPlaces(relays, 7, 1)).toBe(1);
    expect(relayPlaces(relays, 9)).toBe(0);
  });

  it('blocks a runner already in another team of the event, then one at the relay limit', () => {
    expect(relayBlock({ athleteId: 8, groupItemId: 10, teamId: 1, relays, maxRelays: 2 })).toEqual({
      kind: 'otherTeam',
      letter: 'B',
    });
    expect(relayBlock({ athleteId: 7, groupItemId: 12, relays, maxRelays: 2 })).toEqual({
      kind: 'relaysFull',
      used: 2,
      max: 2,
    });
    // In the team being edited, the athlete's own place is not counted against them.
    expect(relayBlock({ athleteId: 7, groupItemId: 10, teamId: 1, relays, maxRelays: 2 })).toBeNull();
    expect(relayBlock({ athleteId: 8, groupItemId: 11, relays, maxRelays: 2 })).toBeNull();
  });

  it('gives the room left under a delegation cap, none without a cap', () => {
    expect(headroom(57, 60)).toEqual({ used: 57, max: 60, left: 3 });
    expect(headroom(61, 60)).toEqual({ used: 61, max: 60, left: 0 });
    expect(headroom(5, null)).toBeNull();
  });
});
