import { describe, expect, it } from 'vitest';
import { clock, dateTime, day } from './format.js';

describe('times on printed documents', () => {
  it("print on the meeting's clock (UTC+8), whatever the server's time zone", () => {
    // 16:30 UTC on 30 April is 00:30 on 1 May in Shanghai: the day moves too.
    expect(dateTime('2030-04-30T16:30:00Z')).toBe('2030-05-01 00:30');
    expect(clock(new Date('2030-05-01T01:30:00Z'))).toBe('09:30');
    expect(day('2030-04-30T16:30:00Z')).toBe('2030-05-01');
    expect(dateTime(null)).toBe('');
    expect(dateTime('not a date')).toBe('');
  });
});
