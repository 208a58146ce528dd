import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { captcha } from '../db/schema/index.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { startSession } from '../modules/auth/tokens.js';
import { ensureDelegationUser } from '../modules/dlg/account.js';
import { TEMPLATE_SEED, TEST_HASH_COST } from './template.js';

export const TEST_PASSWORD: string = TEMPLATE_SEED.adminPassword;

/**
 * The environment of the test apps: password hashes at scrypt's N = 2^10 (PASSWORD_HASH_COST),
 * so the suites' thousands of sign-ins cost milliseconds each instead of a fifth of a second.
 * The hashing code is the production code; only N differs, and config.test pins the minimum.
 */
export const TEST_ENV = { NODE_ENV: 'test', PASSWORD_HASH_COST: String(TEST_HASH_COST) };

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL when the suite runs in its postgres project;
 * empty, or a copy of `template` (`template.ts`: an image file on PGlite, a database's name on PostgreSQL).
 */
export async function openTestDatabase(template?: string): Promise<Database & { drop(): Promise<void>; url?: string }> {
  const serverUrl = process.env.BATON_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const pgliteImage = template ? new Blob([readFileSync(template)]) : undefined;
    const database = await openDatabase({ url: null, pgliteDir: null, pgliteImage });
    return { ...database, drop: () => database.close() };
  }
  const name = `baton_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pgliteDir: null });
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh database for one app, migrated and seeded (admin and root: TEST_PASSWORD; without the
 * demo registrations: suites count registrations from zero, seed.test covers them). Copied from
 * the run's template (`template.ts`, the server projects' global setup) when there is one.
 */
async function openSeededTestDatabase(): Promise<Database & { drop(): Promise<void>; url?: string }> {
  const template = inject('seededTemplate');
  const database = template ? await openTestDatabase(template) : await openTestDatabase();
  if (!template) {
    await runMigrations(database);
    await seedIfEmpty(database.db, TEMPLATE_SEED);
  }
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  /** `url`: the PostgreSQL database of this test (postgres project only), for a second connection. */
  database: Database & { url?: string };
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh, migrated and seeded database (admin and root: TEST_PASSWORD). */
export async function makeTestApp(
  overrides: Partial<Config> & { logStream?: NodeJS.WritableStream } = {},
  beforeReady?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const database = await openSeededTestDatabase();
  const { logStream, ...configOverrides } = overrides;
  const config = loadConfig(TEST_ENV, { captcha: true, ...configOverrides });
  const app = await buildApp(config, database, { logStream });
  await beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * The test app of the suite that calls it (the file, or a `describe`): `makeTestApp(overrides, beforeReady)`
 * in a `beforeAll`, closed in an `afterAll`. Returns the app as a TestApp whose fields are read from the
 * built one when used (in a hook or a test; before the build they throw). Hooks run in the order they are
 * registered and `afterAll`s in reverse, so the suite's own `beforeAll` after this call sees the app, and
 * its own `afterAll` runs before the app closes.
 */
export function useTestApp(
  overrides: Parameters<typeof makeTestApp>[0] = {},
  beforeReady?: Parameters<typeof makeTestApp>[1],
): TestApp {
  let built: TestApp | undefined;
  const live = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll; use it in a hook or a test');
    return built;
  };
  beforeAll(async () => {
    built = await makeTestApp(overrides, beforeReady);
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
  });
  return {
    get app() {
      return live().app;
    },
    get database() {
      return live().database;
    },
    get config() {
      return live().config;
    },
    close: () => live().close(),
  };
}

/** Encode fields as multipart/form-data for app.inject. */
export function multipart(fields: Record<string, string>) {
  const boundary = `----baton${randomBytes(8).toString('hex')}`;
  const body = `${Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Files as multipart/form-data for app.inject, the way a page sends a folder: each file a `file` part
 * followed by a `name` part with its name, then the text `fields`.
 */
export function multipartFiles(files: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = `----baton${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${f.name}\r\n`),
    );
  }
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST `url` with `text` sent as it is as a JSON body (one cut short stays malformed). */
export function postJsonText(t: TestApp, url: string, text: string) {
  return t.app.inject({ method: 'POST', url, payload: text, headers: { 'content-type': 'application/json' } });
}

export async function publicKey(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/public-key' });
  return res.json().data.publicKey as string;
}

/** A captcha and its answer, read from the database the way only a test can. */
export async function solvedCaptcha(t: TestApp): Promise<{ captchaKey: string; captchaCode: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/captcha' });
  const { captchaKey } = res.json().data as { captchaKey: string };
  const [row] = await t.database.db.select().from(captcha).where(eq(captcha.key, captchaKey));
  return { captchaKey, captchaCode: row!.answer };
}

export async function loginRequest(
  t: TestApp,
  username: string,
  password: string,
  opts: { captchaCode?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const key = await publicKey(t.app);
  const solved = await solvedCaptcha(t);
  const form = multipart({
    username: sm2.doEncrypt(username, key, 1),
    password: sm2.doEncrypt(password, key, 1),
    captchaKey: solved.captchaKey,
    captchaCode: opts.captchaCode ?? solved.captchaCode,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    ...form,
    headers: { ...form.headers, ...opts.headers },
  });
}

/** Sign in and return the token pair (throws when sign-in fails). */
export async function login(t: TestApp, username = 'admin', password = TEST_PASSWORD) {
  const res = await loginRequest(t, username, password);
  const body = res.json();
  if (body.code !== '00000') throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data as { accessToken: string; refreshToken: string; tokenType: string; expiresIn: number };
}

/** The answer refuses the call: HTTP `status` with the error code `code`. */
export function expectRefusal(res: LightMyRequestResponse, status: number, code: string) {
  expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A delegation's access token, as if it had signed in with its SMS code (the sign-in itself is tested in dlg). */
export async function signInDelegation(t: TestApp, delegationId: number): Promise<string> {
  const userId = await ensureDelegationUser(t.database.db, delegationId);
  const pair = await startSession(t.database.db, t.app.baton.tokens, userId, { ip: '127.0.0.1', userAgent: 'test' });
  return pair.accessToken;
}

/**
 * Rate limits count in fixed windows aligned to the clock (`hitRateLimit`): a burst that crosses a
 * window's end splits its count over two windows. A test that fires a burst to reach a limit waits
 * for the next window first when the current one ends within `marginMs`.
 */
export async function awayFromWindowEdge(windowS = 60, marginMs = 10_000): Promise<void> {
  const left = windowS * 1000 - (Date.now() % (windowS * 1000));
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
