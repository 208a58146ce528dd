import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { captcha, meeting } from '../db/schema/index.js';
import { connect, latestCode } from '../modules/account/testkit.js';
import {
  awayFromWindowEdge,
  bearer,
  login,
  makeTestApp,
  multipart,
  publicKey,
  TEST_ENV,
  TEST_PASSWORD,
  type TestApp,
} from '../test/app.js';

/**
 * Two Baton instances on one PostgreSQL database and one Redis (issue 7, "two instances behind
 * different ports"): what one instance issues, the other accepts — a sign-in and its refresh, a
 * captcha, a delegation's SMS code — and a public frame published on one reaches anonymous
 * sockets on the other. (A notice to signed-in sockets across instances: realtime.test.ts.)
 * Needs the postgres project (TEST_DATABASE_URL) and REDIS_TEST_URL; `npm run bench` measures
 * the fan-out at scale.
 */
describe.runIf(process.env.BATON_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL && process.env.REDIS_TEST_URL)(
  'two instances sharing PostgreSQL and Redis',
  () => {
    let a: TestApp;
    let b: FastifyInstance;
    /** B's own connection pool, as a second process would have (its own data version). */
    let dbB: Database;

    beforeAll(async () => {
      a = await makeTestApp({ redisUrl: process.env.REDIS_TEST_URL! });
      const config = loadConfig(TEST_ENV, { captcha: true, redisUrl: process.env.REDIS_TEST_URL! });
      dbB = await openDatabase({ url: a.database.url!, pgliteDir: null });
      b = await buildApp(config, dbB);
      await b.ready();
    });
    afterAll(async () => {
      await b.close();
      await dbB.close();
      await a.close();
    });

    /** A captcha issued by `app`, with its answer read from the shared database. */
    async function captchaFrom(app: FastifyInstance) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/auth/captcha' });
      const { captchaKey } = res.json().data as { captchaKey: string };
      const [row] = await a.database.db.select().from(captcha).where(eq(captcha.key, captchaKey));
      return { captchaKey, captchaCode: row!.answer };
    }

    it('accepts on A a captcha issued by B; a session signed in on A refreshes on B', async () => {
      const solved = await captchaFrom(b);
      const key = await publicKey(a.app);
      const form = multipart({
        username: sm2.doEncrypt('admin', key, 1),
        password: sm2.doEncrypt(TEST_PASSWORD, key, 1),
        ...solved,
      });
      const signed = await a.app.inject({ method: 'POST', url: '/api/v1/auth/login', ...form });
      expect(signed.json().code).toBe('00000');
      const pair = signed.json().data as { accessToken: string; refreshToken: string };

      const meOnB = await b.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(pair.accessToken) });
      expect(meOnB.json()).toMatchObject({ code: '00000', data: { username: 'admin' } });
      const refreshed = await b.inject({
        method: 'GET',
        url: '/api/v1/auth/getAccessTokenByRefreshToken',
        headers: bearer(pair.refreshToken),
      });
      expect(refreshed.json().code).toBe('00000');
      const next = refreshed.json().data as { accessToken: string; refreshToken: string };
      const meOnA = await a.app.inject({
        method: 'GET',
        url: '/api/v1/userProps/me',
        headers: bearer(next.accessToken),
      });
      expect(meOnA.json().code).toBe('00000');
      // The spent refresh token is spent on both instances (rotation is shared, not per process).
      const reuse = await a.app.inject({
        method: 'GET',
        url: '/api/v1/auth/getAccessTokenByRefreshToken',
        headers: bearer(pair.refreshToken),
      });
      expect(reuse.json().code).not.toBe('00000');
    });

    it('signs a delegation in on A with the SMS code sent through B', async () => {
      const [demo] = await a.database.db.select({ id: meeting.id }).from(meeting).where(eq(meeting.code, 'wrj2025'));
      const mobile = '13800000003';
      const sent = await b.inject({
        method: 'POST',
        url: '/api/v2/dlg/sms-code',
        remoteAddress: '10.7.0.1',
        payload: { mobile: sm2.doEncrypt(mobile, await publicKey(b), 1), tmid: demo!.id, ...(await captchaFrom(b)) },
      });
      expect(sent.json().code).toBe('00000');
      const smcode = await latestCode(a, mobile);
      expect(smcode).toMatch(/^\d{4,8}$/);
      const form = multipart({
        mobile: sm2.doEncrypt(mobile, await publicKey(a.app), 1),
        smcode: smcode!,
        tmid: String(demo!.id),
        ...(await captchaFrom(a.app)),
      });
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/v2/dlg/login',
        remoteAddress: '10.7.0.2',
        ...form,
      });
      expect(res.json()).toMatchObject({ code: '00000', data: { tokenType: 'Bearer' } });
    });

    it('counts a rate limit across both instances', async () => {
      const ask = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/public/query',
          remoteAddress: '10.8.8.8',
          payload: { name: 'Nobody', idNumber: '110101200001011234' },
        });
      // The shared count is kept by the clock minute: the 22 asks must all fall in one.
      await awayFromWindowEdge(60);
      for (let i = 0; i < 10; i++) expect((await ask(a.app)).json().code).toBe('00000');
      for (let i = 0; i < 10; i++) expect((await ask(b)).json().code).toBe('00000');
      expect((await ask(a.app)).json().code).toBe('A0429');
      expect((await ask(b)).json().code).toBe('A0429');
    });

    it("drops B's kept public answers when A commits a change", async () => {
      const url = '/api/v1/meetings/by-code/wrj2025';
      const nameOnB = async () => (await b.inject({ method: 'GET', url })).json().data.name as string;
      const original = await nameOnB();
      const before = dbB.stats.statements;
      expect(await nameOnB()).toBe(original);
      expect(dbB.stats.statements).toBe(before);
      await a.database.db.update(meeting).set({ name: 'Renamed on A' }).where(eq(meeting.code, 'wrj2025'));
      // The signal crosses Redis in a few milliseconds.
      const deadline = Date.now() + 2000;
      let seen = await nameOnB();
      while (seen !== 'Renamed on A' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await nameOnB();
      }
      expect(seen).toBe('Renamed on A');
      await a.database.db.update(meeting).set({ name: original }).where(eq(meeting.code, 'wrj2025'));
    });

    it('a sign-out on A refuses the session on B at once, though B kept its user', async () => {
      const pair = await login(a);
      const meOnB = async () => {
        const before = dbB.stats.statements;
        const code = (
          await b.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(pair.accessToken) })
        ).json().code as string;
        return { code, statements: dbB.stats.statements - before };
      };
      const first = await meOnB();
      const second = await meOnB();
      expect([first.code, second.code]).toEqual(['00000', '00000']);
      // B kept the user: the second request did not read it again.
      expect(second.statements).toBe(first.statements - 1);
      const out = await a.app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/logout',
        headers: bearer(pair.accessToken),
      });
      expect(out.json().code).toBe('00000');
      // The signal crosses Redis in a few milliseconds; until it has, B may still answer from its kept user.
      const deadline = Date.now() + 2000;
      let seen = await meOnB();
      while (seen.code === '00000' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await meOnB();
      }
      expect(seen.code).toBe('A0230');
    });

    it('delivers a public frame published on A to anonymous sockets on B, once each', async () => {
      await b.listen({ port: 0, host: '127.0.0.1' });
      const urlB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
      const sockets = Array.from({ length: 20 }, () => connect(urlB));
      try {
        await Promise.all(sockets.map((s) => s.next('welcome')));
        await a.app.realtime.publish('echo', 'from A', 'public');
        const got = await Promise.all(sockets.map((s) => s.next('echo', 2000)));
        expect(got.map((f) => f.data)).toEqual(sockets.map(() => 'from A'));
        await new Promise((r) => setTimeout(r, 200));
        expect(sockets.map((s) => s.frames.filter((f) => f.topic === 'echo').length)).toEqual(sockets.map(() => 1));
      } finally {
        for (const s of sockets) s.close();
      }
    });
  },
);
