import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { makeTestApp, TEST_ENV, type TestApp, useTestApp } from '../../test/app.js';
import { startTcpProxy, type TcpProxy, throughProxy } from '../../test/tcp-proxy.js';

/**
 * Issue 21, fault 6: liveness and readiness for a process manager or a load balancer, with the
 * faults injected for real (a TCP proxy in front of PostgreSQL or Redis that refuses and cuts).
 */
const isPostgres = process.env.BATON_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_TEST_URL;

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('health and readiness', () => {
  const t = useTestApp();

  it('answers liveness without touching the database, and readiness after asking it, never from a cache', async () => {
    const before = t.database.stats.statements;
    const live = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ code: '00000', data: { status: 'up' } });
    expect(live.headers['cache-control']).toBe('no-store');
    expect(t.database.stats.statements).toBe(before);

    for (let i = 0; i < 2; i++) {
      const at = t.database.stats.statements;
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ code: '00000', data: { database: 'ok', redis: 'none' }, msg: expect.any(String) });
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.headers.etag).toBeUndefined();
      // Each readiness check asks the database again.
      expect(t.database.stats.statements).toBeGreaterThan(at);
    }
  });
});

describe.runIf(isPostgres)('readiness with the database unreachable (postgres)', () => {
  let proxy: TcpProxy;
  let owner: TestApp;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    // A second app on the test's (seeded) database, through the proxy.
    owner = await makeTestApp();
    const url = owner.database.url!;
    const u = new URL(url);
    proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
    database = await openDatabase({ url: throughProxy(url, proxy), pgliteDir: null });
    app = await buildApp(loadConfig(TEST_ENV, { captcha: true }), database);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await owner?.close();
  });

  it('answers 503 C0300 naming the database while it is refused and cut, 200 once it is back; liveness stays 200', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    proxy.refuse();
    proxy.cut();
    const started = Date.now();
    const ready = await app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      code: 'C0300',
      data: { database: 'failed', redis: 'none' },
      msg: 'The service is temporarily unavailable (the database cannot be reached); please try again shortly',
    });
    const zh = await app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().msg).toBe('服务暂时不可用（数据库无法连接），请稍后再试');
    const live = await app.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);

    proxy.accept();
    await until(
      'readiness to come back',
      async () => (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 200,
      10_000,
    );
  });
});

describe.runIf(!!redisUrl)('readiness with Redis unreachable (REDIS_TEST_URL)', () => {
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    const u = new URL(redisUrl!);
    proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 6379) });
    // Redis is down as the instance starts: it starts anyway.
    proxy.refuse();
    t = await makeTestApp({ redisUrl: throughProxy(redisUrl!, proxy) });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('answers 503 C0310 naming Redis while it is refused, 200 once it is back', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      code: 'C0310',
      data: { database: 'ok', redis: 'failed' },
      msg: 'The service is temporarily unavailable (Redis cannot be reached); please try again shortly',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    proxy.accept();
    await until(
      'readiness to come back',
      async () => (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 200,
      10_000,
    );
    const back = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(back.json().data).toEqual({ database: 'ok', redis: 'ok' });
  });
});
