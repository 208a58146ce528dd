import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { idCheckChar } from '@baton/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { delegation, group, meeting } from '../db/schema/index.js';
import { rowsOf } from '../lib/sql.js';
import { multipartFile, xlsx } from '../modules/meetings/testkit.js';
import {
  type ChildServer,
  openTarget,
  prepareTarget,
  signInOverHttp,
  startServer,
  stopServer,
  type Target,
  throwawayDatabase,
} from './child.js';
import { databaseDigest } from './digest.js';

/**
 * Data safety under faults, with the real server as a child process on a real data directory
 * (PGlite) or a throwaway PostgreSQL database:
 *
 * 1. SIGKILL while a 12,000-athlete Excel import is being written: the restarted server opens
 *    the same data (PGlite recovers from its WAL), the delegation holds none of the rows, nothing
 *    is orphaned, every table still reads, and the same workbook then imports whole.
 * 2. SIGTERM while such an import is in flight: the server stops accepting connections, the
 *    import finishes and answers 200 with every row, the process exits 0 and leaves the database
 *    closed (PGlite lock released, reopens cleanly) with all rows in it.
 */
const mode = process.env.BATON_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
/**
 * The import killed mid-way, and the one in flight at SIGTERM (the largest workbook an import
 * takes): large enough that their writing lasts seconds even on a quiet machine, so that the
 * signal provably lands while it is written (see importUnderway).
 */
const ROWS = 12_000;
const TERM_ROWS = 20_000;
const HEADERS = ['姓名', '证件号码', '组别', '学校', '紧急联系人', '紧急联系电话'];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-crash-'));
let target: Target;
let dropDatabase: (() => Promise<void>) | null = null;
let dlgKill = 0;
let dlgTerm = 0;
let killBook: Buffer;
let termBook: Buffer;
const servers: ChildServer[] = [];

/** A valid mainland ID number: birth date `from` + `day` days, sequence `order` (odd: male). */
function idNumber(from: string, day: number, order: number): string {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + day);
  const first17 = `330381${d.toISOString().slice(0, 10).replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  return `${first17}${idCheckChar(first17)}`;
}

/** `n` boys, 150 per birth day from `firstDay` on (134 days for 20,000), none of them in the demo seed. */
function workbook(n: number, birthFrom: string, firstDay: number, tag: string) {
  const rows = Array.from({ length: n }, (_, i) => [
    `${tag}${i + 1}`,
    idNumber(birthFrom, firstDay + Math.floor(i / 150), 601 + 2 * (i % 150)),
    'U16男子组',
    '瑞安中学',
    '家长',
    '13900001111',
  ]);
  return xlsx(HEADERS, rows);
}

const count = async (database: Database, text: string) =>
  Number((await rowsOf<{ n: number }>(database.db.execute(sql.raw(text))))[0]!.n);

/** What the delegation holds and whether anything points at a missing athlete. */
async function state(database: Database, delegationId: number) {
  return {
    athletes: await count(database, `select count(*)::int as n from reg_athlete where delegation_id = ${delegationId}`),
    history: await count(
      database,
      `select count(*)::int as n from reg_record_history h join reg_athlete a on a.id = h.entity_id
        where h.entity = 'athlete' and a.delegation_id = ${delegationId}`,
    ),
    orphanHistory: await count(
      database,
      `select count(*)::int as n from reg_record_history h
        where h.entity = 'athlete' and not exists (select 1 from reg_athlete a where a.id = h.entity_id)`,
    ),
    orphanEntries: await count(
      database,
      'select count(*)::int as n from reg_entry e where not exists (select 1 from reg_athlete a where a.id = e.athlete_id)',
    ),
    duplicatePeople: await count(
      database,
      `select count(*)::int as n from (select meeting_id, id_number from reg_athlete
        group by 1, 2 having count(*) > 1) d`,
    ),
  };
}

/** Open the target in this process (only while no child holds it), read it, close it. */
async function inspect<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openTarget(target);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** A new connection asking for a public page: `ECONNREFUSED`, `ECONNRESET`, or the HTTP status. */
function probe(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let head = '';
    const done = (answer: string) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(30_000, () => done('timeout'));
    socket.on('connect', () => {
      socket.write('GET /api/v1/auth/public-key HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    });
    socket.on('data', (b: Buffer) => {
      head += b.toString();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (m) done(m[1]!);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => done(err.code ?? String(err)));
    socket.on('end', () => done(head ? 'garbled' : 'ECONNRESET'));
  });
}

/**
 * The import over its own connection, closed after the answer (`Connection: close`): an idle
 * keep-alive socket left in a client pool would hold the server's graceful close for its
 * keep-alive timeout (72 s).
 */
function importRequest(
  url: string,
  token: string,
  delegationId: number,
  book: Buffer,
): Promise<{ status: number; text: string }> {
  const { payload, headers } = multipartFile(book, 'athletes.xlsx');
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/v1/apply/athletes/import?delegationId=${delegationId}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          authorization: `Bearer ${token}`,
          'accept-language': 'en',
          connection: 'close',
          'content-length': payload.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Resolves once the import's transaction has written athletes and is still open: evidence that a
 * signal sent now lands mid-import. The caller checks too that the import had not answered.
 */
async function importUnderway(startedAt: number): Promise<string> {
  const giveUp = () => {
    if (Date.now() - startedAt > 50_000) throw new Error('the import never started writing');
  };
  if (target.kind === 'postgres') {
    // A transaction of the server that holds a transaction id (it has written) and is inserting
    // athletes or their history: at least one batch of the import is written, not yet committed.
    const c = new pg.Client({ connectionString: target.url });
    await c.connect();
    try {
      for (;;) {
        const { rows } = await c.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null
              and backend_xid is not null
              and (query ilike 'insert into "reg_athlete"%' or query ilike 'insert into "reg_record_history"%')`,
        );
        if (rows[0]!.n > 0) return 'an open PostgreSQL transaction inserting athletes';
        giveUp();
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await c.end();
    }
  }
  // PGlite runs in the server's process: what its files show. Once the import has been sent,
  // nothing else writes; its transaction (12,000 or 20,000 athletes and their history) goes to the files
  // as it runs (WAL pages as the WAL buffers fill, dirty data pages evicted), long before its
  // commit: the files changing again and again is the transaction writing. Should this ever
  // fire after the commit, the checks after the kill fail (the rows would be there): it cannot
  // pass by luck.
  const wal = path.join(target.dataDir, 'db', 'pg_wal');
  const base = path.join(target.dataDir, 'db', 'base');
  const stamp = () => {
    let sum = 0;
    for (const f of fs.readdirSync(wal)) sum += fs.statSync(path.join(wal, f)).mtimeMs;
    for (const d of fs.readdirSync(base)) {
      for (const f of fs.readdirSync(path.join(base, d))) sum += fs.statSync(path.join(base, d, f)).mtimeMs;
    }
    return sum;
  };
  let last = stamp();
  let writes = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 20));
    const now = stamp();
    if (now !== last) writes += 1;
    last = now;
    if (writes >= 8) return `PGlite wrote its files ${writes} times`;
    giveUp();
  }
}

beforeAll(async () => {
  if (mode === 'postgres') {
    const db = await throwawayDatabase(process.env.TEST_DATABASE_URL!);
    dropDatabase = db.drop;
    target = { kind: 'postgres', dataDir: tmp, url: db.url };
  } else {
    target = { kind: 'pglite', dataDir: tmp };
  }
  let birthFrom = '';
  await prepareTarget(target, async (database) => {
    // Room for the two imports: no per-delegation cap, the window open.
    await database.db
      .update(meeting)
      .set({ maxAthletes: null, regClosesAt: new Date(Date.now() + 86_400_000) })
      .where(eq(meeting.code, 'wrj2025'));
    const [m] = await database.db.select().from(meeting).where(eq(meeting.code, 'wrj2025'));
    const dlgs = await database.db
      .select({ id: delegation.id })
      .from(delegation)
      .where(eq(delegation.meetingId, m!.id))
      .orderBy(asc(delegation.id));
    // The demo's third and fourth delegations are empty.
    dlgKill = dlgs[2]!.id;
    dlgTerm = dlgs[3]!.id;
    const [boys] = await database.db
      .select()
      .from(group)
      .where(and(eq(group.meetingId, m!.id), eq(group.nameEn, 'U16 Boys')));
    birthFrom = boys!.birthFrom;
  });
  killBook = await workbook(ROWS, birthFrom, 0, '甲');
  termBook = await workbook(TERM_ROWS, birthFrom, 200, '乙');
}, 120_000);

const step = (what: string) => console.info(`${new Date().toISOString().slice(11, 23)} ${what}`);

afterEach(async () => {
  for (const s of servers.splice(0)) await stopServer(s, 'SIGKILL');
});

afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe(`server process faults (${mode})`, () => {
  it('SIGKILL in the middle of a 12,000-row import: none of it is kept; after a restart it imports whole', async () => {
    const first = await startServer(target);
    servers.push(first);
    const token = await signInOverHttp(first.url);
    const startedAt = Date.now();
    let answered: string | null = null;
    const pending = importRequest(first.url, token, dlgKill, killBook).then(
      async (res) => {
        answered = `${res.status} ${res.text.slice(0, 300)}`;
      },
      () => {},
    );
    const evidence = await importUnderway(startedAt);
    expect(answered, 'the import answered before the kill').toBeNull();
    const { signal } = await stopServer(first, 'SIGKILL');
    expect(signal).toBe('SIGKILL');
    await pending;
    expect(answered).toBeNull();
    step(`killed after ${Date.now() - startedAt} ms (${evidence})`);

    // The database opens (PGlite replays its WAL), every table reads, nothing of the import is left.
    const after = await inspect(async (database) => {
      expect(Object.keys(await databaseDigest(database.db)).length).toBeGreaterThan(20);
      return state(database, dlgKill);
    });
    expect(after).toEqual({ athletes: 0, history: 0, orphanHistory: 0, orphanEntries: 0, duplicatePeople: 0 });

    step('inspected');
    // The restarted server takes the same workbook whole: no half-written rows block it.
    const second = await startServer(target);
    step('restarted');
    servers.push(second);
    const res = await importRequest(second.url, await signInOverHttp(second.url), dlgKill, killBook);
    const body = JSON.parse(res.text) as { code: string; data: { imported: number; invalid: number } };
    expect(res.status).toBe(200);
    expect(body.code).toBe('00000');
    expect(body.data).toMatchObject({ imported: ROWS, invalid: 0 });
    step('imported');
    const exit = await stopServer(second, 'SIGTERM');
    expect(exit.code).toBe(0);
    expect(await inspect((database) => state(database, dlgKill))).toEqual({
      athletes: ROWS,
      history: ROWS,
      orphanHistory: 0,
      orphanEntries: 0,
      duplicatePeople: 0,
    });
  }, 180_000);

  it('SIGTERM with an import in flight: new requests are not served, the import completes (200), exit 0', async () => {
    // A long grace period: a loaded CI machine must not turn a slow import into a forced exit.
    const server = await startServer(target, { LOG_LEVEL: 'info', SHUTDOWN_GRACE_S: '120' });
    servers.push(server);
    const token = await signInOverHttp(server.url);
    const startedAt = Date.now();
    let answeredAt = 0;
    const inFlight = importRequest(server.url, token, dlgTerm, termBook).then((res) => {
      answeredAt = Date.now();
      return res;
    });
    const evidence = await importUnderway(startedAt);
    expect(answeredAt, 'the import answered before the signal').toBe(0);
    server.proc.kill('SIGTERM');
    step(`SIGTERM after ${Date.now() - startedAt} ms (${evidence})`);
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('shutting down');
    // Once the server has taken the signal, a new request is never served: it is reset, gets 503
    // on its way out, or (once the listener is closed) its connection is refused.
    const seen = new Set<string>();
    let refusedAt = 0;
    while (!refusedAt) {
      const answer = await probe(server.url);
      seen.add(answer);
      if (answer === 'ECONNREFUSED') refusedAt = Date.now();
      else if (Date.now() - startedAt > 90_000) throw new Error(`still accepting: ${[...seen].join(', ')}`);
    }
    expect([...seen].filter((a) => !/^(ECONNREFUSED|ECONNRESET|503)$/.test(a))).toEqual([]);
    const res = await inFlight;
    step(`import answered ${res.status} after ${answeredAt - startedAt} ms`);
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text) as { code: string; data: { imported: number } };
    expect(body.code).toBe('00000');
    expect(body.data.imported).toBe(TERM_ROWS);
    // On PostgreSQL the listener closes while the import still runs. (PGlite runs each query on the
    // main thread, so a signal is handled only once the import's chain of queries is done.)
    if (mode === 'postgres') expect(refusedAt).toBeLessThan(answeredAt);
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    if (target.kind === 'pglite') expect(fs.existsSync(path.join(target.dataDir, 'db', 'baton.lock'))).toBe(false);
    expect(await inspect((database) => state(database, dlgTerm))).toEqual({
      athletes: TERM_ROWS,
      history: TERM_ROWS,
      orphanHistory: 0,
      orphanEntries: 0,
      duplicatePeople: 0,
    });
  }, 180_000);
});
