import type { BibAssignResult, BibPageVO, BibVO } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { athlete, meeting } from '../../../db/schema/index.js';
import { rowsOf } from '../../../lib/sql.js';
import { useTestApp } from '../../../test/app.js';
import { demoDelegations, demoGroups } from '../../apply/testkit.js';
import { type Client, code, countOf, data, demoMeetingId, insertAthlete, signIn } from '../../meetings/testkit.js';

const t = useTestApp();
let committee: Client;
let meetingId: number;
let delegationIds: number[];
let boysId: number;
let girlsId: number;
const athletes: { id: number; delegationId: number; groupId: number }[] = [];

const url = () => `/api/v1/competition/meetings/${meetingId}/bibs`;
const byDelegation = (keepExisting = false) => ({
  scheme: { kind: 'delegation', start: 101, step: 100 },
  keepExisting,
});

async function bibs(): Promise<Map<number, string | null>> {
  const rows = await t.database.db
    .select({ id: athlete.id, bib: athlete.bib })
    .from(athlete)
    .where(eq(athlete.meetingId, meetingId));
  return new Map(rows.map((r) => [r.id, r.bib]));
}

beforeAll(async () => {
  committee = await signIn(t, 'committee');
  meetingId = await demoMeetingId(t);
  delegationIds = (await demoDelegations(t)).filter((d) => d.meetingId === meetingId).map((d) => d.id);
  const groups = await demoGroups(t);
  boysId = groups.get('U16 Boys')!.id;
  girlsId = groups.get('U16 Girls')!.id;
  // Delegation 1: three approved; delegation 2: two approved and one submitted; a draft in delegation 3.
  const add = async (d: number, g: number, status: 'approved' | 'submitted' | 'draft') => {
    const id = await insertAthlete(t, { meetingId, delegationId: delegationIds[d]!, groupId: g, status });
    athletes.push({ id, delegationId: delegationIds[d]!, groupId: g });
    return id;
  };
  await add(0, boysId, 'approved');
  await add(0, boysId, 'approved');
  await add(0, girlsId, 'approved');
  await add(1, boysId, 'approved');
  await add(1, girlsId, 'approved');
  await add(1, girlsId, 'submitted');
  await add(2, boysId, 'draft');
});

describe('bibs', () => {
  it('a preview counts and writes nothing', async () => {
    const res = await committee.post(url(), { ...byDelegation(), dryRun: true });
    expect(code(res)).toBe('00000');
    const r = data<BibAssignResult>(res);
    expect(r).toMatchObject({ dryRun: true, eligible: 5, assigned: 5, kept: 0, cleared: 0, changed: 5 });
    expect(r.blocks.map((b) => [b.first, b.last])).toEqual([
      [101, 103],
      [201, 202],
    ]);
    expect([...(await bibs()).values()].every((b) => b === null)).toBe(true);
    expect(await countOf(t, 'comp_log', `meeting_id = ${meetingId}`)).toBe(0);
  });

  it('numbers the approved athletes in one go: unique bibs, the scheme saved, a log entry', async () => {
    const res = await committee.post(url(), byDelegation());
    expect(code(res)).toBe('00000');
    expect(data<BibAssignResult>(res)).toMatchObject({ eligible: 5, assigned: 5, changed: 5 });
    const held = await bibs();
    const given = [...held.values()].filter((b): b is string => b !== null);
    expect(given.sort()).toEqual(['101', '102', '103', '201', '202']);
    // Delegation 1's bibs are in its block.
    for (const a of athletes.filter((x) => x.delegationId === delegationIds[0]))
      expect(Number(held.get(a.id))).toBeLessThan(200);
    const [m] = await t.database.db.select({ s: meeting.bibScheme }).from(meeting).where(eq(meeting.id, meetingId));
    expect(m!.s).toEqual({ ...byDelegation(), includeSubmitted: false });
    const [log] = await rowsOf<{ action: string; detail: { assigned: number } }>(
      t.database.db.execute(sql`select action, detail from comp_log where meeting_id = ${meetingId}`),
    );
    expect(log).toMatchObject({ action: 'bibs.assign', detail: { assigned: 5 } });
  });

  it('lists the athletes with their bibs, by bib, with the counts and the saved settings', async () => {
    const res = await committee.get(`${url()}?pageNum=1&pageSize=10`);
    expect(code(res)).toBe('00000');
    const page = data<BibPageVO>(res);
    // Five approved and one submitted; the draft is not listed.
    expect(page.total).toBe(6);
    expect(page.list.map((r) => r.bib)).toEqual(['101', '102', '103', '201', '202', null]);
    expect(page).toMatchObject({ approved: 5, submitted: 1, withBib: 5, settings: { keepExisting: false } });
    const search = data<BibPageVO>(await committee.get(`${url()}?keywords=202`));
    expect(search.list.map((r) => r.bib)).toEqual(['202']);
    const without = data<BibPageVO>(await committee.get(`${url()}?hasBib=false`));
    expect(without.list).toHaveLength(1);
    const desc = data<BibPageVO>(await committee.get(`${url()}?sortKey=bib&sortDir=desc`));
    expect(desc.list[0]!.bib).toBe('202');
  });

  it('keepExisting numbers only the newcomers (the submitted one too, when asked)', async () => {
    const before = await bibs();
    const res = await committee.post(url(), { ...byDelegation(true), includeSubmitted: true });
    expect(data<BibAssignResult>(res)).toMatchObject({ eligible: 6, assigned: 1, kept: 5, changed: 1 });
    const after = await bibs();
    const newcomer = athletes[5]!.id;
    expect(after.get(newcomer)).toBe('203');
    for (const [id, b] of before) if (id !== newcomer) expect(after.get(id)).toBe(b);
  });

  it('an overflowing scheme is refused in the user language and nothing is written', async () => {
    const before = await bibs();
    const scheme = { scheme: { kind: 'delegation', start: 1, step: 2 }, keepExisting: false, includeSubmitted: true };
    const en = await committee.post(url(), scheme);
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toContain('needs 3 bibs but the range 1–2 has only 2 free');
    const zh = await committee.raw({
      method: 'POST',
      url: url(),
      payload: JSON.stringify(scheme),
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
    });
    expect(zh.json().msg).toContain('号码段 1–2');
    expect(await bibs()).toEqual(before);
  });

  it('group ranges number each group in its own range', async () => {
    const res = await committee.post(url(), {
      scheme: {
        kind: 'group-ranges',
        ranges: [
          { groupId: boysId, from: 1001, to: 1999 },
          { groupId: girlsId, from: 2001, to: 2999 },
        ],
      },
      keepExisting: false,
    });
    expect(code(res)).toBe('00000');
    const held = await bibs();
    for (const a of athletes.slice(0, 5)) {
      const n = Number(held.get(a.id));
      if (a.groupId === boysId) expect(n).toBeGreaterThanOrEqual(1001);
      else expect(n).toBeGreaterThanOrEqual(2001);
    }
    // Renumbering without includeSubmitted takes the submitted athlete's bib away.
    expect(held.get(athletes[5]!.id)).toBeNull();
  });

  it('a hand change checks uniqueness and the version', async () => {
    const page = data<BibPageVO>(await committee.get(`${url()}?hasBib=true&pageSize=50`));
    const [first, second] = page.list as [BibVO, BibVO];
    const dup = await committee.put(url(), { athleteId: first.athleteId, bib: second.bib, version: first.version });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toContain(`bib ${second.bib} is already worn by`);
    const okRes = await committee.put(url(), { athleteId: first.athleteId, bib: '7', version: first.version });
    expect(code(okRes)).toBe('00000');
    expect(data<BibVO>(okRes)).toMatchObject({ bib: '7', version: first.version + 1 });
    expect((await bibs()).get(first.athleteId)).toBe('7');
    const stale = await committee.put(url(), { athleteId: first.athleteId, bib: '8', version: first.version });
    expect(stale.statusCode).toBe(409);
    expect((await bibs()).get(first.athleteId)).toBe('7');
    const bad = await committee.put(url(), { athleteId: first.athleteId, bib: '1 2', version: first.version + 1 });
    expect(bad.statusCode).toBe(400);
    const cleared = await committee.put(url(), { athleteId: first.athleteId, bib: null, version: first.version + 1 });
    expect(data<BibVO>(cleared).bib).toBeNull();
  });

  it('an athlete of another meeting is not reached', async () => {
    const res = await committee.put(url(), { athleteId: 2_000_000, bib: '1', version: 1 });
    expect(res.statusCode).toBe(404);
  });

  it('referees and area users are refused, and nothing is written', async () => {
    const before = await bibs();
    for (const who of ['referee', 'county']) {
      const c = await signIn(t, who);
      expect((await c.post(url(), byDelegation())).statusCode).toBe(403);
      expect((await c.get(url())).statusCode).toBe(403);
    }
    expect(await bibs()).toEqual(before);
  });
});
