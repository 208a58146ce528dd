import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { bearer, login, makeTestApp, postJsonText, useTestApp } from './test/app.js';

const t = useTestApp({}, (app) => {
  app.get('/api/test/boom', { config: { auth: 'public' } }, async () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  app.get('/api/test/guarded', { config: { auth: { perm: 'test:guarded:query' } } }, async () => ({
    code: '00000',
    data: 'in',
    msg: 'OK',
  }));
  app.post(
    '/api/test/echo',
    { config: { auth: 'public' }, schema: { body: Type.Object({ n: Type.Integer({ minimum: 1 }) }) } },
    async (req) => ({ code: '00000', data: req.body, msg: 'OK' }),
  );
});

describe('envelope', () => {
  it('answers an unknown API path with 404 in the envelope, in the asked language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: 'A0404', data: null, msg: '资源不存在' });
    const en = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { 'accept-language': 'en' } });
    expect(en.json().msg).toBe('Not found');
  });

  it('hides unexpected errors: 500, B0002, a request id, no stack or internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe('B0002');
    expect(body.msg).toMatch(/^系统错误 \(req-[\w-]+\)$/);
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('.ts');
  });

  it('names the field on validation failures', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { n: 0 },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'A0400', data: null, msg: 'Invalid input: n must be >= 1' });
    const bad = await postJsonText(t, '/api/test/echo', '{"n":');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('A0400');
  });

  it('refuses a route registered without an access rule', async () => {
    const other = await makeTestApp({}, (app) => {
      expect(() => app.get('/api/test/open', async () => 'x')).toThrow(/declares no config.auth rule/);
    });
    await other.close();
  });
});

describe('permissions', () => {
  it('checks the permission string: 403 for a user without it, ROOT passes', async () => {
    const admin = await login(t, 'admin');
    const denied = await t.app.inject({ method: 'GET', url: '/api/test/guarded', headers: bearer(admin.accessToken) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ code: 'A0301', data: null, msg: '没有权限' });
    const root = await login(t, 'root');
    const allowed = await t.app.inject({ method: 'GET', url: '/api/test/guarded', headers: bearer(root.accessToken) });
    expect(allowed.json().data).toBe('in');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/test/guarded' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('platform', () => {
  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/auth/captcha',
        '/api/v1/userProps/me',
        '/api/v1/menus/routes',
      ]),
    );
    // Kept once serialized: the same bytes again, and a 304 for the browser that has them.
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.body).toBe(res.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(again.headers.etag);
    expect(etag).toMatch(/^W\//);
    const cached = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('sends security headers with a strict script policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dict/list' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The same on answers no route gives: an unknown path, a URL Fastify cannot route, a bad body.
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      t.app.inject({ method: 'GET', url: '/api/v1/dict/%ED%A0%80/form' }),
      postJsonText(t, '/api/v1/public/query', '{bad'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 400, 400]);
    for (const a of answers) {
      expect(a.json().code).toMatch(/^A04/);
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(String(a.headers['content-security-policy'])).toBe(csp);
    }
  });

  it('sends Strict-Transport-Security on HTTPS requests only', async () => {
    const hsts = (res: { headers: Record<string, unknown> }) => res.headers['strict-transport-security'];
    // Plain HTTP, and plain HTTP claiming HTTPS from a proxy the server does not trust: no HSTS.
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      for (const url of ['/api/v1/dict/list', '/api/v1/nothing-here', '/api/v1/meetings/by-code/wrj2025']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect([url, hsts(res)]).toEqual([url, undefined]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    // A real TLS connection (a self-signed certificate made for the test) to the same app.
    const dir = mkdtempSync(join(tmpdir(), 'baton-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const server = createServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (req, res) => t.app.routing(req, res),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      const get = (path: string) =>
        new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path, rejectUnauthorized: false }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          });
          req.on('error', reject);
          req.end();
        });
      try {
        // A handler's answer, a 404, and (asked twice) an answer kept by the answer cache.
        for (const url of [
          '/api/v1/dict/list',
          '/api/v1/nothing-here',
          '/api/v1/meetings/by-code/wrj2025',
          '/api/v1/meetings/by-code/wrj2025',
        ]) {
          const res = await get(url);
          expect([url, hsts(res)]).toEqual([url, expect.stringMatching(/^max-age=\d+/)]);
          expect(res.headers['x-content-type-options']).toBe('nosniff');
        }
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the dictionaries with labels in both languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dict/list' });
    const gender = res.json().data.find((d: { dictCode: string }) => d.dictCode === 'gender');
    expect(gender.dictDataList[0]).toEqual({ value: '1', label: '男', labelEn: 'Male', tagType: 'primary' });
  });
});

describe('operation log', () => {
  it('records a write with who, what and the outcome; sign-in stays out of it', async () => {
    const { oplog } = await import('./db/schema/index.js');
    const pair = await login(t, 'admin');
    await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: { ...bearer(pair.accessToken), 'user-agent': 'vitest' },
    });
    const rows = await t.database.db.select().from(oplog);
    expect(rows.some((r) => r.path === '/api/v1/auth/login')).toBe(false);
    const logout = rows.find((r) => r.path === '/api/v1/auth/logout')!;
    expect(logout).toMatchObject({
      username: 'admin',
      userType: 10,
      method: 'DELETE',
      module: 'auth',
      status: 200,
      code: '00000',
      userAgent: 'vitest',
    });
    expect(logout.durationMs).toBeGreaterThanOrEqual(0);
  });
});
