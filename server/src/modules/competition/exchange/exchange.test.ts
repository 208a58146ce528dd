import { and, asc, eq, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  athlete,
  compHeat,
  compLog,
  compStart,
  delegation,
  entry,
  group,
  groupItem,
  item,
} from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/app.js';
import { athleteForm, type DemoGroup, demoDelegations, demoGroups } from '../../apply/testkit.js';
import { type Client, code, copyMeeting, data, demoMeetingId, multipartFile, signIn } from '../../meetings/testkit.js';
import { ensureRounds } from '../rounds.js';
import { parseHytek } from './hytek.js';
import { type LynxHeat, parseEvt, parsePpl, parseSch } from './lynx.js';
import { enrolByCommittee } from './testkit.js';
import { joinName } from './text.js';

/**
 * The exchange routes on a real database: FinishLynx export → a .lif made from it → import
 * (the same competitors, the times in the DB), Hy-Tek export → import into a second meeting
 * with the same groups and delegations (the same entries), and the refusals.
 */

const t = useTestApp();
let committee: Client;
let meetingId: number;
let u16b: DemoGroup;
let roundId: number;
let heatId: number;
let draftHeatId: number;
let groupItem100: number;
const athletes: { id: number; name: string; bib: string | null; delegationId: number; entry100: number }[] = [];

const url = (id: number, file: string) => `/api/v1/competition/meetings/${id}/exchange/${file}`;
const upload = (c: Client, path: string, text: string | Buffer, name: string) =>
  c.raw({ method: 'POST', url: path, ...multipartFile(Buffer.isBuffer(text) ? text : Buffer.from(text), name) });

beforeAll(async () => {
  committee = await signIn(t, 'committee');
  meetingId = await demoMeetingId(t);
  u16b = (await demoGroups(t)).get('U16 Boys')!;
  const dels = (await demoDelegations(t)).filter((d) => d.meetingId === meetingId);
  groupItem100 = u16b.items.get('100')!;
  // Six athletes of three delegations, each in the 100 m and the long jump; the fifth has no bib.
  for (let i = 0; i < 6; i++) {
    const d = dels[i % 3]!;
    const form = athleteForm(u16b, { name: `选手${'甲乙丙丁戊己'[i]}`, nameEn: `Runner ${i}` });
    const a = await enrolByCommittee(committee, d.id, form, [
      { groupItemId: groupItem100, seedMark: `12.${30 + i}` },
      { groupItemId: u16b.items.get('LJ')!, seedMark: `5.${10 + i}` },
    ]);
    const bib = i === 4 ? null : String(1001 + i);
    await t.database.db.update(athlete).set({ bib }).where(eq(athlete.id, a.id));
    athletes.push({ id: a.id, name: a.name, bib, delegationId: d.id, entry100: a.entryIds[0]! });
  }
  // A published heat of the 100 m heats (lanes 3–8), and a draft heat of the 200 m.
  const db = t.database.db;
  const [r1] = await ensureRounds(db, groupItem100);
  roundId = r1!.id;
  const [h] = await db
    .insert(compHeat)
    .values({ meetingId, roundId, number: 1, status: 'set' })
    .returning({ id: compHeat.id });
  heatId = h!.id;
  await db.insert(compStart).values(
    athletes.map((a, i) => ({
      meetingId,
      roundId,
      heatId,
      entryId: a.entry100,
      athleteId: a.id,
      delegationId: a.delegationId,
      lane: i + 3,
      position: i + 1,
    })),
  );
  const [r200] = await ensureRounds(db, u16b.items.get('200')!);
  const [d200] = await db
    .insert(compHeat)
    .values({ meetingId, roundId: r200!.id, number: 1, status: 'draft' })
    .returning({ id: compHeat.id });
  draftHeatId = d200!.id;
});

async function startsOfHeat(id: number) {
  return t.database.db.select().from(compStart).where(eq(compStart.heatId, id)).orderBy(asc(compStart.lane));
}

/** A FinishLynx result file for a heat of the evt: places by time, the given statuses. */
function lifFrom(h: LynxHeat, times: (string | 'DNS' | 'DNF')[], wind = '+1.23') {
  const rows = h.competitors.map((p, i) => ({ p, time: times[i]!, rt: `0.1${i}${i}` }));
  const finished = rows.filter((r) => /^\d/.test(r.time)).sort((a, b) => Number(a.time) - Number(b.time));
  const lines = [`${h.event},${h.round},${h.heat},${h.name},${wind},m/s,AUTO,,,100,14:00:00.000`];
  for (const r of rows) {
    const place = /^\d/.test(r.time) ? String(finished.indexOf(r) + 1) : r.time;
    const time = /^\d/.test(r.time) ? r.time : '';
    lines.push(
      `${place},${r.p.id},${r.p.lane},${r.p.lastName},${r.p.firstName},${r.p.affiliation},${time},,${time},${r.rt},${time}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('FinishLynx export', () => {
  it('lynx.evt lists the published heats of timed events with their competitors by lane', async () => {
    const res = await committee.get(url(meetingId, 'lynx.evt'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['content-disposition']).toContain('filename="lynx.evt"');
    const heats = parseEvt(res.body);
    // The draft 200 m heat and the long jump (a field event) are not there.
    expect(heats.map((h) => [h.event, h.round, h.heat])).toEqual([[groupItem100, 1, 1]]);
    const h = heats[0]!;
    expect(h.name).toContain('100');
    expect(h.competitors.map((c) => [c.lane, c.id, joinName(c.lastName, c.firstName)])).toEqual(
      athletes.map((a, i) => [i + 3, a.bib ?? '', a.name]),
    );
    expect(h.competitors[0]!.affiliation).toBe('瑞中');
  });

  it('lynx.ppl lists the people by bib, lynx.sch the running order', async () => {
    const ppl = parsePpl((await committee.get(url(meetingId, 'lynx.ppl'))).body);
    expect(ppl.map((p) => p.id)).toEqual(athletes.filter((a) => a.bib).map((a) => a.bib));
    expect(joinName(ppl[0]!.lastName, ppl[0]!.firstName)).toBe(athletes[0]!.name);
    const sch = parseSch((await committee.get(url(meetingId, 'lynx.sch'))).body);
    expect(sch).toEqual([{ event: groupItem100, round: 1, heat: 1 }]);
  });
});

describe('FinishLynx .lif import', () => {
  it('refuses a row that matches nobody, and writes nothing', async () => {
    const [h] = parseEvt((await committee.get(url(meetingId, 'lynx.evt'))).body);
    const stranger = { id: '9999', lane: 1, lastName: 'Nobody', firstName: 'Here', affiliation: 'X' };
    const text = lifFrom({ ...h!, competitors: [...h!.competitors, stranger] }, [
      '11.01',
      '11.02',
      '11.03',
      '11.04',
      '11.05',
      '11.06',
      '11.07',
    ]);
    const res = await upload(committee, `/api/v1/competition/heats/${heatId}/lif`, text, 'heat.lif');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/line 8: Here Nobody \(ID 9999, lane 1\): nobody in this heat has ID 9999/);
    const form = multipartFile(Buffer.from(text), 'heat.lif');
    const zh = await committee.raw({
      method: 'POST',
      url: `/api/v1/competition/heats/${heatId}/lif`,
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': 'zh-CN' },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('第 8 行：Here Nobody（ID 9999，1 道）：该组没有号码 9999');
    expect((await startsOfHeat(heatId)).every((s) => s.value === null && s.mark === null)).toBe(true);
  });

  it('refuses a file of another heat, a heat that is not set, and a file over 1 MB', async () => {
    const [h] = parseEvt((await committee.get(url(meetingId, 'lynx.evt'))).body);
    const times = ['11.01', '11.02', '11.03', '11.04', '11.05', '11.06'];
    const other = lifFrom({ ...h!, heat: 2 }, times);
    const wrong = await upload(committee, `/api/v1/competition/heats/${heatId}/lif`, other, 'h.lif');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toContain(`heat 2, but the heat chosen is ${groupItem100}-1-1`);
    const draft = await upload(committee, `/api/v1/competition/heats/${draftHeatId}/lif`, lifFrom(h!, times), 'h.lif');
    expect(draft.statusCode).toBe(400);
    expect(draft.json().msg).toContain('status “set”');
    const big = await upload(
      committee,
      `/api/v1/competition/heats/${heatId}/lif`,
      Buffer.alloc(1024 * 1024 + 1, 'a'),
      'h.lif',
    );
    expect(big.statusCode).toBe(400);
    const junk = await upload(committee, `/api/v1/competition/heats/${heatId}/lif`, Buffer.from([0, 1, 2]), 'h.lif');
    expect(junk.statusCode).toBe(400);
    expect((await startsOfHeat(heatId)).every((s) => s.value === null)).toBe(true);
  });

  it('round trip: evt → a .lif made from it → import gives the same competitors and the times land', async () => {
    const [h] = parseEvt((await committee.get(url(meetingId, 'lynx.evt'))).body);
    // Lane 8 did not start; lane 7 (no bib) is matched by its lane.
    const times = ['11.234', '10.991', '11.5', '11.005', '12.001', 'DNS'];
    const res = await upload(committee, `/api/v1/competition/heats/${heatId}/lif`, lifFrom(h!, times), 'heat.lif');
    expect(res.statusCode, res.body).toBe(200);
    const vo = data<{
      wind: number;
      rows: { startId: number; bib: string | null; lane: number; name: string; matchedBy: string }[];
    }>(res);
    expect(vo.wind).toBe(1.3);
    // The same competitors as the evt, lane by lane.
    expect(vo.rows.map((r) => [r.lane, r.bib ?? '', r.name])).toEqual(
      h!.competitors.map((c) => [c.lane, c.id, joinName(c.lastName, c.firstName)]),
    );
    expect(vo.rows.find((r) => r.lane === 7)!.matchedBy).toBe('lane');
    expect(vo.rows.find((r) => r.lane === 3)!.matchedBy).toBe('bib');

    const starts = await startsOfHeat(heatId);
    expect(starts.map((s) => [s.lane, s.value, s.mark, s.place, s.code])).toEqual([
      [3, 11.234, '11.24', 3, null],
      [4, 10.991, '11.00', 1, null],
      [5, 11.5, '11.50', 4, null],
      [6, 11.005, '11.01', 2, null],
      [7, 12.001, '12.01', 5, null],
      [8, null, null, null, 'DNS'],
    ]);
    expect(starts[0]!.reactionTime).toBe(0.1);
    expect(starts[1]!.reactionTime).toBe(0.111);
    expect(starts.every((s) => s.version === 2)).toBe(true);
    const [heat] = await t.database.db.select().from(compHeat).where(eq(compHeat.id, heatId));
    expect(heat!.wind).toBe(1.3);
    expect(heat!.status).toBe('set');
    const logs = await t.database.db.select().from(compLog).where(eq(compLog.heatId, heatId));
    expect(logs.map((l) => l.action)).toEqual(['lif-import']);

    // The shared read model shows the provisional results.
    const round = data<{ heats: { starts: { mark: string | null }[] }[] }>(
      await committee.get(`/api/v1/competition/rounds/${roundId}`),
    );
    expect(round.heats[0]!.starts.map((s) => s.mark)).toEqual(['11.24', '11.00', '11.50', '11.01', '12.01', null]);
  });

  it('meet.json holds competitors (no ID numbers), events, units and results', async () => {
    const res = await committee.get(url(meetingId, 'meet.json'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('wrj2025-meet.json');
    const meet = res.json() as {
      format: string;
      competitors: { athleteId: number }[];
      events: { eventNumber: number }[];
      units: { id: number }[];
      results: { startId: number; mark: string | null; code: string | null; wind: number | null }[];
    };
    expect(meet.format).toBe('baton-meet');
    const ids = await t.database.db.select({ idNumber: athlete.idNumber }).from(athlete);
    for (const { idNumber } of ids) expect(res.body).not.toContain(idNumber);
    // Athletes still in draft are on the start list, so they are competitors.
    expect(meet.competitors.map((c) => c.athleteId).sort()).toEqual(athletes.map((a) => a.id).sort());
    expect(meet.events.some((e) => e.eventNumber === groupItem100)).toBe(true);
    expect(meet.units.map((u) => u.id)).toContain(roundId);
    expect(meet.results.map((r) => r.mark ?? r.code)).toEqual(['11.24', '11.00', '11.50', '11.01', '12.01', 'DNS']);
    expect(meet.results[0]!.wind).toBe(1.3);
  });
});

/** A meeting's entries as the registration holds them, without ids. */
async function entriesOf(id: number, where?: SQL) {
  return t.database.db
    .select({
      delegation: delegation.name,
      name: athlete.name,
      nameEn: athlete.nameEn,
      idNumber: athlete.idNumber,
      birthDate: athlete.birthDate,
      gender: athlete.gender,
      fields: athlete.fields,
      group: group.name,
      item: item.code,
      seedMark: entry.seedMark,
      seedValue: entry.seedValue,
    })
    .from(entry)
    .innerJoin(athlete, eq(athlete.id, entry.athleteId))
    .innerJoin(delegation, eq(delegation.id, entry.delegationId))
    .innerJoin(groupItem, eq(groupItem.id, entry.groupItemId))
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(and(eq(entry.meetingId, id), where))
    .orderBy(asc(athlete.idNumber), asc(item.code));
}

describe('Hy-Tek entry file', () => {
  let second: number;
  beforeAll(async () => {
    second = await copyMeeting(t, meetingId, { code: 'copy2025', name: (name) => `${name}（复制）` });
  });

  it('exports I and D records for the athletes and their entries', async () => {
    const res = await committee.get(url(meetingId, 'hytek.txt'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('hytek-entries.txt');
    const file = parseHytek(res.body);
    expect(file.problems).toEqual([]);
    expect(file.athletes).toHaveLength(6);
    expect(file.entries).toHaveLength(12);
    expect(file.entries.find((e) => e.eventCode === '100')).toMatchObject({ mark: '12.30', division: 1, bib: '1001' });
  });

  it('all or nothing: one bad row and nothing is written; the report names the line', async () => {
    const text = (await committee.get(url(meetingId, 'hytek.txt'))).body.replace(
      '瑞中;瑞安中学代表队',
      'NONE;不存在代表队',
    );
    const res = await upload(committee, `${url(second, 'hytek')}`, text, 'entries.txt');
    expect(res.statusCode, res.body).toBe(200);
    const report = data<{
      total: number;
      imported: number;
      invalid: number;
      errors: { row: number; message: string }[];
    }>(res);
    expect(report.imported).toBe(0);
    expect(report.total).toBe(18);
    expect(report.errors[0]!.row).toBe(1);
    expect(report.errors[0]!.message).toContain('the meeting has no delegation 不存在代表队');
    expect(await entriesOf(second)).toEqual([]);
    expect(await t.database.db.select().from(athlete).where(eq(athlete.meetingId, second))).toEqual([]);
  });

  it('round trip: export → import into a second meeting gives the same entries', async () => {
    const text = (await committee.get(url(meetingId, 'hytek.txt'))).body;
    const res = await upload(committee, url(second, 'hytek'), text, 'entries.txt');
    expect(res.statusCode, res.body).toBe(200);
    const report = data<{ total: number; valid: number; imported: number; errors: unknown[] }>(res);
    expect(report).toMatchObject({ total: 18, valid: 18, imported: 18, errors: [] });
    const before = await entriesOf(meetingId);
    expect(before).toHaveLength(12);
    expect(await entriesOf(second)).toEqual(before);
    // Importing again: every athlete is already registered (rule 4), nothing changes.
    const again = data<{ imported: number; errors: { field: string }[] }>(
      await upload(committee, url(second, 'hytek'), text, 'entries.txt'),
    );
    expect(again.imported).toBe(0);
    expect(again.errors.length).toBeGreaterThan(0);
    expect(await entriesOf(second)).toEqual(before);
  });
});

describe('who may exchange', () => {
  it('the referee and the county user are refused; junk is a clear 400', async () => {
    const referee = await signIn(t, 'referee');
    expect((await referee.get(url(meetingId, 'lynx.evt'))).statusCode).toBe(403);
    const county = await signIn(t, 'county');
    expect([403, 404]).toContain((await county.get(url(meetingId, 'hytek.txt'))).statusCode);
    const none = await committee.post(url(meetingId, 'hytek'), {});
    expect(none.statusCode).toBe(400);
    expect(code(none)).toBe('A0400');
    expect((await committee.get(url(999999, 'lynx.evt'))).statusCode).toBe(404);
  });
});
