import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DB_DEFAULTS, loadConfig } from '../../config.js';
import { WS_CLOSE } from '../../plugins/realtime.js';
import { bearer, login, makeTestApp, TEST_ENV, type TestApp, useTestApp } from '../../test/app.js';
import { connect, createUser, listen, sleep, type TestSocket, useSockets } from '../account/testkit.js';

describe('realtime channel (one instance)', () => {
  const t = useTestApp();
  const { open } = useSockets(t);

  beforeAll(async () => {
    await createUser(t, 'watcher', { roles: ['REFEREE'] });
  });

  it('welcomes anonymous and signed-in connections', async () => {
    const anon = open();
    expect((await anon.next('welcome')).data).toEqual({ userId: null, anonymous: true });
    const pair = await login(t, 'admin');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(pair.accessToken) });
    const signed = open(pair.accessToken);
    expect((await signed.next('welcome')).data).toEqual({ userId: me.json().data.userId, anonymous: false });
    expect(t.app.realtime.stats()).toMatchObject({ sockets: 2, users: 1 });
    expect(t.app.realtime.mode).toBe('local');
  });

  it('answers ping, echo, and explains anything else', async () => {
    const s = open();
    await s.next('welcome');
    s.ws.send(JSON.stringify({ type: 'ping' }));
    expect((await s.next('pong')).data).toMatchObject({ at: expect.any(Number) });
    s.ws.send(JSON.stringify({ type: 'echo', data: { hello: ['world', 1] } }));
    expect((await s.next('echo')).data).toEqual({ hello: ['world', 1] });
    s.ws.send('not json');
    expect((await s.next('error')).data).toMatchObject({ message: expect.stringContaining('ping') });
  });

  it('closes a connection with a bad token (4401) so the client can refresh it', async () => {
    const s = open('not-a-token');
    expect((await s.closed).code).toBe(WS_CLOSE.TOKEN_INVALID);
  });

  it('delivers by audience: public, users, roles, user ids', async () => {
    const anon = open();
    const watcherPair = await login(t, 'watcher');
    const watcher = open(watcherPair.accessToken);
    const admin = open((await login(t, 'admin')).accessToken);
    const [, w] = await Promise.all([anon.next('welcome'), watcher.next('welcome'), admin.next('welcome')]);
    const watcherId = (w.data as { userId: number }).userId;
    const hub = t.app.realtime;

    await hub.publish('echo', 'to everyone', 'public');
    await hub.publish('echo', 'to users');
    await hub.publish('echo', 'to referees', { roles: ['REFEREE'] });
    await hub.publish('echo', 'to the watcher', { userIds: [watcherId] });
    await sleep(200);
    const echoes = (s: TestSocket) => s.frames.filter((f) => f.topic === 'echo').map((f) => f.data);
    expect(echoes(anon)).toEqual(['to everyone']);
    expect(echoes(watcher)).toEqual(['to everyone', 'to users', 'to referees', 'to the watcher']);
    expect(echoes(admin)).toEqual(['to everyone', 'to users']);
  });

  it('closes connections whose session ended', async () => {
    const pair = await login(t, 'watcher');
    const s = open(pair.accessToken);
    await s.next('welcome');
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: bearer(pair.accessToken) });
    await t.app.realtime.sweep();
    expect((await s.closed).code).toBe(WS_CLOSE.TOKEN_INVALID);
  });

  it('closes a client that floods the channel', async () => {
    const s = open();
    await s.next('welcome');
    for (let i = 0; i < 120; i++) s.ws.send('{"type":"ping"}');
    expect((await s.closed).code).toBe(WS_CLOSE.POLICY);
  });

  it('refuses a plain HTTP request to the socket path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ws' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe.runIf(process.env.BATON_TEST_DB === 'postgres')('open sockets and load shedding (PostgreSQL)', () => {
  // Five requests in flight at most: far fewer than the sockets a meet's phones keep open.
  const t = useTestApp({ db: { ...DB_DEFAULTS, maxInFlight: 5 } });
  const { open } = useSockets(t);

  it('an open socket is not a request in flight: 12 sockets past a limit of 5, and requests still served', async () => {
    const sockets = Array.from({ length: 12 }, () => open());
    const welcomes = await Promise.all(sockets.map((s) => s.next('welcome')));
    expect(welcomes).toHaveLength(12);
    expect(t.app.realtime.stats().sockets).toBe(12);
    expect(t.app.load.inFlight).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dict/list' });
    expect(res.statusCode).toBe(200);
  });
});

describe('closing the app', () => {
  it('closes open sockets', async () => {
    const t = await makeTestApp();
    const baseUrl = await listen(t.app);
    const s = connect(baseUrl);
    await s.next('welcome');
    await t.close();
    expect((await s.closed).code).toBeGreaterThan(1000);
  });
});

/**
 * Two instances on one PostgreSQL database and one Redis: a publish on either reaches the
 * sockets of both. Needs the postgres project (TEST_DATABASE_URL) and REDIS_TEST_URL.
 */
describe.runIf(process.env.BATON_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL && process.env.REDIS_TEST_URL)(
  'realtime across instances (Redis)',
  () => {
    let a: TestApp;
    let b: FastifyInstance;

    beforeAll(async () => {
      a = await makeTestApp({ redisUrl: process.env.REDIS_TEST_URL! });
      const config = loadConfig(TEST_ENV, { captcha: true, redisUrl: process.env.REDIS_TEST_URL! });
      b = await buildApp(config, a.database);
      await b.ready();
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('delivers a notice published on instance A to a socket on instance B', async () => {
      expect(a.app.realtime.mode).toBe('redis');
      expect(b.realtime.mode).toBe('redis');
      const urlA = await listen(a.app);
      const urlB = await listen(b);
      const admin = await login(a, 'admin');
      const onB = connect(urlB, admin.accessToken);
      const onA = connect(urlA, admin.accessToken);
      const anonB = connect(urlB);
      try {
        await Promise.all([onB.next('welcome'), onA.next('welcome'), anonB.next('welcome')]);
        const created = await a.app.inject({
          method: 'POST',
          url: '/api/v1/notices',
          headers: bearer(admin.accessToken),
          payload: { title: 'Across', content: '<p>x</p>', type: 1, level: 'L', targetType: 1 },
        });
        const id = created.json().data as number;
        await a.app.inject({ method: 'PUT', url: `/api/v1/notices/${id}/publish`, headers: bearer(admin.accessToken) });
        expect((await onB.next('notice', 1000)).data).toMatchObject({ id, title: 'Across' });
        expect((await onA.next('notice', 1000)).data).toMatchObject({ id });
        // Exactly once each, and not to the anonymous socket.
        await b.realtime.publish('echo', 'public from B', 'public');
        expect((await anonB.next('echo', 1000)).data).toBe('public from B');
        await sleep(200);
        expect(onB.frames.filter((f) => f.topic === 'notice')).toHaveLength(1);
        expect(onA.frames.filter((f) => f.topic === 'notice')).toHaveLength(1);
        expect(anonB.frames.filter((f) => f.topic === 'notice')).toHaveLength(0);
      } finally {
        for (const s of [onA, onB, anonB]) s.close();
      }
    });
  },
);
