import { readFileSync } from 'node:fs';
import type { LifCommitVO, LifDecisions, LifImportVO, LifReviewVO } from '@baton/contracts';
import { asc, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { athlete, compHeat, compLog, compStart } from '../../../db/schema/index.js';
import { multipartFiles, useTestApp } from '../../../test/app.js';
import { realWorld } from '../../../test/real-world.js';
import { demoGroups } from '../../apply/testkit.js';
import { type Client, data, signIn } from '../../meetings/testkit.js';
import { loadRound } from '../views.js';
import { parseEvt, writeLif } from './lynx.js';
import { type LynxRunner, lynxHeats } from './testkit.js';

/**
 * FinishLynx `.lif` imports on a real database: every genuine file of
 * shared/fixtures/real-world/finishlynx (imported into a heat made for it, or refused naming the
 * line), the project's variants in fixtures/ (GBK, UTF-16LE with BOM, Windows-1252, quoted
 * fields, NP/AB, an unknown word, a re-import with fewer rows and NWI), and the review and
 * import of several files at once (a zip, conflicts, decisions, all or nothing).
 */

const real = (name: string) => realWorld(`finishlynx/${name}`);
const own = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const t = useTestApp();
let committee: Client;
let meetingId: number;
let roundId: number;
let groupItem100: number;
/** Heat number → heat id. */
const heats = new Map<number, number>();
let draftHeatId: number;

/** The heats made for the files: bibs and lanes as the files give them. */
const PLAN: Record<number, LynxRunner[]> = {
  1: ['张伟', '王芳', '李娜', '刘洋', '陈杰', '杨帆', '赵磊', '黄强'].map((name, i) => ({
    bib: String(101 + i),
    lane: i + 1,
    name,
  })),
  2: ['诸葛亮', '赵云', '欧阳娜娜', '司马光'].map((name, i) => ({ bib: String(201 + i), lane: i + 1, name })),
  3: ['Wei Huang, Jr.', "Sean O'Neil", 'John Smith', 'Tom Brown', 'Ann Lee'].map((name, i) => ({
    bib: String(301 + i),
    lane: i + 1,
    name,
  })),
  4: Array.from({ length: 8 }, (_, i) => ({ bib: String(401 + i), lane: i + 1, name: `Rider ${i + 1}` })),
  5: [
    ['24', 4, 'Romain MARRAPODI'],
    ['5', 3, 'Mathias BRACKE'],
    ['263', 6, 'marin michau'],
    ['238', 2, 'Pierre CAIGNAN'],
    ['171', 1, 'RUHLMANN Malo'],
  ].map(([bib, lane, name]) => ({ bib: String(bib), lane: Number(lane), name: String(name) })),
  6: [
    ['449', 4, 'Nico Hommer'],
    ['272', 7, 'Philipp Chau'],
    ['410', 3, 'Dennis Herdt'],
    ['412', 5, 'Dennis Mertsch'],
    ['448', 6, 'Florian Heilmann'],
    ['74', 1, 'Lars Stubbe'],
    ['183', 2, 'Johannes Peter'],
  ].map(([bib, lane, name]) => ({ bib: String(bib), lane: Number(lane), name: String(name) })),
};

beforeAll(async () => {
  committee = await signIn(t, 'committee');
  const boys = (await demoGroups(t)).get('U16 Boys')!;
  const made = await lynxHeats(t, {
    group: boys,
    team: { name: '计时测试队', shortName: '计时', contactMobile: '13900002000' },
    idPrefix: 'LIF',
    plan: PLAN,
  });
  ({ meetingId, roundId, groupItemId: groupItem100 } = made);
  for (const [number, id] of made.heats) heats.set(number, id);
  const db = t.database.db;
  const [draft] = await db
    .insert(compHeat)
    .values({ meetingId, roundId, number: 7, status: 'draft' })
    .returning({ id: compHeat.id });
  draftHeatId = draft!.id;
});

/** A multipart body: `file` parts with a `name` part each, and the decisions. */
function form(files: { name: string; bytes: Buffer }[], decisions?: LifDecisions, lang = 'en') {
  const { payload, headers } = multipartFiles(files, decisions ? { decisions: JSON.stringify(decisions) } : {});
  return { payload, headers: { ...headers, 'accept-language': lang } };
}

const lifUrl = (step: 'review' | 'commit') => `/api/v1/competition/meetings/${meetingId}/exchange/lif/${step}`;
const review = (files: { name: string; bytes: Buffer }[], decisions?: LifDecisions, lang = 'en') =>
  committee.raw({ method: 'POST', url: lifUrl('review'), ...form(files, decisions, lang) });
const commit = (files: { name: string; bytes: Buffer }[], decisions: LifDecisions, lang = 'en') =>
  committee.raw({ method: 'POST', url: lifUrl('commit'), ...form(files, decisions, lang) });
const single = (heat: number, bytes: Buffer, lang = 'en') =>
  committee.raw({
    method: 'POST',
    url: `/api/v1/competition/heats/${heats.get(heat) ?? heat}/lif`,
    ...form([{ name: 'x.lif', bytes }], undefined, lang),
  });

async function startsOf(heat: number) {
  const rows = await t.database.db
    .select({ s: compStart, bib: athlete.bib })
    .from(compStart)
    .innerJoin(athlete, eq(athlete.id, compStart.athleteId))
    .where(eq(compStart.heatId, heats.get(heat)!))
    .orderBy(asc(compStart.lane));
  return rows.map(({ s, bib }) => ({ ...s, bib }));
}
const windOf = async (heat: number) =>
  (
    await t.database.db
      .select()
      .from(compHeat)
      .where(eq(compHeat.id, heats.get(heat)!))
  )[0]!.wind;

describe('the genuine FinishLynx files (shared/fixtures/real-world/finishlynx)', () => {
  it('uni_heats_shortest-time-pop-up.evt: a lynx.evt another program wrote', () => {
    const evt = parseEvt(real('uni_heats_shortest-time-pop-up.evt').toString('utf8'));
    expect(evt.length).toBeGreaterThanOrEqual(4);
    expect(evt[0]).toMatchObject({ event: 1, round: 1, heat: 1, name: 'Shortest Time pop-up' });
    expect(evt[0]!.competitors).toHaveLength(8);
    expect(evt[0]!.competitors[0]).toMatchObject({ id: '1', lane: 1, lastName: 'Boehm', affiliation: 'Costa Rica' });
  });

  it('uni_test2.lif (0,0,0, lane-only rows, CRLF) goes into the heat chosen', async () => {
    const res = await single(4, real('uni_test2.lif'));
    expect(res.statusCode, res.body).toBe(200);
    const vo = data<LifImportVO>(res);
    expect(vo.encoding).toBe('utf-8');
    expect(vo.rows.map((r) => [r.lane, r.matchedBy, r.place, r.mark])).toEqual([
      [1, 'lane', 1, '9.24'],
      [2, 'lane', 2, '9.34'],
      [3, 'lane', 3, '9.46'],
      [4, 'lane', 4, '9.51'],
    ]);
    expect((await startsOf(4)).map((s) => s.value)).toEqual([9.232, 9.34, 9.46, 9.508, null, null, null, null]);
  });

  it('uni_800m14.lif (m:ss.xx) replaces the heat’s previous read', async () => {
    const res = await single(4, real('uni_800m14.lif'));
    expect(res.statusCode, res.body).toBe(200);
    const starts = await startsOf(4);
    expect(starts.map((s) => [s.lane, s.place, s.mark])).toEqual([
      [1, 1, '2:35.19'],
      [2, 2, '2:43.85'],
      [3, 3, '2:50.76'],
      [4, 5, '2:58.84'],
      [5, 6, '3:01.72'],
      [6, 4, '2:55.23'],
      [7, 7, '3:04.15'],
      [8, 8, '3:04.36'],
    ]);
    // Every row changed (lanes 1–4 from uni_test2, lanes 5–8 from nothing).
    expect(data<LifImportVO>(res).changes).toHaveLength(8);
  });

  it('uni_heat_01.lif: places out of time order — kept by the single import, a conflict in the review', async () => {
    const res = await single(4, real('uni_heat_01.lif'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await startsOf(4)).map((s) => s.place)).toEqual([1, 2, 3, 4, 3, 6, 7, 8]);
    const files = [{ name: 'heat_01.lif', bytes: real('uni_heat_01.lif') }];
    const chosen = { files: [{ index: 0, name: 'heat_01.lif', heatId: heats.get(4)! }] };
    const r = data<LifReviewVO>(await review(files, chosen));
    const conflict = r.files[0]!.conflicts.find((c) => c.kind === 'place-time')!;
    expect(conflict.options).toEqual(['keep-places', 'by-time']);
    expect(conflict.message).toBe(
      'the places are not in the order of the times: line 6 place 3 (9.341) against line 4 place 3 (9.460); line 8 place 7 (9.238) against line 7 place 6 (10.420)',
    );
    const done = await commit(files, {
      files: [{ ...chosen.files[0]!, resolutions: { 'place-time': 'by-time' } }],
    });
    expect(done.statusCode, done.body).toBe(200);
    // By time: 9.232, 9.238 (both shown 9.24, told apart by the 1/1000), 9.340, 9.341, …
    expect((await startsOf(4)).map((s) => s.place)).toEqual([1, 3, 5, 6, 4, 8, 2, 7]);
  });

  it('uni_no_time_01.lif: a place without a time is refused, naming the line and the lane', async () => {
    const res = await single(4, real('uni_no_time_01.lif'));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('line 2: lane 1: place 1 but no time');
  });

  it('uni_test.lif (event 7, 19 fields): reviewed, the heat chosen, imported by ID', async () => {
    const files = [{ name: 'test.lif', bytes: real('uni_test.lif') }];
    const first = data<LifReviewVO>(await review(files));
    expect(first.files[0]!.slot).toEqual({ event: 7, round: 1, heat: 1 });
    const res = await commit(files, { files: [{ index: 0, name: 'test.lif', heatId: heats.get(5)! }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await startsOf(5)).map((s) => [s.bib, s.place, s.mark])).toEqual([
      ['171', 5, '11.54'],
      ['238', 4, '10.85'],
      ['5', 2, '9.51'],
      ['24', 1, '8.31'],
      ['263', 3, '10.01'],
    ]);
  });

  it('seltec_60mH.lif (event 1000007): no heat matches until one is chosen; as cp1252 too', async () => {
    for (const [name, bytes, encoding] of [
      ['seltec_60mH.lif', real('seltec_60mH.lif'), 'utf-8'],
      ['seltec_60mH.cp1252.lif', own('seltec_60mH.cp1252.lif'), 'windows-1252'],
    ] as const) {
      const files = [{ name, bytes }];
      const r = data<LifReviewVO>(await review(files));
      const f = r.files[0]!;
      expect(f.encoding).toBe(encoding);
      expect(f.eventName).toBe('60m Hürden Zeitläufe MJB');
      expect(f.slot).toEqual({ event: 1000007, round: 1000007, heat: 1 });
      expect(f.conflicts.map((c) => c.kind)).toEqual(['no-heat']);
      expect(r.unresolved).toBe(1);
      const refused = await commit(files, { files: [] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toContain('nothing was imported');
      const res = await commit(files, { files: [{ index: 0, name, heatId: heats.get(6)! }] });
      expect(res.statusCode, res.body).toBe(200);
      expect(data<LifCommitVO>(res).heats[0]!.result.encoding).toBe(encoding);
    }
    const starts = await startsOf(6);
    expect(starts.map((s) => [s.lane, s.bib, s.place, s.mark])).toEqual([
      [1, '74', 6, '9.12'],
      [2, '183', 7, '10.25'],
      [3, '410', 3, '8.99'],
      [4, '449', 1, '8.92'],
      [5, '412', 4, '9.02'],
      [6, '448', 5, '9.03'],
      [7, '272', 2, '8.93'],
    ]);
  });
});

describe('the project’s variants (fixtures/)', () => {
  it('GBK with 1/10000 times and 4-decimal reactions', async () => {
    const res = await single(1, own('gbk_heat1.lif'));
    expect(res.statusCode, res.body).toBe(200);
    const vo = data<LifImportVO>(res);
    expect(vo.encoding).toBe('gb18030');
    expect(vo.wind).toBe(0.8);
    expect(vo.rows.find((r) => r.bib === '104')).toMatchObject({
      name: '刘洋',
      time: '10.8451',
      reaction: '0.1234',
      value: 10.846,
      mark: '10.85',
      reactionTime: 0.123,
      place: 1,
    });
    const starts = await startsOf(1);
    expect(starts.map((s) => [s.bib, s.place, s.mark, s.value, s.code, s.reactionTime])).toEqual([
      ['101', null, null, null, 'DNF', 0.167],
      ['102', 5, '11.24', 11.235, null, 0.2],
      ['103', 3, '10.91', 10.901, null, 0.15],
      ['104', 1, '10.85', 10.846, null, 0.123],
      ['105', 2, '10.85', 10.85, null, 0.145],
      ['106', 4, '11.01', 11.002, null, 0.099],
      ['107', 6, '11.50', 11.5, null, 0.178],
      ['108', null, null, null, 'DQ', 0.089],
    ]);
    expect(await windOf(1)).toBe(0.8);
  });

  it('re-import with fewer rows and NWI replaces the read as a whole and lists the changes', async () => {
    const res = await single(1, own('reimport-nwi_heat1.lif'));
    expect(res.statusCode, res.body).toBe(200);
    const vo = data<LifImportVO>(res);
    expect(vo.wind).toBeNull();
    expect(await windOf(1)).toBeNull();
    const starts = await startsOf(1);
    expect(starts.map((s) => [s.bib, s.place, s.mark, s.code, s.reactionTime])).toEqual([
      ['101', null, null, 'DNS', null],
      ['102', null, null, null, null],
      ['103', 2, '10.90', null, null],
      ['104', 1, '10.84', null, 0.13],
      ['105', null, null, null, null],
      ['106', null, null, null, null],
      ['107', null, null, null, null],
      ['108', null, null, null, null],
    ]);
    expect(vo.changes.find((c) => c.bib === '105')).toEqual({
      startId: starts[4]!.id,
      bib: '105',
      lane: 5,
      name: '陈杰',
      before: { place: 2, mark: '10.85', code: null, reactionTime: 0.145 },
      after: { place: null, mark: null, code: null, reactionTime: null },
    });
    expect(vo.changes).toHaveLength(8);
    const logs = await t.database.db
      .select()
      .from(compLog)
      .where(eq(compLog.heatId, heats.get(1)!))
      .orderBy(asc(compLog.id));
    const last = logs.at(-1)!.detail as { encoding: string; windText: string; changes: unknown[] };
    expect(last).toMatchObject({ encoding: 'utf-8', windText: 'NWI' });
    expect(last.changes).toHaveLength(8);
  });

  it('UTF-16LE with BOM and “+1.2 Manual” wind', async () => {
    const res = await single(2, own('utf16le-bom_heat2.lif'));
    expect(res.statusCode, res.body).toBe(200);
    const vo = data<LifImportVO>(res);
    expect(vo.encoding).toBe('utf-16le');
    expect(vo.wind).toBe(1.2);
    expect(vo.rows.map((r) => [r.name, r.place, r.mark])).toEqual([
      ['欧阳娜娜', 1, '12.01'],
      ['司马光', 2, '12.35'],
      ['诸葛亮', 3, '12.87'],
    ]);
  });

  it('quoted fields ("Huang, Jr.") and NP / AB / DSQ', async () => {
    const res = await single(3, own('quoted_np_ab_heat3.lif'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await startsOf(3)).map((s) => [s.bib, s.place, s.mark, s.code])).toEqual([
      ['301', 1, '11.02', null],
      ['302', 2, '11.10', null],
      ['303', null, null, 'DNS'],
      ['304', null, null, 'DNF'],
      ['305', null, null, 'DQ'],
    ]);
    const r = data<LifReviewVO>(
      await review([{ name: 'q.lif', bytes: own('quoted_np_ab_heat3.lif') }], {
        files: [{ index: 0, name: 'q.lif', heatId: heats.get(3)! }],
      }),
    );
    expect(r.files[0]!.eventName).toBe('Boys 100 m, Heat 3');
    expect(r.files[0]!.rows[0]!.file).toMatchObject({ id: '301', name: 'Wei Huang, Jr.' });
    expect(r.files[0]!.conflicts).toEqual([]);
  });

  it('an unknown place word: refused naming the line and the word; in the review a choice', async () => {
    const bytes = own('unknown-word_heat3.lif');
    const res = await single(3, bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(
      'line 3: ID 302, lane 2: “NT” in the place column is not a FinishLynx status (DNS, DNF, DQ/DSQ, NP, AB)',
    );
    const zh = await single(3, bytes, 'zh-CN');
    expect(zh.json().msg).toContain('第 3 行：ID 302，2 道：名次栏的“NT”不是 FinishLynx 的状态');
    const files = [{ name: 'nt.lif', bytes }];
    const decision = { index: 0, name: 'nt.lif', heatId: heats.get(3)! };
    const r = data<LifReviewVO>(await review(files, { files: [decision] }));
    expect(r.files[0]!.conflicts.map((c) => [c.id, c.options])).toEqual([
      ['unknown-word:3', ['DNS', 'DNF', 'DQ', 'skip-row']],
    ]);
    const ok = await commit(files, { files: [{ ...decision, resolutions: { 'unknown-word:3': 'DNF' } }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await startsOf(3)).map((s) => s.mark ?? s.code)).toEqual(['11.02', 'DNF', null, null, null]);
  });
});

describe('several files at once', () => {
  /** A file of heat `n` of the 100 m as FinishLynx writes it, with the heat's own numbers. */
  const lifOf = (n: number, rows: { id: string; lane: number; time: string }[], event = groupItem100) =>
    Buffer.from(
      writeLif({
        header: { event, round: 1, heat: n, name: 'Boys 100 m', wind: '+0.5' },
        rows: rows.map((r, i) => ({
          line: i + 2,
          place: String(i + 1),
          id: r.id,
          lane: r.lane,
          lastName: '',
          firstName: '',
          affiliation: '',
          time: r.time,
          reactionTime: '',
        })),
      }),
    );

  it('a zip: matched by header, by file name, or not; conflicts; all or nothing', async () => {
    const h2 = lifOf(2, [
      { id: '201', lane: 1, time: '12.10' },
      { id: '202', lane: 3, time: '12.20' }, // 202 runs in lane 2: a lane mismatch
    ]);
    const h3 = lifOf(0, [{ id: '301', lane: 1, time: '11.00' }], 0); // 0,0,0, named for heat 3
    const h5 = lifOf(5, [{ id: '999', lane: 9, time: '9.00' }]); // nobody
    const h7 = lifOf(7, [{ id: '', lane: 1, time: '9.00' }]); // the draft heat
    const zip = Buffer.from(
      zipSync({
        'results/002.lif': h2,
        [`results/${groupItem100}-1-03.lif`]: h3,
        'results/005.lif': h5,
        'results/007.lif': h7,
        'results/readme.txt': Buffer.from('not a lif'),
      }),
    );
    const files = [{ name: 'results.zip', bytes: zip }];
    const r = data<LifReviewVO>(await review(files));
    expect(r.files.map((f) => [f.name, f.matchedBy, f.heatId, f.conflicts.map((c) => c.kind)])).toEqual([
      ['results/002.lif', 'header', heats.get(2), ['lane-mismatch']],
      [`results/${groupItem100}-1-03.lif`, 'file-name', heats.get(3), []],
      ['results/005.lif', 'header', heats.get(5), ['unknown-bib']],
      ['results/007.lif', 'header', draftHeatId, ['heat-not-set']],
    ]);
    expect(r.unresolved).toBe(3);
    expect(r.heats.map((h) => h.heatId)).not.toContain(draftHeatId);
    const before = await startsOf(2);
    // Unresolved: refused, nothing written.
    const refused = await commit(files, { files: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(
      /: 3 conflict\(s\) are not resolved; nothing was imported \(e\.g\. results\/002\.lif:3/,
    );
    expect(await startsOf(2)).toEqual(before);
    const decisions: LifDecisions = {
      files: [
        { index: 0, name: 'results/002.lif', resolutions: { 'lane-mismatch:3': 'trust-bib' } },
        { index: 2, name: 'results/005.lif', resolutions: { 'unknown-bib:2': 'skip-row' } },
        { index: 3, name: 'results/007.lif', skip: true },
      ],
    };
    const again = data<LifReviewVO>(await review(files, decisions));
    expect(again.unresolved).toBe(0);
    const done = await commit(files, decisions);
    expect(done.statusCode, done.body).toBe(200);
    const vo = data<LifCommitVO>(done);
    expect(vo.heats.map((h) => h.result.heatId)).toEqual([heats.get(2), heats.get(3), heats.get(5)]);
    expect((await startsOf(2)).map((s) => [s.bib, s.place, s.mark])).toEqual([
      ['201', 1, '12.10'],
      ['202', 2, '12.20'],
      ['203', null, null],
      ['204', null, null],
    ]);
    // Heat 5's only row was left out: the heat's previous read is gone.
    expect((await startsOf(5)).every((s) => s.mark === null && s.place === null)).toBe(true);
    const round = await loadRound(t.database.db, roundId);
    expect(round!.heats.find((h) => h.id === heats.get(2))!.wind).toBe(0.5);
  });

  it('the same heat in two files, and a file that cannot be read', async () => {
    const a = lifOf(2, [{ id: '201', lane: 1, time: '12.00' }]);
    const files = [
      { name: 'a.lif', bytes: a },
      { name: 'b.lif', bytes: a },
      { name: 'c.lif', bytes: Buffer.from('x,1,1\n') },
    ];
    const r = data<LifReviewVO>(await review(files));
    expect(r.files.map((f) => f.conflicts.map((c) => c.kind))).toEqual([['same-heat'], ['same-heat'], ['unreadable']]);
    expect(r.files[2]!.conflicts[0]!.message).toBe(
      'line 1: event number x is not valid (a whole number of up to 9 digits)',
    );
    const settled = data<LifReviewVO>(
      await review(files, {
        files: [
          { index: 1, name: 'b.lif', skip: true },
          { index: 2, name: 'c.lif', skip: true },
        ],
      }),
    );
    expect(settled.unresolved).toBe(0);
  });

  it('bounds: a .lif over 1 MB inside a zip, more than 200 files, bad decisions, who may', async () => {
    const big = Buffer.from(zipSync({ 'big.lif': new Uint8Array(1024 * 1024 + 1).fill(0x31) }));
    const r1 = await review([{ name: 'big.zip', bytes: big }]);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().msg).toContain('big.lif in the zip is over 1 MB');
    const many = Array.from({ length: 201 }, (_, i) => ({ name: `${i}.lif`, bytes: Buffer.from('0,0,0\n') }));
    const r2 = await review(many);
    expect(r2.statusCode).toBe(400);
    expect(r2.json().msg).toContain('at most 200 .lif files can be imported at once');
    const f = form([{ name: 'a.lif', bytes: a0() }]);
    const junk = Buffer.from(
      f.payload
        .toString('latin1')
        .replace(
          /--(\S+)--\r\n$/,
          '--$1\r\nContent-Disposition: form-data; name="decisions"\r\n\r\n{"files":1}\r\n--$1--\r\n',
        ),
      'latin1',
    );
    const r3 = await committee.raw({ method: 'POST', url: lifUrl('review'), payload: junk, headers: f.headers });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().msg).toContain('the decisions field is not valid');
    // The meeting's referee may import (lif-referee.test.ts); its area user may not.
    const county = await signIn(t, 'county');
    const denied = await county.raw({
      method: 'POST',
      url: lifUrl('review'),
      ...form([{ name: 'a.lif', bytes: a0() }]),
    });
    expect(denied.statusCode).toBe(403);
  });
});

const a0 = () => Buffer.from('0,0,0\n');
