import type { RoundVO, SessionVO, StartListGenerateAllVO } from '@baton/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { athlete, compRound, compSession } from '../../../db/schema/index.js';
import { seedCompetitionDemo } from '../../../db/seed/competition.js';
import { useTestApp } from '../../../test/app.js';
import { type DemoGroup, demoGroups } from '../../apply/testkit.js';
import { type Client, demoMeetingId, useClients } from '../../meetings/testkit.js';
import { generateAllDone } from '../startlists/testkit.js';
import { addSession, type ReadPdf, readPdf } from './testkit.js';

/**
 * Issue 24 through the real app, on the demo meeting: "Generate all" and publishing tell how many
 * athletes have no bib, the printed start list says so, bibs assigned by the meeting's scheme
 * clear it; then the judges' cards of the published start lists — a timekeepers' sheet per heat,
 * a trials card per long-jump flight, a height card per high-jump flight, all of a session —
 * read back from the PDF: the athletes' bibs and names in their order, the grids' headers.
 */
const t = useTestApp();
const { committee, referee, county } = useClients(t, 'committee', 'referee', 'county');
let meetingId: number;
let boys: DemoGroup;
let girls: DemoGroup;
let generated: StartListGenerateAllVO;
const rounds: Record<'sprint' | 'jump' | 'high' | 'relay', number> = { sprint: 0, jump: 0, high: 0, relay: 0 };

const dataOf = <T>(res: LightMyRequestResponse): T => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json().data as T;
};
const pdfOf = async (res: LightMyRequestResponse): Promise<ReadPdf> => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const pdf = await readPdf(res.rawPayload);
  expect(pdf.blank, 'every glyph drawn has an outline').toEqual([]);
  return pdf;
};
const zh = (c: Client, url: string) =>
  c.raw({ method: 'GET', url, payload: '', headers: { 'accept-language': 'zh-CN' } });
const getRound = async (id: number) => dataOf<RoundVO>(await committee.get(`/api/v1/competition/rounds/${id}`));

/** The different athletes of a round (runners of relay teams included), counted from its rows. */
const athletesOf = (r: RoundVO) =>
  new Set(
    r.heats.flatMap((h) =>
      h.starts.flatMap((s) => [...(s.athleteId ? [s.athleteId] : []), ...s.members.map((m) => m.athleteId)]),
    ),
  );

/** `words` occur in `text` in this order (each after the one before). */
function inOrder(text: string, words: string[]) {
  let at = -1;
  for (const w of words) {
    const next = text.indexOf(w, at + 1);
    expect(next, `"${w}" after position ${at}`).toBeGreaterThan(at);
    at = next;
  }
}

beforeAll(async () => {
  meetingId = await demoMeetingId(t);
  await seedCompetitionDemo(t.database.db);
  const groups = await demoGroups(t);
  boys = groups.get('U16 Boys')!;
  girls = groups.get('U16 Girls')!;
}, 300_000);

describe('bibs before publishing', () => {
  it('"Generate all" tells how many athletes of the start lists made have no bib', async () => {
    generated = (await generateAllDone(committee, meetingId)).result;
    const roundOf = (groupItemId: number) => generated.made.find((x) => x.groupItemId === groupItemId)!.roundId;
    rounds.sprint = roundOf(boys.items.get('100')!);
    rounds.jump = roundOf(boys.items.get('LJ')!);
    rounds.high = roundOf(girls.items.get('HJ')!);
    rounds.relay = roundOf(boys.items.get('4x100')!);
    // No bib is assigned yet: every athlete of every start list made lacks one.
    const everyone = new Set<number | null>();
    for (const made of generated.made) {
      const r = await getRound(made.roundId);
      const own = athletesOf(r);
      expect(r.missingBibs, `round ${r.id}`).toBe(own.size);
      for (const a of own) everyone.add(a);
    }
    expect(generated.missingBibs).toBeGreaterThan(30);
    expect(generated.missingBibs).toBe(everyone.size);
  });

  it('publishing answers the count, and the printed start list says why its bib column is empty', async () => {
    const before = await getRound(rounds.sprint);
    const published = dataOf<RoundVO>(
      await committee.post(`/api/v1/competition/rounds/${rounds.sprint}/publish`, { version: before.version }),
    );
    expect(published.status).toBe('set');
    expect(published.missingBibs).toBe(athletesOf(published).size);
    const en = (await pdfOf(await committee.get(`/api/v1/competition/rounds/${rounds.sprint}/pdf/start-list`))).text;
    expect(en.join('\n')).toContain(`Note: ${published.missingBibs} athletes have no bib number yet`);
    const cn = (await pdfOf(await zh(committee, `/api/v1/competition/rounds/${rounds.sprint}/pdf/start-list`))).text;
    expect(cn.join('\n')).toContain(`注意：${published.missingBibs} 名运动员尚未分配号码`);
  });

  it('bibs assigned by the scheme clear the warning; one athlete without a bib is counted alone', async () => {
    const assigned = dataOf<{ assigned: number }>(
      await committee.post(`/api/v1/competition/meetings/${meetingId}/bibs`, {
        scheme: { kind: 'delegation', start: 101, step: 100, order: 'id' },
        keepExisting: true,
      }),
    );
    expect(assigned.assigned).toBeGreaterThanOrEqual(generated.missingBibs);
    for (const id of Object.values(rounds)) expect((await getRound(id)).missingBibs, `round ${id}`).toBe(0);
    const text = (await pdfOf(await committee.get(`/api/v1/competition/rounds/${rounds.sprint}/pdf/start-list`))).text;
    expect(text.join('\n')).not.toContain('no bib number');

    // A bib taken away again (a hand change): the round counts that one athlete, the PDFs say so.
    const relay = await getRound(rounds.relay);
    const runner = relay.heats[0]!.starts[0]!.members[0]!;
    await t.database.db.update(athlete).set({ bib: null }).where(eq(athlete.id, runner.athleteId));
    expect((await getRound(rounds.relay)).missingBibs).toBe(1);
    const cards = await pdfOf(await committee.get(`/api/v1/competition/rounds/${rounds.relay}/pdf/judges-cards`));
    expect(cards.text.join('\n')).toContain('Note: 1 athlete has no bib number yet');
    await t.database.db.update(athlete).set({ bib: '9999' }).where(eq(athlete.id, runner.athleteId));
    expect((await getRound(rounds.relay)).missingBibs).toBe(0);
  });
});

describe("judges' cards", () => {
  it("prints a timekeepers' sheet per heat: lane, bib, name, delegation in lane order, three time columns", async () => {
    const round = await getRound(rounds.sprint);
    const res = await committee.get(`/api/v1/competition/rounds/${rounds.sprint}/pdf/judges-cards`);
    const pdf = await pdfOf(res);
    expect(pdf.pages).toBe(round.heats.length);
    round.heats.forEach((h, i) => {
      const page = pdf.text[i]!;
      expect(page).toContain("Timekeepers' heat sheet");
      expect(page).toContain(`Heat ${h.number} / ${round.heats.length} heats`);
      inOrder(page, ['Lane', 'Bib', 'Name', 'Delegation', 'Timer 1', 'Timer 2', 'Timer 3', 'Result', 'Place']);
      expect(h.starts.length).toBeGreaterThan(1);
      inOrder(
        page,
        h.starts.flatMap((s) => [String(s.lane), s.bib!, s.name, s.delegationShort || s.delegationName]),
      );
      expect(page).toContain('Chief timekeeper');
      expect(page).not.toContain('no bib number');
    });
    // In Chinese.
    const cn = await pdfOf(await zh(committee, `/api/v1/competition/rounds/${rounds.sprint}/pdf/judges-cards`));
    inOrder(cn.text[0]!, ['径赛计时记录表', '道次', '号码', '姓名', '计时员1', '计时员2', '计时员3', '正式成绩']);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/Timekeepers.*100.*\.pdf/);
  });

  it('prints a trials card per long-jump flight: the athletes in competition order, a column per trial and wind', async () => {
    const before = await getRound(rounds.jump);
    await committee.post(`/api/v1/competition/rounds/${rounds.jump}/publish`, { version: before.version });
    const round = await getRound(rounds.jump);
    const pdf = await pdfOf(await referee.get(`/api/v1/competition/rounds/${rounds.jump}/pdf/judges-cards`));
    expect(pdf.pages).toBeGreaterThanOrEqual(round.heats.length);
    const text = pdf.text.join('\n');
    expect(text).toContain('Field event card');
    expect(round.event.windMeasured).toBe(true);
    // The trials in order, each with its wind; the best of the first three and the rank after them (6 trials, cut after 3).
    expect(round.trials).toBe(6);
    inOrder(pdf.text[0]!, [
      'Order',
      'Bib',
      'Name',
      'Delegation',
      '1',
      'Wind',
      '2',
      'Wind',
      '3',
      'Wind',
      `Best of ${round.cutAfter}`,
      'Rank',
      '4',
      'Wind',
      '6',
      'Wind',
      'Best',
      'Place',
    ]);
    for (const h of round.heats)
      inOrder(
        text,
        h.starts.flatMap((s) => [String(s.position), s.bib!, s.name]),
      );
  });

  it('prints a height card per high-jump flight: the announced heights as columns, three boxes each', async () => {
    const before = await getRound(rounds.high);
    const heights = [1.3, 1.35, 1.4, 1.45, 1.5];
    const set = dataOf<RoundVO>(
      await committee.put(`/api/v1/competition/rounds/${rounds.high}`, { version: before.version, heights }),
    );
    await committee.post(`/api/v1/competition/rounds/${rounds.high}/publish`, { version: set.version });
    const round = await getRound(rounds.high);
    const pdf = await pdfOf(await zh(committee, `/api/v1/competition/rounds/${rounds.high}/pdf/judges-cards`));
    const page = pdf.text[0]!;
    inOrder(page, [
      '田赛记录表',
      '顺序',
      '号码',
      '姓名',
      '代表队',
      '1.30',
      '1.35',
      '1.40',
      '1.45',
      '1.50',
      '最好成绩',
      '名次',
    ]);
    expect(page).toContain('O 成功  X 失败  – 免跳');
    for (const h of round.heats) {
      inOrder(
        pdf.text.join('\n'),
        h.starts.flatMap((s) => [s.bib!, s.name]),
      );
    }
  });

  it("prints a session's cards, its rounds by time; lists the sessions for referees; refuses others", async () => {
    const db = t.database.db;
    const sessionId = await addSession(t, meetingId);
    const [empty] = await db
      .insert(compSession)
      .values({ meetingId, name: '空单元', day: '2030-05-02', startsAt: new Date('2030-05-02T00:30:00Z') })
      .returning({ id: compSession.id });
    // The high jump first, then the 100 m, then the long jump.
    const at = { high: '2030-05-01T01:00:00Z', sprint: '2030-05-01T01:30:00Z', jump: '2030-05-01T02:00:00Z' };
    for (const [key, time] of Object.entries(at) as [keyof typeof at, string][]) {
      await db
        .update(compRound)
        .set({ sessionId: sessionId, scheduledAt: new Date(time) })
        .where(eq(compRound.id, rounds[key]));
    }
    const sessions = dataOf<SessionVO[]>(await referee.get(`/api/v1/competition/meetings/${meetingId}/print-sessions`));
    expect(sessions.map((s) => s.nameEn)).toContain('Session 1');
    expect(sessions.find((s) => s.id === sessionId)!.rounds).toBe(3);

    const res = await referee.get(`/api/v1/competition/sessions/${sessionId}/pdf/judges-cards`);
    const pdf = await pdfOf(res);
    const loaded = await Promise.all([rounds.high, rounds.sprint, rounds.jump].map(getRound));
    const pages = loaded.reduce((n, r) => n + r.heats.length, 0);
    expect(pdf.pages).toBeGreaterThanOrEqual(pages);
    const text = pdf.text.join('\n');
    expect(text).toContain("Judges' cards");
    inOrder(text, ['U16 Girls High jump', "Timekeepers' heat sheet", 'U16 Boys 100 m', 'U16 Boys Long jump']);
    for (const r of loaded) for (const h of r.heats) for (const s of h.starts) expect(text).toContain(s.name);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Session-1');

    const none = await committee.get(`/api/v1/competition/sessions/${empty!.id}/pdf/judges-cards`);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('No round of this session has a start list yet');
    expect((await committee.get('/api/v1/competition/sessions/999999/pdf/judges-cards')).statusCode).toBe(404);
    expect((await committee.get('/api/v1/competition/rounds/999999/pdf/judges-cards')).statusCode).toBe(404);
    for (const url of [
      `/api/v1/competition/sessions/${sessionId}/pdf/judges-cards`,
      `/api/v1/competition/rounds/${rounds.sprint}/pdf/judges-cards`,
      `/api/v1/competition/meetings/${meetingId}/print-sessions`,
    ]) {
      expect((await county.get(url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    await db
      .update(compRound)
      .set({ sessionId: null })
      .where(inArray(compRound.id, Object.values(rounds)));
  });
});
