import { describe, expect, it } from 'vitest';
import { callPhase, nextState } from './state';

describe('call-room marks', () => {
  it('a tap cycles not marked → present → absent → late → not marked', () => {
    const seen = [null, 'present', 'absent', 'late'].map((s) => nextState(s as never, false));
    expect(seen).toEqual(['present', 'absent', 'late', null]);
  });

  it('a start with a result skips absent (it could not be DNS)', () => {
    expect(nextState(null, true)).toBe('present');
    expect(nextState('present', true)).toBe('late');
    expect(nextState('late', true)).toBeNull();
  });

  it('a heat is upcoming, being called, or started by its call and start times', () => {
    const h = { callAt: '2030-06-01T01:30:00.000Z', startsAt: '2030-06-01T02:00:00.000Z' };
    expect(callPhase(h, Date.parse('2030-06-01T01:00:00Z'))).toBe('upcoming');
    expect(callPhase(h, Date.parse('2030-06-01T01:30:00Z'))).toBe('calling');
    expect(callPhase(h, Date.parse('2030-06-01T02:00:00Z'))).toBe('closed');
    expect(callPhase({ callAt: null, startsAt: null }, 0)).toBe('unscheduled');
  });
});
