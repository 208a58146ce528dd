import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SessionVO } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compSession, meeting } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { bearer, login, useTestApp } from '../../test/app.js';
import { readPdf } from '../competition/documents/testkit.js';
import { type Client, code, data, signIn } from './testkit.js';

/**
 * Issue 25, one clock per meeting: a meeting carries its time zone (new ones take the server's,
 * here BATON_TIME_ZONE=Europe/Paris), an unknown zone is refused in words, and the server shows a
 * meeting's times on its own clock — the printed timetable of a London meeting prints its
 * session at London's wall-clock time, and the session's day is London's.
 */
const t = useTestApp({ timeZone: 'Europe/Paris' });
let admin: Client;
let zhToken: string;

const body = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Clock ${code}`,
  nameEn: `Clock ${code}`,
  code,
  year: 2030,
  startDate: '2030-07-01',
  endDate: '2030-07-01',
  regOpensAt: '2030-05-01T00:00:00Z',
  regClosesAt: '2030-06-01T00:00:00Z',
  ...extra,
});

beforeAll(async () => {
  admin = await signIn(t, 'admin');
  zhToken = (await login(t, 'admin')).accessToken;
});

const storedZone = async (id: number) =>
  (await t.database.db.select({ z: meeting.timeZone }).from(meeting).where(eq(meeting.id, id)))[0]?.z;

describe("a meeting's time zone", () => {
  it("stores the zone a meeting is created with, and the server's for a meeting created without one", async () => {
    const london = data<{ id: number; timeZone: string }>(
      await admin.post('/api/v1/meetings', body('tz-london', { timeZone: 'Europe/London' })),
    );
    expect(london.timeZone).toBe('Europe/London');
    expect(await storedZone(london.id)).toBe('Europe/London');
    const form = data<{ timeZone: string }>(await admin.get(`/api/v1/meetings/${london.id}/form`));
    expect(form.timeZone).toBe('Europe/London');
    const page = data<{ list: { code: string; timeZone: string }[] }>(
      await admin.get('/api/v1/meetings?keywords=tz-london'),
    );
    expect(page.list).toEqual([expect.objectContaining({ code: 'tz-london', timeZone: 'Europe/London' })]);

    const plain = data<{ id: number; timeZone: string }>(await admin.post('/api/v1/meetings', body('tz-plain')));
    expect(plain.timeZone).toBe('Europe/Paris');
    expect(await storedZone(plain.id)).toBe('Europe/Paris');
    // The web's form starts a new meeting on the server's zone.
    expect(data<{ timeZone: string }>(await t.app.inject({ url: '/api/v1/config/public' })).timeZone).toBe(
      'Europe/Paris',
    );
    // Another spelling Intl accepts is stored as the name Intl lists.
    const lower = data<{ timeZone: string }>(
      await admin.post('/api/v1/meetings', body('tz-lower', { timeZone: 'europe/berlin' })),
    );
    expect(lower.timeZone).toBe('Europe/Berlin');
  });

  it('registration closes by the end of the first competition day on the meeting’s own clock', async () => {
    // 1 July 2030 ends at 2030-07-01T23:00Z in London (BST, UTC+1) and at 16:00Z in Shanghai (UTC+8).
    const at = (closes: string, timeZone: string, c: string) =>
      admin.post('/api/v1/meetings', body(c, { regClosesAt: closes, timeZone }));
    expect(code(await at('2030-07-01T22:59:00Z', 'Europe/London', 'tz-close-ok'))).toBe('00000');
    const late = await at('2030-07-01T23:01:00Z', 'Europe/London', 'tz-close-late');
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toContain('first competition day (2030-07-01, Europe/London)');
    // The same instant that London allows is already 2 July in Shanghai: refused there.
    expect((await at('2030-07-01T22:59:00Z', 'Asia/Shanghai', 'tz-close-sh')).statusCode).toBe(400);
    expect(code(await at('2030-07-01T15:59:00Z', 'Asia/Shanghai', 'tz-close-sh2'))).toBe('00000');
  });

  it('refuses a zone Intl does not know, 400 in the caller’s language, and writes nothing', async () => {
    const en = await admin.post('/api/v1/meetings', body('tz-mars', { timeZone: 'Mars/Olympus' }));
    expect(en.statusCode).toBe(400);
    expect(code(en)).toBe('A0400');
    expect(en.json().msg).toContain('"Mars/Olympus" is not a time zone');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/meetings',
      headers: { ...bearer(zhToken), 'accept-language': 'zh-CN' },
      payload: body('tz-mars', { timeZone: 'GMT+8' }),
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('时区“GMT+8”无效');
    const [n] = await rowsOf<{ n: number }>(
      t.database.db.execute(sql`select count(*)::int as n from meet_meeting where code = 'tz-mars'`),
    );
    expect(n!.n).toBe(0);

    const london = data<{ list: { id: number }[] }>(await admin.get('/api/v1/meetings?keywords=tz-london')).list;
    const form = data<{ id: number; version: number }>(await admin.get(`/api/v1/meetings/${london[0]!.id}/form`));
    const bad = await admin.put(`/api/v1/meetings/${form.id}`, {
      ...body('tz-london', { timeZone: 'Europe/Londres' }),
      version: form.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('"Europe/Londres" is not a time zone');
    expect(await storedZone(form.id)).toBe('Europe/London');
  });
});

describe("the server shows a meeting's times on its clock", () => {
  it('takes a session at 23:30 in London as a day of the meeting, and prints it at 23:30', async () => {
    const london = data<{ list: { id: number }[] }>(await admin.get('/api/v1/meetings?keywords=tz-london')).list[0]!;
    // 23:30 on 1 July in London (summer time, UTC+1) is 22:30 UTC, and 06:30 on 2 July in China.
    const late = { name: '夜场', nameEn: 'Late session', startsAt: '2030-07-01T22:30:00.000Z' };
    const res = await admin.post(`/api/v1/competition/meetings/${london.id}/sessions`, late);
    expect(code(res), res.body).toBe('00000');
    const session = data<SessionVO>(res);
    expect(session.day).toBe('2030-07-01');

    const tt = data<{ timeZone: string }>(await admin.get(`/api/v1/competition/meetings/${london.id}/timetable`));
    expect(tt.timeZone).toBe('Europe/London');
    const pdf = await admin.get(`/api/v1/competition/meetings/${london.id}/pdf/timetable`);
    expect(pdf.statusCode).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).text.join('\n');
    expect(text).toContain('2030-07-01 Late session');
    expect(text).toContain('23:30');
    expect(text).not.toContain('06:30');

    // The same instant is not a day of the same meeting in China: there it is the next morning.
    const china = data<{ id: number }>(
      await admin.post('/api/v1/meetings', body('tz-china', { timeZone: 'Asia/Shanghai' })),
    );
    const refused = await admin.post(`/api/v1/competition/meetings/${china.id}/sessions`, late);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain("(2030-07-02) is outside the meeting's days");

    // A new clock for the London meeting: its session keeps its instant, its day is Shanghai's.
    const form = data<Record<string, unknown> & { version: number }>(
      await admin.get(`/api/v1/meetings/${london.id}/form`),
    );
    const moved = await admin.put(`/api/v1/meetings/${london.id}`, {
      ...body('tz-london'),
      timeZone: 'Asia/Shanghai',
      version: form.version,
    });
    expect(code(moved), moved.body).toBe('00000');
    const [row] = await t.database.db.select().from(compSession).where(eq(compSession.id, session.id));
    expect(row!.day).toBe('2030-07-02');
    expect(row!.startsAt.toISOString()).toBe('2030-07-01T22:30:00.000Z');
  });
});

describe('migration 0012', () => {
  it('gives meetings older than the column the China clock', async () => {
    const file = path.resolve(import.meta.dirname, '../../../drizzle/0012_meeting_time_zone.sql');
    const db = t.database.db;
    await db.execute(sql`alter table meet_meeting drop column time_zone`);
    await db.execute(sql.raw(readFileSync(file, 'utf8')));
    const zones = await rowsOf<{ time_zone: string; n: number }>(
      db.execute(sql`select time_zone, count(*)::int as n from meet_meeting group by time_zone`),
    );
    expect(zones.length).toBe(1);
    expect(zones[0]!.time_zone).toBe('Asia/Shanghai');
    expect(zones[0]!.n).toBeGreaterThan(3);
  });
});
