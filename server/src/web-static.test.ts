import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webCacheControl } from './app.js';
import { makeTestApp, type TestApp } from './test/app.js';

/** The built web app as the server serves it: precompressed twins and cache headers. */
describe('web app static files', () => {
  let t: TestApp;
  let dir: string;
  const script = `console.log(${JSON.stringify('baton '.repeat(400))});`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    const asset = path.join(dir, 'assets', 'index-AbC_12-x.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    t = await makeTestApp({ webDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli twin of a hashed asset, cached for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-AbC_12-x.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the plain file to one without either', async () => {
    const gz = await t.app.inject({ url: '/assets/index-AbC_12-x.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: '/assets/index-AbC_12-x.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has index.html revalidated on every load, also as the page behind a browser navigation', async () => {
    const root = await t.app.inject({ url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['cache-control']).toBe('no-cache');
    const deep = await t.app.inject({ url: '/some/page', headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('id="root"');
    expect(deep.headers['cache-control']).toBe('no-cache');
  });

  it('tells hashed asset names from the rest', () => {
    expect(webCacheControl('/srv/web/assets/antd-core-CMHDQnw_.js')).toBe('public, max-age=31536000, immutable');
    expect(webCacheControl('/srv/web/assets/meeting--qvvBixr.js.br')).toBe('public, max-age=31536000, immutable');
    expect(webCacheControl('/srv/web/index.html')).toBe('no-cache');
    expect(webCacheControl('/srv/web/favicon.svg')).toBe('no-cache');
    expect(webCacheControl('/srv/web/assets/logo.svg')).toBe('no-cache');
  });
});
