import { describe, expect, it } from 'vitest';
import {
  knownTimeZone,
  lastDays,
  timeZoneNames,
  timeZoneOffset,
  zonedDay,
  zonedInstant,
  zonedStamp,
  zonedTime,
} from './time-zone.js';

describe('meeting wall-clock times', () => {
  it('turns a China day and time into the instant, and back', () => {
    expect(zonedInstant('2025-10-01', '08:30', 'Asia/Shanghai')).toBe('2025-10-01T00:30:00.000Z');
    // Early morning in China is the previous day in UTC.
    const early = zonedInstant('2025-10-01', '07:00', 'Asia/Shanghai');
    expect(early).toBe('2025-09-30T23:00:00.000Z');
    expect(zonedDay(early, 'Asia/Shanghai')).toBe('2025-10-01');
    expect(zonedTime(early, 'Asia/Shanghai')).toBe('07:00');
    expect(zonedStamp(early, 'Asia/Shanghai')).toBe('2025-10-01 07:00');
    expect(zonedStamp(early, 'Europe/London')).toBe('2025-10-01 00:00');
  });

  it('follows the offset of another zone, summer time included', () => {
    expect(zonedInstant('2025-07-01', '12:00', 'Europe/Berlin')).toBe('2025-07-01T10:00:00.000Z');
    expect(zonedInstant('2025-01-01', '12:00', 'Europe/Berlin')).toBe('2025-01-01T11:00:00.000Z');
    expect(zonedInstant('2025-07-01', '23:30', 'Europe/London')).toBe('2025-07-01T22:30:00.000Z');
    expect(zonedInstant('2025-07-01', '12:00', 'UTC')).toBe('2025-07-01T12:00:00.000Z');
  });

  it('finds the offset on the far side of a change the guess has not crossed yet', () => {
    // New York springs forward at 07:00 UTC on 9 March 2025: 03:30 that day is summer time (UTC−4).
    expect(zonedInstant('2025-03-09', '03:30', 'America/New_York')).toBe('2025-03-09T07:30:00.000Z');
    expect(zonedInstant('2025-03-08', '03:30', 'America/New_York')).toBe('2025-03-08T08:30:00.000Z');
    // A time the clock skips still gives an instant next to it.
    const skipped = zonedInstant('2025-03-30', '01:30', 'Europe/London');
    expect(['2025-03-30T00:30:00.000Z', '2025-03-30T01:30:00.000Z']).toContain(skipped);
  });

  it('says empty for no instant or an unreadable one', () => {
    expect(zonedStamp(null, 'UTC')).toBe('');
    expect(zonedStamp('not a date', 'UTC')).toBe('');
  });
});

describe('the zones a meeting may take', () => {
  it('knows the names Intl lists, and UTC', () => {
    expect(timeZoneNames()).toContain('Asia/Shanghai');
    expect(timeZoneNames()).toContain('UTC');
    expect(knownTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(knownTimeZone('Europe/London')).toBe('Europe/London');
    expect(knownTimeZone('UTC')).toBe('UTC');
  });

  it('stores another spelling Intl accepts as the name it lists, and refuses the rest', () => {
    expect(knownTimeZone('europe/london')).toBe('Europe/London');
    const kolkata = knownTimeZone('Asia/Kolkata');
    expect(kolkata).not.toBeNull();
    expect(timeZoneNames()).toContain(kolkata);
    for (const bad of ['', 'Mars/Olympus', 'GMT+8', '+08:00', 'Asia', 'x'.repeat(65)]) {
      expect(knownTimeZone(bad), bad).toBeNull();
    }
  });

  it('names the offset at an instant, summer time included', () => {
    expect(timeZoneOffset('Asia/Shanghai', new Date('2025-01-01T00:00:00Z'))).toBe('GMT+8');
    expect(timeZoneOffset('Europe/London', new Date('2025-07-01T00:00:00Z'))).toBe('GMT+1');
    // Zero reads `GMT` or `GMT+0`, as the ICU at hand words it.
    expect(timeZoneOffset('Europe/London', new Date('2025-01-01T00:00:00Z'))).toMatch(/^GMT(\+0)?$/);
  });
});

describe('lastDays', () => {
  // 2026-03-01 20:30 UTC is already 2 March in Shanghai (UTC+8) and still 1 March in Los Angeles.
  const at = new Date('2026-03-01T20:30:00Z');
  it('counts the days on the zone’s clock, today last, across a month end', () => {
    expect(lastDays(3, 'Asia/Shanghai', at)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastDays(3, 'America/Los_Angeles', at)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
  it('has every day once over a daylight-saving change (London, 29 March 2026)', () => {
    const days = lastDays(5, 'Europe/London', new Date('2026-03-31T12:00:00Z'));
    expect(days).toEqual(['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
  });
});
