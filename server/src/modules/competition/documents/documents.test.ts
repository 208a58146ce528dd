import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import {
  athlete,
  compHeat,
  compRound,
  compSession,
  compStart,
  compTrial,
  delegation,
  entry,
  group,
  groupItem,
  item,
  meeting,
  relayTeam,
} from '../../../db/schema/index.js';
import { seedCompetitionDemo } from '../../../db/seed/competition.js';
import { useTestApp } from '../../../test/app.js';
import { type DemoGroup, demoGroups } from '../../apply/testkit.js';
import { demoMeetingId, useClients } from '../../meetings/testkit.js';
import { publicOrigin } from './routes.js';
import { addSession, type ReadPdf, readPdf } from './testkit.js';

/**
 * The printed documents through the real app: the demo schools enrol through the apply services
 * (seedCompetitionDemo); the rounds, heats and results are written to the competition tables as
 * the start-list and results modules would leave them; every PDF is read back (its text through
 * the fonts' ToUnicode maps, and the outline of every glyph in the embedded subset).
 */
const t = useTestApp();
const { admin, committee, referee, county } = useClients(t, 'admin', 'committee', 'referee', 'county');
let meetingId: number;
let boys: DemoGroup;
let girls: DemoGroup;
const rounds: Record<string, number> = {};
let athleteNames: Map<number, string>;
let sessionId: number;

interface StartSeed {
  entryId?: number;
  relayTeamId?: number;
  athleteId?: number;
  delegationId: number;
  lane?: number;
  position: number;
  mark?: string;
  value?: number;
  place?: number;
  code?: 'DNS' | 'DNF' | 'DQ' | 'NM' | 'r';
  dqRule?: string;
  reactionTime?: number;
  qualifier?: 'Q' | 'q';
  record?: string;
  wind?: number;
  trials?: { seq: number; outcome: 'O' | 'X' | '-'; mark?: number; height?: number; wind?: number }[];
}

/** A round with its heats and start rows (what start lists and results entry write). */
async function addRound(
  groupItemId: number,
  name: 'heats' | 'final',
  heats: { status: 'draft' | 'set' | 'official'; wind?: number; starts: StartSeed[] }[],
  extra: Partial<typeof compRound.$inferInsert> = {},
): Promise<number> {
  const db = t.database.db;
  const [r] = await db
    .insert(compRound)
    .values({ meetingId, groupItemId, index: name === 'final' ? 1 : 0, name, ...extra })
    .returning({ id: compRound.id });
  for (const [i, h] of heats.entries()) {
    const [heat] = await db
      .insert(compHeat)
      .values({
        meetingId,
        roundId: r!.id,
        number: i + 1,
        status: h.status,
        wind: h.wind ?? null,
        scheduledAt: new Date('2030-05-01T01:30:00Z'),
        officialAt: h.status === 'official' ? new Date('2030-05-01T02:00:00Z') : null,
      })
      .returning({ id: compHeat.id });
    for (const s of h.starts) {
      const { trials, ...row } = s;
      const [start] = await db
        .insert(compStart)
        .values({ meetingId, roundId: r!.id, heatId: heat!.id, ...row })
        .returning({ id: compStart.id });
      if (trials?.length) await db.insert(compTrial).values(trials.map((x) => ({ startId: start!.id, ...x })));
    }
  }
  return r!.id;
}

async function entriesOf(groupItemId: number) {
  return t.database.db
    .select({ id: entry.id, athleteId: entry.athleteId, delegationId: entry.delegationId })
    .from(entry)
    .where(and(eq(entry.groupItemId, groupItemId), eq(entry.status, 'approved')))
    .orderBy(asc(entry.id));
}

const pdfOf = async (res: LightMyRequestResponse): Promise<ReadPdf> => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''.+\.pdf$/);
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await readPdf(res.rawPayload);
  expect(pdf.blank, 'every glyph drawn has an outline').toEqual([]);
  return pdf;
};
const all = (pdf: ReadPdf) => pdf.text.join('\n');
const fileNameOf = (res: LightMyRequestResponse) =>
  decodeURIComponent(String(res.headers['content-disposition']).split("filename*=UTF-8''")[1] ?? '');

beforeAll(async () => {
  const db = t.database.db;
  meetingId = await demoMeetingId(t);
  await seedCompetitionDemo(db);
  const groups = await demoGroups(t);
  boys = groups.get('U16 Boys')!;
  girls = groups.get('U16 Girls')!;
  // Bibs as the bibs module assigns them: 101, 102… by delegation then name.
  await db.execute(sql`update reg_athlete a set bib = n.bib from (
      select r.id, (100 + row_number() over (order by d.id, r.name, r.id))::text as bib
      from reg_athlete r join meet_delegation d on d.id = r.delegation_id
      where r.meeting_id = ${meetingId} and r.status = 'approved') n where n.id = a.id`);
  const names = await db
    .select({ id: athlete.id, name: athlete.name })
    .from(athlete)
    .where(eq(athlete.meetingId, meetingId));
  athleteNames = new Map(names.map((a) => [a.id, a.name]));

  sessionId = await addSession(t, meetingId, { endsAt: new Date('2030-05-01T04:00:00Z') });

  // U16 Boys 100 m final in two heats: heat 1 official, heat 2 published only.
  const sprint = await entriesOf(boys.items.get('100')!);
  expect(sprint.length).toBeGreaterThanOrEqual(12);
  const h1 = sprint.slice(0, 8).map((e, i) => ({
    entryId: e.id,
    athleteId: e.athleteId,
    delegationId: e.delegationId,
    lane: i + 1,
    position: i + 1,
    ...(i === 6
      ? { code: 'DQ' as const, dqRule: 'TR16.8' }
      : i === 7
        ? { code: 'DNS' as const }
        : {
            mark: (11.6 + i * 0.11).toFixed(2),
            value: 11.6 + i * 0.11,
            place: i + 1,
            reactionTime: 0.141 + i / 1000,
            qualifier: i < 2 ? ('Q' as const) : undefined,
            record: i === 0 ? 'MR' : undefined,
          }),
  }));
  const h2 = sprint.slice(8, 12).map((e, i) => ({
    entryId: e.id,
    athleteId: e.athleteId,
    delegationId: e.delegationId,
    lane: i + 3,
    position: i + 1,
  }));
  rounds.sprint = await addRound(
    boys.items.get('100')!,
    'final',
    [
      { status: 'official', wind: 0.4, starts: h1 },
      { status: 'set', starts: h2 },
    ],
    { sessionId, scheduledAt: new Date('2030-05-01T01:30:00Z') },
  );

  // U16 Boys long jump final, official, with 6 trials.
  const jump = await entriesOf(boys.items.get('LJ')!);
  rounds.jump = await addRound(boys.items.get('LJ')!, 'final', [
    {
      status: 'official',
      starts: jump.map((e, i) => {
        const best = 6.2 - i * 0.07;
        return {
          entryId: e.id,
          athleteId: e.athleteId,
          delegationId: e.delegationId,
          position: i + 1,
          mark: best.toFixed(2),
          value: best,
          wind: 1.2,
          place: i + 1,
          trials: [1, 2, 3, 4, 5, 6].map((seq) =>
            seq === 2
              ? { seq, outcome: 'X' as const }
              : {
                  seq,
                  outcome: 'O' as const,
                  mark: Number((best - (seq === 4 ? 0 : 0.05 * seq)).toFixed(2)),
                  wind: 1.2,
                },
          ),
        };
      }),
    },
  ]);

  // U16 Girls high jump final, official, with the attempts per height.
  const high = await entriesOf(girls.items.get('HJ')!);
  rounds.high = await addRound(
    girls.items.get('HJ')!,
    'final',
    [
      {
        status: 'official',
        starts: high.map((e, i) => ({
          entryId: e.id,
          athleteId: e.athleteId,
          delegationId: e.delegationId,
          position: i + 1,
          mark: '1.45',
          value: 1.45,
          place: i + 1,
          trials: [
            { seq: 1, height: 1.4, outcome: 'O' as const },
            { seq: 2, height: 1.45, outcome: 'X' as const },
            { seq: 3, height: 1.45, outcome: 'O' as const },
            { seq: 4, height: 1.5, outcome: 'X' as const },
            { seq: 5, height: 1.5, outcome: 'X' as const },
            { seq: 6, height: 1.5, outcome: 'X' as const },
          ],
        })),
      },
    ],
    { heights: [1.4, 1.45, 1.5] },
  );

  // U16 Boys 4 x 100 m final, official.
  const teams = await db
    .select({ id: relayTeam.id, delegationId: relayTeam.delegationId })
    .from(relayTeam)
    .where(and(eq(relayTeam.groupItemId, boys.items.get('4x100')!), eq(relayTeam.status, 'approved')))
    .orderBy(asc(relayTeam.id));
  rounds.relay = await addRound(boys.items.get('4x100')!, 'final', [
    {
      status: 'official',
      wind: -0.3,
      starts: teams.map((r, i) => ({
        relayTeamId: r.id,
        delegationId: r.delegationId,
        lane: i + 2,
        position: i + 1,
        mark: (46.5 + i * 0.4).toFixed(2),
        value: 46.5 + i * 0.4,
        place: i + 1,
      })),
    },
  ]);

  // U18 Girls 400 m heats: a draft start list, nothing official.
  const u18 = groups.get('U18 Girls')!;
  const quarter = await entriesOf(u18.items.get('400')!);
  rounds.draft = await addRound(u18.items.get('400')!, 'heats', [
    {
      status: 'draft',
      starts: quarter.map((e, i) => ({
        entryId: e.id,
        athleteId: e.athleteId,
        delegationId: e.delegationId,
        lane: i + 1,
        position: i + 1,
      })),
    },
  ]);
}, 300_000);

describe('start list', () => {
  it('prints every heat with lane, bib, name, delegation and seed mark, in Chinese', async () => {
    const res = await committee.raw({
      method: 'GET',
      url: `/api/v1/competition/rounds/${rounds.sprint}/pdf/start-list`,
      payload: '',
      headers: { 'accept-language': 'zh-CN' },
    });
    const pdf = await pdfOf(res);
    expect(pdf.pages).toBe(1);
    const text = all(pdf);
    const [m] = await t.database.db.select().from(meeting).where(eq(meeting.id, meetingId));
    expect(text).toContain(m!.name);
    expect(text).toContain('检录单');
    expect(text).toContain('第1组 / 共2组');
    expect(text).toContain('第2组 / 共2组');
    const round = await t.database.db
      .select({ athleteId: compStart.athleteId, lane: compStart.lane, bib: athlete.bib, seed: entry.seedMark })
      .from(compStart)
      .innerJoin(athlete, eq(athlete.id, compStart.athleteId))
      .innerJoin(entry, eq(entry.id, compStart.entryId))
      .where(eq(compStart.roundId, rounds.sprint!));
    expect(round).toHaveLength(12);
    for (const s of round) {
      expect(text).toContain(athleteNames.get(s.athleteId!)!);
      expect(text).toContain(s.bib!);
      if (s.seed) expect(text).toContain(s.seed);
    }
    expect(fileNameOf(res)).toMatch(/^检录单-.*100.*-决赛\.pdf$/);
    // The font is embedded as a subset: the whole of Noto Sans SC is 10 MB.
    expect(res.rawPayload.length).toBeLessThan(200_000);
    expect(pdf.fonts.some((f) => f.includes('NotoSansSC'))).toBe(true);
  });

  it('speaks English when asked and lists the runners of relay teams', async () => {
    const pdf = await pdfOf(await admin.get(`/api/v1/competition/rounds/${rounds.relay}/pdf/start-list`));
    const text = all(pdf);
    expect(text).toContain('Start list');
    expect(text).toContain('Heat 1 / 1 heats');
    const members = await t.database.db.execute(sql`select a.name from reg_relay_member m
      join reg_athlete a on a.id = m.athlete_id join comp_start s on s.relay_team_id = m.relay_team_id
      where s.round_id = ${rounds.relay}`);
    const rows = (members as unknown as { rows: { name: string }[] }).rows;
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const r of rows) expect(text).toContain(r.name);
  });

  it('prints a draft start list marked as a draft, and refuses a round without heats', async () => {
    const text = all(await pdfOf(await referee.get(`/api/v1/competition/rounds/${rounds.draft}/pdf/start-list`)));
    expect(text).toContain('Draft · not published');
    const [empty] = await t.database.db
      .insert(compRound)
      .values({ meetingId, groupItemId: boys.items.get('SP')!, index: 0, name: 'final' })
      .returning({ id: compRound.id });
    const res = await admin.get(`/api/v1/competition/rounds/${empty!.id}/pdf/start-list`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0400', data: null });
    expect(res.json().msg).toContain('no start list yet');
  });
});

describe('results', () => {
  it('prints the official heats only: place, lane, reaction, mark, wind, qualifier, record, DQ rule, DNS', async () => {
    const res = await admin.get(`/api/v1/competition/rounds/${rounds.sprint}/pdf/results`);
    const text = all(await pdfOf(res));
    expect(text).toContain('Results');
    expect(text).toContain('Wind +0.4 m/s');
    expect(text).toContain('Heat 1 / 2 heats');
    expect(text).not.toContain('Heat 2 / 2 heats');
    for (const mark of ['11.60', '11.71', '12.15']) expect(text).toContain(mark);
    expect(text).toContain('0.141');
    expect(text).toContain('DQ TR16.8');
    expect(text).toContain('DNS');
    expect(text).toContain('MR');
    expect(text.split('\n')).toContain('Q');
    expect(fileNameOf(res)).toMatch(/^Results-U16-Boys-100.*-Final\.pdf$/);
  });

  it('prints the series of a horizontal jump with the winds, and the heights of a high jump', async () => {
    const jump = all(await pdfOf(await admin.get(`/api/v1/competition/rounds/${rounds.jump}/pdf/results`)));
    expect(jump).toContain('6.20'); // the winner's best, also trial 4
    expect(jump).toContain('6.15'); // trial 1
    expect(jump.split('\n').filter((l) => l === 'X').length).toBeGreaterThanOrEqual(12);
    expect(jump).toContain('+1.2');
    const high = all(await pdfOf(await admin.get(`/api/v1/competition/rounds/${rounds.high}/pdf/results`)));
    expect(high).toContain('1.40 O  1.45 XO  1.50 XXX');
  });

  it('refuses a round with nothing official, in the language asked', async () => {
    const res = await committee.raw({
      method: 'GET',
      url: `/api/v1/competition/rounds/${rounds.draft}/pdf/results`,
      payload: '',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('还没有正式成绩');
  });
});

describe('certificates', () => {
  it('prints one bilingual page per competitor placed 1 to 8 of an official final', async () => {
    const res = await admin.get(
      `/api/v1/competition/meetings/${meetingId}/pdf/certificates?groupItemId=${boys.items.get('LJ')}`,
    );
    const pdf = await pdfOf(res);
    const jumpers = await t.database.db
      .select({ athleteId: compStart.athleteId, place: compStart.place })
      .from(compStart)
      .where(eq(compStart.roundId, rounds.jump!))
      .orderBy(asc(compStart.place));
    expect(jumpers.length).toBeGreaterThan(8);
    expect(pdf.pages).toBe(8);
    jumpers.slice(0, 8).forEach((j, i) => {
      const page = pdf.text[i]!;
      expect(page).toContain(athleteNames.get(j.athleteId!)!);
      expect(page).toContain('获 奖 证 书');
      expect(page).toContain('CERTIFICATE');
      expect(page).toContain(`获得第 ${j.place} 名`);
      expect(page).toMatch(/placed \d+(st|nd|rd|th) in U16 Boys Long jump/i);
    });
    // The ninth is not printed.
    expect(all(pdf)).not.toContain(athleteNames.get(jumpers[8]!.athleteId!)!);
  });

  it('refuses an event whose final is not official, and an event of another meeting', async () => {
    const res = await admin.get(
      `/api/v1/competition/meetings/${meetingId}/pdf/certificates?groupItemId=${boys.items.get('SP')}`,
    );
    expect(res.statusCode).toBe(400);
    const [other] = await t.database.db
      .insert(meeting)
      .values({
        name: '另一个运动会',
        code: 'docs-other',
        year: 2030,
        startDate: '2030-01-01',
        endDate: '2030-01-02',
        regOpensAt: new Date(),
        regClosesAt: new Date(),
      })
      .returning({ id: meeting.id });
    const [g] = await t.database.db
      .insert(group)
      .values({ meetingId: other!.id, name: '甲组', gender: 'M', birthFrom: '2010-01-01', birthTo: '2011-12-31' })
      .returning({ id: group.id });
    const [hj] = await t.database.db.select({ id: item.id }).from(item).where(eq(item.code, 'HJ'));
    const [gi] = await t.database.db
      .insert(groupItem)
      .values({ groupId: g!.id, itemId: hj!.id })
      .returning({ id: groupItem.id });
    const foreign = await admin.get(`/api/v1/competition/meetings/${meetingId}/pdf/certificates?groupItemId=${gi!.id}`);
    expect(foreign.statusCode).toBe(404);
    const missing = await admin.get(`/api/v1/competition/meetings/${meetingId}/pdf/certificates`);
    expect(missing.statusCode).toBe(400);
  });
});

describe('bibs', () => {
  it('prints two labels a page with the number, name, delegation and the public page of the athlete', async () => {
    const [d] = await t.database.db
      .select({ id: delegation.id, name: delegation.name })
      .from(delegation)
      .where(and(eq(delegation.meetingId, meetingId), eq(delegation.shortName, '塘中')));
    const res = await committee.get(`/api/v1/competition/meetings/${meetingId}/pdf/bibs?delegationId=${d!.id}`);
    const pdf = await pdfOf(res);
    const team = await t.database.db
      .select({ id: athlete.id, name: athlete.name, bib: athlete.bib })
      .from(athlete)
      .where(and(eq(athlete.delegationId, d!.id), eq(athlete.status, 'approved')));
    expect(team.length).toBeGreaterThan(2);
    expect(pdf.pages).toBe(Math.ceil(team.length / 2));
    const text = all(pdf);
    for (const a of team) {
      expect(text).toContain(a.name);
      expect(text.split('\n')).toContain(a.bib);
      expect(text).toContain(`http://localhost:80/#/h5/athlete/${a.id}`);
    }
    expect(text).toContain(d!.name);
    expect(fileNameOf(res)).toContain(d!.name);
  });

  it('takes the QR origin from BATON_PUBLIC_URL, else from the request', () => {
    const req = { host: 'meet.local:5173', protocol: 'http' } as Parameters<typeof publicOrigin>[0];
    const origin = (env: NodeJS.ProcessEnv) => publicOrigin(req, loadConfig(env).publicUrl);
    expect(origin({})).toBe('http://meet.local:5173');
    expect(origin({ BATON_PUBLIC_URL: 'https://meet.example.org/baton/' })).toBe('https://meet.example.org/baton');
    expect(() => origin({ BATON_PUBLIC_URL: 'not a url' })).toThrow(/BATON_PUBLIC_URL/);
    const hostile = { host: 'evil"/><x', protocol: 'https' } as Parameters<typeof publicOrigin>[0];
    expect(publicOrigin(hostile, null)).toBe('https://localhost');
  });

  it('lists every athlete by delegation with bib, group and events', async () => {
    const pdf = await pdfOf(await admin.get(`/api/v1/competition/meetings/${meetingId}/pdf/bib-list`));
    const text = all(pdf);
    const approved = await t.database.db
      .select({ name: athlete.name, bib: athlete.bib })
      .from(athlete)
      .where(and(eq(athlete.meetingId, meetingId), inArray(athlete.status, ['submitted', 'approved'])));
    expect(approved.length).toBeGreaterThan(30);
    for (const a of approved) expect(text).toContain(a.name);
    expect(text).toContain('Bib list');
    const [relay] = await t.database.db.select({ nameEn: item.nameEn }).from(item).where(eq(item.code, '4x100'));
    expect(text).toContain(relay!.nameEn);
    expect(text).toContain('Long jump');
  });

  it('prints 1,000 labels in under 5 seconds of work', async () => {
    const db = t.database.db;
    const [d] = await db
      .insert(delegation)
      .values({ meetingId, name: '大型代表队', contactMobile: '13900001000' })
      .returning({ id: delegation.id });
    await db.insert(athlete).values(
      Array.from({ length: 1000 }, (_, i) => ({
        meetingId,
        delegationId: d!.id,
        groupId: boys.id,
        name: `选手${i}`,
        gender: 'M' as const,
        idNumber: `DOCS${i}`,
        birthDate: '2011-05-01',
        status: 'approved' as const,
        bib: String(5000 + i),
      })),
    );
    // CPU time of this process (the app and its embedded database), so that a busy machine
    // running other suites at the same time does not fail it; the wall clock is bounded loosely.
    const started = Date.now();
    const cpu = process.cpuUsage();
    const res = await admin.get(`/api/v1/competition/meetings/${meetingId}/pdf/bibs?delegationId=${d!.id}`);
    const used = process.cpuUsage(cpu);
    expect(res.statusCode).toBe(200);
    expect((used.user + used.system) / 1000).toBeLessThan(5000);
    expect(Date.now() - started).toBeLessThan(30_000);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(500);
  }, 90_000);
});

describe('timetable', () => {
  it('prints the sessions with their rounds by time, and the rest after them', async () => {
    const text = all(await pdfOf(await admin.get(`/api/v1/competition/meetings/${meetingId}/pdf/timetable`)));
    expect(text).toContain('Timetable');
    expect(text).toContain('Session 1');
    expect(text).toContain('Not in a session');
    expect(text).toContain('U16 Boys 100 m');
    expect(text).toContain('U16 Girls High jump');
    const [s] = await t.database.db.select().from(compSession).where(eq(compSession.id, sessionId));
    expect(s).toBeTruthy();
  });
});

describe('team scores', () => {
  it('prints the points table and the medal table', async () => {
    const res = await admin.get(`/api/v1/competition/meetings/${meetingId}/pdf/scores`);
    const text = all(await pdfOf(res));
    expect(text).toContain('Team points');
    expect(text).toContain('Medal table');
  });
});

describe('access', () => {
  it('lets referees print, refuses the area user (no print permission) and strangers, 404 for unknown ids', async () => {
    expect((await referee.get(`/api/v1/competition/rounds/${rounds.sprint}/pdf/start-list`)).statusCode).toBe(200);
    for (const url of [
      `/api/v1/competition/rounds/${rounds.sprint}/pdf/start-list`,
      `/api/v1/competition/rounds/${rounds.sprint}/pdf/results`,
      `/api/v1/competition/meetings/${meetingId}/pdf/timetable`,
      `/api/v1/competition/meetings/${meetingId}/pdf/bibs`,
      `/api/v1/competition/meetings/${meetingId}/pdf/bib-list`,
      `/api/v1/competition/meetings/${meetingId}/pdf/scores`,
      `/api/v1/competition/meetings/${meetingId}/pdf/certificates?groupItemId=${boys.items.get('LJ')}`,
    ]) {
      const res = await county.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().data).toBeNull();
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
    }
    expect((await admin.get('/api/v1/competition/rounds/999999/pdf/start-list')).statusCode).toBe(404);
    expect((await admin.get('/api/v1/competition/meetings/999999/pdf/timetable')).statusCode).toBe(404);
    expect((await referee.get('/api/v1/competition/meetings/999999/pdf/bib-list')).statusCode).toBe(404);
  });
});
