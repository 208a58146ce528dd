import type {
  CompetitionEventVO,
  PublicAthleteVO,
  PublicLatestHeatVO,
  RoundVO,
  StartVO,
  TeamScoresVO,
} from '@baton/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  athlete,
  compHeat,
  compRound,
  compStart,
  compTrial,
  entry,
  meeting,
  relayMember,
  relayTeam,
} from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { type DemoGroup, demoDelegations, demoGroups } from '../../apply/testkit.js';
import { insertDelegation, insertMeeting } from '../../dlg/testkit.js';
import { data, demoMeetingId } from '../../meetings/testkit.js';

const t = useTestApp();
let meetingId: number;
let boys: DemoGroup;
let d1: number;
let d2: number;
const athletes: Record<string, number> = {};
const entries: Record<string, number> = {};
let round100 = 0;
let final100 = 0;
let roundLJ = 0;
let roundRelay = 0;
const heats: Record<string, number> = {};
let team = 0;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
const base = () => `/api/v1/public/competition/${meetingId}`;

let idSeq = 0;
async function addAthlete(name: string, delegationId: number, status: 'draft' | 'submitted' | 'approved', bib: string) {
  idSeq += 1;
  const [a] = await t.database.db
    .insert(athlete)
    .values({
      meetingId,
      delegationId,
      groupId: boys.id,
      name,
      gender: 'M',
      idNumber: `33038120100101${String(1000 + idSeq)}`,
      birthDate: '2010-03-04',
      bib,
      status,
    })
    .returning({ id: athlete.id });
  athletes[name] = a!.id;
  const [e] = await t.database.db
    .insert(entry)
    .values({
      meetingId,
      delegationId,
      athleteId: a!.id,
      groupItemId: boys.items.get('100')!,
      status: status === 'draft' ? 'draft' : 'approved',
      seedMark: '12.00',
    })
    .returning({ id: entry.id });
  entries[name] = e!.id;
  return a!.id;
}

async function addRound(item: string, index: number, name: 'heats' | 'final') {
  const [r] = await t.database.db
    .insert(compRound)
    .values({ meetingId, groupItemId: boys.items.get(item)!, index, name })
    .returning({ id: compRound.id });
  return r!.id;
}

async function addHeat(roundId: number, number: number, status: 'draft' | 'set' | 'official', officialAt?: Date) {
  const [h] = await t.database.db
    .insert(compHeat)
    .values({ meetingId, roundId, number, status, wind: 1.2, officialAt: officialAt ?? null })
    .returning({ id: compHeat.id });
  return h!.id;
}

async function addStart(
  roundId: number,
  heatId: number,
  who: string,
  lane: number,
  result: Partial<typeof compStart.$inferInsert> = {},
) {
  const [s] = await t.database.db
    .insert(compStart)
    .values({
      meetingId,
      roundId,
      heatId,
      entryId: entries[who]!,
      athleteId: athletes[who]!,
      delegationId: d1,
      lane,
      position: lane,
      ...result,
    })
    .returning({ id: compStart.id });
  return s!.id;
}

beforeAll(async () => {
  meetingId = await demoMeetingId(t);
  boys = (await demoGroups(t)).get('U16 Boys')!;
  const dels = await demoDelegations(t);
  d1 = dels[0]!.id;
  d2 = dels[1]!.id;
  for (const [name, status, bib] of [
    ['Official One', 'approved', '101'],
    ['Official Two', 'approved', '102'],
    ['Set Three', 'submitted', '103'],
    ['Draft Four', 'approved', '104'],
    ['Hidden Five', 'draft', '105'],
  ] as const) {
    await addAthlete(name, d1, status, bib);
  }
  const db = t.database.db;

  // 100 m heats: heat 1 official (results), heat 2 set (a provisional result), heat 3 a draft.
  round100 = await addRound('100', 0, 'heats');
  heats.official = await addHeat(round100, 1, 'official', new Date('2030-05-01T02:00:00Z'));
  heats.set = await addHeat(round100, 2, 'set');
  heats.draft = await addHeat(round100, 3, 'draft');
  await addStart(round100, heats.official, 'Official One', 4, {
    mark: '11.87',
    value: 11.87,
    reactionTime: 0.151,
    place: 1,
    qualifier: 'Q',
    record: 'MR',
  });
  await addStart(round100, heats.official, 'Official Two', 5, { mark: '12.40', value: 12.4, place: 2, qualifier: 'q' });
  await addStart(round100, heats.set, 'Set Three', 3, { mark: '12.10', value: 12.1, place: 1 });
  await addStart(round100, heats.draft, 'Draft Four', 6);
  // The final: only a draft so far (nothing public).
  final100 = await addRound('100', 1, 'final');
  heats.finalDraft = await addHeat(final100, 1, 'draft');
  await addStart(final100, heats.finalDraft, 'Official One', 4);

  // Long jump: one set flight with trials entered (not official: no trials in public).
  const [lj] = await db
    .insert(entry)
    .values({
      meetingId,
      delegationId: d1,
      athleteId: athletes['Official One']!,
      groupItemId: boys.items.get('LJ')!,
      status: 'approved',
    })
    .returning({ id: entry.id });
  roundLJ = await addRound('LJ', 0, 'final');
  heats.lj = await addHeat(roundLJ, 1, 'set');
  const [ljStart] = await db
    .insert(compStart)
    .values({
      meetingId,
      roundId: roundLJ,
      heatId: heats.lj,
      entryId: lj!.id,
      athleteId: athletes['Official One']!,
      delegationId: d1,
      position: 1,
      mark: '5.12',
      value: 5.12,
    })
    .returning({ id: compStart.id });
  await db.insert(compTrial).values({ startId: ljStart!.id, seq: 1, outcome: 'O', mark: 5.12, wind: 0.4 });

  // 4 × 100 m: a relay team of delegation 1 with Official One on leg 2, official later than the 100 m.
  const [tm] = await db
    .insert(relayTeam)
    .values({ meetingId, delegationId: d1, groupItemId: boys.items.get('4x100')!, letter: 'A', status: 'approved' })
    .returning({ id: relayTeam.id });
  team = tm!.id;
  await db.insert(relayMember).values([
    { relayTeamId: team, athleteId: athletes['Official Two']!, leg: 1 },
    { relayTeamId: team, athleteId: athletes['Official One']!, leg: 2 },
  ]);
  roundRelay = await addRound('4x100', 0, 'final');
  heats.relay = await addHeat(roundRelay, 1, 'official', new Date('2030-05-01T05:00:00Z'));
  await db.insert(compStart).values({
    meetingId,
    roundId: roundRelay,
    heatId: heats.relay,
    relayTeamId: team,
    delegationId: d1,
    lane: 3,
    position: 1,
    mark: '48.02',
    value: 48.02,
    place: 1,
  });
  void d2;
});

const startsOf = (round: RoundVO) => round.heats.flatMap((h) => h.starts.map((s) => [h.status, s] as const));

describe('GET /api/v1/public/competition/:id/events', () => {
  it('lists every group item with only its published rounds and heats', async () => {
    const events = data<CompetitionEventVO[]>(await get(`${base()}/events`));
    const e100 = events.find((e) => e.groupItemId === boys.items.get('100'))!;
    // The final (all draft) is not public; the heats count its two published heats only.
    expect(e100.rounds).toEqual([
      expect.objectContaining({ id: round100, name: 'heats', status: 'set', heats: 2, starts: 3 }),
    ]);
    expect(events.find((e) => e.groupItemId === boys.items.get('4x100'))!.rounds[0]).toMatchObject({
      id: roundRelay,
      status: 'official',
    });
    expect(events.find((e) => e.groupItemId === boys.items.get('200'))!.rounds).toEqual([]);
  });
});

describe('GET /api/v1/public/competition/:id/rounds', () => {
  it('shows published heats only, and results only of official heats', async () => {
    const rounds = data<RoundVO[]>(await get(`${base()}/rounds?groupItemId=${boys.items.get('100')}`));
    expect(rounds.map((r) => r.id)).toEqual([round100]);
    const [round] = rounds;
    expect(round!.heats.map((h) => [h.number, h.status])).toEqual([
      [1, 'official'],
      [2, 'set'],
    ]);
    const rows = startsOf(round!);
    expect(rows.map(([, s]) => s.name)).toEqual(['Official One', 'Official Two', 'Set Three']);
    expect(JSON.stringify(rounds)).not.toContain('Draft Four');
    const one = rows.find(([, s]) => s.name === 'Official One')![1];
    expect(one).toMatchObject({
      lane: 4,
      bib: '101',
      mark: '11.87',
      place: 1,
      qualifier: 'Q',
      record: 'MR',
      reactionTime: 0.151,
    });
    expect(round!.heats[0]!.wind).toBe(1.2);
    // The set heat's provisional result and wind stay hidden.
    const three = rows.find(([, s]) => s.name === 'Set Three')![1];
    expect(three).toMatchObject({ lane: 3, bib: '103', mark: null, value: null, place: null });
    expect(round!.heats[1]!.wind).toBeNull();
    // The database still holds it.
    const [db3] = await t.database.db.select().from(compStart).where(eq(compStart.id, three.id));
    expect(db3!.mark).toBe('12.10');
  });

  it('hides the trials of a flight that is not official', async () => {
    const [lj] = data<RoundVO[]>(await get(`${base()}/rounds?groupItemId=${boys.items.get('LJ')}`));
    const start = lj!.heats[0]!.starts[0] as StartVO;
    expect(start.trials).toEqual([]);
    expect(start.mark).toBeNull();
  });

  it('answers 404 for a group item of another meeting and 400 without one', async () => {
    const other = await insertMeeting(t);
    const res = await get(`/api/v1/public/competition/${other}/rounds?groupItemId=${boys.items.get('100')}`);
    expect(res.statusCode).toBe(404);
    const none = await get(`${base()}/rounds`);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('groupItemId');
  });
});

describe('GET /api/v1/public/competition/:id/results', () => {
  it('lists the official heats, newest first, each with its event and round', async () => {
    const list = data<PublicLatestHeatVO[]>(await get(`${base()}/results`));
    expect(list.map((h) => h.heat.id)).toEqual([heats.relay, heats.official]);
    expect(list[0]).toMatchObject({ roundId: roundRelay, roundName: 'final', roundHeats: 1 });
    expect(list[0]!.event.itemCode).toBe('4x100');
    expect(list[0]!.heat.starts[0]).toMatchObject({ mark: '48.02', place: 1 });
    expect(list[1]).toMatchObject({ roundId: round100, roundHeats: 2 });
    expect(list[1]!.heat.starts.map((s) => s.mark)).toEqual(['11.87', '12.40']);
  });

  it('answers only heats made official after `since`', async () => {
    const list = data<PublicLatestHeatVO[]>(await get(`${base()}/results?since=2030-05-01T03:00:00Z`));
    expect(list.map((h) => h.heat.id)).toEqual([heats.relay]);
    const bad = await get(`${base()}/results?since=2030-13-45T99:99Z`);
    expect(bad.statusCode).toBe(400);
    expect((await get(`${base()}/results?since=yesterday`)).statusCode).toBe(400);
  });
});

describe('GET /api/v1/public/competition/athlete', () => {
  it("shows an athlete's card: entries, published starts, official results, nothing private", async () => {
    const id = athletes['Official One']!;
    const res = await get(`${base()}/athlete?athleteId=${id}`);
    const card = data<PublicAthleteVO>(res);
    expect(card).toMatchObject({
      id,
      meetingId,
      meetingCode: 'wrj2025',
      name: 'Official One',
      bib: '101',
      birthYear: 2010,
      delegationId: d1,
      groupId: boys.id,
    });
    expect(res.body).not.toContain('330381201001');
    expect(res.body).not.toContain('2010-03-04');
    const byItem = new Map(card.entries.map((e) => [e.itemCode, e]));
    expect([...byItem.keys()].sort()).toEqual(['100', '4x100', 'LJ']);
    // 100 m: the heat (official); the final is still a draft.
    expect(byItem.get('100')!.starts).toEqual([
      expect.objectContaining({ roundId: round100, heatNumber: 1, heatStatus: 'official' }),
    ]);
    expect(byItem.get('100')!.starts[0]!.start).toMatchObject({ lane: 4, mark: '11.87', place: 1 });
    expect(byItem.get('LJ')!.starts[0]!.start.mark).toBeNull();
    expect(byItem.get('4x100')).toMatchObject({ relayLetter: 'A', leg: 2 });
    expect(byItem.get('4x100')!.starts[0]!.start).toMatchObject({ mark: '48.02', relayTeamId: team });
    // The QR code's link names the athlete alone.
    const alone = data<PublicAthleteVO>(await get(`/api/v1/public/competition/athlete?athleteId=${id}`));
    expect(alone).toEqual(card);
  });

  it('answers 404 for a draft athlete, another meeting, or a waiting self-registered delegation', async () => {
    expect((await get(`${base()}/athlete?athleteId=${athletes['Hidden Five']}`)).statusCode).toBe(404);
    const other = await insertMeeting(t);
    const res = await get(`/api/v1/public/competition/${other}/athlete?athleteId=${athletes['Official One']}`);
    expect(res.statusCode).toBe(404);
    const waiting = await insertDelegation(t, meetingId, '13600000077', { source: 'self', status: 'submitted' });
    const [a] = await t.database.db
      .insert(athlete)
      .values({
        meetingId,
        delegationId: waiting,
        groupId: boys.id,
        name: 'Waiting Athlete',
        gender: 'M',
        idNumber: '330381201002020000',
        birthDate: '2010-02-02',
        status: 'submitted',
      })
      .returning({ id: athlete.id });
    expect((await get(`/api/v1/public/competition/athlete?athleteId=${a!.id}`)).statusCode).toBe(404);
  });
});

describe('a meeting that keeps its lists private', () => {
  it('answers 404 on every public competition read (private, draft, unknown)', async () => {
    const hidden = await insertMeeting(t, { publicLists: false });
    const draft = await insertMeeting(t, { status: 'draft' });
    for (const id of [hidden, draft, 999_999]) {
      for (const path of ['events', 'rounds?groupItemId=1', 'results', 'scores', 'athlete?athleteId=1']) {
        const res = await get(`/api/v1/public/competition/${id}/${path}`);
        expect(res.statusCode, `${id} ${path}`).toBe(404);
      }
    }
    // The demo meeting itself, once private: its athlete's QR page is gone too.
    await t.database.db.update(meeting).set({ publicLists: false }).where(eq(meeting.id, meetingId));
    try {
      expect((await get(`${base()}/events`)).statusCode).toBe(404);
      const qr = await get(`/api/v1/public/competition/athlete?athleteId=${athletes['Official One']}`);
      expect(qr.statusCode).toBe(404);
    } finally {
      await t.database.db.update(meeting).set({ publicLists: true }).where(eq(meeting.id, meetingId));
    }
  });
});

describe('caching and cost of the hot reads', () => {
  it('tags answers with a weak ETag and answers 304 to a matching If-None-Match', async () => {
    const url = `${base()}/rounds?groupItemId=${boys.items.get('100')}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=2');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A change of the results changes the tag.
    await t.database.db.update(compStart).set({ mark: '11.86' }).where(eq(compStart.entryId, entries['Official One']!));
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // Errors are not cached.
    const missing = await get('/api/v1/public/competition/999999/events');
    expect(missing.headers.etag).toBeUndefined();
  });

  it('answers in a fixed number of statements whatever the size of the round', async () => {
    const stats = t.database.stats;
    // The cost of building the answer: the data version moves first, so no kept answer is served.
    const cost = async (url: string) => {
      t.database.version.bump();
      const before = stats.statements;
      expect((await get(url)).statusCode).toBe(200);
      return stats.statements - before;
    };
    const urls = () => [
      `${base()}/events`,
      `${base()}/rounds?groupItemId=${boys.items.get('100')}`,
      `${base()}/results`,
      `${base()}/athlete?athleteId=${athletes['Official Two']}`,
    ];
    const small = [];
    for (const u of urls()) small.push(await cost(u));
    // Grow the meeting: a second official heat of the 100 m with more competitors and a new round.
    const extra = await addHeat(round100, 4, 'official', new Date('2030-05-01T06:00:00Z'));
    for (let i = 0; i < 6; i++) {
      const name = `Extra ${i}`;
      await addAthlete(name, d1, 'approved', `20${i}`);
      await addStart(round100, extra, name, i + 1, { mark: `12.${50 + i}`, value: 12.5 + i / 100, place: i + 1 });
    }
    const r200 = await addRound('200', 0, 'heats');
    await addHeat(r200, 1, 'set');
    const large = [];
    for (const u of urls()) large.push(await cost(u));
    expect(large).toEqual(small);
    expect(Math.max(...large)).toBeLessThanOrEqual(10);
  });
});

describe('GET /api/v1/public/competition/:id/scores', () => {
  it('answers the team points and medals of the meeting, and 404 for a group of another meeting', async () => {
    const res = await get(`${base()}/scores`);
    expect(res.statusCode).toBe(200);
    const scores = data<TeamScoresVO>(res);
    expect(scores.meetingId).toBe(meetingId);
    // The 4 × 100 m final is official: delegation 1 won it.
    expect(scores.medals.find((m) => m.delegationId === d1)!.gold).toBeGreaterThanOrEqual(1);
    expect(scores.points.find((m) => m.delegationId === d1)!.points).toBeGreaterThan(0);
    const other = await insertMeeting(t);
    expect((await get(`${base()}/scores?groupId=999999`)).statusCode).toBe(404);
    expect((await get(`/api/v1/public/competition/${other}/scores?groupId=${boys.id}`)).statusCode).toBe(404);
  });
});
