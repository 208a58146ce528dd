/** Shared pieces of the bench: child servers, sign-in, autocannon runs, RSS sampling, tables. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';

export const root = path.resolve(import.meta.dirname, '..');
export const PASSWORD = 'Bench-admin-pass-1';

export interface Child {
  base: string;
  pid: number;
  proc: ChildProcess;
  out: () => string;
  rssMb: () => number;
  stop: () => Promise<void>;
}

export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Start a child and wait for `pattern` (its first group is the base URL) on its output. */
async function startChild(args: string[], env: NodeJS.ProcessEnv, pattern: RegExp, label: string): Promise<Child> {
  const proc = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  proc.stdout!.on('data', (b) => {
    out += b;
  });
  proc.stderr!.on('data', (b) => {
    out += b;
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start in 180 s:\n${out.slice(-2000)}`)), 180_000);
    const check = () => {
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    proc.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${label} exited:\n${out.slice(-2000)}`));
    });
  });
  return {
    base: base.replace('0.0.0.0', '127.0.0.1').replace('localhost', '127.0.0.1'),
    pid: proc.pid!,
    proc,
    out: () => out,
    rssMb: () => rssOf(proc.pid!),
    stop: async () => {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms (from /proc; 0 where there is none). */
export function cpuMsOf(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU ms used so far by the PostgreSQL backends serving `database` on this machine, by pid (their
 * process title names the database); empty when PostgreSQL runs elsewhere.
 */
export function pgBackendCpuMs(database: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres: ') && cmd.split(' ').includes(database))
        out.set(Number(name), cpuMsOf(Number(name)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** BENCH_CPU_PROF=dir: the process writes a V8 CPU profile (.cpuprofile) there when it stops. */
const cpuProf = () =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/** One random secret per bench run: Baton signs its tokens with it and the reference verifies them. */
const BENCH_JWT_SECRET = randomBytes(48).toString('base64');

let bundle: string | null = null;

/**
 * The server as production runs it (`npm start`: the esbuild bundle, not tsx), built once per
 * bench run into a folder of its own under server/dist/ and removed when the run ends.
 */
function serverBundle(): string {
  if (bundle) return bundle;
  const dir = path.join(root, 'server', 'dist', `bench-${process.pid}`);
  const file = path.join(dir, 'main.js');
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', dir], {
    cwd: path.join(root, 'server'),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('server build failed');
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  bundle = file;
  return file;
}

/** A Baton server on PostgreSQL (databaseUrl) or on a PGlite data directory. */
export function startBaton(o: {
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  redisUrl?: string;
  label: string;
}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(o.port),
    DATA_DIR: o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'h-bench-srv-')),
    BATON_ADMIN_PASSWORD: PASSWORD,
    BATON_CAPTCHA: 'off',
    LOGIN_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
    JWT_SECRET: BENCH_JWT_SECRET,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (o.databaseUrl) env.DATABASE_URL = o.databaseUrl;
  if (o.redisUrl) env.REDIS_URL = o.redisUrl;
  return startChild(
    [...SERVER_NODE_FLAGS, ...cpuProf(), serverBundle()],
    env,
    /Baton is running at (http:\/\/\S+)/,
    o.label,
  );
}

export interface BareRoute {
  method: 'GET' | 'POST';
  url: string;
  contentType: string;
  body: Buffer;
}

/**
 * The reference write path (bench/bare-writes.mjs) on `databaseUrl`: verifies the tokens Baton
 * issues (same secret), with the pool size Baton's default.
 */
export function startBareWrites(port: number, databaseUrl: string) {
  return startChild(
    [...cpuProf(), 'bench/bare-writes.mjs'],
    { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, JWT_SECRET: BENCH_JWT_SECRET },
    /listening (http:\/\/\S+)/,
    'reference writes',
  );
}

/** The bare Fastify server with these routes (bench/bare.mjs). */
export function startBare(port: number, routes: BareRoute[]) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'h-bench-bare-')), 'routes.json');
  fs.writeFileSync(file, JSON.stringify(routes.map((r) => ({ ...r, body: r.body.toString('base64') }))));
  return startChild(
    ['bench/bare.mjs', file],
    { ...process.env, PORT: String(port) },
    /listening (http:\/\/\S+)/,
    'bare',
  );
}

/** Sign in with the SM2-encrypted form the web sends (captcha off). */
export async function signIn(base: string, username: string): Promise<string> {
  const { sm2 } = (await import('sm-crypto-v2')) as unknown as {
    sm2: { doEncrypt: (m: string, k: string, mode: number) => string };
  };
  const key = ((await (await fetch(`${base}/api/v1/auth/public-key`)).json()) as { data: { publicKey: string } }).data
    .publicKey;
  const form = new FormData();
  form.set('username', sm2.doEncrypt(username, key, 1));
  form.set('password', sm2.doEncrypt(PASSWORD, key, 1));
  form.set('captchaKey', 'bench');
  form.set('captchaCode', 'bench');
  const res = (await (await fetch(`${base}/api/v1/auth/login`, { method: 'POST', body: form })).json()) as {
    code: string;
    msg: string;
    data: { accessToken: string };
  };
  if (res.code !== '00000') throw new Error(`sign-in as ${username} failed: ${res.msg}`);
  return res.data.accessToken;
}

export interface LoadResult {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/** Loopback source addresses handed out so far (each run takes fresh ones). */
let sourceSeq = 0;

/** Requests one source address sends before the connection is made again from a new one. */
export const PER_SOURCE = 20;

/**
 * autocannon for `seconds` with `connections` (one request in flight each). `spreadSources`:
 * each connection from its own loopback address (127.x.y.z), reconnecting from a fresh one every
 * PER_SOURCE requests, as many phones each asking a few times — for routes limited per client IP
 * (the h5 query: 20 a minute per IP), so every answer is a real one, not a 429.
 */
export async function load(
  url: string,
  o: { method?: 'GET' | 'POST'; body?: string; connections: number; seconds: number; spreadSources?: boolean },
): Promise<LoadResult> {
  const original = net.connect;
  if (o.spreadSources) {
    const patched = (port: number, host: string) => {
      sourceSeq += 1;
      const n = sourceSeq;
      const localAddress = `127.${1 + (Math.floor(n / 62_500) % 250)}.${Math.floor(n / 250) % 250}.${2 + (n % 250)}`;
      return original({ port, host, localAddress });
    };
    (net as { connect: unknown }).connect = patched;
  }
  try {
    return await runAutocannon(url, { ...o, reconnectRate: o.spreadSources ? PER_SOURCE : 0 });
  } finally {
    (net as { connect: unknown }).connect = original;
  }
}

async function runAutocannon(
  url: string,
  o: { method?: 'GET' | 'POST'; body?: string; connections: number; seconds: number; reconnectRate: number },
): Promise<LoadResult> {
  const r = await autocannon({
    url,
    method: o.method ?? 'GET',
    body: o.body,
    headers: o.body ? { 'content-type': 'application/json' } : {},
    connections: o.connections,
    duration: o.seconds,
    reconnectRate: o.reconnectRate,
    timeout: 30,
  });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  };
}

/** Sample a process's RSS every `ms` until stopped; returns the peak. */
export function sampleRss(pid: number, ms = 50) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, ms);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, rssOf(pid));
      return peak;
    },
    peak: () => peak,
  };
}

export interface Row {
  scenario: string;
  figure: string;
  target: string;
  ratio: string;
  pass: 'pass' | 'MISS' | 'info' | 'n/a';
}

export function table(rows: Row[]): string {
  const cols: (keyof Row)[] = ['scenario', 'figure', 'target', 'ratio', 'pass'];
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i]!)).join(' | ')} |`;
  return [
    line(cols),
    `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map((r) => line(cols.map((c) => r[c]))),
  ].join('\n');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(xs: number[], p: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export async function pool<T>(items: T[], concurrency: number, work: (x: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}
