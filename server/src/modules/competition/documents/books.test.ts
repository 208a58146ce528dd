import type { BookJobVO, RoundVO } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { delegation } from '../../../db/schema/index.js';
import { seedCompetitionDemo } from '../../../db/seed/competition.js';
import { useTestApp } from '../../../test/app.js';
import { demoGroups } from '../../apply/testkit.js';
import { code, data, demoMeetingId, useClients } from '../../meetings/testkit.js';
import { postRecord } from '../scores/testkit.js';
import { generateAllDone } from '../startlists/testkit.js';
import { type ReadPdf, readPdf } from './testkit.js';

/**
 * The books (issue 24) of the demo meeting after its competition is played through the API:
 * every first round generated ("Generate all") and published, every heat's results entered
 * (times, distances with three trials, high jump heights) and made official, a meeting record
 * beaten, a sportsmanship award given. Each book is made as a job, polled to the end, its PDF
 * read back page by page; every contents entry must name the page its heading is on.
 */
const t = useTestApp();
const { committee, referee } = useClients(t, 'committee', 'referee');
let meetingId: number;
const delegationNames: string[] = [];

async function play(round: RoundVO) {
  const kind = round.event.kind;
  for (const h of round.heats) {
    if (kind === 'field-distance') {
      for (const [k, s] of h.starts.entries()) {
        for (const [seq, outcome] of [
          [1, 'O'],
          [2, 'X'],
          [3, 'O'],
        ] as const) {
          const mark = outcome === 'O' ? Number((6.5 - k * 0.11 - (seq === 3 ? 0.05 : 0)).toFixed(2)) : null;
          const res = await committee.post(`/api/v1/competition/starts/${s.id}/trials`, {
            seq,
            outcome,
            mark,
            ...(round.event.windMeasured ? { wind: 0.8 } : {}),
          });
          expect(code(res), res.body).toBe('00000');
        }
      }
    } else if (kind === 'field-height') {
      // Athlete k clears 1.20 … 1.20 + 0.05·k at the first attempt, then fails three times.
      for (const [k, s] of h.starts.entries()) {
        let seq = 0;
        const attempt = async (height: number, outcome: 'O' | 'X') => {
          seq += 1;
          const res = await committee.post(`/api/v1/competition/starts/${s.id}/trials`, { seq, outcome, height });
          expect(code(res), res.body).toBe('00000');
        };
        let height = 1.2;
        for (let i = 0; i <= k; i++, height = Number((height + 0.05).toFixed(2))) await attempt(height, 'O');
        for (let i = 0; i < 3; i++) await attempt(height, 'X');
      }
    } else {
      const base = kind === 'relay' ? 50 : round.event.itemCode === '400' ? 60 : 12;
      const rows = h.starts.map((s, k) => ({
        startId: s.id,
        version: s.version,
        mark: (base + h.number * 0.3 + k * 0.17).toFixed(2),
      }));
      const res = await committee.put(`/api/v1/competition/heats/${h.id}/results`, {
        version: h.version,
        ...(round.event.windMeasured ? { wind: 0.5 } : {}),
        rows,
      });
      expect(code(res), res.body).toBe('00000');
    }
  }
  const now = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${round.id}`));
  for (const h of now.heats) {
    const res = await committee.post(`/api/v1/competition/heats/${h.id}/official`, { version: h.version });
    expect(code(res), res.body).toBe('00000');
  }
}

beforeAll(async () => {
  const db = t.database.db;
  meetingId = await demoMeetingId(t);
  await seedCompetitionDemo(db);
  // Bibs as the bibs module numbers them: by delegation, then name.
  await db.execute(sql`update reg_athlete a set bib = n.bib from (
      select r.id, (100 + row_number() over (order by d.id, r.name, r.id))::text as bib
      from reg_athlete r join meet_delegation d on d.id = r.delegation_id
      where r.meeting_id = ${meetingId} and r.status = 'approved') n where n.id = a.id`);
  const groups = await demoGroups(t);
  // A meeting record the 100 m winner beats.
  const rec = await postRecord(
    committee,
    meetingId,
    groups.get('U16 Boys')!.items.get('100')!,
    '12.50',
    'Record Holder',
    { year: 2019 },
  );
  expect(code(rec), rec.body).toBe('00000');

  const roundIds = (await generateAllDone(committee, meetingId)).result.made.map((m) => m.roundId);
  expect(roundIds.length).toBeGreaterThanOrEqual(4);
  for (const id of roundIds) {
    const r = data<RoundVO>(await committee.get(`/api/v1/competition/rounds/${id}`));
    const pub = await committee.post(`/api/v1/competition/rounds/${id}/publish`, { version: r.version });
    expect(code(pub), pub.body).toBe('00000');
    await play(data<RoundVO>(pub));
  }
  const dlgs = await db.select().from(delegation).where(eq(delegation.meetingId, meetingId));
  delegationNames.push(...dlgs.map((d) => d.name));
  const award = await committee.put(`/api/v1/competition/meetings/${meetingId}/sportsmanship`, {
    awards: [{ delegationId: dlgs[0]!.id, note: 'Fair play' }],
  });
  expect(code(award), award.body).toBe('00000');
}, 300_000);

const booksUrl = () => `/api/v1/competition/meetings/${meetingId}/books`;

/** Start a book, poll its job to the end (progress never goes back), fetch and read the PDF. */
async function makeBook(query: string): Promise<{ job: BookJobVO; pdf: ReadPdf; bytes: Buffer; seen: number[] }> {
  const started = await committee.post(`${booksUrl()}?${query}`);
  expect(code(started), started.body).toBe('00000');
  let job = data<BookJobVO>(started);
  const seen: number[] = [job.done];
  for (let i = 0; i < 600 && job.status === 'running'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const res = await committee.get(`${booksUrl()}/${job.id}`);
    expect(code(res), res.body).toBe('00000');
    job = data<BookJobVO>(res);
    expect(job.done).toBeGreaterThanOrEqual(seen.at(-1)!);
    expect(job.done).toBeLessThanOrEqual(job.total);
    seen.push(job.done);
  }
  expect(job.status, job.error ?? '').toBe('done');
  expect(job.done).toBe(job.total);
  const file = await committee.get(`${booksUrl()}/${job.id}/pdf`);
  expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  const pdf = await readPdf(file.rawPayload);
  expect(pdf.blank, 'every glyph drawn has an outline').toEqual([]);
  expect(job.pages).toBe(pdf.pages);
  return { job, pdf, bytes: file.rawPayload, seen };
}

const linesOf = (page: string) => page.split('\n');

/**
 * The contents (the pages after the cover headed `contents`): each entry is its numbered title
 * then its page number. Each must be the first page after the contents with that heading.
 */
/** The numbered chapters of a contents list ('1 Results'…), without their sections. */
const chapters = (entries: { title: string }[]) => entries.filter((e) => /^\d+ /.test(e.title)).map((e) => e.title);

function checkContents(pdf: ReadPdf, contents: string): { title: string; page: number }[] {
  const tocPages: number[] = [];
  for (let p = 1; p < pdf.pages && linesOf(pdf.text[p]!).includes(contents); p++) tocPages.push(p);
  expect(tocPages.length, 'contents pages after the cover').toBeGreaterThan(0);
  const entries: { title: string; page: number }[] = [];
  for (const p of tocPages) {
    const lines = linesOf(pdf.text[p]!);
    lines.forEach((line, i) => {
      const next = lines[i + 1];
      if (/^\d+(\.\d+)? \S/.test(line) && next && /^\d+$/.test(next)) entries.push({ title: line, page: Number(next) });
    });
  }
  const after = tocPages.at(-1)! + 1;
  for (const e of entries) {
    let found = -1;
    for (let p = after; p < pdf.pages; p++) {
      if (linesOf(pdf.text[p]!).includes(e.title)) {
        found = p + 1;
        break;
      }
    }
    expect(found, `"${e.title}" printed on page ${e.page}`).toBe(e.page);
  }
  // Entries in page order, every chapter listed.
  expect(entries.map((e) => e.page)).toEqual([...entries.map((e) => e.page)].sort((a, b) => a - b));
  return entries;
}

describe('programme book (秩序册)', () => {
  it('the Chinese A4 edition: cover, contents with the right pages, officials, delegations, timetable, start lists, records', async () => {
    const { pdf, seen } = await makeBook('book=programme&lang=zh-cn&paper=A4');
    const cover = pdf.text[0]!;
    expect(cover).toContain('秩序册');
    expect(cover).not.toContain('第 1 /'); // no footer on the cover
    // The organisers as the committee typed them, one line each (the demo meeting's).
    const coverLines = linesOf(cover);
    expect(coverLines).toContain('主办单位：瑞安市教育局、瑞安市体育局');
    expect(coverLines).toContain('承办单位：瑞安市体育中心');
    expect(coverLines).toContain('比赛地点  瑞安市体育中心田径场');
    const entries = checkContents(pdf, '目录');
    expect(chapters(entries).map((c) => c.replace(/^\d+ /, ''))).toEqual([
      '竞赛规程',
      '大会官员',
      '竞赛日程',
      '代表队名单',
      '分组表',
      '大会纪录',
    ]);
    // The 竞赛规程 the committee wrote: its headings, paragraphs and numbered items, in order.
    const rules = linesOf(pdf.text[entries[0]!.page - 1]!);
    const at = (line: string) => rules.findIndex((l) => l.includes(line));
    expect(at('一、竞赛日期和地点')).toBeGreaterThan(-1);
    expect(at('二、参加办法')).toBeGreaterThan(at('一、竞赛日期和地点'));
    expect(at('各代表队可报领队 1 人')).toBeGreaterThan(at('二、参加办法'));
    expect(rules).toContain('1.');
    expect(rules).toContain('2.');
    expect(at('抢跑一次即取消比赛资格')).toBeGreaterThan(at('三、竞赛办法'));
    expect(rules.join('')).not.toMatch(/<|>/);
    // One block per delegation with athletes, each listed.
    const blocks = entries.filter((e) => e.title.startsWith('4.'));
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    for (const b of blocks) expect(delegationNames).toContain(b.title.replace(/^4\.\d+ /, ''));
    const all = pdf.text.join('\n');
    expect(all).toMatch(/号码 1\d\d–1\d\d/);
    const records = pdf.text[entries.find((e) => e.title === '6 大会纪录')!.page - 1]!;
    expect(records).toContain('MR');
    expect(records).toContain('U16男子组 100米');
    // Start lists of every first round, with their heats.
    expect(entries.filter((e) => e.title.startsWith('5.')).length).toBeGreaterThanOrEqual(4);
    expect(all).toContain('第1组 / 共3组');
    expect(Math.max(...seen)).toBeGreaterThan(0);
  });

  it('the English A5 edition is on A5 paper, in English', async () => {
    const { pdf, bytes } = await makeBook('book=programme&lang=en&paper=A5');
    const doc = await PDFDocument.load(bytes);
    const { width, height } = doc.getPage(1).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([420, 595]);
    const entries = checkContents(pdf, 'Contents');
    expect(chapters(entries)).toEqual([
      '1 Competition regulations',
      '2 Officials',
      '3 Timetable',
      '4 Delegations',
      '5 Start lists',
      '6 Meeting records',
    ]);
    expect(pdf.text[0]).toContain('Programme');
  });
});

describe('results book (成绩册)', () => {
  it('the English edition: every official round, records broken, team scores with the rules, medals, awards', async () => {
    const { pdf } = await makeBook('book=results&lang=en&paper=A4');
    const entries = checkContents(pdf, 'Contents');
    expect(chapters(entries)).toEqual([
      '1 Results',
      '2 Records broken',
      '3 Team points',
      '4 Medal table',
      '5 Sportsmanship award',
    ]);
    expect(entries.filter((e) => e.title.startsWith('1.')).length).toBeGreaterThanOrEqual(4);
    const at = (title: string) => pdf.text[entries.find((e) => e.title === title)!.page - 1]!;
    expect(at('2 Records broken')).toContain('MR');
    expect(at('2 Records broken')).toContain('+0.5');
    expect(at('3 Team points')).toContain('Scoring rules');
    expect(at('5 Sportsmanship award')).toContain('Fair play');
    expect(pdf.text.join('\n')).toContain('12.30');
  });

  it('the Chinese edition lists the same chapters', async () => {
    const { pdf } = await makeBook('book=results&lang=zh-cn&paper=A4');
    const entries = checkContents(pdf, '目录');
    expect(entries.filter((e) => /^\d+ /.test(e.title)).map((e) => e.title.replace(/^\d+ /, ''))).toEqual([
      '比赛成绩',
      '破纪录',
      '团体总分',
      '奖牌榜',
      '体育道德风尚奖',
    ]);
  });

  it('the bilingual edition pairs each heading and name: Chinese first, English after', async () => {
    const { job, pdf } = await makeBook('book=results&lang=zh-cn&paper=A4&bilingual=true');
    expect(job.bilingual).toBe(true);
    const entries = checkContents(pdf, '目录 Contents');
    expect(entries.filter((e) => /^\d+ /.test(e.title)).map((e) => e.title.replace(/^\d+ /, ''))).toEqual([
      '比赛成绩 Results',
      '破纪录 Records broken',
      '团体总分 Team points',
      '奖牌榜 Medal table',
      '体育道德风尚奖 Sportsmanship award',
    ]);
    const all = pdf.text.join('\n');
    // An event in both languages, each whole; the header's meeting name once in each language.
    expect(all).toContain('U16男子组 100米 U16 Boys 100 m · 预赛 Heats');
    expect(linesOf(pdf.text[0]!)).toContain('2025 温瑞青少年田径运动会');
    expect(linesOf(pdf.text[0]!)).toContain('成绩册 Results book');
    expect(all).toMatch(/第 \d+ \/ \d+ 页 Page \d+ \/ \d+/);
  });
});

describe('book jobs', () => {
  it('the same edition of unchanged data is the same job; a change makes a new one, the old file still served', async () => {
    // Asked twice at once: one job. (Asked again later it is the same job while the data version
    // holds; the registration closer's 30 s tick moves that version too, so "later" is not tested.)
    const query = `${booksUrl()}?book=results&lang=en&paper=A5`;
    const [one, two] = await Promise.all([committee.post(query), committee.post(query)]);
    const first = data<BookJobVO>(one);
    expect(data<BookJobVO>(two).id).toBe(first.id);
    let job = first;
    for (let i = 0; i < 600 && job.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = data<BookJobVO>(await committee.get(`${booksUrl()}/${first.id}`));
    }
    expect(job.status).toBe('done');
    const dlg = await t.database.db.select().from(delegation).where(eq(delegation.meetingId, meetingId));
    const award = await committee.put(`/api/v1/competition/meetings/${meetingId}/sportsmanship`, {
      awards: [{ delegationId: dlg[1]!.id, note: 'Fair play 2' }],
    });
    expect(code(award), award.body).toBe('00000');
    const old = data<BookJobVO>(await committee.get(`${booksUrl()}/${first.id}`));
    expect(old.stale).toBe(true);
    const fresh = data<BookJobVO>(await committee.post(query));
    expect(fresh.id).not.toBe(first.id);
    expect((await committee.get(`${booksUrl()}/${first.id}/pdf`)).statusCode).toBe(200);
  });

  it('an unknown job is gone (410); a referee may not make books; bad input is refused', async () => {
    const gone = await committee.get(`${booksUrl()}/nope`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().msg).toMatch(/start it again/);
    expect((await committee.get(`${booksUrl()}/nope/pdf`)).statusCode).toBe(410);
    expect((await referee.post(`${booksUrl()}?book=programme`)).statusCode).toBe(403);
    const bad = await committee.post(`${booksUrl()}?book=novel`);
    expect(bad.statusCode).toBe(400);
    expect((await committee.get(`${booksUrl()}/a%20b`)).statusCode).toBe(400);
  });
});
