// `npm run soak [-- --minutes N] [-- --concurrency N]`: a bounded mixed load on loopback against a
// fresh server (embedded PGlite in a temporary DATA_DIR, or DATABASE_URL when set: it then writes
// registrations into that database). Public reads, registrations of the demo meeting's
// delegations (athletes and entries, up to and against their limits), submissions and audits
// (approve). Reports requests, errors (must be 0), the server's RSS after warm-up and at the end,
// and afterwards checks in SQL that every limit is still exact. Exit code 1 on any failure.
// Not part of `npm test` (README "Security").
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const n = Number(args[i + 1]);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} needs a positive number`);
    process.exit(2);
  }
  return n;
};
const MINUTES = opt('minutes', 10);
const CONCURRENCY = Math.round(opt('concurrency', 8));
const WARMUP_S = Math.min(60, Math.max(15, MINUTES * 6));
/** RSS growth allowed from the end of warm-up to the end of the run. */
const RSS_TOLERANCE = { ratio: 0.25, mb: 64 };
const PASSWORD = `Soak-${randomBytes(6).toString('hex')}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-soak-'));
const databaseUrl = process.env.DATABASE_URL || null;

// ─── The server ───────────────────────────────────────────────────────────────────────────────

console.log(
  `Soak: ${MINUTES} min after ${WARMUP_S} s warm-up, ${CONCURRENCY} clients, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    BATON_ADMIN_PASSWORD: PASSWORD,
    BATON_CAPTCHA: 'off',
    LOGIN_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
  },
});
let serverOut = '';
server.stdout.on('data', (b) => {
  serverOut += b;
});
server.stderr.on('data', (b) => {
  serverOut += b;
});
const serverExit = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

const base = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the server did not start:\n${serverOut}`)), 180_000);
  server.stdout.on('data', () => {
    const m = /Baton is running at (http:\/\/\S+)/.exec(serverOut);
    if (m) {
      clearTimeout(timer);
      resolve(m[1]);
    }
  });
  void serverExit.then(() => reject(new Error(`the server exited:\n${serverOut}`)));
}).catch((err) => {
  console.error(err.message);
  process.exit(1);
});

function rssMb() {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

// ─── HTTP ─────────────────────────────────────────────────────────────────────────────────────

const stats = { requests: 0, errors: 0, refused: 0, byKind: {}, errorSamples: [] };
let counting = false;

/** One request; an error is a 5xx, a non-envelope answer or a failed connection. Returns the envelope. */
async function call(kind, method, url, { token, body, expectRefusals = false } = {}) {
  const started = performance.now();
  let res;
  let envelope = null;
  try {
    res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        'accept-language': 'en',
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    envelope = await res.json().catch(() => null);
  } catch (err) {
    envelope = null;
    res = { status: 0, err };
  }
  const ms = performance.now() - started;
  if (counting) {
    stats.requests += 1;
    stats.byKind[kind] ??= { n: 0, ms: 0, max: 0 };
    const k = stats.byKind[kind];
    k.n += 1;
    k.ms += ms;
    k.max = Math.max(k.max, ms);
  }
  const bad = res.status === 0 || res.status >= 500 || !envelope || typeof envelope.code !== 'string';
  const refused = !bad && envelope.code !== '00000';
  if (counting && bad) {
    stats.errors += 1;
    if (stats.errorSamples.length < 10) {
      stats.errorSamples.push(`${method} ${url} → ${res.status} ${res.err?.message ?? JSON.stringify(envelope)}`);
    }
  }
  if (counting && refused) {
    if (!expectRefusals || res.status >= 500) {
      stats.errors += 1;
      if (stats.errorSamples.length < 10)
        stats.errorSamples.push(`${method} ${url} → ${res.status} ${envelope.code} ${envelope.msg}`);
    } else stats.refused += 1;
  }
  return refused || bad ? null : envelope.data;
}

async function signIn(username) {
  const { sm2 } = await import('sm-crypto-v2');
  const key = (await (await fetch(`${base}/api/v1/auth/public-key`)).json()).data.publicKey;
  const form = new FormData();
  form.set('username', sm2.doEncrypt(username, key, 1));
  form.set('password', sm2.doEncrypt(PASSWORD, key, 1));
  form.set('captchaKey', 'soak');
  form.set('captchaCode', 'soak');
  const res = await (await fetch(`${base}/api/v1/auth/login`, { method: 'POST', body: form })).json();
  if (res.code !== '00000') throw new Error(`sign-in as ${username} failed: ${res.msg}`);
  return res.data.accessToken;
}

// ─── The load ─────────────────────────────────────────────────────────────────────────────────

const committee = await signIn('committee');
const meeting = await call('setup', 'GET', '/api/v1/meetings/by-code/wrj2025', { token: committee });
if (!meeting) {
  console.error('setup: the demo meeting wrj2025 is missing');
  process.exit(1);
}
const delegations = (
  await call('setup', 'GET', `/api/v1/delegations?meetingId=${meeting.id}&pageNum=1&pageSize=50`, { token: committee })
).list.map((d) => d.id);
const context = await call('setup', 'GET', `/api/v1/apply/context?delegationId=${delegations[0]}`, {
  token: committee,
});
const groups = context.groups.filter((g) => g.gender === 'M' || g.gender === 'F');
const itemsOf = new Map();
for (const g of groups) {
  const res = await call('setup', 'GET', `/api/v1/apply/items?groupId=${g.id}&delegationId=${delegations[0]}`, {
    token: committee,
  });
  itemsOf.set(
    g.id,
    res.items.filter((i) => i.kind !== 'relay' && !i.relayLegs).map((i) => i.groupItemId),
  );
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
function checkChar(first17) {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  return '10X98765432'[[...first17].reduce((s, d, i) => s + Number(d) * weights[i], 0) % 11];
}
let seq = 0;
/** A fresh valid mainland ID number in the group's birth range (sequence → distinct day and order). */
function idNumberFor(g) {
  seq += 1;
  const day = new Date(`${g.birthFrom}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + (Math.floor(seq / 400) % 700));
  const order = 2 * (seq % 400) + 101 + (g.gender === 'F' ? 1 : 0);
  const first17 = `440305${day.toISOString().slice(0, 10).replaceAll('-', '')}${String(order % 1000).padStart(3, '0')}`;
  return first17 + checkChar(first17);
}
const created = []; // { id, delegationId, groupId }

const actions = [
  // Public reads (the most common traffic on a meeting day).
  [40, () => call('public', 'GET', '/api/v1/public/home')],
  [15, () => call('public', 'GET', `/api/v1/public/meetings/${meeting.id}/counts`)],
  [15, () => call('public', 'GET', `/api/v1/public/meetings/${meeting.id}/delegations`)],
  // Registrations: athletes and entries, refused once a delegation reaches its limits.
  [
    12,
    async () => {
      const g = pick(groups);
      const delegationId = pick(delegations);
      const a = await call('register', 'POST', '/api/v1/apply/athletes', {
        token: committee,
        expectRefusals: true,
        body: {
          delegationId,
          groupId: g.id,
          name: `Soak ${seq}`,
          idNumber: idNumberFor(g),
          fields: { school: 'Soak School', emergencyContact: 'Parent', emergencyMobile: '13900001111' },
        },
      });
      if (a) created.push({ id: a.id, delegationId, groupId: g.id });
    },
  ],
  [
    10,
    async () => {
      if (!created.length) return;
      const a = pick(created);
      await call('entry', 'POST', '/api/v1/apply/entries', {
        token: committee,
        expectRefusals: true,
        body: { delegationId: a.delegationId, athleteId: a.id, groupItemId: pick(itemsOf.get(a.groupId)) },
      });
    },
  ],
  // Submissions and audits (approve what is waiting).
  [
    3,
    () =>
      call('submit', 'POST', '/api/v1/apply/submit', {
        token: committee,
        expectRefusals: true,
        body: { delegationId: pick(delegations) },
      }),
  ],
  [
    5,
    async () => {
      const page = await call(
        'audit',
        'GET',
        `/api/v1/audit/athletes/page?meetingId=${meeting.id}&status=submitted&pageNum=1&pageSize=20`,
        { token: committee },
      );
      const ids = (page?.list ?? []).filter((r) => r.status === 'submitted').map((r) => r.id);
      if (ids.length) {
        await call('audit', 'POST', '/api/v1/audit/decisions', {
          token: committee,
          expectRefusals: true,
          body: { entity: 'athlete', ids, decision: 'approve' },
        });
      }
    },
  ],
];
const totalWeight = actions.reduce((s, [w]) => s + w, 0);
function nextAction() {
  let r = Math.random() * totalWeight;
  for (const [w, fn] of actions) {
    r -= w;
    if (r <= 0) return fn;
  }
  return actions[0][1];
}

async function runFor(ms) {
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) await nextAction()();
    }),
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

console.log(`warming up for ${WARMUP_S} s…`);
await runFor(WARMUP_S * 1000);
const warm = [];
for (let i = 0; i < 3; i++) {
  warm.push(rssMb());
  await new Promise((r) => setTimeout(r, 500));
}
const rssAfterWarmup = median(warm);
counting = true;
const samples = [];
const sampler = setInterval(() => samples.push(rssMb()), 5000);
const startedAt = Date.now();
const progress = setInterval(() => {
  const s = Math.round((Date.now() - startedAt) / 1000);
  console.log(`  ${s} s: ${stats.requests} requests, ${stats.errors} errors, RSS ${rssMb().toFixed(0)} MB`);
}, 60_000);
await runFor(MINUTES * 60_000);
clearInterval(sampler);
clearInterval(progress);
counting = false;
const elapsedS = (Date.now() - startedAt) / 1000;
const tail = samples.slice(-Math.max(3, Math.floor(samples.length / 5)));
const rssEnd = median(tail.length ? tail : [rssMb()]);
const rssPeak = Math.max(rssAfterWarmup, ...samples);

// ─── Stop, then check the limits in SQL ──────────────────────────────────────────────────────

server.kill('SIGTERM');
const exit = await serverExit;

const CHECKS = {
  'delegations over their athlete limit': `select count(*)::int as n from meet_delegation d join meet_meeting m on m.id = d.meeting_id
      where m.max_athletes is not null and (select count(*) from reg_athlete a where a.delegation_id = d.id) > m.max_athletes`,
  'people registered twice in a meeting': `select count(*)::int as n from (select meeting_id, id_number from reg_athlete
      group by 1, 2 having count(*) > 1) x`,
  'events over the per-delegation limit': `select count(*)::int as n from (select e.delegation_id, e.group_item_id, gi.max_per_delegation
      from reg_entry e join meet_group_item gi on gi.id = e.group_item_id where gi.max_per_delegation is not null
      group by 1, 2, 3 having count(*) > gi.max_per_delegation) x`,
  'athletes over the per-athlete event limit': `select count(*)::int as n from (select e.athlete_id from reg_entry e
      join meet_meeting m on m.id = e.meeting_id join meet_group_item gi on gi.id = e.group_item_id
      join base_item i on i.id = gi.item_id where i.kind <> 'relay'
      group by e.athlete_id, m.max_events_per_athlete having count(*) > m.max_events_per_athlete) x`,
  'entries of an athlete outside its group': `select count(*)::int as n from reg_entry e join reg_athlete a on a.id = e.athlete_id
      join meet_group_item gi on gi.id = e.group_item_id where gi.group_id <> a.group_id`,
};
let query;
let close;
if (databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  query = async (text) => (await client.query(text)).rows;
  close = () => client.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
  query = async (text) => (await db.query(text)).rows;
  close = () => db.close();
}
const violations = {};
for (const [name, text] of Object.entries(CHECKS)) {
  try {
    violations[name] = Number((await query(text))[0].n);
  } catch (err) {
    violations[name] = `check failed: ${err.message}`;
  }
}
const [totals] = await query(`select (select count(*)::int from reg_athlete) as athletes,
  (select count(*)::int from reg_entry) as entries,
  (select count(*)::int from reg_athlete where status = 'approved') as approved`);
await close();
if (!databaseUrl) fs.rmSync(dataDir, { recursive: true, force: true });

// ─── Report ───────────────────────────────────────────────────────────────────────────────────

const growth = rssEnd - rssAfterWarmup;
const allowed = Math.max(RSS_TOLERANCE.mb, rssAfterWarmup * RSS_TOLERANCE.ratio);
const memoryOk = growth <= allowed;
const limitsOk = Object.values(violations).every((v) => v === 0);
console.log('\nSoak report');
console.log(`  duration        ${elapsedS.toFixed(0)} s after ${WARMUP_S} s warm-up, ${CONCURRENCY} clients`);
console.log(`  requests        ${stats.requests} (${(stats.requests / elapsedS).toFixed(1)}/s)`);
for (const [kind, k] of Object.entries(stats.byKind)) {
  console.log(
    `    ${kind.padEnd(10)} ${String(k.n).padStart(7)}  mean ${(k.ms / k.n).toFixed(1)} ms  max ${k.max.toFixed(0)} ms`,
  );
}
console.log(`  refused         ${stats.refused} (limits and windows doing their job: 4xx envelopes)`);
console.log(
  `  errors          ${stats.errors}${stats.errorSamples.length ? `\n    ${stats.errorSamples.join('\n    ')}` : ''}`,
);
console.log(
  `  server RSS      ${rssAfterWarmup.toFixed(0)} MB after warm-up, ${rssEnd.toFixed(0)} MB at the end (peak ${rssPeak.toFixed(0)} MB), ` +
    `growth ${growth.toFixed(0)} MB, allowed ${allowed.toFixed(0)} MB: ${memoryOk ? 'ok' : 'TOO MUCH'}`,
);
console.log(`  written         ${totals.athletes} athletes (${totals.approved} approved), ${totals.entries} entries`);
for (const [name, v] of Object.entries(violations)) console.log(`  ${name.padEnd(44)} ${v}`);
console.log(`  server exit     ${exit.code ?? exit.signal}`);
const ok = stats.errors === 0 && memoryOk && limitsOk && exit.code === 0 && stats.requests > 0;
console.log(ok ? '\nSOAK PASSED' : '\nSOAK FAILED');
process.exit(ok ? 0 : 1);
