import { type MeetingPublicVO, type PublicEntryVO, timeZoneOffset } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { idNumberProblem } from '../pages/home/query/id-number';
import {
  formatDay,
  formatDays,
  formatScheduleDay,
  meetingDateTime,
  meetingDay,
  meetingStamp,
  meetingStampNoted,
  meetingTime,
  meetingZoneNote,
  scheduleByDay,
  splitEntries,
  timeLeft,
  timeZoneLabel,
} from './meeting-format';

describe('competition days', () => {
  it('say the shared year and month once, in each language', () => {
    expect(formatDays('2025-06-10', '2025-06-12', 'zh-cn')).toBe('2025年6月10日–12日');
    expect(formatDays('2025-06-10', '2025-06-12', 'en')).toBe('10–12 Jun 2025');
    expect(formatDays('2025-06-30', '2025-07-02', 'zh-cn')).toBe('2025年6月30日–7月2日');
    expect(formatDays('2025-06-30', '2025-07-02', 'en')).toBe('30 Jun – 2 Jul 2025');
    expect(formatDays('2025-12-31', '2026-01-01', 'zh-cn')).toBe('2025年12月31日–2026年1月1日');
    expect(formatDays('2025-12-31', '2026-01-01', 'en')).toBe('31 Dec 2025 – 1 Jan 2026');
  });

  it('are one day when the meeting lasts a day, and never move with the time zone', () => {
    expect(formatDays('2025-06-10', '2025-06-10', 'en')).toBe('10 Jun 2025');
    expect(formatDay('2025-01-01', 'zh-cn')).toBe('2025年1月1日');
    expect(formatScheduleDay('2025-06-10', 'zh-cn')).toBe('6月10日 周二');
    expect(formatScheduleDay('2025-06-10', 'en')).toBe('Tue 10 Jun');
  });
});

describe('registration countdown', () => {
  const now = Date.parse('2025-06-01T00:00:00Z');
  it('counts whole days, hours and minutes, and ends at the deadline', () => {
    expect(timeLeft('2025-06-03T05:30:59Z', now)).toEqual({ days: 2, hours: 5, minutes: 30 });
    expect(timeLeft('2025-06-01T00:00:59Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(timeLeft('2025-06-01T00:00:00Z', now)).toBeNull();
    expect(timeLeft('2025-05-31T00:00:00Z', now)).toBeNull();
    expect(timeLeft('not a date', now)).toBeNull();
  });
});

describe("the meeting's own clock", () => {
  it('shows instants in China Standard Time for a meeting in China, whatever the visitor’s zone', () => {
    const china = 'Asia/Shanghai';
    expect(meetingTime('2025-10-01T01:05:00Z', china)).toBe('09:05');
    expect(meetingDateTime('2025-09-30T16:30:00Z', china)).toBe('10-01 00:30');
    expect(meetingTime(null, china)).toBe('');
    expect(meetingTime('not a date', china)).toBe('');
    expect(meetingStamp('2025-09-30T16:30:00Z', china)).toBe('2025-10-01 00:30');
    expect(meetingDay('2025-09-30T16:30:00Z', china)).toBe('2025-10-01');
  });

  it('shows the same instants on London’s clock for a meeting in London, summer time included', () => {
    const london = 'Europe/London';
    expect(meetingTime('2025-10-01T01:05:00Z', london)).toBe('02:05');
    expect(meetingDateTime('2025-09-30T16:30:00Z', london)).toBe('09-30 17:30');
    expect(meetingStamp('2025-12-30T16:30:00Z', london)).toBe('2025-12-30 16:30');
    expect(meetingDay('2025-09-30T23:30:00Z', london)).toBe('2025-10-01');
  });

  it('labels a time with the meeting’s offset only when the viewer’s clock differs', () => {
    // The offset this browser's own zone shows, whatever zone the test runs in.
    const at = new Date('2025-07-01T12:00:00Z');
    const own = timeZoneOffset(undefined, at);
    const other = own === 'GMT+8' ? 'Europe/London' : 'Asia/Shanghai';
    const otherOffset = timeZoneOffset(other, at);
    expect(meetingZoneNote(other, at)).toBe(otherOffset);
    expect(meetingStampNoted(at.toISOString(), other, (z) => `clock ${z}`)).toBe(
      `${meetingStamp(at.toISOString(), other)} (clock ${otherOffset})`,
    );
    const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(meetingZoneNote(mine, at)).toBe('');
    expect(meetingStampNoted(at.toISOString(), mine, (z) => `clock ${z}`)).toBe(meetingStamp(at.toISOString(), mine));
    expect(meetingStampNoted(null, other, (z) => z)).toBe('');
  });

  it('names a zone with its offset for the meeting form', () => {
    expect(timeZoneLabel('Asia/Shanghai', new Date('2025-07-01T00:00:00Z'))).toBe('Asia/Shanghai (GMT+8)');
    expect(timeZoneLabel('Europe/London', new Date('2025-07-01T00:00:00Z'))).toBe('Europe/London (GMT+1)');
    expect(timeZoneLabel('UTC', new Date('2025-07-01T00:00:00Z'))).toMatch(/^UTC \(GMT(\+0)?\)$/);
  });
});

describe('schedule', () => {
  const at = (d: Date) => d.toISOString();
  // 09:00 and 08:30 on 10 June, 09:00 on 11 June on the meeting's clock (UTC+8): a visitor's own
  // zone moves none of them (01:00 UTC on the 10th is still the 10th in Shanghai, 16:30 UTC the 11th).
  const day1 = new Date(Date.UTC(2025, 5, 10, 1, 0));
  const day1Early = new Date(Date.UTC(2025, 5, 10, 0, 30));
  const day2 = new Date(Date.UTC(2025, 5, 10, 17, 0));
  const groups: MeetingPublicVO['groups'] = [
    {
      id: 1,
      name: 'U16男子组',
      nameEn: 'U16 Boys',
      gender: 'M',
      birthFrom: '2010-01-01',
      birthTo: '2011-12-31',
      items: [
        { id: 11, code: '100', name: '100米', nameEn: '100 m', scheduledAt: at(day1) },
        { id: 12, code: 'LJ', name: '跳远', nameEn: 'Long jump', scheduledAt: null },
      ],
    },
    {
      id: 2,
      name: 'U16女子组',
      nameEn: 'U16 Girls',
      gender: 'F',
      birthFrom: '2010-01-01',
      birthTo: '2011-12-31',
      items: [
        { id: 21, code: '100', name: '100米', nameEn: '100 m', scheduledAt: at(day2) },
        { id: 22, code: '200', name: '200米', nameEn: '200 m', scheduledAt: at(day1Early) },
      ],
    },
  ];

  it("groups scheduled items by the meeting's day in time order, leaving out unscheduled ones", () => {
    const days = scheduleByDay(groups, 'Asia/Shanghai');
    expect(days.map((d) => d.day)).toEqual(['2025-06-10', '2025-06-11']);
    expect(days[0]?.slots.map((s) => [s.itemId, s.groupNameEn])).toEqual([
      [22, 'U16 Girls'],
      [11, 'U16 Boys'],
    ]);
    expect(days[1]?.slots.map((s) => s.itemId)).toEqual([21]);
    expect(meetingTime(at(day1Early), 'Asia/Shanghai')).toBe('08:30');
  });

  it('a meeting elsewhere has its days on its own clock: 17:00 UTC on the 10th is still the 10th in London', () => {
    const days = scheduleByDay(groups, 'Europe/London');
    expect(days.map((d) => d.day)).toEqual(['2025-06-10']);
    expect(days[0]?.slots.map((s) => s.itemId)).toEqual([22, 11, 21]);
  });
});

describe('entry lists', () => {
  const row = (e: Partial<PublicEntryVO>): PublicEntryVO => ({
    groupItemId: 1,
    athleteName: '',
    gender: 'M',
    delegationName: '',
    bib: null,
    seedMark: null,
    relayLetter: null,
    ...e,
  });

  it('keep individuals in order and gather relay rows into teams by delegation and letter', () => {
    const { individuals, teams } = splitEntries([
      row({ athleteName: 'A', delegationName: 'X' }),
      row({ athleteName: 'X', delegationName: 'X', relayLetter: 'A', seedMark: '46.20' }),
      row({ athleteName: 'B', delegationName: 'Y' }),
      row({ athleteName: 'Y', delegationName: 'Y', relayLetter: 'A' }),
      row({ athleteName: 'X', delegationName: 'X', relayLetter: 'B' }),
    ]);
    expect(individuals.map((e) => e.athleteName)).toEqual(['A', 'B']);
    expect(teams.map((t) => [t.delegationName, t.letter, t.seedMark, t.members])).toEqual([
      ['X', 'A', '46.20', []],
      ['Y', 'A', null, []],
      ['X', 'B', null, []],
    ]);
  });

  it('list the runners when the rows name them', () => {
    const { teams } = splitEntries([
      row({ athleteName: 'Li', delegationName: 'X', relayLetter: 'A' }),
      row({ athleteName: 'Wang', delegationName: 'X', relayLetter: 'A', seedMark: '50.1' }),
      row({ athleteName: 'Li', delegationName: 'X', relayLetter: 'A' }),
    ]);
    expect(teams).toEqual([
      { key: 'X\u0000A', delegationName: 'X', letter: 'A', seedMark: '50.1', members: ['Li', 'Wang'] },
    ]);
  });
});

describe('ID numbers of the public query', () => {
  it('accept valid mainland numbers (18 with the check character, 15 legacy) and other documents', () => {
    expect(idNumberProblem('33038120120514051X')).toBeNull();
    expect(idNumberProblem('33038120120514051x')).toBeNull();
    expect(idNumberProblem(' 650102199007151232 ')).toBeNull();
    expect(idNumberProblem('650102900715123')).toBeNull();
    expect(idNumberProblem('E12345678')).toBeNull();
    expect(idNumberProblem('H1234567(8)')).toBeNull();
  });

  it('refuse a wrong check character or birth date, and characters no document has', () => {
    expect(idNumberProblem('650102199007151233')).toBe('mainland');
    expect(idNumberProblem('650102199013151236')).toBe('mainland');
    expect(idNumberProblem('650102901315123')).toBe('mainland');
    expect(idNumberProblem('1234')).toBe('format');
    expect(idNumberProblem('33 03 81')).toBe('format');
    expect(idNumberProblem('a'.repeat(31))).toBe('format');
  });
});
