import { zonedDay, zonedTime } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { zonedInstant } from './time';

describe('meeting wall-clock times', () => {
  it('turns a China day and time into the instant, and back', () => {
    expect(zonedInstant('2025-10-01', '08:30')).toBe('2025-10-01T00:30:00.000Z');
    // Early morning in China is the previous day in UTC.
    const early = zonedInstant('2025-10-01', '07:00');
    expect(early).toBe('2025-09-30T23:00:00.000Z');
    expect(zonedDay(early)).toBe('2025-10-01');
    expect(zonedTime(early)).toBe('07:00');
  });

  it('follows the offset of another zone, summer time included', () => {
    expect(zonedInstant('2025-07-01', '12:00', 'Europe/Berlin')).toBe('2025-07-01T10:00:00.000Z');
    expect(zonedInstant('2025-01-01', '12:00', 'Europe/Berlin')).toBe('2025-01-01T11:00:00.000Z');
  });
});
