import { lastDays, zonedDay } from '@baton/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { oplog, user, visitDay, visitor } from '../../db/schema/index.js';
import { awayFromWindowEdge, bearer, login, signInDelegation, useTestApp } from '../../test/app.js';
import { demoDelegations } from '../apply/testkit.js';
import { visitTrend } from './service.js';

const t = useTestApp();
let token: string;
/** Days on the server's configured clock (BATON_TIME_ZONE), whatever zone this process runs in. */
const dayOf = (d: Date) => zonedDay(d, t.app.baton.config.timeZone);
beforeAll(async () => {
  token = (await login(t, 'admin')).accessToken;
});

const visit = (ip: string, ua: string, path = '/dashboard') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/stats/visit',
    remoteAddress: ip,
    headers: { 'user-agent': ua },
    payload: { path },
  });

describe('visits', () => {
  it('counts page views and unique visitors per day, storing no raw IP or user agent', async () => {
    for (let i = 0; i < 3; i++) expect((await visit('10.1.1.1', 'Firefox/1')).json().code).toBe('00000');
    await visit('10.1.1.1', 'Chrome/2');
    await visit('10.1.1.2', 'Firefox/1', '/home/index');
    const today = dayOf(new Date());
    const [day] = await t.database.db.select().from(visitDay).where(eq(visitDay.day, today));
    expect(day!.pv).toBe(5);
    const visitors = await t.database.db.select().from(visitor).where(eq(visitor.day, today));
    expect(visitors).toHaveLength(3);
    const stored = JSON.stringify(visitors);
    expect(stored).not.toContain('10.1.1');
    expect(stored).not.toContain('Firefox');
    // Page views are not operations: none of them is in the operation log.
    const logged = await t.database.db.select({ n: count() }).from(oplog).where(eq(oplog.path, '/api/v1/stats/visit'));
    expect(logged[0]!.n).toBe(0);
  });

  it('answers the trend with zero-filled days, today last', async () => {
    const [yesterday] = lastDays(2, t.app.baton.config.timeZone);
    await t.database.db.insert(visitDay).values({ day: yesterday!, pv: 7 });
    await t.database.db.insert(visitor).values([
      { day: yesterday!, hash: 'a' },
      { day: yesterday!, hash: 'b' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/stats/visit-trend?days=7', headers: bearer(token) });
    const data = res.json().data as { dates: string[]; pv: number[]; uv: number[] };
    expect(data.dates).toHaveLength(7);
    expect(data.dates[6]).toBe(dayOf(new Date()));
    expect(data.pv.slice(5)).toEqual([7, 5]);
    expect(data.uv.slice(5)).toEqual([2, 3]);
    expect(data.pv.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    const ninety = await visitTrend(t.database.db, 90, t.app.baton.config.timeZone);
    expect(ninety.dates).toHaveLength(90);
    expect(new Set(ninety.dates).size).toBe(90);
  });

  it('validates input and needs a user for the trend', async () => {
    for (const days of ['6', '91', 'abc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/stats/visit-trend?days=${days}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stats/visit-trend' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stats/overview' })).statusCode).toBe(401);
    const before = await t.database.db.select({ pv: sql<number>`coalesce(sum(${visitDay.pv}), 0)` }).from(visitDay);
    for (const payload of [{}, { path: '' }, { path: 'x'.repeat(301) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/stats/visit', payload });
      expect(res.statusCode).toBe(400);
    }
    const after = await t.database.db.select({ pv: sql<number>`coalesce(sum(${visitDay.pv}), 0)` }).from(visitDay);
    expect(after).toEqual(before);
  });

  it('rate-limits visits per IP', async () => {
    await awayFromWindowEdge();
    let last = 0;
    for (let i = 0; i < 125; i++) last = (await visit('10.7.7.7', 'Bot')).statusCode;
    expect(last).toBe(429);
  });
});

describe('overview', () => {
  it('sums users, sign-ins today, published notices and online sockets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/stats/overview', headers: bearer(token) });
    expect(res.json().code).toBe('00000');
    const [users] = await t.database.db.select({ n: count() }).from(user);
    expect(res.json().data).toMatchObject({
      userCount: users!.n,
      loginsToday: 1,
      noticesPublished: 0,
      onlineSockets: 0,
      onlineUsers: 0,
      pvToday: expect.any(Number),
      uvToday: expect.any(Number),
    });
  });

  it('keeps the site-wide figures to administrators: other signed-in users get 403', async () => {
    const [d1] = await demoDelegations(t);
    const others = {
      committee: (await login(t, 'committee')).accessToken,
      county: (await login(t, 'county')).accessToken,
      delegation: await signInDelegation(t, d1!.id),
    };
    for (const [who, bearerToken] of Object.entries(others)) {
      for (const lang of ['en', 'zh-CN']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/stats/overview',
          headers: { ...bearer(bearerToken), 'accept-language': lang },
        });
        expect([who, res.statusCode, res.json().code]).toEqual([who, 403, 'A0301']);
        expect(res.json().data).toBeNull();
        expect(res.json().msg).toMatch(lang === 'en' ? /administrators/ : /管理员/);
      }
    }
    const root = (await login(t, 'root')).accessToken;
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/stats/overview', headers: bearer(root) });
    expect(res.json().data.userCount).toBeGreaterThan(0);
  });
});
