#!/usr/bin/env node
/**
 * Web first load: what a cold browser downloads and how soon the page is usable.
 *
 *   npm run build -w web && node bench/web-first-load.mjs [--runs 3] [--port 4130] [--json out.json] [--only text]
 *
 * (`npm run bench -- --only web` builds the web and runs this, adding its rows to the bench table;
 * `--json` writes the measured pages there for it, with the files each fetched; `--only` measures
 * the pages whose name contains the text.)
 *
 * Starts Baton (`server/src/main.ts` on a fresh PGlite data directory, which serves `web/dist`
 * with its precompressed twins and production cache headers), opens each page in a fresh
 * Chromium context (empty cache) and records:
 *   - the JS + CSS the page actually fetched until the network was idle, counted as the gzip and
 *     brotli twins of those files (`web/dist/**.gz|.br`, written by web/scripts/compress.mjs) and as
 *     the bytes that crossed the wire (Chromium's encodedDataLength, whatever encoding was chosen);
 *   - on a 390-px phone with 4× CPU throttling (Lighthouse's mobile CPU factor): first contentful
 *     paint, and "interactive" as Lighthouse defines it in simplified form: the end of the last long
 *     task (> 50 ms) before a quiet window of 2 s, never before FCP. Median of `--runs`.
 * Targets (issue 7): admin login ≤ 300 KB gzip; h5 public pages ≤ 150 KB gzip; interactive < 2 s.
 * The console's landings after sign-in (issue 27: the administrator's dashboard, the committee's
 * meeting list) are loaded signed in (a session made once through the sign-in page, then put in
 * each fresh context's storage) and timed at 1440 px with 4× CPU: ≤ 350 KB gzip, interactive < 2 s.
 * Loopback only; bounded: every page load times out after 60 s, the server start after 180 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web', 'dist');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Math.max(1, Number(arg('runs', '3')));
const PORT = Number(arg('port', '4130'));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const QUIET_MS = 2000;
const ADMIN_PASSWORD = 'Bench-admin-pass-1';
/** The web's session keys (web/src/stores/user.ts). */
const SESSION_KEYS = ['accessToken', 'refreshToken', 'userInfo'];

/** A signed-in session of a demo user, made once through the sign-in page (not measured). */
const sessions = new Map();
async function sessionOf(browser, base, username) {
  if (sessions.has(username)) return sessions.get(username);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const tab = await context.newPage();
  await tab.goto(`${base}/#/login`, { timeout: 60_000 });
  await tab.getByTestId('login-username').fill(username);
  await tab.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await tab.getByTestId('login-captcha').fill('abcd');
  await tab.getByTestId('login-submit').click();
  await tab.waitForURL(/#\/dashboard/, { timeout: 60_000 });
  const keys = await tab.evaluate((names) => names.map((k) => [k, localStorage.getItem(k) ?? '']), SESSION_KEYS);
  await context.close();
  sessions.set(username, Object.fromEntries(keys));
  return sessions.get(username);
}

const PAGES = [
  { name: 'admin login', hash: '/login', phone: false, target: 300 },
  { name: 'delegation sign-in', hash: '/login?type=dlg&code=wrj2025', phone: true, target: 150 },
  { name: 'h5 home', hash: '/h5/home', phone: true, target: 150 },
  { name: 'h5 meeting detail', hash: '/h5/detail?code=wrj2025', phone: true, target: 150 },
  { name: 'meeting short link', hash: '/m/wrj2025', phone: true, target: 150 },
  { name: 'h5 registration query', hash: '/h5/query', phone: true, target: 150 },
  { name: 'h5 meeting lists', hash: '/h5/querytm?code=wrj2025', phone: true, target: 150 },
  { name: 'h5 enrol', hash: '/h5/enroll', phone: true, target: 150 },
  { name: 'h5 group item', hash: '/h5/group-item?code=wrj2025&groupItemId=1', phone: true, target: 150 },
  { name: 'h5 track result', hash: '/h5/track-result?code=wrj2025', phone: true, target: 150 },
  { name: 'h5 athlete', hash: '/h5/athlete/1', phone: true, target: 150 },
  {
    name: 'console dashboard (admin)',
    hash: '/dashboard',
    phone: false,
    target: 350,
    user: 'admin',
    ready: 'user-menu',
  },
  {
    name: 'console meetings (committee)',
    hash: '/meeting/trackmeet',
    phone: false,
    target: 350,
    user: 'committee',
    ready: 'meeting-table',
  },
];

const ONLY = arg('only', '');
const MEASURED = PAGES.filter((p) => p.name.includes(ONLY));

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('web/dist is missing: run `npm run build -w web` first.');
  process.exit(1);
}

function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-webload-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    BATON_ADMIN_PASSWORD: ADMIN_PASSWORD,
    // The console pages are measured signed in: the session is made through the sign-in page.
    BATON_CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s:\n${out.slice(-2000)}`)), 180_000);
    const onData = (b) => {
      out += b;
      if (/Baton is running at/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${out.slice(-2000)}`));
    });
  });
  const stop = async () => {
    if (proc.exitCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          proc.kill('SIGKILL');
          r();
        }, 10_000);
        proc.once('exit', () => {
          clearTimeout(t);
          r();
        });
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { ready, stop, base: `http://127.0.0.1:${PORT}` };
}

/** Size of a built file's twin (`.gz` / `.br`), or of the file compressed now when it has none (small files). */
function twinSize(urlPath, ext) {
  const file = path.join(dist, decodeURIComponent(urlPath));
  if (fs.existsSync(`${file}.${ext}`)) return fs.statSync(`${file}.${ext}`).size;
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

/** Long tasks and paints, recorded from the very start of the document. */
const OBSERVER = `
  window.__perf = { longtasks: [], fcp: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.longtasks.push([e.startTime, e.startTime + e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__perf.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
`;

/** One cold load of a page: the JS and CSS it fetched, and (when throttled) its timings. */
async function load(browser, base, page, throttle) {
  const context = await browser.newContext({
    viewport: page.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    deviceScaleFactor: page.phone ? 3 : 1,
    isMobile: page.phone,
    hasTouch: page.phone,
    serviceWorkers: 'block',
  });
  if (page.user) {
    const keys = await sessionOf(browser, base, page.user);
    await context.addInitScript((k) => {
      for (const [name, value] of Object.entries(k)) localStorage.setItem(name, value);
    }, keys);
  }
  const tab = await context.newPage();
  await tab.addInitScript(OBSERVER);
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const requests = new Map();
  let inflight = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { url: e.request.url, bytes: 0 });
    inflight += 1;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', () => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  });

  await tab.goto(`${base}/#${page.hash}`, { waitUntil: 'load', timeout: 60_000 });
  // A signed-in page: its own content, not the sign-in page it would fall back to.
  if (page.ready) await tab.getByTestId(page.ready).first().waitFor({ timeout: 60_000 });
  // Settled: nothing on the network (a live socket aside) and no long task for QUIET_MS.
  const deadline = Date.now() + 60_000;
  for (;;) {
    await tab.waitForTimeout(250);
    const lastTaskEnd = await tab.evaluate(() => Math.max(0, ...window.__perf.longtasks.map((t) => t[1])));
    const now = await tab.evaluate(() => performance.now());
    if (inflight <= 1 && Date.now() - lastActivity >= QUIET_MS && now - lastTaskEnd >= QUIET_MS) break;
    if (Date.now() > deadline) throw new Error(`${page.name}: did not settle in 60 s`);
  }
  const perf = await tab.evaluate(() => window.__perf);
  const assets = [...requests.values()].filter((r) => /\.(js|css)(\?|$)/.test(new URL(r.url).pathname));
  const result = {
    files: assets.length,
    gzip: assets.reduce((n, r) => n + twinSize(new URL(r.url).pathname, 'gz'), 0),
    brotli: assets.reduce((n, r) => n + twinSize(new URL(r.url).pathname, 'br'), 0),
    wire: assets.reduce((n, r) => n + r.bytes, 0),
    fcp: perf.fcp,
    tti: Math.max(perf.fcp, ...perf.longtasks.map((t) => t[1])),
    urls: assets.map((r) => new URL(r.url).pathname),
  };
  await context.close();
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => (n / 1024).toFixed(1);

const server = startServer();
let browser;
try {
  await server.ready;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const rows = [];
  for (const page of MEASURED) {
    const bytes = await load(browser, server.base, page, false);
    const timed = [];
    // Public pages are timed on a phone, the console's landings at 1440 px; both with 4× CPU.
    for (let i = 0; i < RUNS; i++) {
      timed.push(await load(browser, server.base, { ...page, phone: !page.user }, true));
    }
    rows.push({ page, bytes, fcp: median(timed.map((t) => t.fcp)), tti: median(timed.map((t) => t.tti)) });
    if (process.argv.includes('--verbose')) console.log(page.name, bytes.urls.join(' '));
  }
  const header = [
    'page',
    'JS+CSS files',
    'gzip KB',
    'target KB',
    'brotli KB',
    'wire KB',
    'FCP 4×CPU (390 px; console 1440 px)',
    'interactive',
  ];
  const body = rows.map(({ page, bytes, fcp, tti }) => [
    `${page.name} (${page.hash}, ${page.phone ? '390 px' : '1440 px'})`,
    String(bytes.files),
    kb(bytes.gzip),
    `≤ ${page.target}${bytes.gzip / 1024 <= page.target ? ' ✓' : ' ✗'}`,
    kb(bytes.brotli),
    kb(bytes.wire),
    `${(fcp / 1000).toFixed(2)} s`,
    `${(tti / 1000).toFixed(2)} s${tti < 2000 ? ' ✓' : ' ✗'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(
    `\nWeb first load — ${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? ''}, median of ${RUNS}`,
  );
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of body) console.log(line(r));
  const json = arg('json', '');
  if (json) {
    const out = rows.map(({ page, bytes, fcp, tti }) => ({
      ...page,
      gzipKB: bytes.gzip / 1024,
      fcp,
      tti,
      files: bytes.urls,
    }));
    fs.writeFileSync(json, JSON.stringify(out));
  }
} finally {
  await browser?.close();
  await server.stop();
}
