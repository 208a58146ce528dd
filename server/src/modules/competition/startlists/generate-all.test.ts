import type { RoundVO, StartListGenerateAllVO } from '@baton/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../lib/sql.js';
import { useTestApp } from '../../../test/app.js';
import type { DemoGroup } from '../../apply/testkit.js';
import { type Client, code, committeeOfNoMeeting, data, demoMeetingId, useClients } from '../../meetings/testkit.js';
import { generateAllDone, seedDemoCompetition } from './testkit.js';

/**
 * "Generate all" (`POST /competition/meetings/:id/start-lists`) on the demo data: every event's
 * first round made in one request exactly as making it alone, events already made (or with
 * nothing approved) left alone and reported, who may, bad input, and a fixed statement count.
 */
const t = useTestApp();
const { committee, referee } = useClients(t, 'committee', 'referee');
let outsider: Client;
let meetingId: number;
let groups: Map<string, DemoGroup>;

const gi = (group: string, code: string) => groups.get(group)!.items.get(code)!;
const generateAll = (c: Client, body: Record<string, unknown> = {}, id = meetingId) =>
  c.post(`/api/v1/competition/meetings/${id}/start-lists`, body);
const statementsOf = async (f: () => Promise<unknown>) => {
  const before = t.database.stats.statements;
  await f();
  return t.database.stats.statements - before;
};

/** A round's start rows as the database holds them: who, which heat, lane, position. */
async function placesOf(roundId: number): Promise<string[]> {
  const rows = await rowsOf<{ who: string; number: number; lane: number | null; position: number }>(
    t.database.db.execute(sql`select coalesce('e' || s.entry_id, 'r' || s.relay_team_id) as who, h.number, s.lane,
      s.position from comp_start s join comp_heat h on h.id = s.heat_id where s.round_id = ${roundId} order by who`),
  );
  return rows.map((r) => `${r.who}:${r.number}:${r.lane}:${r.position}`);
}
const count = async (query: ReturnType<typeof sql>) => {
  const [row] = await rowsOf<{ n: number }>(t.database.db.execute(query));
  return Number(row!.n);
};

beforeAll(async () => {
  groups = await seedDemoCompetition(t);
  meetingId = await demoMeetingId(t);
  outsider = await committeeOfNoMeeting(t, 'committee3');
});

describe('generate all', () => {
  let published: RoundVO;
  let drafted: RoundVO;
  let answer: StartListGenerateAllVO;

  it('refuses a referee, another meeting’s committee, a bad seed and unknown fields, writing nothing', async () => {
    const before = await count(sql`select count(*)::int as n from comp_start`);
    expect(code(await generateAll(referee))).toBe('A0301');
    expect((await generateAll(outsider)).statusCode).toBe(404);
    expect((await generateAll(committee, {}, 999_999)).statusCode).toBe(404);
    const bad = await generateAll(committee, { seed: 'two words' });
    expect(bad.statusCode).toBe(400);
    expect((await generateAll(committee, { heats: 3 })).statusCode).toBe(400);
    const zh = await committee.raw({
      method: 'POST',
      url: `/api/v1/competition/meetings/${meetingId}/start-lists`,
      payload: JSON.stringify({ seed: 'two words' }),
      headers: { 'accept-language': 'zh-CN', 'content-type': 'application/json' },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toMatch(/[\u4e00-\u9fff]/);
    expect(await count(sql`select count(*)::int as n from comp_start`)).toBe(before);
  });

  it('makes every first round not made yet, in a fixed number of statements, and skips the others', async () => {
    // One event made and published, one made as a draft, before.
    published = data<RoundVO>(
      await committee.post(`/api/v1/competition/events/${gi('U16 Boys', 'LJ')}/start-list`, { seed: 'p' }),
    );
    expect(code(await committee.post(`/api/v1/competition/rounds/${published.id}/publish`, {}))).toBe('00000');
    drafted = data<RoundVO>(
      await committee.post(`/api/v1/competition/events/${gi('U16 Girls', 'HJ')}/start-list`, { seed: 'd' }),
    );
    const startsBefore = await count(sql`select count(*)::int as n from comp_start`);
    let done: Awaited<ReturnType<typeof generateAllDone>> | undefined;
    const statements = await statementsOf(async () => {
      done = await generateAllDone(committee, meetingId, { seed: 'all-1' });
    });
    answer = done!.result;
    // The progress requests' own statements (the caller's access to the meeting), taken out.
    const pollCost = await statementsOf(() =>
      committee.get(`/api/v1/competition/meetings/${meetingId}/start-lists/jobs/${done!.job.id}`),
    );
    // Per event alone it is 17 statements each; here a fixed few for the whole meeting (one of
    // them counts the athletes still without a bib, for the warning; the start request checks
    // the caller's access before the job starts).
    expect(statements - done!.polls * pollCost).toBeLessThanOrEqual(23);
    // The job is the meeting's: another committee does not find it, a referee may not ask, an
    // unknown id is gone.
    const jobUrl = (id: number, job: string) => `/api/v1/competition/meetings/${id}/start-lists/jobs/${job}`;
    expect((await outsider.get(jobUrl(meetingId, done!.job.id))).statusCode).toBe(404);
    expect(code(await referee.get(jobUrl(meetingId, done!.job.id)))).toBe('A0301');
    expect((await committee.get(jobUrl(meetingId, 'no-such-job'))).statusCode).toBe(410);
    expect((await committee.get(jobUrl(meetingId, 'bad id!'))).statusCode).toBe(400);
    expect(answer.meetingId).toBe(meetingId);
    const made = new Map(answer.made.map((x) => [x.groupItemId, x]));
    expect([...made.keys()]).toEqual(
      expect.arrayContaining([gi('U16 Boys', '100'), gi('U16 Boys', '4x100'), gi('U18 Girls', '400')]),
    );
    expect(made.get(gi('U16 Boys', '100'))).toMatchObject({ heats: 3, starts: 20, seed: 'all-1' });
    expect(made.get(gi('U16 Boys', '4x100'))).toMatchObject({ heats: 1, starts: 6 });
    const skipped = new Map(answer.skipped.map((x) => [x.groupItemId, x]));
    expect(skipped.get(gi('U16 Boys', 'LJ'))).toMatchObject({ reason: 'made', status: 'set' });
    expect(skipped.get(gi('U16 Girls', 'HJ'))).toMatchObject({ reason: 'made', status: 'draft' });
    expect(skipped.get(gi('U18 Boys', '400'))).toMatchObject({ reason: 'no-entries', status: null, waiting: 1 });
    expect(made.has(gi('U16 Boys', 'LJ')) || made.has(gi('U16 Girls', 'HJ'))).toBe(false);
    expect(answer.starts).toBe(answer.made.reduce((n, x) => n + x.starts, 0));

    // The database holds exactly these starts: one per approved entry (team) of each event made.
    expect(await count(sql`select count(*)::int as n from comp_start`)).toBe(startsBefore + answer.starts);
    for (const x of answer.made) {
      const approved = await count(
        sql`select (select count(*) from reg_entry where group_item_id = ${x.groupItemId} and status = 'approved')
          + (select count(*) from reg_relay_team where group_item_id = ${x.groupItemId} and status = 'approved') as n`,
      );
      expect(await count(sql`select count(*)::int as n from comp_start where round_id = ${x.roundId}`)).toBe(approved);
      expect(x.starts).toBe(approved);
      expect(await count(sql`select count(*)::int as n from comp_heat where round_id = ${x.roundId}`)).toBe(x.heats);
      const [log] = await rowsOf<{ action: string; detail: { seed: string; heats: number; competitors: number } }>(
        t.database.db.execute(sql`select action, detail from comp_log where round_id = ${x.roundId}`),
      );
      expect(log).toMatchObject({
        action: 'generate',
        detail: { seed: 'all-1', heats: x.heats, competitors: approved },
      });
      const round = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${x.roundId}`));
      expect(round).toMatchObject({ index: 0, drawSeed: 'all-1', status: 'draft' });
    }
    // What was there before is untouched.
    expect(data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${published.id}`))).toEqual({
      ...published,
      status: 'set',
      version: published.version + 1,
      heats: published.heats.map((h) => ({ ...h, status: 'set', version: h.version + 1 })),
    });
    expect(data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${drafted.id}`))).toEqual(drafted);
  });

  it('gives each event the heats, lanes and order of making it alone with the same seed', async () => {
    expect(answer.made.length).toBeGreaterThanOrEqual(3);
    for (const x of answer.made) {
      const together = await placesOf(x.roundId);
      const alone = await committee.post(`/api/v1/competition/events/${x.groupItemId}/start-list`, {
        roundIndex: 0,
        seed: 'all-1',
      });
      expect(code(alone)).toBe('00000');
      expect(data<RoundVO>(alone).id).toBe(x.roundId);
      expect(await placesOf(x.roundId)).toEqual(together);
    }
  });

  it('a second time makes nothing: every event is reported as made', async () => {
    const before = await count(sql`select count(*)::int as n from comp_start`);
    const again = (await generateAllDone(committee, meetingId)).result;
    expect(again.made).toEqual([]);
    expect(again.starts).toBe(0);
    expect(again.skipped.filter((s) => s.reason === 'made').length).toBe(answer.made.length + 2);
    expect(await count(sql`select count(*)::int as n from comp_start`)).toBe(before);
  });
});
