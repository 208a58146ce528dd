import { describe, expect, it } from 'vitest';
import { meetingClock } from './format.js';

describe('times on printed documents', () => {
  it("print on the meeting's own clock, whatever the server's time zone", () => {
    // 16:30 UTC on 30 April is 00:30 on 1 May in Shanghai: the day moves too.
    const china = meetingClock('Asia/Shanghai');
    expect(china.dateTime('2030-04-30T16:30:00Z')).toBe('2030-05-01 00:30');
    expect(china.clock(new Date('2030-05-01T01:30:00Z'))).toBe('09:30');
    expect(china.day('2030-04-30T16:30:00Z')).toBe('2030-05-01');
    expect(china.dateTime(null)).toBe('');
    expect(china.dateTime('not a date')).toBe('');
    // The same instants in London (summer time, UTC+1): the day does not move there.
    const london = meetingClock('Europe/London');
    expect(london.dateTime('2030-04-30T16:30:00Z')).toBe('2030-04-30 17:30');
    expect(london.clock(new Date('2030-05-01T01:30:00Z'))).toBe('02:30');
    expect(london.day('2030-04-30T16:30:00Z')).toBe('2030-04-30');
    expect(meetingClock('UTC').dateTime('2030-12-31T23:59:00Z')).toBe('2030-12-31 23:59');
  });
});
