import type {
  CallRoomHeatVO,
  CallRoomMeetingVO,
  CallRoomRoundVO,
  CallRoomVO,
  CheckInAnswer,
  EntryCheckInAnswer,
  RedrawLanesAnswer,
  RoundVO,
} from '@baton/contracts';
import { USER_TYPE } from '@baton/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  athlete,
  compEntryCheckIn,
  compHeat,
  compLog,
  compRound,
  compStart,
  entry,
  meetingOfficial,
  relayMember,
  relayTeam,
} from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { type DemoGroup, demoGroups } from '../../apply/testkit.js';
import {
  addUser,
  type Client,
  data,
  demoMeetingId,
  insertAthlete,
  officialOfOtherMeeting,
  signIn,
  useClients,
} from '../../meetings/testkit.js';
import { ensureRounds } from '../rounds.js';
import { generateAllDone } from '../startlists/testkit.js';

/**
 * Check-in before seeding (检录后编排) and the call room's re-draw of lanes (issue 24), through
 * the API on a real database: the setting, marks on the entries of first rounds not seeded yet
 * (tap, typed bib, bib QR code, a relay runner's bib), who may, the log and the live frames;
 * making the start lists (alone and "Generate all") leaves the absent out and says how many; a
 * heat with absentees drawn again into the lanes the round's draw gives the athletes left, and
 * refused once a result exists or where the rules leave it to the Referee.
 */
const t = useTestApp();
const { committee, referee } = useClients(t, 'committee', 'referee');
let meetingId: number;
let boys: DemoGroup;
let official: Client;
let outsider: Client;
let delegations: number[];
/** U16 Boys 100 m: 10 entries, bibs 301–310. */
let sprint: { groupItemId: number; roundId: number; day: string; entries: Entered[] };
/** U16 Boys 200 m: 4 entries, bibs 401–404. U16 Boys 4 × 100 m: 2 teams, runners 501–508. */
let dash: { groupItemId: number; roundId: number; entries: Entered[] };
let relay: { groupItemId: number; roundId: number; teams: number[]; runners: number[] };

interface Entered {
  entryId: number;
  athleteId: number;
  bib: string;
}

async function enter(groupItemId: number, bibs: number[]): Promise<Entered[]> {
  const db = t.database.db;
  const out: Entered[] = [];
  for (const [i, bib] of bibs.entries()) {
    const delegationId = delegations[i % delegations.length]!;
    const athleteId = await insertAthlete(t, { meetingId, delegationId, groupId: boys.id, status: 'approved' });
    await db
      .update(athlete)
      .set({ bib: String(bib) })
      .where(eq(athlete.id, athleteId));
    const [e] = await db
      .insert(entry)
      .values({ meetingId, delegationId, athleteId, groupItemId, status: 'approved' })
      .returning({ id: entry.id });
    out.push({ entryId: e!.id, athleteId, bib: String(bib) });
  }
  return out;
}

const firstRound = async (groupItemId: number) => (await ensureRounds(t.database.db, groupItemId))[0]!;
const room = async (c: Client, day?: string) =>
  data<CallRoomVO>(await c.get(`/api/v1/competition/meetings/${meetingId}/call-room${day ? `?day=${day}` : ''}`));
const mark = (c: Client, roundId: number, body: Record<string, unknown>) =>
  c.put(`/api/v1/competition/rounds/${roundId}/call-room/entries`, body);
const scan = (c: Client, roundId: number, code: string, state?: string) =>
  c.post(`/api/v1/competition/rounds/${roundId}/call-room/scan`, { code, ...(state ? { state } : {}) });
const setting = (c: Client, body: Record<string, unknown>) =>
  c.put(`/api/v1/competition/meetings/${meetingId}/call-room`, body);

beforeAll(async () => {
  const db = t.database.db;
  meetingId = await demoMeetingId(t);
  boys = (await demoGroups(t)).get('U16 Boys')!;
  const dlgs = await db.query.delegation.findMany({ where: (d, { eq }) => eq(d.meetingId, meetingId) });
  delegations = dlgs.map((d) => d.id).sort((a, b) => a - b);
  const officialId = await addUser(t, 'bs-official', USER_TYPE.REFEREE, 'CALL_ROOM');
  await db.insert(meetingOfficial).values({ meetingId, userId: officialId, duty: 'call-room' });
  official = await signIn(t, 'bs-official');
  outsider = await officialOfOtherMeeting(t, 'bs-outsider', 'call-room');

  const sprintItem = boys.items.get('100')!;
  const sprintRound = await firstRound(sprintItem);
  sprint = {
    groupItemId: sprintItem,
    roundId: sprintRound.id,
    day: sprintRound.scheduledAt!.toISOString().slice(0, 10),
    entries: await enter(sprintItem, [301, 302, 303, 304, 305, 306, 307, 308, 309, 310]),
  };
  const dashItem = boys.items.get('200')!;
  dash = {
    groupItemId: dashItem,
    roundId: (await firstRound(dashItem)).id,
    entries: await enter(dashItem, [401, 402, 403, 404]),
  };
  const relayItem = boys.items.get('4x100')!;
  const teams: number[] = [];
  const runners: number[] = [];
  for (const [i, delegationId] of delegations.slice(0, 2).entries()) {
    const [team] = await db
      .insert(relayTeam)
      .values({ meetingId, delegationId, groupItemId: relayItem, letter: 'A', status: 'approved' })
      .returning({ id: relayTeam.id });
    teams.push(team!.id);
    for (let leg = 1; leg <= 4; leg++) {
      const a = await insertAthlete(t, { meetingId, delegationId, groupId: boys.id, status: 'approved' });
      await db
        .update(athlete)
        .set({ bib: String(500 + i * 4 + leg) })
        .where(eq(athlete.id, a));
      await db.insert(relayMember).values({ relayTeamId: team!.id, athleteId: a, leg });
      runners.push(a);
    }
  }
  relay = { groupItemId: relayItem, roundId: (await firstRound(relayItem)).id, teams, runners };
});

/** The lanes of the athletes a redrawn heat starts (not DNS), in order. */
const lanesOfStarters = (a: RedrawLanesAnswer) =>
  a.heat.starts
    .filter((s) => s.code !== 'DNS')
    .map((s) => s.lane)
    .sort();

describe('the setting: check in before seeding', () => {
  it('is off by default: no first rounds listed, and marks before seeding are refused', async () => {
    const r = await room(official, sprint.day);
    expect(r.beforeSeeding).toBe(false);
    expect(r.rounds).toEqual([]);
    const res = await mark(official, sprint.roundId, { entryId: sprint.entries[0]!.entryId, state: 'present' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/checks in after seeding/);
  });

  it('the managers turn it on (logged); the lead is kept; an official may not; an empty body is refused', async () => {
    expect((await setting(official, { beforeSeeding: true })).statusCode).toBe(403);
    expect((await setting(committee, {})).statusCode).toBe(400);
    expect((await setting(committee, { beforeSeeding: 'yes' })).statusCode).toBe(400);
    const res = await setting(committee, { beforeSeeding: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<CallRoomMeetingVO>(res)).toMatchObject({ id: meetingId, leadMinutes: 30, beforeSeeding: true });
    const lead = data<CallRoomMeetingVO>(await setting(committee, { leadMinutes: 25 }));
    expect(lead).toMatchObject({ leadMinutes: 25, beforeSeeding: true });
    await setting(committee, { leadMinutes: 30 });
    const logs = await t.database.db
      .select()
      .from(compLog)
      .where(and(eq(compLog.meetingId, meetingId), eq(compLog.action, 'call-room-before-seeding')));
    expect(logs.map((l) => l.detail)).toEqual([{ from: false, to: true }]);
    const mine = data<CallRoomMeetingVO[]>(await official.get('/api/v1/competition/call-room/meetings'));
    expect(mine.find((m) => m.id === meetingId)?.beforeSeeding).toBe(true);
  });
});

describe('marks before seeding', () => {
  it('lists the first rounds of the day with no start list, with their call times and counts', async () => {
    const r = await room(official, sprint.day);
    expect(r.beforeSeeding).toBe(true);
    expect(r.days).toContain(sprint.day);
    const listed = r.rounds.find((x) => x.roundId === sprint.roundId);
    expect(listed).toMatchObject({
      groupItemId: sprint.groupItemId,
      itemCode: '100',
      roundName: 'heats',
      counts: { total: 10, present: 0, absent: 0, late: 0, unmarked: 10 },
    });
    expect(Date.parse(listed!.startsAt!) - Date.parse(listed!.callAt!)).toBe(30 * 60_000);
    // Every round listed is a first round of that day, in start order.
    const times = r.rounds.map((x) => x.startsAt!);
    expect(times).toEqual([...times].sort());
    expect(r.rounds.every((x) => x.startsAt!.slice(0, 10) === sprint.day)).toBe(true);
  });

  it("a round's entries by bib, open for marks", async () => {
    const r = data<CallRoomRoundVO>(await official.get(`/api/v1/competition/rounds/${sprint.roundId}/call-room`));
    expect(r).toMatchObject({ open: true, seeded: false, counts: { total: 10, unmarked: 10 } });
    expect(r.entries.map((e) => e.bib)).toEqual(['301', '302', '303', '304', '305', '306', '307', '308', '309', '310']);
  });

  it('by tap: the mark, the counts, a log row, and the staff hear of it', async () => {
    const spy = vi.spyOn(t.app.realtime, 'publish');
    const e = sprint.entries[0]!;
    const res = await mark(official, sprint.roundId, { entryId: e.entryId, state: 'absent' });
    expect(res.statusCode, res.body).toBe(200);
    const a = data<EntryCheckInAnswer>(res);
    expect(a).toMatchObject({ entryId: e.entryId, relayTeamId: null, state: 'absent' });
    expect(a.round.counts).toEqual({ total: 10, present: 0, absent: 1, late: 0, unmarked: 9 });
    expect(a.round.entries.find((x) => x.entryId === e.entryId)?.checkIn).toBe('absent');
    const logs = await t.database.db
      .select()
      .from(compLog)
      .where(and(eq(compLog.roundId, sprint.roundId), eq(compLog.action, 'check-in')));
    expect(logs.map((l) => l.detail)).toEqual([
      expect.objectContaining({ entryId: e.entryId, from: null, to: 'absent', via: 'tap', beforeSeeding: true }),
    ]);
    expect(spy).toHaveBeenCalledWith(
      'competition',
      expect.objectContaining({ roundId: sprint.roundId, heatId: null, change: 'checkin' }),
      { meeting: meetingId },
    );
    spy.mockRestore();
  });

  it('by typed bib and by the bib QR code; present, late; null takes a mark back', async () => {
    const typed = data<EntryCheckInAnswer>(await scan(official, sprint.roundId, ' 302 ', 'absent'));
    expect(typed).toMatchObject({ entryId: sprint.entries[1]!.entryId, state: 'absent' });
    const qr = `https://meet.example.org/#/h5/athlete/${sprint.entries[2]!.athleteId}`;
    expect(data<EntryCheckInAnswer>(await scan(official, sprint.roundId, qr, 'absent')).state).toBe('absent');
    expect(data<EntryCheckInAnswer>(await scan(official, sprint.roundId, '304')).state).toBe('present');
    expect(data<EntryCheckInAnswer>(await scan(official, sprint.roundId, '305', 'late')).state).toBe('late');
    await scan(official, sprint.roundId, '306', 'absent');
    const back = data<EntryCheckInAnswer>(
      await mark(official, sprint.roundId, { entryId: sprint.entries[5]!.entryId, state: null }),
    );
    expect(back.round.counts).toEqual({ total: 10, present: 1, absent: 3, late: 1, unmarked: 5 });
    const via = await t.database.db
      .select()
      .from(compLog)
      .where(and(eq(compLog.roundId, sprint.roundId), eq(compLog.action, 'check-in')));
    expect(via.map((l) => (l.detail as { via: string }).via)).toEqual([
      'tap',
      'bib',
      'scan',
      'bib',
      'bib',
      'bib',
      'tap',
    ]);
  });

  it("a relay team by any runner's bib", async () => {
    const a = data<EntryCheckInAnswer>(await scan(official, relay.roundId, '506', 'absent'));
    expect(a).toMatchObject({ entryId: null, relayTeamId: relay.teams[1], state: 'absent' });
    expect(a.round.entries.map((e) => e.members.length)).toEqual([4, 4]);
  });

  it('bad input: 400 naming it, nothing marked', async () => {
    const before = await t.database.db.select().from(compEntryCheckIn);
    const unknown = await scan(official, sprint.roundId, '999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/Bib 999 is not in this round$/);
    const elsewhere = await scan(official, sprint.roundId, '401');
    expect(elsewhere.statusCode).toBe(400);
    const junk = await scan(official, sprint.roundId, 'hello world');
    expect(junk.json().msg).toMatch(/neither a bib nor a bib's QR code/);
    const both = await mark(official, sprint.roundId, { entryId: 1, relayTeamId: 1, state: 'present' });
    expect(both.statusCode).toBe(400);
    const other = await mark(official, sprint.roundId, { entryId: dash.entries[0]!.entryId, state: 'present' });
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toMatch(/not in this round/);
    const zh = await official.raw({
      method: 'POST',
      url: `/api/v1/competition/rounds/${sprint.roundId}/call-room/scan`,
      payload: JSON.stringify({ code: '999' }),
      headers: { 'accept-language': 'zh-CN', 'content-type': 'application/json' },
    });
    expect(zh.json().msg).toMatch(/999 号不在本赛次$/);
    expect(await t.database.db.select().from(compEntryCheckIn)).toEqual(before);
  });

  it("another meeting's official finds nothing (404); the meeting's referee does no call-room work (403)", async () => {
    for (const res of [
      await outsider.get(`/api/v1/competition/rounds/${sprint.roundId}/call-room`),
      await mark(outsider, sprint.roundId, { entryId: sprint.entries[6]!.entryId, state: 'absent' }),
      await scan(outsider, sprint.roundId, '307'),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(
      (await mark(referee, sprint.roundId, { entryId: sprint.entries[6]!.entryId, state: 'absent' })).statusCode,
    ).toBe(403);
    const rows = await t.database.db
      .select()
      .from(compEntryCheckIn)
      .where(eq(compEntryCheckIn.entryId, sprint.entries[6]!.entryId));
    expect(rows).toEqual([]);
  });
});

describe('seeding leaves the absent out', () => {
  let round: RoundVO;

  it('making the round: the three absent are not placed, the rest are (marked or not), and the answer says so', async () => {
    const res = await committee.post(`/api/v1/competition/events/${sprint.groupItemId}/start-list`, {
      seed: 'before-seeding',
    });
    expect(res.statusCode, res.body).toBe(200);
    round = data<RoundVO>(res);
    expect(round.absentLeftOut).toBe(3);
    const placed = round.heats.flatMap((h) => h.starts.map((s) => s.entryId));
    const absent = sprint.entries.slice(0, 3).map((e) => e.entryId);
    expect(placed).toHaveLength(7);
    expect(placed.filter((id) => absent.includes(id!))).toEqual([]);
    // Seven fit one heat of eight lanes; ten would have needed two.
    expect(round.heats).toHaveLength(1);
    const [log] = await t.database.db
      .select()
      .from(compLog)
      .where(and(eq(compLog.roundId, sprint.roundId), eq(compLog.action, 'generate')));
    expect(log!.detail).toMatchObject({ competitors: 7, absentLeftOut: 3 });
  });

  it('the other marks follow onto the start rows; the round is no longer listed nor open', async () => {
    const heat = data<CallRoomHeatVO>(await official.get(`/api/v1/competition/heats/${round.heats[0]!.id}/call-room`));
    const stateOf = (bib: string) => heat.starts.find((s) => s.bib === bib)?.checkIn;
    expect([stateOf('304'), stateOf('305'), stateOf('306'), stateOf('307')]).toEqual(['present', 'late', null, null]);
    expect(heat.counts).toMatchObject({ total: 7, present: 1, late: 1, unmarked: 5 });
    const r = await room(official, sprint.day);
    expect(r.rounds.some((x) => x.roundId === sprint.roundId)).toBe(false);
    expect(r.heats.some((h) => h.roundId === sprint.roundId)).toBe(true);
    const vo = data<CallRoomRoundVO>(await official.get(`/api/v1/competition/rounds/${sprint.roundId}/call-room`));
    expect(vo).toMatchObject({ open: false, seeded: true });
    const late = await mark(official, sprint.roundId, { entryId: sprint.entries[6]!.entryId, state: 'absent' });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toMatch(/start list of this round is made/);
  });

  it('a round whose every entry is absent is not made: 409 saying so, nothing written', async () => {
    const item = boys.items.get('400')!;
    const r = await firstRound(item);
    const [only] = await enter(item, [451]);
    await mark(official, r.id, { entryId: only!.entryId, state: 'absent' });
    const res = await committee.post(`/api/v1/competition/events/${item}/start-list`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/All 1 entries were marked absent at the call room/);
    expect(await t.database.db.select().from(compHeat).where(eq(compHeat.roundId, r.id))).toEqual([]);
    // Back to unmarked: "Generate all" below seeds it as usual.
    await mark(official, r.id, { entryId: only!.entryId, state: null });
  });

  it('"Generate all" leaves the absent out too, and skips an event whose entries are all absent', async () => {
    await scan(official, dash.roundId, '402', 'absent');
    await scan(official, relay.roundId, '501', 'absent');
    const all = (await generateAllDone(committee, meetingId, { seed: 'all-bs' })).result;
    const made = all.made.find((x) => x.groupItemId === dash.groupItemId);
    expect(made).toMatchObject({ starts: 3, absentLeftOut: 1 });
    // Only the start lists made count: the relay's two absent teams made none.
    expect(all.absentLeftOut).toBe(1);
    expect(all.skipped.find((x) => x.groupItemId === relay.groupItemId)?.reason).toBe('all-absent');
    const starts = await t.database.db.select().from(compStart).where(eq(compStart.roundId, dash.roundId));
    expect(starts.map((s) => s.entryId).sort()).toEqual(
      [dash.entries[0]!, dash.entries[2]!, dash.entries[3]!].map((e) => e.entryId).sort(),
    );
  });
});

describe('re-draw of lanes', () => {
  let heatId: number;
  const startOf = async (bib: string) => {
    const heat = data<CallRoomHeatVO>(await official.get(`/api/v1/competition/heats/${heatId}/call-room`));
    return heat.starts.find((s) => s.bib === bib)!;
  };
  const redraw = (c: Client, body: Record<string, unknown> = {}) =>
    c.post(`/api/v1/competition/heats/${heatId}/call-room/redraw`, body);

  it('absentees leave their lanes: the athletes left are drawn into the lanes the first-round draw gives that many', async () => {
    heatId = (await t.database.db.select().from(compHeat).where(eq(compHeat.roundId, sprint.roundId)))[0]!.id;
    for (const bib of ['307', '308']) {
      const s = await startOf(bib);
      const a = data<CheckInAnswer>(
        await official.put(`/api/v1/competition/starts/${s.startId}/check-in`, { state: 'absent' }),
      );
      expect(a.dns).toBe('set');
    }
    const before = data<CallRoomHeatVO>(await official.get(`/api/v1/competition/heats/${heatId}/call-room`));
    expect(before.redraw).toBe('yes');
    const [round0] = await t.database.db.select().from(compRound).where(eq(compRound.id, sprint.roundId));
    const spy = vi.spyOn(t.app.realtime, 'publish');
    const res = await redraw(official, { version: before.version });
    expect(res.statusCode, res.body).toBe(200);
    const a = data<RedrawLanesAnswer>(res);
    expect([a.drawn, a.absent]).toEqual([5, 2]);
    const present = a.heat.starts.filter((s) => s.code !== 'DNS');
    // Eight lanes, five athletes: the central block 3–6 and lane 7 (startlists/rules/lanes.ts lanesInUse).
    expect(present.map((s) => s.lane).sort()).toEqual([3, 4, 5, 6, 7]);
    expect(present.map((s) => s.position).sort()).toEqual([1, 2, 3, 4, 5]);
    const absent = a.heat.starts.filter((s) => s.code === 'DNS');
    expect(absent.map((s) => [s.bib, s.lane, s.callRoomDns]).sort()).toEqual([
      ['307', null, true],
      ['308', null, true],
    ]);
    expect(a.heat.redraw).toBe('nothing');
    expect(a.heat.version).toBe(before.version + 1);
    const [round1] = await t.database.db.select().from(compRound).where(eq(compRound.id, sprint.roundId));
    expect(round1!.version).toBe(round0!.version + 1);
    const [log] = await t.database.db
      .select()
      .from(compLog)
      .where(and(eq(compLog.heatId, heatId), eq(compLog.action, 'redraw-lanes')));
    expect(log!.detail).toMatchObject({ drawn: 5, later: false });
    expect(spy).toHaveBeenCalledWith('competition', expect.objectContaining({ heatId, change: 'startlist' }), {
      meeting: meetingId,
    });
    spy.mockRestore();
    // Nothing left to draw: refused; a stale version too.
    expect((await redraw(official)).statusCode).toBe(409);
    expect((await redraw(official, { version: before.version })).statusCode).toBe(409);
  });

  it('an absentee who turns up gets the DNS back off, and the next re-draw gives them a lane', async () => {
    const s = await startOf('307');
    const back = data<CheckInAnswer>(
      await official.put(`/api/v1/competition/starts/${s.startId}/check-in`, { state: 'late' }),
    );
    expect(back.dns).toBe('cleared');
    expect(back.heat.redraw).toBe('yes');
    const a = data<RedrawLanesAnswer>(await redraw(committee));
    expect(lanesOfStarters(a)).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('published, with no result: still allowed (a first round); once a result exists: refused in both languages', async () => {
    const round = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${sprint.roundId}`));
    expect((await committee.post(`/api/v1/competition/rounds/${sprint.roundId}/publish`, {})).statusCode).toBe(200);
    const s = await startOf('306');
    await official.put(`/api/v1/competition/starts/${s.startId}/check-in`, { state: 'absent' });
    const spy = vi.spyOn(t.app.realtime, 'publish');
    expect((await redraw(official)).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledWith('competition', expect.objectContaining({ change: 'startlist' }), 'public');
    spy.mockRestore();
    const after = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${sprint.roundId}`));
    expect(after.version).toBeGreaterThan(round.version);

    const runner = await startOf('304');
    await t.database.db.update(compStart).set({ value: 12.31, mark: '12.31' }).where(eq(compStart.id, runner.startId));
    const s2 = await startOf('305');
    await official.put(`/api/v1/competition/starts/${s2.startId}/check-in`, { state: 'absent' });
    const heat = data<CallRoomHeatVO>(await official.get(`/api/v1/competition/heats/${heatId}/call-room`));
    expect(heat.redraw).toBe('results');
    const en = await redraw(official);
    expect(en.statusCode).toBe(409);
    expect(en.json().msg).toMatch(/has results/);
    const zh = await official.raw({
      method: 'POST',
      url: `/api/v1/competition/heats/${heatId}/call-room/redraw`,
      payload: '{}',
      headers: { 'accept-language': 'zh-CN', 'content-type': 'application/json' },
    });
    expect(zh.statusCode).toBe(409);
    expect(zh.json().msg).toMatch(/本组已有成绩/);
  });

  it("a later round's published heat is the Referee's to change; drafted, it is drawn by the ranking", async () => {
    const db = t.database.db;
    const final = (await ensureRounds(db, sprint.groupItemId))[1]!;
    const [h] = await db
      .insert(compHeat)
      .values({ meetingId, roundId: final.id, number: 1, status: 'set' })
      .returning({ id: compHeat.id });
    const es = sprint.entries.slice(3, 8);
    await db.insert(compStart).values(
      es.map((e, i) => ({
        meetingId,
        roundId: final.id,
        heatId: h!.id,
        entryId: e.entryId,
        athleteId: e.athleteId,
        delegationId: delegations[(i + 3) % delegations.length]!,
        lane: i + 2,
        position: i + 1,
        code: i === 0 ? ('DNS' as const) : null,
      })),
    );
    heatId = h!.id;
    const heat = data<CallRoomHeatVO>(await official.get(`/api/v1/competition/heats/${heatId}/call-room`));
    expect(heat.redraw).toBe('published-later-round');
    const refused = await redraw(official);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/Referee/);
    await db.update(compHeat).set({ status: 'draft' }).where(eq(compHeat.id, heatId));
    const a = data<RedrawLanesAnswer>(await redraw(official));
    expect(lanesOfStarters(a)).toEqual([3, 4, 5, 6]);
    const [log] = await db
      .select()
      .from(compLog)
      .where(and(eq(compLog.heatId, heatId), eq(compLog.action, 'redraw-lanes')));
    expect(log!.detail).toMatchObject({ later: true, drawn: 4 });
  });

  it('not a race in lanes, or out of reach: refused', async () => {
    const db = t.database.db;
    const item = boys.items.get('1500')!;
    const r = await firstRound(item);
    const [h] = await db
      .insert(compHeat)
      .values({ meetingId, roundId: r.id, number: 1 })
      .returning({ id: compHeat.id });
    heatId = h!.id;
    const res = await redraw(official);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/not run in lanes/);
    expect((await redraw(outsider)).statusCode).toBe(404);
    expect((await redraw(referee)).statusCode).toBe(403);
  });
});
