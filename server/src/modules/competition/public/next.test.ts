import { PUBLIC_NEXT_LOOKBACK_MINUTES, PUBLIC_NEXT_MAX, type PublicNextVO } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compRound, meeting } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { insertMeeting } from '../../dlg/testkit.js';
import { data } from '../../meetings/testkit.js';
import { type Fixture, fixture, setHeat } from '../scores/testkit.js';

/**
 * `GET /api/v1/public/competition/:id/next` (the big screen's start lists): published heats not
 * yet official, by time, without results; only for meetings that publish their lists.
 */
const t = useTestApp();
let f: Fixture;
const MIN = 60_000;
const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * MIN);

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
const next = async (meetingId = f.meetingId) =>
  data<PublicNextVO>(await get(`/api/v1/public/competition/${meetingId}/next`));

/** The first round of a U16 Boys event. */
async function firstRound(code: string) {
  const [r] = await f.rounds(await f.item(code));
  return r!.id;
}

const heats: Record<string, number> = {};

beforeAll(async () => {
  f = await fixture(t);
  const r100 = await firstRound('100');
  const rLJ = await firstRound('LJ');
  const r200 = await firstRound('200');
  const rRelay = await firstRound('4x100');
  // 100 m: heat 1 ran an hour ago and is official, heat 2 is on now (its result entered, not
  // official), heat 3 in ten minutes, heat 4 still a draft.
  heats.official = (await f.heat(r100, 1, [{ dlg: 0, value: 11.9, place: 1 }])).heatId;
  heats.now = (await f.heat(r100, 2, [{ dlg: 0, value: 12.1, place: 1 }, { dlg: 1 }], { status: 'set' })).heatId;
  heats.soon = (await f.heat(r100, 3, [{ dlg: 1 }, { dlg: 2 }], { status: 'set' })).heatId;
  heats.draft = (await f.heat(r100, 4, [{ dlg: 2 }], { status: 'draft' })).heatId;
  await setHeat(t, heats.official!, { scheduledAt: at(-60) });
  await setHeat(t, heats.now!, { scheduledAt: at(-2) });
  await setHeat(t, heats.soon!, { scheduledAt: at(10) });
  await setHeat(t, heats.draft!, { scheduledAt: at(20) });
  // Long jump: the flight has no time of its own; its round is in 40 minutes.
  heats.lj = (await f.heat(rLJ, 1, [{ dlg: 0 }, { dlg: 3 }], { status: 'set' })).heatId;
  await t.database.db
    .update(compRound)
    .set({ scheduledAt: at(40) })
    .where(eq(compRound.id, rLJ));
  // 200 m: published but its time is long past (left unofficial): no longer next.
  heats.stale = (await f.heat(r200, 1, [{ dlg: 1 }], { status: 'set' })).heatId;
  await setHeat(t, heats.stale!, { scheduledAt: at(-PUBLIC_NEXT_LOOKBACK_MINUTES - 5) });
  // 4 × 100 m: published without a time (its round has none either, whatever the demo timetable
  // says): after every scheduled heat.
  heats.relay = (await f.heat(rRelay, 1, [{ dlg: 0, relay: true }], { status: 'set' })).heatId;
  await t.database.db.update(compRound).set({ scheduledAt: null }).where(eq(compRound.id, rRelay));
});

describe('GET /api/v1/public/competition/:id/next', () => {
  it("answers the meeting's names and its next start lists, soonest first, unscheduled last", async () => {
    const answer = await next();
    const [m] = await t.database.db.select().from(meeting).where(eq(meeting.id, f.meetingId));
    expect(answer.meeting).toEqual({
      id: m!.id,
      code: m!.code,
      name: m!.name,
      nameEn: m!.nameEn,
      timeZone: 'Asia/Shanghai',
    });
    expect(answer.heats.map((h) => h.heat.id)).toEqual([heats.now, heats.soon, heats.lj, heats.relay]);
    const [now, soon, lj, relay] = answer.heats;
    expect(now).toMatchObject({ roundIndex: 0, roundHeats: 3, heat: { number: 2, status: 'set' } });
    expect(now!.event.itemCode).toBe('100');
    expect(soon!.heat.starts).toHaveLength(2);
    expect(now!.scheduledAt).toBe(now!.heat.scheduledAt);
    // The flight takes its round's time.
    expect(lj!.event.kind).toBe('field-distance');
    expect(lj!.heat.scheduledAt).toBeNull();
    expect(new Date(lj!.scheduledAt!).getTime()).toBeGreaterThan(Date.now() + 30 * MIN);
    expect(relay!.scheduledAt).toBeNull();
    expect(relay!.heat.starts[0]!.relayTeamId).not.toBeNull();
  });

  it('shows start lists only: the result of a heat in progress stays hidden until official', async () => {
    const { heats: list } = await next();
    const running = list.find((h) => h.heat.id === heats.now)!;
    expect(running.heat.starts.map((s) => [s.mark, s.value, s.place])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(running.heat.wind).toBeNull();
  });

  it('drops a heat once it is official (it moves to the results)', async () => {
    await setHeat(t, heats.soon!, { status: 'official', officialAt: new Date() });
    try {
      const ids = (await next()).heats.map((h) => h.heat.id);
      expect(ids).not.toContain(heats.soon);
      const results = data<{ heat: { id: number } }[]>(await get(`/api/v1/public/competition/${f.meetingId}/results`));
      expect(results[0]!.heat.id).toBe(heats.soon);
    } finally {
      await setHeat(t, heats.soon!, { status: 'set', officialAt: null });
    }
  });

  it(`answers at most ${PUBLIC_NEXT_MAX} heats, in a fixed number of statements`, async () => {
    const stats = t.database.stats;
    const cost = async () => {
      t.database.version.bump();
      const before = stats.statements;
      const answer = await next();
      return { statements: stats.statements - before, heats: answer.heats.length };
    };
    // The relay (its members are one more read) stays among the first heats in both answers.
    await setHeat(t, heats.relay!, { scheduledAt: at(30) });
    const small = await cost();
    const roundId = await firstRound('200');
    for (let n = 2; n < 2 + PUBLIC_NEXT_MAX; n++) {
      const { heatId } = await f.heat(roundId, n, [{ dlg: n % 4 }, { dlg: (n + 1) % 4 }], { status: 'set' });
      await setHeat(t, heatId, { scheduledAt: at(60 + n) });
    }
    const large = await cost();
    expect(large.heats).toBe(PUBLIC_NEXT_MAX);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(10);
  });

  it('is cached like the other public reads (weak ETag, 304)', async () => {
    const url = `/api/v1/public/competition/${f.meetingId}/next`;
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('public, max-age=2');
    const again = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a meeting that keeps its lists private, a draft or an unknown one', async () => {
    const hidden = await insertMeeting(t, { publicLists: false });
    const draft = await insertMeeting(t, { status: 'draft' });
    for (const id of [hidden, draft, 999_999]) {
      expect((await get(`/api/v1/public/competition/${id}/next`)).statusCode, String(id)).toBe(404);
    }
    expect((await get('/api/v1/public/competition/abc/next')).statusCode).toBe(400);
  });
});
