/**
 * `npm run bench [-- --scale 0.05] [-- --seconds 8] [-- --clients 5000] [-- --only reads,writes,…]`
 *
 * Every scenario of issue 7, each bounded in time, on loopback, printing one table at the end
 * (scenario, figure, target, ratio, pass/miss). Needs a PostgreSQL server (PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres: throwaway databases h_bench_* are created and
 * dropped) and, for the two-instance scenario, Redis (REDIS_URL, default redis://127.0.0.1:6379).
 * Ports PORT_BASE..PORT_BASE+99 (`--port-base`, default 4200). `--scale` shrinks the meets (delegations) for a smoke run.
 * `BENCH_CPU_PROF=dir` starts every Baton server with `node --cpu-prof`: each writes its profile
 * (`*.cpuprofile`, open in Chrome DevTools) into dir when it stops.
 *
 * Scenarios: writes (300 delegations add their entries in parallel through POST /apply/entries,
 * then SQL proves the limits), reads (public reads on PostgreSQL vs a bare Fastify route with the
 * same bytes, then RSS), import (6,000-row Excel with 1 % bad rows), pglite (the same public reads
 * on the embedded database), startlists (every event of the carnival meet), fanout (5,000
 * anonymous sockets; a published start list reaching them, on one instance and across two), web
 * (the web built, then bench/web-first-load.mjs in Chromium: bytes and interactive per page),
 * books (the carnival meet's programme book, 秩序册, made as a job: time and the server's peak RSS).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { openDatabase } from '../server/src/db/client.js';
import { runMigrations } from '../server/src/db/migrate.js';
import { seedIfEmpty } from '../server/src/db/seed/index.js';
import { toXlsx } from '../server/src/lib/excel.js';
import { generate, groupItemsOf, idNumberFor, type Meet, type SizeSpec, scaled } from './generate.js';
import {
  type BareRoute,
  type Child,
  cpuMsOf,
  type LoadResult,
  load,
  PASSWORD,
  percentile,
  pgBackendCpuMs,
  pool,
  type Row,
  root,
  sampleRss,
  signIn,
  sleep,
  startBare,
  startBareWrites,
  startBaton,
  table,
} from './lib.js';

// ─── Options ──────────────────────────────────────────────────────────────────────────────

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? fallback : argv[i + 1]!;
};
const SCALE = Number(opt('scale', '1'));
const SECONDS = Number(opt('seconds', '8'));
const CONNECTIONS = Number(opt('connections', '256'));
const CLIENTS = Number(opt('clients', '5000'));
const IMPORT_ROWS = Number(opt('import-rows', '6000'));
/** Loopback ports used: base+11 … base+33 (two benches can run side by side on different bases). */
const PORT_BASE = Number(opt('port-base', '4200'));
const ONLY = new Set(opt('only', 'writes,reads,import,pglite,startlists,fanout,books,web').split(','));
const PG_ADMIN = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const stamp = Date.now().toString(36);
const rows: Row[] = [];
const children: Child[] = [];
const log = (s: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);
const scaleNote = SCALE < 1 ? ` (scale ${SCALE})` : '';

function dbUrl(name: string) {
  const u = new URL(PG_ADMIN);
  u.pathname = `/${name}`;
  return u.toString();
}
async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}
const createdDbs: string[] = [];
async function freshPgDb(label: string): Promise<string> {
  const name = `h_bench_${label}_${stamp}`;
  await admin((c) => c.query(`create database ${name}`));
  createdDbs.push(name);
  return dbUrl(name);
}

/** Migrate, seed (demo accounts, no demo registrations) and generate a meet in-process. */
async function makeMeet(
  target: { url: string } | { dir: string },
  spec: SizeSpec,
  code: string,
  o: { entries: boolean; approve: boolean },
): Promise<{ meet: Meet; seconds: number }> {
  const database = await openDatabase(
    'url' in target ? { url: target.url, pgliteDir: null } : { url: null, pgliteDir: target.dir },
  );
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { adminPassword: PASSWORD, registrations: false });
    const started = Date.now();
    const meet = await generate(database.db, {
      spec,
      code,
      ...o,
      concurrency: database.kind === 'postgres' ? 6 : 1,
      log,
    });
    const seconds = (Date.now() - started) / 1000;
    // Planner statistics, as autovacuum would have gathered on a running server (this machine's
    // PostgreSQL runs with autovacuum off, and a fresh bulk-loaded database has none).
    await database.exec('analyze');
    return { meet, seconds };
  } finally {
    await database.close();
  }
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const fmt = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

// ─── Public reads against the bare ceiling ────────────────────────────────────────────────

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  /** Limited per client IP: load it from many loopback addresses. */
  perIp?: boolean;
}

/** Capture each endpoint's bytes from Baton, serve them from a bare Fastify, load both in turn. */
async function readsVersusBare(
  label: string,
  baton: Child,
  endpoints: Endpoint[],
  port: number,
): Promise<{ results: Map<string, { baton: LoadResult; bare: LoadResult }>; rssPeak: number }> {
  const routes: BareRoute[] = [];
  for (const e of endpoints) {
    const res = await fetch(`${baton.base}${e.url}`, {
      method: e.method,
      body: e.body,
      headers: e.body ? { 'content-type': 'application/json' } : {},
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${label} ${e.name}: ${res.status} ${body.toString().slice(0, 300)}`);
    routes.push({ method: e.method, url: e.url, contentType: res.headers.get('content-type') ?? '', body });
    log(`  ${e.name}: ${body.length} bytes`);
  }
  const bare = await startBare(port, routes);
  children.push(bare);
  const results = new Map<string, { baton: LoadResult; bare: LoadResult }>();
  const rss = sampleRss(baton.pid, 200);
  try {
    for (const e of endpoints) {
      const o = { method: e.method, body: e.body, connections: CONNECTIONS, seconds: SECONDS, spreadSources: e.perIp };
      // Warm both, then bare and Baton back to back (the machine is shared: same minute, same noise).
      await load(`${baton.base}${e.url}`, { ...o, seconds: 2 });
      const b = await load(`${bare.base}${e.url}`, o);
      const r = await load(`${baton.base}${e.url}`, o);
      results.set(e.name, { baton: r, bare: b });
      log(
        `  ${label} ${e.name}: Baton ${fmt(r.rps)} req/s p99 ${r.p99} ms (errors ${r.errors}, non-2xx ${r.non2xx}); ` +
          `bare ${fmt(b.rps)} req/s p99 ${b.p99} ms; Baton's RSS peak so far ${rss.peak().toFixed(0)} MB`,
      );
    }
  } finally {
    await bare.stop();
  }
  return { results, rssPeak: rss.stop() };
}

function readRows(
  label: string,
  results: Map<string, { baton: LoadResult; bare: LoadResult }>,
  pgResults?: Map<string, { baton: LoadResult; bare: LoadResult }>,
) {
  for (const [name, { baton, bare }] of results) {
    const ratio = baton.rps / bare.rps;
    const clean = baton.errors === 0 && baton.non2xx === 0;
    if (pgResults) {
      const onPg = pgResults.get(name);
      rows.push({
        scenario: `${label}: ${name}`,
        figure: `${fmt(baton.rps)} req/s, p99 ${ms(baton.p99)}${clean ? '' : `, ${baton.errors + baton.non2xx} errors`}`,
        target: 'reported vs PostgreSQL',
        ratio: onPg
          ? `${(baton.rps / onPg.baton.rps).toFixed(2)}× PG, ${ratio.toFixed(2)}× bare`
          : `${ratio.toFixed(2)}× bare`,
        pass: clean ? 'info' : 'MISS',
      });
      continue;
    }
    // Issue 27: throughput ≥ 0.8× the bare server's, p99 ≤ 1.5× the bare server's p99, same minute.
    const p99Ratio = baton.p99 / Math.max(bare.p99, 1);
    rows.push({
      scenario: `${label}: ${name}`,
      figure: `${fmt(baton.rps)} req/s (bare ${fmt(bare.rps)}), p99 ${ms(baton.p99)} (bare ${ms(bare.p99)})${clean ? '' : `, ${baton.errors + baton.non2xx} errors`}`,
      target: '≥ 0.8× bare, p99 ≤ 1.5× bare',
      ratio: `${ratio.toFixed(2)}× / p99 ${p99Ratio.toFixed(2)}×`,
      pass: ratio >= 0.8 && p99Ratio <= 1.5 && clean ? 'pass' : 'MISS',
    });
  }
}

function registrationEndpoints(meet: Meet): Endpoint[] {
  const a = meet.delegations[0]!.athletes[0]!;
  return [
    { name: 'meeting detail', method: 'GET', url: `/api/v1/meetings/by-code/${meet.code}` },
    {
      name: 'entry list',
      method: 'GET',
      url: `/api/v1/public/meetings/${meet.meetingId}/entries?groupItemId=${meet.groups[0]!.items[0]!.id}`,
    },
    {
      name: 'h5 query',
      method: 'POST',
      url: '/api/v1/public/query',
      body: JSON.stringify({ meetingId: meet.meetingId, name: a.name, idNumber: a.idNumber }),
      perIp: true,
    },
  ];
}

// ─── Scenario: registration writes ────────────────────────────────────────────────────────

interface WriteRun {
  ok: number;
  refused: number;
  seconds: number;
  rate: number;
  /** CPU ms per entry: the serving process's and PostgreSQL's backends' on this database. */
  serverMs: number;
  pgMs: number;
  samples: string[];
}

/** One client per delegation, all at once; each adds its athletes' entries one request at a time. */
async function driveEntries(server: Child, token: string, meet: Meet, url: string): Promise<WriteRun> {
  let ok = 0;
  let refused = 0;
  const samples: string[] = [];
  const deadline = Date.now() + 180_000;
  const cpuBefore = cpuMsOf(server.pid);
  const database = new URL(url).pathname.slice(1);
  const pgBefore = pgBackendCpuMs(database);
  const started = performance.now();
  await Promise.all(
    meet.delegations.map(async (d) => {
      for (const a of d.athletes) {
        for (const e of a.entries) {
          if (Date.now() > deadline) return;
          const res = await fetch(`${server.base}/api/v1/apply/entries`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
            body: JSON.stringify({ delegationId: d.id, athleteId: a.id, ...e }),
          });
          const env = (await res.json().catch(() => null)) as { code?: string; msg?: string } | null;
          if (res.status === 200 && env?.code === '00000') ok += 1;
          else {
            refused += 1;
            if (samples.length < 5) samples.push(`${res.status} ${env?.code} ${env?.msg}`);
          }
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = cpuMsOf(server.pid) - cpuBefore;
  let pgMs = 0;
  for (const [pid, ms] of pgBackendCpuMs(database)) pgMs += ms - (pgBefore.get(pid) ?? 0);
  const per = (ms: number) => ms / Math.max(ok, 1);
  return { ok, refused, seconds, rate: ok / seconds, serverMs: per(cpuMs), pgMs: per(pgMs), samples };
}

const describeRun = (r: WriteRun) =>
  `${r.ok} entries in ${r.seconds.toFixed(1)} s (${fmt(r.rate)}/s), refused ${r.refused}; CPU per entry: server ${r.serverMs.toFixed(2)} ms, PostgreSQL backends ${r.pgMs.toFixed(2)} ms ${r.samples.join('; ')}`;

/**
 * The reference write path (bench/bare-writes.mjs) adds every entry first; they are then deleted
 * (with their history and log lines, and the tables vacuumed) and Baton adds them again, so both
 * write the same rows into the same database in the same minutes.
 */
async function referenceWrites(token: string, meet: Meet, url: string): Promise<WriteRun> {
  const ref = await startBareWrites(PORT_BASE + 15, url);
  children.push(ref);
  const run = await driveEntries(ref, token, meet, url);
  await ref.stop();
  log(`  reference writes: ${describeRun(run)}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const id = meet.meetingId;
  await c.query(`delete from reg_record_history where meeting_id = ${id} and entity = 'entry'`);
  await c.query(`delete from reg_entry where meeting_id = ${id}`);
  await c.query(`delete from sys_oplog where module = 'bench-reference'`);
  await c.query('vacuum analyze reg_entry, reg_record_history, sys_oplog');
  await c.end();
  return run;
}

async function registrationWrites(baton: Child, meet: Meet, url: string) {
  const token = await signIn(baton.base, 'root');
  const reference = await referenceWrites(token, meet, url);
  const run = await driveEntries(baton, token, meet, url);
  const { ok, refused, seconds, rate } = run;
  log(`  writes: ${describeRun(run)}`);

  // SQL: no limit exceeded, no person twice (the soak's checks, on this meeting).
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const id = meet.meetingId;
  const checks: Record<string, string> = {
    'delegations over the athlete limit': `select count(*)::int n from meet_delegation d join meet_meeting m on m.id = d.meeting_id
      where m.id = ${id} and m.max_athletes is not null and (select count(*) from reg_athlete a where a.delegation_id = d.id) > m.max_athletes`,
    'people registered twice': `select count(*)::int n from (select id_number from reg_athlete where meeting_id = ${id}
      group by 1 having count(*) > 1) x`,
    'events over the per-delegation limit': `select count(*)::int n from (select e.delegation_id, e.group_item_id
      from reg_entry e join meet_group_item gi on gi.id = e.group_item_id where e.meeting_id = ${id}
      and gi.max_per_delegation is not null group by 1, 2, gi.max_per_delegation having count(*) > gi.max_per_delegation) x`,
    'athletes over the event limit': `select count(*)::int n from (select e.athlete_id from reg_entry e
      join meet_meeting m on m.id = e.meeting_id where m.id = ${id} group by e.athlete_id, m.max_events_per_athlete
      having count(*) > m.max_events_per_athlete) x`,
    'entries outside the athlete group': `select count(*)::int n from reg_entry e join reg_athlete a on a.id = e.athlete_id
      join meet_group_item gi on gi.id = e.group_item_id where e.meeting_id = ${id} and gi.group_id <> a.group_id`,
    'an athlete entered twice in an event': `select count(*)::int n from (select athlete_id, group_item_id from reg_entry
      where meeting_id = ${id} group by 1, 2 having count(*) > 1) x`,
  };
  const violations: string[] = [];
  for (const [name, text] of Object.entries(checks)) {
    const n = Number((await c.query(text)).rows[0].n);
    if (n !== 0) violations.push(`${name}: ${n}`);
  }
  const stored = Number((await c.query(`select count(*)::int n from reg_entry where meeting_id = ${id}`)).rows[0].n);
  // Registration day ends: every delegation submits, the committee approves everyone (the
  // public lists show approved entries). Not timed.
  for (const d of meet.delegations) {
    await fetch(`${baton.base}/api/v1/apply/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ delegationId: d.id }),
    });
  }
  const ids = (
    await c.query(`select id from reg_athlete where meeting_id = ${id} and status = 'submitted' order by id`)
  ).rows.map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) {
    await fetch(`${baton.base}/api/v1/audit/decisions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entity: 'athlete', ids: ids.slice(i, i + 500), decision: 'approve' }),
    });
  }
  const approved = Number(
    (await c.query(`select count(*)::int n from reg_entry where meeting_id = ${id} and status = 'approved'`)).rows[0].n,
  );
  await c.end();
  log(`  submitted and approved: ${approved} entries approved`);
  log(`  SQL: ${stored} entries stored; violations: ${violations.length ? violations.join(', ') : 'none'}`);
  const planned = meet.delegations.reduce((s, d) => s + d.athletes.reduce((t, a) => t + a.entries.length, 0), 0);
  const complete = ok === planned && stored === planned && refused === 0 && reference.ok === planned;
  const vsRef = rate / reference.rate;
  rows.push({
    scenario: `registration writes, PostgreSQL, ${meet.delegations.length} delegations in parallel${scaleNote}`,
    figure: `${fmt(rate)} entries/s (${ok}/${planned} in ${seconds.toFixed(1)} s)`,
    target: '≥ 1,000 entries/s',
    ratio: `${(rate / 1000).toFixed(2)}×`,
    pass: rate >= 1000 && complete ? 'pass' : 'MISS',
  });
  rows.push({
    scenario: 'registration writes against the reference write path (bench/bare-writes.mjs), same database',
    figure: `${fmt(rate)} vs ${fmt(reference.rate)} entries/s; CPU per entry: server ${run.serverMs.toFixed(2)} vs ${reference.serverMs.toFixed(2)} ms, PostgreSQL ${run.pgMs.toFixed(2)} vs ${reference.pgMs.toFixed(2)} ms`,
    target: '≥ 0.7× reference; server CPU ≤ 1 ms/entry',
    ratio: `${vsRef.toFixed(2)}×`,
    pass: vsRef >= 0.7 && run.serverMs <= 1 && complete ? 'pass' : 'MISS',
  });
  rows.push({
    scenario: 'registration writes: SQL check afterwards',
    figure: `${stored} entries stored; ${violations.length ? violations.join(', ') : '0 limits exceeded, 0 people twice'}`,
    target: 'no limit exceeded, no person twice',
    ratio: '-',
    pass: violations.length === 0 && stored === ok ? 'pass' : 'MISS',
  });
}

// ─── Scenario: Excel import ───────────────────────────────────────────────────────────────

async function excelImport(baton: Child, url: string) {
  // A meeting of the same groups with one delegation and no athlete limit.
  const { meet } = await makeMeet(
    { url },
    { delegations: 1, athletesPer: 0, coachesPer: 0, entriesOf: () => 0, maxPerDelegation: 3 },
    `bench-import-${stamp}`,
    { entries: false, approve: false },
  );
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('update meet_meeting set max_athletes = null where id = $1', [meet.meetingId]);
  await c.end();
  // 6,000 rows; every 100th (1 %) bad in one of five ways the report must name.
  const bad = new Map<number, string>();
  const sheetRows: { name: string; idNumber: string; group: string }[] = [];
  const groups = meet.groups;
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const g = groups[i % groups.length]!;
    const { idNumber } = idNumberFor(Math.floor(i / groups.length) + 5000, g);
    const row = { name: `导入${i}`, idNumber, group: '' };
    const excelRow = i + 2; // row 1 holds the headers
    if (i % 100 === 50) {
      switch (((i / 100) % 5) | 0) {
        case 0:
          row.idNumber = `${idNumber.slice(0, 17)}${idNumber.endsWith('0') ? '1' : '0'}`; // wrong check character
          bad.set(excelRow, 'idNumber');
          break;
        case 1:
          row.name = '';
          bad.set(excelRow, 'name');
          break;
        case 2:
          row.group = '不存在的组';
          bad.set(excelRow, 'group');
          break;
        case 3:
          row.idNumber = sheetRows[0]!.idNumber; // the same person twice
          bad.set(excelRow, 'idNumber');
          break;
        default:
          row.idNumber = '12AB';
          bad.set(excelRow, 'idNumber');
      }
    }
    sheetRows.push(row);
  }
  const file = await toXlsx(
    'Athletes',
    [
      { header: 'Name', key: 'name', value: (r: (typeof sheetRows)[number]) => r.name },
      { header: 'ID number', key: 'idNumber', value: (r: (typeof sheetRows)[number]) => r.idNumber },
      { header: 'Group', key: 'group', value: (r: (typeof sheetRows)[number]) => r.group },
    ],
    sheetRows,
  );
  const token = await signIn(baton.base, 'root');
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)]), 'athletes.xlsx');
  const before = baton.rssMb();
  const rss = sampleRss(baton.pid, 20);
  const started = performance.now();
  const res = await fetch(
    `${baton.base}/api/v1/apply/athletes/import?delegationId=${meet.delegations[0]!.id}&mode=valid-only`,
    { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form },
  );
  const seconds = (performance.now() - started) / 1000;
  const peak = rss.stop();
  const env = (await res.json()) as {
    code: string;
    msg: string;
    data: { total: number; valid: number; invalid: number; imported: number; errors: { row: number; field: string }[] };
  };
  if (env.code !== '00000') throw new Error(`import refused: ${env.msg}`);
  const r = env.data;
  const reported = new Map(r.errors.map((e) => [e.row, e.field]));
  const rowsRight =
    reported.size === bad.size && [...bad].every(([row]) => reported.has(row)) && r.invalid === bad.size;
  const countsRight = r.total === IMPORT_ROWS && r.imported === IMPORT_ROWS - bad.size && r.valid === r.imported;
  log(
    `  import: ${r.imported}/${r.total} imported, ${r.invalid} invalid in ${seconds.toFixed(2)} s; RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB; report rows ${rowsRight ? 'right' : 'WRONG'}`,
  );
  rows.push({
    scenario: `Excel import, ${fmt(IMPORT_ROWS)} athletes, 1 % bad rows (PostgreSQL)`,
    figure: `${seconds.toFixed(2)} s, peak RSS ${peak.toFixed(0)} MB, ${r.imported} imported, ${r.invalid} reported bad`,
    target: '< 10 s, < 500 MB, report right',
    ratio: `${(seconds / 10).toFixed(2)}× time`,
    pass: seconds < 10 && peak < 500 && rowsRight && countsRight ? 'pass' : 'MISS',
  });
}

// ─── Scenario: start lists and fan-out ────────────────────────────────────────────────────

interface Socket {
  ws: WebSocket;
  got: Map<string, number>;
}

async function openSockets(base: string, n: number): Promise<Socket[]> {
  const url = `${base.replace('http', 'ws')}/api/ws`;
  const out: Socket[] = [];
  await pool(
    Array.from({ length: n }, (_, i) => i),
    200,
    async () => {
      const s: Socket = { ws: new WebSocket(url), got: new Map() };
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('socket did not open in 30 s')), 30_000);
        s.ws.on('message', (raw) => {
          const at = performance.now();
          const text = raw.toString();
          if (text.includes('"welcome"')) {
            clearTimeout(timer);
            resolve();
            return;
          }
          if (text.startsWith('{"topic":"competition"') && !s.got.has('first')) s.got.set('first', at);
        });
        s.ws.on('error', reject);
      });
      out.push(s);
    },
  );
  return out;
}

/** Publish/unpublish a round `times` times on `base`; delivery delays of each publication to `sockets`. */
async function publications(base: string, token: string, roundId: number, sockets: Socket[], times: number) {
  const delays: number[] = [];
  let missing = 0;
  for (let k = 0; k < times; k++) {
    const action = k % 2 === 0 ? 'unpublish' : 'publish';
    for (const s of sockets) s.got.clear();
    const sent = performance.now();
    const res = await fetch(`${base}/api/v1/competition/rounds/${roundId}/${action}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const env = (await res.json()) as { code: string; msg: string; data: { version: number } };
    if (env.code !== '00000') throw new Error(`${action} refused: ${env.msg}`);
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline && sockets.some((s) => s.got.size === 0)) await sleep(20);
    for (const s of sockets) {
      const at = [...s.got.values()][0];
      if (at === undefined) missing += 1;
      else delays.push(at - sent);
    }
    await sleep(300);
  }
  return { delays, missing };
}

async function carnival() {
  const url = await freshPgDb('carnival');
  log(`carnival meet → ${url}`);
  const { meet, seconds } = await makeMeet({ url }, scaled('carnival', SCALE), `bench-carnival-${stamp}`, {
    entries: true,
    approve: true,
  });
  log(`  generated in ${seconds.toFixed(0)} s: ${meet.entries} entries`);
  const a = await startBaton({ port: PORT_BASE + 31, databaseUrl: url, redisUrl: REDIS, label: 'carnival A' });
  children.push(a);
  const b = await startBaton({ port: PORT_BASE + 32, databaseUrl: url, redisUrl: REDIS, label: 'carnival B' });
  children.push(b);
  const token = await signIn(a.base, 'root');
  const events = await (async () => {
    const database = await openDatabase({ url, pgliteDir: null });
    try {
      return await groupItemsOf(database.db, meet.meetingId);
    } finally {
      await database.close();
    }
  })();

  let roundId = 0;
  const rounds: number[] = [];
  if (ONLY.has('startlists') || ONLY.has('fanout') || ONLY.has('books')) {
    const failures: string[] = [];
    // "Generate all": one job makes every event's first round; timed from the start request to
    // the job's end, followed every 50 ms as the page does (every 500 ms).
    const started = performance.now();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    interface GenerateJob {
      id: string;
      status: string;
      error: string | null;
      result: {
        starts: number;
        made: { roundId: number }[];
        skipped: { groupItemId: number; reason: string }[];
      } | null;
    }
    const call = async (method: 'GET' | 'POST', url: string) => {
      const res = await fetch(`${a.base}${url}`, { method, headers, body: method === 'POST' ? '{}' : undefined });
      return { status: res.status, env: (await res.json()) as { code: string; msg: string; data: GenerateJob } };
    };
    const base = `/api/v1/competition/meetings/${meet.meetingId}/start-lists`;
    let answer = await call('POST', base);
    while (answer.env.code === '00000' && answer.env.data.status === 'running') {
      await sleep(50);
      answer = await call('GET', `${base}/jobs/${answer.env.data.id}`);
    }
    let starts = 0;
    const result = answer.env.data?.result;
    if (answer.env.code !== '00000') failures.push(`${answer.status} ${answer.env.msg}`);
    else if (!result) failures.push(`job ${answer.env.data.status}: ${answer.env.data.error}`);
    else {
      rounds.push(...result.made.map((m) => m.roundId));
      starts = result.starts;
      for (const s of result.skipped) failures.push(`${s.groupItemId}: skipped (${s.reason})`);
    }
    const took = (performance.now() - started) / 1000;
    log(
      `  start lists: ${rounds.length}/${events.length} events, ${starts} starts in ${took.toFixed(2)} s ${failures.slice(0, 3).join('; ')}`,
    );
    rows.push({
      scenario: `start lists, whole carnival meet (${events.length} events, ${fmt(meet.entries)} entries)${scaleNote}`,
      figure: `${took.toFixed(2)} s (${starts} starts${failures.length ? `, ${failures.length} not made` : ''})`,
      target: '< 3 s',
      ratio: `${(took / 3).toFixed(2)}×`,
      pass: took < 3 && !failures.length && starts === meet.entries ? 'pass' : 'MISS',
    });
    // Publish them (the public competition reads and the fan-out need published lists).
    await pool(rounds, 4, async (id) => {
      await fetch(`${a.base}/api/v1/competition/rounds/${id}/publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
    });
    roundId = rounds[0]!;
  }

  if (ONLY.has('reads') && roundId) {
    const endpoints: Endpoint[] = [
      { name: 'competition events', method: 'GET', url: `/api/v1/public/competition/${meet.meetingId}/events` },
      {
        name: 'event start list (rounds)',
        method: 'GET',
        url: `/api/v1/public/competition/${meet.meetingId}/rounds?groupItemId=${events[0]}`,
      },
      { name: 'results (latest)', method: 'GET', url: `/api/v1/public/competition/${meet.meetingId}/results` },
    ];
    const { results, rssPeak } = await readsVersusBare('competition reads PG', a, endpoints, PORT_BASE + 33);
    readRows('public reads PG (carnival)', results);
    rows.push({
      scenario: 'server RSS during competition public reads (PG)',
      figure: `peak ${rssPeak.toFixed(0)} MB`,
      target: '< 300 MB',
      ratio: `${(rssPeak / 300).toFixed(2)}×`,
      pass: rssPeak < 300 ? 'pass' : 'MISS',
    });
  }

  if (ONLY.has('books')) await programmeBook(a, token, meet, rounds.length);

  if (ONLY.has('fanout') && roundId) {
    log(`  fan-out: opening ${CLIENTS} sockets on A`);
    let sockets = await openSockets(a.base, CLIENTS);
    let { delays, missing } = await publications(a.base, token, roundId, sockets, 4);
    const p99 = percentile(delays, 99);
    log(`  one instance: p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, missing ${missing}`);
    rows.push({
      scenario: `live fan-out, ${fmt(CLIENTS)} sockets on one instance (4 publications)`,
      figure: `p99 ${ms(p99)}, p50 ${ms(percentile(delays, 50))}, ${missing} missed`,
      target: 'p99 < 1 s',
      ratio: `${(p99 / 1000).toFixed(2)}×`,
      pass: p99 < 1000 && missing === 0 ? 'pass' : 'MISS',
    });
    for (const s of sockets) s.ws.terminate();
    await sleep(1000);
    // Two instances sharing PostgreSQL and Redis: half the sockets on each, published on A.
    const half = Math.floor(CLIENTS / 2);
    log(`  fan-out across instances: ${half} sockets on A, ${CLIENTS - half} on B, published on A`);
    const onA = await openSockets(a.base, half);
    const onB = await openSockets(b.base, CLIENTS - half);
    sockets = [...onA, ...onB];
    ({ delays, missing } = await publications(a.base, token, roundId, sockets, 4));
    const p99b = percentile(delays, 99);
    log(`  two instances: p99 ${p99b.toFixed(0)} ms, missing ${missing}`);
    rows.push({
      scenario: `live fan-out, two instances (PG + Redis), ${fmt(CLIENTS)} sockets, published on one`,
      figure: `p99 ${ms(p99b)}, ${missing} missed`,
      target: 'p99 < 1 s, every socket',
      ratio: `${(p99b / 1000).toFixed(2)}×`,
      pass: p99b < 1000 && missing === 0 ? 'pass' : 'MISS',
    });
    for (const s of sockets) s.ws.terminate();
  }
  await a.stop();
  await b.stop();
}

// ─── Scenario: the programme book ─────────────────────────────────────────────────────────

/**
 * The carnival meet's programme book (秩序册: officials, timetable, every delegation's block, every
 * first round's start list, records), Chinese, A4: bibs numbered by delegation first, then the
 * book made as a job (`POST /competition/meetings/:id/books`), polled every 250 ms until done,
 * the file fetched. Timed from the start request to the file; the server's RSS sampled meanwhile.
 */
async function programmeBook(baton: Child, token: string, meet: Meet, startLists: number) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baton.base}${url}`, {
      method,
      headers: auth,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const env = (await res.json()) as { code: string; msg: string; data: T };
    if (env.code !== '00000') throw new Error(`${method} ${url}: ${res.status} ${env.msg}`);
    return env.data;
  };
  const base = `/api/v1/competition/meetings/${meet.meetingId}`;
  const athletes = meet.delegations.reduce((n, d) => n + d.athletes.length, 0);
  await api('POST', `${base}/bibs`, { scheme: { kind: 'delegation', start: 1001, step: 0 }, keepExisting: false });
  const before = baton.rssMb();
  const rss = sampleRss(baton.pid, 100);
  const started = performance.now();
  interface Job {
    id: string;
    status: string;
    done: number;
    total: number;
    error: string | null;
    pages: number | null;
    bytes: number | null;
  }
  let job = await api<Job>('POST', `${base}/books?book=programme&lang=zh-cn&paper=A4`);
  let polls = 0;
  while (job.status === 'running') {
    await sleep(250);
    job = await api<Job>('GET', `${base}/books/${job.id}`);
    if (++polls % 20 === 0) log(`  programme book: ${job.done} / ${job.total} sections`);
  }
  if (job.status !== 'done') throw new Error(`programme book failed: ${job.error}`);
  const file = await fetch(`${baton.base}${base}/books/${job.id}/pdf`, { headers: auth });
  const bytes = (await file.arrayBuffer()).byteLength;
  const took = (performance.now() - started) / 1000;
  const peak = rss.stop();
  log(
    `  programme book: ${job.pages} pages, ${(bytes / 1e6).toFixed(1)} MB in ${took.toFixed(1)} s; RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
  );
  rows.push({
    scenario: `programme book (秩序册), carnival meet (${meet.delegations.length} delegations, ${fmt(athletes)} athletes, ${startLists} start lists)${scaleNote}`,
    figure: `${took.toFixed(1)} s, ${fmt(job.pages ?? 0)} pages, ${(bytes / 1e6).toFixed(1)} MB; server RSS peak ${peak.toFixed(0)} MB (${before.toFixed(0)} before)`,
    target: '< 120 s, < 800 MB',
    ratio: `${(took / 120).toFixed(2)}× / ${(peak / 800).toFixed(2)}×`,
    pass: took < 120 && peak < 800 && file.status === 200 ? 'pass' : 'MISS',
  });
}

// ─── Main ─────────────────────────────────────────────────────────────────────────────────

async function main() {
  log(
    `Baton bench${scaleNote}: ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  let pgReads: Map<string, { baton: LoadResult; bare: LoadResult }> | undefined;
  let provincialCode = '';

  if (ONLY.has('writes') || ONLY.has('reads') || ONLY.has('import')) {
    const url = await freshPgDb('provincial');
    log(`provincial meet (athletes and coaches; the entries come in the write scenario) → ${url}`);
    const { meet, seconds } = await makeMeet({ url }, scaled('provincial', SCALE), `bench-prov-${stamp}`, {
      entries: !ONLY.has('writes'),
      approve: !ONLY.has('writes'),
    });
    provincialCode = meet.code;
    log(`  generated in ${seconds.toFixed(0)} s`);
    const baton = await startBaton({ port: PORT_BASE + 11, databaseUrl: url, label: 'provincial PG' });
    children.push(baton);
    if (ONLY.has('writes')) await registrationWrites(baton, meet, url);
    if (ONLY.has('reads')) {
      const { results, rssPeak } = await readsVersusBare('PG', baton, registrationEndpoints(meet), PORT_BASE + 12);
      pgReads = results;
      readRows('public reads PG', results);
      rows.push({
        scenario: 'server RSS during public reads (PG)',
        figure: `peak ${rssPeak.toFixed(0)} MB`,
        target: '< 300 MB',
        ratio: `${(rssPeak / 300).toFixed(2)}×`,
        pass: rssPeak < 300 ? 'pass' : 'MISS',
      });
    }
    if (ONLY.has('import')) await excelImport(baton, url);
    await baton.stop();
  }

  if (ONLY.has('pglite')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h-bench-pglite-'));
    log(`provincial meet on PGlite → ${dir}`);
    const { meet, seconds } = await makeMeet(
      { dir: path.join(dir, 'db') },
      scaled('provincial', SCALE),
      provincialCode || `bench-prov-${stamp}`,
      { entries: true, approve: true },
    );
    log(`  generated in ${seconds.toFixed(0)} s`);
    const baton = await startBaton({ port: PORT_BASE + 13, dataDir: dir, label: 'provincial PGlite' });
    children.push(baton);
    // Idle: started (after a restart: the data directory was made by the generator), then quiet
    // for 20 s: the RSS still grows for about 10 s after the start (the first requests' schemas,
    // WebAssembly tiering up), so an earlier sample would flatter it.
    await sleep(20_000);
    const idle = baton.rssMb();
    rows.push({
      scenario: 'server RSS at idle (PGlite), after a restart',
      figure: `${idle.toFixed(0)} MB`,
      target: '< 300 MB',
      ratio: `${(idle / 300).toFixed(2)}×`,
      pass: idle < 300 ? 'pass' : 'MISS',
    });
    const { results, rssPeak } = await readsVersusBare('PGlite', baton, registrationEndpoints(meet), PORT_BASE + 14);
    readRows('public reads PGlite', results, pgReads);
    rows.push({
      scenario: 'server RSS during public reads (PGlite)',
      figure: `peak ${rssPeak.toFixed(0)} MB`,
      target: '< 300 MB',
      ratio: `${(rssPeak / 300).toFixed(2)}×`,
      pass: rssPeak < 300 ? 'pass' : 'MISS',
    });
    await baton.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  if (ONLY.has('startlists') || ONLY.has('fanout') || ONLY.has('reads') || ONLY.has('books')) await carnival();
  if (ONLY.has('web')) webFirstLoad();
}

// ─── Scenario: web first load ─────────────────────────────────────────────────────────────

/** The production web build, then bench/web-first-load.mjs (Chromium, 390 px, 4× CPU) on a free port. */
function webFirstLoad() {
  log('web: building, then loading each page in Chromium');
  const built = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('web build failed');
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'h-bench-web-')), 'pages.json');
  const ran = spawnSync(
    process.execPath,
    [path.join(root, 'bench', 'web-first-load.mjs'), '--port', String(PORT_BASE + 40), '--json', out],
    { cwd: root, stdio: 'inherit', timeout: 900_000 },
  );
  if (ran.status !== 0 || !fs.existsSync(out)) throw new Error('web first load failed');
  const pages = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    name: string;
    target: number;
    gzipKB: number;
    fcp: number;
    tti: number;
  }[];
  for (const p of pages) {
    const fits = p.gzipKB <= p.target && p.tti < 2000;
    rows.push({
      scenario: `web first load: ${p.name}`,
      figure: `${p.gzipKB.toFixed(1)} KB gzip; interactive ${(p.tti / 1000).toFixed(2)} s (390 px, 4× CPU)`,
      target: `≤ ${p.target} KB; < 2 s`,
      ratio: `${(p.gzipKB / p.target).toFixed(2)}× / ${(p.tti / 2000).toFixed(2)}×`,
      pass: fits ? 'pass' : 'MISS',
    });
  }
}

async function cleanUp() {
  for (const c of children) await c.stop().catch(() => {});
  for (const name of createdDbs.splice(0)) {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => {});
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers, dropping the bench databases`);
    void cleanUp().then(() => process.exit(130));
  });
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
} finally {
  await cleanUp();
}
console.log(
  `\nBaton bench ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}${scaleNote}\n`,
);
console.log(table(rows));
process.exit(failed ? 1 : 0);
