import type {
  CallRoomMeetingVO,
  CallRoomVO,
  CheckInAnswer,
  CompetitionFrame,
  MeetingOfficialVO,
  RoundVO,
} from '@baton/contracts';
import { USER_TYPE } from '@baton/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { athlete, compHeat, compLog, compRound, compStart, meeting, user } from '../../../db/schema/index.js';
import { bearer, login, useTestApp } from '../../../test/app.js';
import { addUser, type Client, data, officialOfOtherMeeting, signIn, useClients } from '../../meetings/testkit.js';
import { readPdf } from '../documents/testkit.js';
import { type Fixture, fixture } from '../scores/testkit.js';

/**
 * The call room (issue 24) through the API on a real database: who is assigned and who may do
 * what, marks by tap, by bib and by the bib's QR code, an absence's DNS written and taken back
 * (never one results entry wrote), the log, the announcements, and the call-room sheet.
 */
const t = useTestApp();
const { committee, referee } = useClients(t, 'committee', 'referee');
let fx: Fixture;
let official: Client;
let outsider: Client;
let roundId: number;
let heat: { heatId: number; starts: number[] };
let heat2: { heatId: number; starts: number[] };
let athletes: number[];
const START = new Date('2030-06-01T02:00:00Z');

const code = (res: { json(): unknown }) => (res.json() as { code: string }).code;

async function startRow(id: number) {
  return (await t.database.db.select().from(compStart).where(eq(compStart.id, id)))[0]!;
}

async function heatVersion(id: number) {
  return (await t.database.db.select().from(compHeat).where(eq(compHeat.id, id)))[0]!.version;
}

beforeAll(async () => {
  fx = await fixture(t);
  const db = t.database.db;
  await addUser(t, 'cr-official', USER_TYPE.REFEREE, 'CALL_ROOM');
  official = await signIn(t, 'cr-official');

  // A call-room official of another meeting only.
  outsider = await officialOfOtherMeeting(t, 'cr-outsider', 'call-room');

  // The U16 Boys 100 m heats at 10:00 (meeting time), start lists published, bibs 101–104 and 201–202.
  const item = await fx.item('100');
  roundId = (await fx.rounds(item))[0]!.id;
  await db.update(compRound).set({ scheduledAt: START }).where(eq(compRound.id, roundId));
  heat = await fx.heat(roundId, 1, [{ dlg: 0 }, { dlg: 1 }, { dlg: 2 }, { dlg: 3 }], { status: 'set' });
  heat2 = await fx.heat(roundId, 2, [{ dlg: 0 }, { dlg: 1 }], { status: 'set' });
  const rows = await db.select().from(compStart).where(eq(compStart.roundId, roundId)).orderBy(compStart.id);
  athletes = rows.map((r) => r.athleteId!);
  const bibs = ['101', '102', '103', '104', '201', '202'];
  for (const [i, id] of athletes.entries()) await db.update(athlete).set({ bib: bibs[i]! }).where(eq(athlete.id, id));
});

describe('the officials of a meeting and their duties', () => {
  it('the committee assigns a call-room official beside the referees; only official users', async () => {
    const [u] = await t.database.db.select().from(user).where(eq(user.username, 'cr-official'));
    const res = await committee.put(`/api/v1/meetings/${fx.meetingId}/officials`, {
      userIds: [u!.id],
      duty: 'call-room',
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = data<MeetingOfficialVO[]>(res).map((o) => `${o.duty}:${o.username}`);
    // The demo referee keeps the referee's duty: one duty is replaced at a time.
    expect(list).toEqual(['call-room:cr-official', 'referee:referee']);
    const options = data<{ username: string }[]>(await committee.get('/api/v1/meetings/official-options'));
    expect(options.map((o) => o.username)).toEqual(expect.arrayContaining(['cr-official', 'referee']));
    expect(options.map((o) => o.username)).not.toContain('committee');

    const refused = await committee.put(`/api/v1/meetings/${fx.meetingId}/officials`, {
      userIds: [1],
      duty: 'call-room',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/cannot be a call-room official/);
    // Officials do not assign officials.
    expect((await official.get(`/api/v1/meetings/${fx.meetingId}/officials`)).statusCode).toBe(403);
    expect((await official.get('/api/v1/meetings/official-options')).statusCode).toBe(403);
  });

  it('lists the meetings each does call-room work in', async () => {
    const mine = data<CallRoomMeetingVO[]>(await official.get('/api/v1/competition/call-room/meetings'));
    expect(mine.map((m) => [m.id, m.manage, m.leadMinutes])).toEqual([[fx.meetingId, false, 30]]);
    const managed = data<CallRoomMeetingVO[]>(await committee.get('/api/v1/competition/call-room/meetings'));
    expect(managed.find((m) => m.id === fx.meetingId)?.manage).toBe(true);
    // The referee's duty is results entry: no call room.
    expect(data<CallRoomMeetingVO[]>(await referee.get('/api/v1/competition/call-room/meetings'))).toEqual([]);
    // And the call-room official's duty gives no results entry nor start lists.
    expect(data<unknown[]>(await official.get('/api/v1/competition/meetings'))).toEqual([]);
  });
});

describe('who may do what', () => {
  it('a call-room official reads the call room and marks; nothing else of the meeting', async () => {
    expect((await official.get(`/api/v1/competition/meetings/${fx.meetingId}/call-room`)).statusCode).toBe(200);
    expect((await official.get(`/api/v1/competition/heats/${heat.heatId}/call-room`)).statusCode).toBe(200);
    expect((await official.get(`/api/v1/competition/meetings/${fx.meetingId}/events`)).statusCode).toBe(403);
    expect((await official.get(`/api/v1/competition/rounds/${roundId}`)).statusCode).toBe(403);
    const results = await official.put(`/api/v1/competition/heats/${heat.heatId}/results`, {
      version: 1,
      rows: [],
    });
    expect(results.statusCode).toBe(403);
    // Only the managers change the lead.
    expect(
      (await official.put(`/api/v1/competition/meetings/${fx.meetingId}/call-room`, { leadMinutes: 10 })).statusCode,
    ).toBe(403);
  });

  it('a call-room official of another meeting finds nothing (404), and nothing is written', async () => {
    for (const res of [
      await outsider.get(`/api/v1/competition/meetings/${fx.meetingId}/call-room`),
      await outsider.get(`/api/v1/competition/heats/${heat.heatId}/call-room`),
      await outsider.put(`/api/v1/competition/starts/${heat.starts[0]}/check-in`, { state: 'absent' }),
      await outsider.post(`/api/v1/competition/heats/${heat.heatId}/check-in`, { code: '101' }),
      await outsider.post(`/api/v1/competition/rounds/${roundId}/check-in`, { code: '101' }),
      await outsider.get(`/api/v1/competition/rounds/${roundId}/pdf/call-room`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await startRow(heat.starts[0]!)).code).toBeNull();
  });

  it("the meeting's referee enters results but does no call-room work (403)", async () => {
    expect((await referee.get(`/api/v1/competition/meetings/${fx.meetingId}/call-room`)).statusCode).toBe(403);
    expect(
      (await referee.put(`/api/v1/competition/starts/${heat.starts[0]}/check-in`, { state: 'present' })).statusCode,
    ).toBe(403);
  });
});

describe('the heats to call', () => {
  it('lists the heats of the day in start order with their call time (start − lead) and counts', async () => {
    const res = await official.get(`/api/v1/competition/meetings/${fx.meetingId}/call-room?day=2030-06-01`);
    const room = data<CallRoomVO>(res);
    expect(room.leadMinutes).toBe(30);
    expect(room.days).toContain('2030-06-01');
    const mine = room.heats.filter((h) => h.roundId === roundId);
    expect(mine.map((h) => h.heatNumber)).toEqual([1, 2]);
    expect(mine[0]).toMatchObject({
      itemCode: '100',
      roundName: 'heats',
      heatCount: 2,
      status: 'set',
      startsAt: START.toISOString(),
      callAt: new Date(START.getTime() - 30 * 60_000).toISOString(),
      counts: { total: 4, unmarked: 4 },
    });
    // Another day: not these heats.
    const other = data<CallRoomVO>(
      await official.get(`/api/v1/competition/meetings/${fx.meetingId}/call-room?day=2030-06-02`),
    );
    expect(other.heats.some((h) => h.roundId === roundId)).toBe(false);
  });

  it('the committee changes the lead; the call times follow', async () => {
    const res = await committee.put(`/api/v1/competition/meetings/${fx.meetingId}/call-room`, { leadMinutes: 20 });
    expect(data<CallRoomMeetingVO>(res).leadMinutes).toBe(20);
    const room = data<CallRoomVO>(
      await official.get(`/api/v1/competition/meetings/${fx.meetingId}/call-room?day=2030-06-01`),
    );
    expect(room.heats.find((h) => h.heatId === heat.heatId)?.callAt).toBe(
      new Date(START.getTime() - 20 * 60_000).toISOString(),
    );
    expect(
      (await committee.put(`/api/v1/competition/meetings/${fx.meetingId}/call-room`, { leadMinutes: 999 })).statusCode,
    ).toBe(400);
    await committee.put(`/api/v1/competition/meetings/${fx.meetingId}/call-room`, { leadMinutes: 30 });
  });
});

describe('marks', () => {
  it('present by tap: the mark, the counts, a log row, and the staff hear of it', async () => {
    const spy = vi.spyOn(t.app.realtime, 'publish');
    const res = await official.put(`/api/v1/competition/starts/${heat.starts[0]}/check-in`, { state: 'present' });
    expect(res.statusCode, res.body).toBe(200);
    const a = data<CheckInAnswer>(res);
    expect(a).toMatchObject({ startId: heat.starts[0], state: 'present', dns: null });
    expect(a.heat.counts).toEqual({ total: 4, present: 1, absent: 0, late: 0, unmarked: 3 });
    expect(a.heat.starts.find((s) => s.startId === heat.starts[0])).toMatchObject({ checkIn: 'present', bib: '101' });
    const logs = await t.database.db
      .select()
      .from(compLog)
      .where(and(eq(compLog.heatId, heat.heatId), eq(compLog.action, 'check-in')));
    expect(logs.map((l) => l.detail)).toEqual([
      expect.objectContaining({ startId: heat.starts[0], from: null, to: 'present', via: 'tap' }),
    ]);
    // Staff only: nothing public changed.
    expect(spy).toHaveBeenCalledWith(
      'competition',
      expect.objectContaining({ heatId: heat.heatId, change: 'checkin' } satisfies Partial<CompetitionFrame>),
      { meeting: fx.meetingId },
    );
    spy.mockRestore();
  });

  it('absent puts DNS on the start row, shown on the public start list; present again takes it back', async () => {
    const id = heat.starts[1]!;
    const spy = vi.spyOn(t.app.realtime, 'publish');
    const absent = data<CheckInAnswer>(
      await official.put(`/api/v1/competition/starts/${id}/check-in`, { state: 'absent' }),
    );
    expect(absent.dns).toBe('set');
    expect(absent.heat.starts.find((s) => s.startId === id)).toMatchObject({ code: 'DNS', callRoomDns: true });
    expect((await startRow(id)).code).toBe('DNS');
    // A DNS on a published start list: the public hears of it.
    expect(spy).toHaveBeenCalledWith('competition', expect.objectContaining({ change: 'checkin' }), 'public');
    spy.mockRestore();
    // Results entry sees it.
    const round = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${roundId}`));
    expect(round.heats[0]!.starts.find((s) => s.id === id)?.code).toBe('DNS');
    // So does the public start list (the heat is published, not official).
    await t.database.db.update(meeting).set({ status: 'in_competition' }).where(eq(meeting.id, fx.meetingId));
    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/competition/${fx.meetingId}/rounds?groupItemId=${round.groupItemId}`,
    });
    expect(pub.statusCode, pub.body).toBe(200);
    const shown = data<RoundVO[]>(pub)[0]!.heats[0]!.starts;
    expect(shown.find((s) => s.id === id)?.code).toBe('DNS');
    expect(shown.filter((s) => s.id !== id).map((s) => s.code)).toEqual([null, null, null]);

    const back = data<CheckInAnswer>(
      await official.put(`/api/v1/competition/starts/${id}/check-in`, { state: 'present' }),
    );
    expect(back.dns).toBe('cleared');
    expect((await startRow(id)).code).toBeNull();
    expect(back.heat.counts).toMatchObject({ present: 2, absent: 0 });
  });

  it('never takes back a DNS results entry wrote, nor one it saved since', async () => {
    const id = heat.starts[2]!;
    const s = await startRow(id);
    const save = await referee.put(`/api/v1/competition/heats/${heat.heatId}/results`, {
      version: await heatVersion(heat.heatId),
      rows: [{ startId: id, version: s.version, code: 'DNS' }],
    });
    expect(save.statusCode, save.body).toBe(200);
    const present = data<CheckInAnswer>(
      await official.put(`/api/v1/competition/starts/${id}/check-in`, { state: 'present' }),
    );
    expect(present.dns).toBe('kept');
    expect(present.heat.starts.find((x) => x.startId === id)).toMatchObject({ code: 'DNS', callRoomDns: false });
    expect((await startRow(id)).code).toBe('DNS');

    // The call room's own DNS, saved by results entry afterwards, is theirs from then on.
    const other = heat.starts[3]!;
    await official.put(`/api/v1/competition/starts/${other}/check-in`, { state: 'absent' });
    const row = await startRow(other);
    expect(row.code).toBe('DNS');
    const resave = await referee.put(`/api/v1/competition/heats/${heat.heatId}/results`, {
      version: await heatVersion(heat.heatId),
      rows: [{ startId: other, version: row.version, code: 'DNS', note: 'confirmed' }],
    });
    expect(resave.statusCode, resave.body).toBe(200);
    const late = data<CheckInAnswer>(
      await official.put(`/api/v1/competition/starts/${other}/check-in`, { state: 'late' }),
    );
    expect(late.dns).toBe('kept');
    expect((await startRow(other)).code).toBe('DNS');
  });

  it('a start with a result is not marked absent; an official heat takes no marks', async () => {
    const withMark = await fx.heat(roundId, 3, [{ dlg: 0, value: 12.5 }, { dlg: 1 }], { status: 'set' });
    const res = await official.put(`/api/v1/competition/starts/${withMark.starts[0]}/check-in`, { state: 'absent' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/has a result/);
    expect((await startRow(withMark.starts[0]!)).code).toBeNull();
    const done = await fx.heat(roundId, 4, [{ dlg: 0, value: 12.1, place: 1 }], { status: 'official' });
    const late = await official.put(`/api/v1/competition/starts/${done.starts[0]}/check-in`, { state: 'present' });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toMatch(/official/);
  });
});

describe('marks by bib and by the bib QR code', () => {
  it('a typed bib in the heat shown', async () => {
    const res = await official.post(`/api/v1/competition/heats/${heat2.heatId}/check-in`, { code: ' 201 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<CheckInAnswer>(res)).toMatchObject({ startId: heat2.starts[0], state: 'present' });
  });

  it("the bib's QR code (the athlete's public page), with a state", async () => {
    const qr = `https://meet.example.org/#/h5/athlete/${athletes[5]}`;
    const res = await official.post(`/api/v1/competition/heats/${heat2.heatId}/check-in`, { code: qr, state: 'late' });
    expect(res.statusCode, res.body).toBe(200);
    const a = data<CheckInAnswer>(res);
    expect(a).toMatchObject({ startId: heat2.starts[1], state: 'late' });
    const log = await t.database.db
      .select()
      .from(compLog)
      .where(and(eq(compLog.heatId, heat2.heatId), eq(compLog.action, 'check-in')));
    expect(log.map((l) => (l.detail as { via: string }).via)).toEqual(['bib', 'scan']);
  });

  it('within a round, across its heats', async () => {
    const res = await official.post(`/api/v1/competition/rounds/${roundId}/check-in`, { code: '104', state: 'late' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<CheckInAnswer>(res)).toMatchObject({ startId: heat.starts[3], state: 'late' });
  });

  it('a bib not in the heat, an unknown bib, or anything else: 400 naming it, nothing marked', async () => {
    const notHere = await official.post(`/api/v1/competition/heats/${heat2.heatId}/check-in`, { code: '101' });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json().msg).toMatch(/Bib 101 is not in this heat$/);
    const unknown = await official.post(`/api/v1/competition/rounds/${roundId}/check-in`, { code: '999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/Bib 999 is not in this round$/);
    const junk = await official.post(`/api/v1/competition/heats/${heat2.heatId}/check-in`, { code: 'hello world' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().msg).toMatch(/neither a bib nor a bib's QR code/);
    expect(code(junk)).toBe('A0400');
  });
});

describe('the call-room sheet', () => {
  it('prints each heat with its marks and totals, in Chinese and in English', async () => {
    const zh = await t.app.inject({
      method: 'GET',
      url: `/api/v1/competition/rounds/${roundId}/pdf/call-room?heatId=${heat.heatId}`,
      headers: { ...(await tokenOf('cr-official')), 'accept-language': 'zh-CN' },
    });
    expect(zh.statusCode, zh.body).toBe(200);
    expect(zh.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(zh.rawPayload)).text.join('\n');
    expect(text).toContain('检录表');
    expect(text).toContain('101');
    expect(text).toContain('已到');
    expect(text).toContain('迟到');
    expect(text).toContain('应到 4 人');
    expect(text).toContain('检录员签名');
    const en = await official.get(`/api/v1/competition/rounds/${roundId}/pdf/call-room`);
    expect(en.statusCode).toBe(200);
    const pdf = await readPdf(en.rawPayload);
    const all = pdf.text.join('\n');
    expect(all).toContain('Call-room sheet');
    expect(all).toContain('Heat 2 / 4 heats');
    expect(all).toContain('Present');
    expect(pdf.blank).toEqual([]);
    // A heat of another round: 404.
    expect((await official.get(`/api/v1/competition/rounds/${roundId}/pdf/call-room?heatId=999999`)).statusCode).toBe(
      404,
    );
  });
});

async function tokenOf(username: string) {
  return bearer((await login(t, username)).accessToken);
}
