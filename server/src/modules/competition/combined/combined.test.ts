import type { CombinedStandingVO, RoundVO, TeamScoresVO } from '@baton/contracts';
import { combinedPoints } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { athlete, entry, item } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { demoGroups } from '../../apply/testkit.js';
import { type Client, code, data, insertAthlete, useClients } from '../../meetings/testkit.js';
import { readPdf } from '../documents/testkit.js';
import { type Fixture, fixture } from '../scores/testkit.js';

/**
 * A heptathlon over the HTTP API, checked against a published score sheet: the London 2012
 * winner's seven marks (Ennis: 12.54, 1.86, 14.28, 22.83, 6.48, 47.49, 2:08.65 — 1195, 1054,
 * 813, 1096, 1001, 812, 984 = 6955) and the world record's (Joyner-Kersee, Seoul 1988: 12.69,
 * 1.86, 15.80, 22.56, 7.27, 45.66, 2:08.51 = 7291). Each discipline is a round with its own
 * start list and results; the standing moves after each discipline is official, on the public
 * page too; an athlete who does not start the shot put abandons (TR 39.10) and is in no later
 * start list; the final places score in the team table. A 三项全能 heat timed by hand scores
 * with the tables' manual difference.
 */
const t = useTestApp();
const { committee, referee } = useClients(t, 'committee', 'referee');
let fx: Fixture;
let anonymous: Client;

const ENNIS = ['12.54', 1.86, 14.28, '22.83', 6.48, 47.49, '2:08.65'] as const;
const JJK = ['12.69', 1.86, 15.8, '22.56', 7.27, 45.66, '2:08.51'] as const;
const THIRD = ['14.80', 1.5, 10.0] as const;

let hep: number;
const people = new Map<string, number>(); // name → entry id

async function enrol(groupItemId: number, groupId: number, dlg: number, name: string, gender: 'M' | 'F') {
  const athleteId = await insertAthlete(t, {
    meetingId: fx.meetingId,
    delegationId: fx.delegations[dlg]!,
    groupId,
    status: 'approved',
  });
  await t.database.db.update(athlete).set({ name, gender }).where(eq(athlete.id, athleteId));
  const [e] = await t.database.db
    .insert(entry)
    .values({ meetingId: fx.meetingId, delegationId: fx.delegations[dlg]!, athleteId, groupItemId, status: 'approved' })
    .returning({ id: entry.id });
  people.set(name, e!.id);
}

async function addEvent(groupName: string, itemCode: string) {
  const g = (await demoGroups(t)).get(groupName)!;
  const [it] = await t.database.db.select({ id: item.id }).from(item).where(eq(item.code, itemCode));
  const res = await committee.post('/api/v1/group-items', { groupId: g.id, itemId: it!.id });
  expect(code(res), res.body).toBe('00000');
  return { groupItemId: data<{ id: number; rounds: { name: string; discipline?: string }[] }>(res), groupId: g.id };
}

/** Make, publish and return the start list of discipline `index`. */
async function startList(groupItemId: number, index: number): Promise<RoundVO> {
  const made = await committee.post(`/api/v1/competition/events/${groupItemId}/start-list`, { roundIndex: index });
  expect(code(made), made.body).toBe('00000');
  const round = data<RoundVO>(made);
  const pub = await committee.post(`/api/v1/competition/rounds/${round.id}/publish`, { version: round.version });
  expect(code(pub), pub.body).toBe('00000');
  return data<RoundVO>(pub);
}

const startOf = (round: RoundVO, name: string) =>
  round.heats.flatMap((h) => h.starts).find((s) => s.entryId === people.get(name))!;

async function official(round: RoundVO) {
  const now = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${round.id}`));
  for (const h of now.heats) {
    const res = await committee.post(`/api/v1/competition/heats/${h.id}/official`, { version: h.version });
    expect(code(res), res.body).toBe('00000');
  }
}

async function race(round: RoundVO, marks: Record<string, string | 'DNS'>) {
  for (const h of round.heats) {
    const rows = h.starts.map((s) => {
      const name = [...people].find(([, id]) => id === s.entryId)![0];
      const m = marks[name];
      return m === 'DNS'
        ? { startId: s.id, version: s.version, code: 'DNS' }
        : { startId: s.id, version: s.version, mark: m };
    });
    const res = await referee.put(`/api/v1/competition/heats/${h.id}/results`, {
      version: h.version,
      ...(round.event.windMeasured ? { wind: 0.5 } : {}),
      rows,
    });
    expect(code(res), res.body).toBe('00000');
  }
  await official(round);
}

async function throwOrJump(round: RoundVO, marks: Record<string, number | 'DNS'>) {
  for (const [name, m] of Object.entries(marks)) {
    const s = startOf(round, name);
    if (m === 'DNS') {
      const h = round.heats.find((x) => x.starts.some((y) => y.id === s.id))!;
      const res = await referee.put(`/api/v1/competition/heats/${h.id}/results`, {
        version: h.version,
        rows: [{ startId: s.id, version: s.version, code: 'DNS' }],
      });
      expect(code(res), res.body).toBe('00000');
      continue;
    }
    // Three trials (TR 39.8.1 in combined events): the mark, then two fouls.
    for (const [seq, outcome] of [
      [1, 'O'],
      [2, 'X'],
      [3, 'X'],
    ] as const) {
      const res = await referee.post(`/api/v1/competition/starts/${s.id}/trials`, {
        seq,
        outcome,
        mark: outcome === 'O' ? m : null,
        ...(round.event.windMeasured ? { wind: outcome === 'O' ? 1.1 : null } : {}),
      });
      expect(code(res), res.body).toBe('00000');
    }
  }
  await official(round);
}

async function highJump(round: RoundVO, best: Record<string, number>) {
  for (const [name, top] of Object.entries(best)) {
    const s = startOf(round, name);
    let seq = 0;
    for (const h of [...new Set([1.5, top])]) {
      const res = await referee.post(`/api/v1/competition/starts/${s.id}/trials`, {
        seq: ++seq,
        outcome: 'O',
        height: h,
      });
      expect(code(res), res.body).toBe('00000');
    }
    for (let i = 0; i < 3; i++) {
      const res = await referee.post(`/api/v1/competition/starts/${s.id}/trials`, {
        seq: ++seq,
        outcome: 'X',
        height: Math.round((top + 0.03) * 100) / 100,
      });
      expect(code(res), res.body).toBe('00000');
    }
  }
  await official(round);
}

const standing = async (c: Client, url: string) => {
  const res = await c.get(url);
  expect(code(res), res.body).toBe('00000');
  return data<CombinedStandingVO>(res);
};
const staff = (groupItemId: number) => standing(committee, `/api/v1/competition/events/${groupItemId}/combined`);
const pub = (groupItemId: number) =>
  standing(anonymous, `/api/v1/public/competition/${fx.meetingId}/combined?groupItemId=${groupItemId}`);
const row = (s: CombinedStandingVO, name: string) => s.rows.find((r) => r.name === name)!;

beforeAll(async () => {
  fx = await fixture(t);
  anonymous = {
    get: (url) => t.app.inject({ method: 'GET', url }),
  } as Client;
  const made = await addEvent('U16 Girls', 'HEP');
  hep = made.groupItemId.id;
  // TR 39.2.1: the heptathlon's seven disciplines in their order, as the event's rounds.
  expect(made.groupItemId.rounds.map((r) => r.discipline)).toEqual(['100H', 'HJ', 'SP', '200', 'LJ', 'JT', '800']);
  await enrol(hep, made.groupId, 0, 'Ennis', 'F');
  await enrol(hep, made.groupId, 1, 'Joyner-Kersee', 'F');
  await enrol(hep, made.groupId, 2, 'Third', 'F');
});

describe('a heptathlon through the API', () => {
  it('each discipline is a round run as that event; points, running totals and places follow each official discipline', async () => {
    const hurdles = await startList(hep, 0);
    expect(hurdles.discipline).toBe('100H');
    expect(hurdles.event.kind).toBe('track');
    expect(hurdles.event.itemCode).toBe('100H');
    expect(hurdles.event.windMeasured).toBe(true);
    expect(hurdles.event.itemNameEn).toBe('Heptathlon 100 m hurdles');
    // Nothing official yet: no place, nothing public to count.
    expect((await pub(hep)).rows.every((r) => r.place === null && r.total === 0)).toBe(true);

    await race(hurdles, { Ennis: ENNIS[0], 'Joyner-Kersee': JJK[0], Third: THIRD[0] });
    // Live after the first discipline, on the public page: 1195 and 1172.
    const after1 = await pub(hep);
    expect(row(after1, 'Ennis').total).toBe(1195);
    expect(row(after1, 'Joyner-Kersee').total).toBe(1172);
    expect(row(after1, 'Ennis').place).toBe(1);
    expect(after1.disciplines.map((d) => d.counted)).toEqual([true, false, false, false, false, false, false]);

    const hj = await startList(hep, 1);
    expect(hj.event.kind).toBe('field-height');
    await highJump(hj, { Ennis: ENNIS[1], 'Joyner-Kersee': JJK[1], Third: THIRD[1] });

    const sp = await startList(hep, 2);
    expect(sp.trials).toBe(3);
    await throwOrJump(sp, { Ennis: ENNIS[2], 'Joyner-Kersee': JJK[2], Third: 'DNS' });
    // Third did not start the shot put (TR 39.10): abandoned, no place, and not in the 200 m.
    const after3 = await staff(hep);
    expect(row(after3, 'Third').abandoned).toBe(true);
    expect(row(after3, 'Third').place).toBeNull();
    expect(row(after3, 'Ennis').total).toBe(1195 + 1054 + 813);

    const two = await startList(hep, 3);
    expect(two.heats.flatMap((h) => h.starts).map((s) => s.entryId)).not.toContain(people.get('Third'));
    await race(two, { Ennis: ENNIS[3], 'Joyner-Kersee': JJK[3] });
    await throwOrJump(await startList(hep, 4), { Ennis: ENNIS[4], 'Joyner-Kersee': JJK[4] });
    await throwOrJump(await startList(hep, 5), { Ennis: ENNIS[5], 'Joyner-Kersee': JJK[5] });
    await race(await startList(hep, 6), { Ennis: ENNIS[6], 'Joyner-Kersee': JJK[6] });

    const done = await pub(hep);
    expect(done.final).toBe(true);
    expect(row(done, 'Ennis').scores.map((s) => s.points)).toEqual([1195, 1054, 813, 1096, 1001, 812, 984]);
    expect(row(done, 'Ennis').total).toBe(6955);
    expect(row(done, 'Joyner-Kersee').scores.map((s) => s.points)).toEqual([1172, 1054, 915, 1123, 1264, 776, 987]);
    expect(row(done, 'Joyner-Kersee').total).toBe(7291);
    expect(done.rows.map((r) => [r.name, r.place])).toEqual([
      ['Joyner-Kersee', 1],
      ['Ennis', 2],
      ['Third', null],
    ]);
  });

  it('the final places score in the team table (9 and 7 by the event’s table), not the 800 m’s own places', async () => {
    const res = await committee.get(`/api/v1/competition/meetings/${fx.meetingId}/scores`);
    const table = data<TeamScoresVO>(res);
    const of = (dlg: number) => table.points.find((p) => p.delegationId === fx.delegations[dlg]);
    expect(of(1)?.points).toBe(9);
    expect(of(0)?.points).toBe(7);
    expect(of(1)?.gold).toBe(1);
    expect(of(2)).toBeUndefined();
  });

  it('the timetable lists each discipline under its own name, in order', async () => {
    const res = await committee.get(`/api/v1/competition/meetings/${fx.meetingId}/timetable`);
    const rows = data<{ rounds: { groupItemId: number; index: number; itemNameEn: string; kind: string }[] }>(res)
      .rounds.filter((r) => r.groupItemId === hep)
      .sort((a, b) => a.index - b.index);
    expect(rows.map((r) => r.itemNameEn)).toEqual([
      'Heptathlon 100 m hurdles',
      'Heptathlon High jump',
      'Heptathlon Shot put',
      'Heptathlon 200 m',
      'Heptathlon Long jump',
      'Heptathlon Javelin throw',
      'Heptathlon 800 m',
    ]);
    expect(rows[1]!.kind).toBe('field-height');
  });

  it('certificates print the combined places with the total points (not the 800 m’s)', async () => {
    const res = await committee.get(`/api/v1/competition/meetings/${fx.meetingId}/pdf/certificates?groupItemId=${hep}`);
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(2);
    const [first, second] = pdf.text;
    expect(first).toContain('Joyner-Kersee');
    expect(first).toContain('7291');
    expect(second).toContain('Ennis');
    expect(second).toContain('6955');
  });

  it('the results book prints the score sheet: points per discipline with the mark, the total, the places', async () => {
    const url = `/api/v1/competition/meetings/${fx.meetingId}/books`;
    let job = data<{ id: string; status: string }>(await committee.post(`${url}?book=results&lang=en&paper=A4`));
    for (let i = 0; i < 400 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = data(await committee.get(`${url}/${job.id}`));
    }
    expect(job.status).toBe('done');
    const pdf = await readPdf((await committee.get(`${url}/${job.id}/pdf`)).rawPayload);
    const start = pdf.text.findIndex((p, i) => i > 1 && p.split('\n').some((l) => /^\d+ Combined events$/.test(l)));
    expect(start).toBeGreaterThan(1);
    const sheet = pdf.text.slice(start).join('\n');
    expect(sheet).toMatch(/^\d+\.1 U16 Girls Heptathlon$/m);
    // Ennis: 1195 points for 12.54 in the hurdles, 6955 in all; Joyner-Kersee 7291, first.
    const lines = sheet.split('\n');
    expect(lines).toContain('1195');
    expect(lines).toContain('12.54');
    expect(lines.indexOf('7291')).toBeGreaterThan(-1);
    expect(lines.indexOf('7291')).toBeLessThan(lines.indexOf('6955'));
  });

  it('a discipline of a combined event has no jump-off, and its plan refuses a discipline without a table', async () => {
    const rounds = data<RoundVO[]>(await committee.get(`/api/v1/competition/meetings/${fx.meetingId}/events`));
    expect(rounds).toBeDefined();
    const g = (await demoGroups(t)).get('U16 Girls')!;
    const [dec] = await t.database.db.select({ id: item.id }).from(item).where(eq(item.code, 'DEC'));
    const bad = await committee.post('/api/v1/group-items', {
      groupId: g.id,
      itemId: dec!.id,
      rounds: [{ name: 'final', discipline: '110H' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/110H has no combined-events scoring table/);
  });
});

describe('a 三项全能 heat timed by hand', () => {
  it('the heat is flagged hand-timed and its times score with the tables’ +0.24 s', async () => {
    const made = await addEvent('U16 Boys', 'TRI');
    const tri = made.groupItemId.id;
    expect(made.groupItemId.rounds.map((r) => r.discipline)).toEqual(['100', 'LJ', 'SP']);
    await enrol(tri, made.groupId, 0, 'Hand A', 'M');
    await enrol(tri, made.groupId, 1, 'Hand B', 'M');
    const round = await startList(tri, 0);
    const heat = round.heats[0]!;
    const flagged = await referee.put(`/api/v1/competition/heats/${heat.id}/timing`, {
      version: heat.version,
      handTimed: true,
    });
    expect(code(flagged), flagged.body).toBe('00000');
    const now = data<RoundVO>(flagged);
    expect(now.heats[0]!.handTimed).toBe(true);
    await race(now, { 'Hand A': '11.0', 'Hand B': '11.4' });
    const s = await staff(tri);
    expect(row(s, 'Hand A').scores[0]).toMatchObject({ handTimed: true, points: combinedPoints('100', 'M', 11.24) });
    expect(row(s, 'Hand A').total).toBe(combinedPoints('100', 'M', 11.24));
    expect(row(s, 'Hand B').total).toBe(combinedPoints('100', 'M', 11.64));
    // Official: the flag no longer changes.
    const late = await referee.put(`/api/v1/competition/heats/${heat.id}/timing`, {
      version: data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${round.id}`)).heats[0]!.version,
      handTimed: false,
    });
    expect(late.statusCode).toBe(409);
  });
});
