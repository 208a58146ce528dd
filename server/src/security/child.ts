import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { sm2 } from 'sm-crypto-v2';
import { type Database, openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { SERVER_ROOT } from '../lib/paths.js';

/**
 * The real server as a child process, for the fault-injection tests (SIGKILL mid-import,
 * SIGTERM with a request in flight): `node --import tsx server/src/main.ts` from source, so no
 * build is needed and the pid is the server itself (a signal is not absorbed by `npx`).
 */

export const CHILD_PASSWORD = 'Child-Admin-pass1';

/** Where a server keeps its data: a PGlite directory, or a PostgreSQL database. */
export type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; dataDir: string; url: string };

/** A throwaway database on the PostgreSQL server of `serverUrl`; `drop` removes it. */
export async function throwawayDatabase(
  serverUrl: string,
  prefix = 'baton_k',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Open the target's database in this process (never while a child server holds a PGlite dir). */
export function openTarget(target: Target): Promise<Database> {
  return target.kind === 'postgres'
    ? openDatabase({ url: target.url, pgliteDir: null })
    : openDatabase({ url: null, pgliteDir: path.join(target.dataDir, 'db') });
}

/** Migrate and seed the target (demo meeting included), let `fn` adjust it, close it. */
export async function prepareTarget(target: Target, fn: (database: Database) => Promise<void>): Promise<void> {
  const database = await openTarget(target);
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { adminPassword: CHILD_PASSWORD });
    await fn(database);
  } finally {
    await database.close();
  }
}

export interface ChildServer {
  url: string;
  proc: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const REPO_ROOT = path.resolve(SERVER_ROOT, '..');

/** Start the server on the target and wait until it listens (it prints "Baton is running at …"). */
export async function startServer(target: Target, env: Record<string, string> = {}, timeoutMs = 60_000) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: target.dataDir,
      ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
      BATON_ADMIN_PASSWORD: CHILD_PASSWORD,
      BATON_CAPTCHA: 'off',
      LOGIN_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let out = '';
  proc.stdout!.on('data', (b: Buffer) => {
    out += b.toString();
  });
  proc.stderr!.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const m = /Baton is running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    proc.stdout!.on('data', check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
  return { url, proc, output: () => out, exited } satisfies ChildServer;
}

/** Send a signal and wait for the process to end. */
export async function stopServer(server: ChildServer, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill(signal);
  return server.exited;
}

/** Sign in over HTTP as a console account (captcha off on child servers): the access token. */
export async function signInOverHttp(url: string, username = 'admin', password = CHILD_PASSWORD): Promise<string> {
  const keyRes = (await (await fetch(`${url}/api/v1/auth/public-key`)).json()) as { data: { publicKey: string } };
  const key = keyRes.data.publicKey;
  const form = new FormData();
  form.set('username', sm2.doEncrypt(username, key, 1));
  form.set('password', sm2.doEncrypt(password, key, 1));
  form.set('captchaKey', 'off');
  form.set('captchaCode', 'off');
  const res = (await (await fetch(`${url}/api/v1/auth/login`, { method: 'POST', body: form })).json()) as {
    code: string;
    data: { accessToken: string } | null;
    msg: string;
  };
  if (res.code !== '00000' || !res.data) throw new Error(`sign-in failed: ${res.code} ${res.msg}`);
  return res.data.accessToken;
}
