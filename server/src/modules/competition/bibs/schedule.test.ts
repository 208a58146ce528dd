import type { RoundScheduleVO, SessionVO, TimetableRoundVO, TimetableVO } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compRound, compSession, groupItem, meeting } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { demoGroups } from '../../apply/testkit.js';
import { type Client, code, countOf, data, demoMeetingId, signIn } from '../../meetings/testkit.js';

const t = useTestApp();
let committee: Client;
let meetingId: number;
let day1: string;
let boys100: number;
/** Local (UTC+8) time on the meeting's first day. */
const at = (hhmm: string, day = day1) => `${day}T${hhmm}:00+08:00`;

beforeAll(async () => {
  committee = await signIn(t, 'committee');
  meetingId = await demoMeetingId(t);
  const [m] = await t.database.db.select().from(meeting).where(eq(meeting.id, meetingId));
  day1 = m!.startDate;
  boys100 = (await demoGroups(t)).get('U16 Boys')!.items.get('100')!;
});

const timetable = async () =>
  data<TimetableVO>(await committee.get(`/api/v1/competition/meetings/${meetingId}/timetable`));
const roundsOf100 = async () => (await timetable()).rounds.filter((r) => r.groupItemId === boys100);
const schedule = (r: Pick<TimetableRoundVO, 'roundId'>, body: object) =>
  committee.put(`/api/v1/competition/rounds/${r.roundId}/schedule`, body);

describe('schedule', () => {
  let morning: SessionVO;

  it('the timetable creates every planned round, sorted by time, unscheduled last', async () => {
    expect(await countOf(t, 'comp_round')).toBe(0);
    const tt = await timetable();
    expect(tt.timeZone).toBe('Asia/Shanghai');
    const planned = await t.database.db.select({ rounds: groupItem.rounds }).from(groupItem);
    expect(tt.rounds).toHaveLength(planned.reduce((n, g) => n + Math.max(g.rounds.length, 1), 0));
    expect(await countOf(t, 'comp_round')).toBe(tt.rounds.length);
    const times = tt.rounds.map((r) => (r.scheduledAt ? Date.parse(r.scheduledAt) : Number.POSITIVE_INFINITY));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const hundred = tt.rounds.filter((r) => r.groupItemId === boys100);
    expect(hundred.map((r) => [r.index, r.name, r.roundCount, r.status])).toEqual([
      [0, 'heats', 2, 'draft'],
      [1, 'final', 2, 'draft'],
    ]);
    // The group item's slot became the first round's time; the final has none yet (listed last).
    expect(hundred[0]!.scheduledAt).not.toBeNull();
    expect(hundred[1]!.scheduledAt).toBeNull();
    // A second read creates nothing more.
    await timetable();
    expect(await countOf(t, 'comp_round')).toBe(tt.rounds.length);
  });

  it('creates sessions on the meeting days, with the day in the meeting time zone', async () => {
    const res = await committee.post(`/api/v1/competition/meetings/${meetingId}/sessions`, {
      name: '第一天上午',
      nameEn: 'Day 1 morning',
      // 07:30 in China is the previous day in UTC: the day is still the local one.
      startsAt: at('07:30'),
      endsAt: at('12:00'),
    });
    expect(code(res)).toBe('00000');
    morning = data<SessionVO>(res);
    expect(morning).toMatchObject({ day: day1, rounds: 0, version: 1 });
    const outside = await committee.post(`/api/v1/competition/meetings/${meetingId}/sessions`, {
      name: 'Too early',
      startsAt: '2020-01-01T08:00:00+08:00',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().msg).toContain("outside the meeting's days");
    const backwards = await committee.post(`/api/v1/competition/meetings/${meetingId}/sessions`, {
      name: 'Backwards',
      startsAt: at('12:00'),
      endsAt: at('08:00'),
    });
    expect(backwards.json().msg).toContain('must end after it starts');
    const list = data<SessionVO[]>(await committee.get(`/api/v1/competition/meetings/${meetingId}/sessions`));
    expect(list.map((s) => s.name)).toEqual(['第一天上午']);
  });

  it('moves a round into a session at a time inside it; outside it is refused', async () => {
    const [heats] = await roundsOf100();
    const outside = await schedule(heats!, {
      version: heats!.version,
      sessionId: morning.id,
      scheduledAt: at('13:00'),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().msg).toContain('must fall within the session "Day 1 morning"');
    const res = await schedule(heats!, { version: heats!.version, sessionId: morning.id, scheduledAt: at('09:00') });
    expect(code(res)).toBe('00000');
    expect(data<RoundScheduleVO>(res)).toMatchObject({ sessionId: morning.id, version: heats!.version + 1 });
    const [row] = await t.database.db.select().from(compRound).where(eq(compRound.id, heats!.roundId));
    expect(row).toMatchObject({ sessionId: morning.id, scheduledAt: new Date(at('09:00')) });
    const stale = await schedule(heats!, { version: heats!.version, scheduledAt: at('09:30') });
    expect(stale.statusCode).toBe(409);
  });

  it('keeps the rounds of an event in order', async () => {
    const [heats, final] = await roundsOf100();
    const early = await schedule(final!, { version: final!.version, scheduledAt: at('08:00') });
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe('Invalid input: round 2 (final) must start after round 1 (heats) of the same event');
    expect(code(await schedule(final!, { version: final!.version, scheduledAt: at('16:00') }))).toBe('00000');
    const late = await schedule(heats!, { version: heats!.version, sessionId: null, scheduledAt: at('17:00') });
    expect(late.json().msg).toContain('must start before round 2 (final)');
    const tt = await roundsOf100();
    expect(tt.map((r) => r.scheduledAt)).toEqual([
      new Date(at('09:00')).toISOString(),
      new Date(at('16:00')).toISOString(),
    ]);
  });

  it('a session change must keep its rounds inside; a stale version is refused', async () => {
    const narrow = await committee.put(`/api/v1/competition/sessions/${morning.id}`, {
      name: morning.name,
      startsAt: at('10:00'),
      endsAt: at('12:00'),
      version: morning.version,
    });
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json().msg).toContain('1 round(s) of this session would fall outside');
    const res = await committee.put(`/api/v1/competition/sessions/${morning.id}`, {
      name: 'Morning',
      nameEn: 'Day 1 morning',
      startsAt: at('08:00'),
      endsAt: at('12:30'),
      version: morning.version,
    });
    expect(code(res)).toBe('00000');
    expect(data<SessionVO>(res)).toMatchObject({ name: 'Morning', version: morning.version + 1, rounds: 1 });
    const stale = await committee.put(`/api/v1/competition/sessions/${morning.id}`, {
      name: 'Again',
      startsAt: at('08:00'),
      version: morning.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('deleting a session unassigns its rounds, which keep their times', async () => {
    const stale = await committee.del(`/api/v1/competition/sessions/${morning.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(await countOf(t, 'comp_round', `session_id = ${morning.id}`)).toBe(1);
    const res = await committee.del(`/api/v1/competition/sessions/${morning.id}?version=2`);
    expect(code(res)).toBe('00000');
    expect(data(res)).toEqual({ unassigned: 1 });
    expect(await t.database.db.select().from(compSession).where(eq(compSession.id, morning.id))).toEqual([]);
    const [heats] = await roundsOf100();
    expect(heats).toMatchObject({ sessionId: null, scheduledAt: new Date(at('09:00')).toISOString() });
  });

  it('a session of another meeting cannot be used, and bad times are refused', async () => {
    const [heats] = await roundsOf100();
    const foreign = await schedule(heats!, { version: heats!.version, sessionId: 2_000_000 });
    expect(foreign.statusCode).toBe(400);
    const badDate = await schedule(heats!, { version: heats!.version, scheduledAt: '2025-13-45T99:00:00Z' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().code).not.toBe('B0001');
  });

  it('referees and area users are refused', async () => {
    const [heats] = await roundsOf100();
    for (const who of ['referee', 'county']) {
      const c = await signIn(t, who);
      expect((await c.get(`/api/v1/competition/meetings/${meetingId}/timetable`)).statusCode).toBe(403);
      expect((await c.put(`/api/v1/competition/rounds/${heats!.roundId}/schedule`, { version: 1 })).statusCode).toBe(
        403,
      );
      const s = await c.post(`/api/v1/competition/meetings/${meetingId}/sessions`, {
        name: 'x',
        startsAt: at('08:00'),
      });
      expect(s.statusCode).toBe(403);
    }
    expect(await countOf(t, 'comp_session')).toBe(0);
  });
});
