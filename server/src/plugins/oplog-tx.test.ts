import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';
import {
  athleteForm,
  count,
  type DemoGroup,
  demoDelegations,
  demoGroups,
  setMeeting,
} from '../modules/apply/testkit.js';
import { type Client, clientWithToken, code, data } from '../modules/meetings/testkit.js';
import { bearer, login, makeTestApp, signInDelegation, type TestApp } from '../test/app.js';
import { startTcpProxy, throughProxy } from '../test/tcp-proxy.js';

/**
 * The operation log is written in the same transaction as the change it records (issue 21,
 * fault 4: "on a full disk 37 registrations succeeded, 20 were logged"), and a write whose client
 * has gone is not committed (fault 2: "203 registrations were committed after their client had
 * given up"). Faults are real: a constraint that refuses every new log line, a client that closes
 * its socket mid-request, a slow link to PostgreSQL (TCP proxy).
 */

interface LogLine {
  id: number;
  status: number;
  code: string | null;
  target: string | null;
  user_id: number | null;
  method: string;
  path: string;
  after: unknown;
}

const linesAfter = (t: TestApp, id: number, path: string) =>
  rowsOf<LogLine>(
    t.database.db.execute(
      sql`select id::int, status, code, target, user_id, method, path, after from sys_oplog
          where id > ${id} and path = ${path} order by id`,
    ),
  );
const maxLine = async (t: TestApp) =>
  Number(
    (await rowsOf<{ m: number }>(t.database.db.execute(sql`select coalesce(max(id), 0)::int as m from sys_oplog`)))[0]!
      .m,
  );

const newUser = (username: string, deptId: number) => ({
  username,
  nickname: `N ${username}`,
  password: 'Passw0rd!',
  gender: 1,
  userType: 10,
  deptId,
  roleIds: [],
});

/** Poll `f` until it answers something, for at most `ms`. */
async function until<T>(f: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A registration sent over real HTTP whose client destroys its socket as soon as the server has
 * started on it (`arrived`); resolves when the client side is closed.
 */
function abandonedPost(app: FastifyInstance, path: string, token: string, body: unknown, arrived: Promise<void>) {
  const { port } = app.server.address() as AddressInfo;
  const payload = JSON.stringify(body);
  return new Promise<void>((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      agent: false,
      headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    req.on('error', () => {});
    req.on('close', () => resolve());
    req.end(payload);
    void arrived.then(() => req.destroy());
  });
}

/** A hook that tells when a request for `path` reaches its handler's last hook (and may hold it). */
function watch(app: FastifyInstance, path: string) {
  let arrive: (req: FastifyRequest) => void = () => {};
  let hold: ((req: FastifyRequest) => Promise<void>) | null = null;
  app.addHook('preHandler', async (req) => {
    if (req.url !== path || req.method !== 'POST') return;
    arrive(req);
    await hold?.(req);
  });
  return {
    next(opts: { holdUntilClosed: boolean }) {
      hold = opts.holdUntilClosed
        ? (req) =>
            // The server has seen the client hang up (bounded wait), then the handler runs.
            until(async () => (req.raw.socket.destroyed ? true : undefined), 10_000, 'the socket to close').then(
              () => {},
            )
        : null;
      return new Promise<void>((resolve) => {
        arrive = () => resolve();
      });
    },
  };
}

describe('the log line is part of the change', () => {
  let t: TestApp;
  let boys: DemoGroup;
  let d1: Client;
  let deptId: number;
  let adminToken: string;
  let dlgToken: string;
  let watcher: ReturnType<typeof watch>;
  const logged: { level: number; msg: string; oplog?: { path: string; status: number; target: string | null } }[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        cb();
      },
    });
    t = await makeTestApp({ logLevel: 'error', logStream }, (app) => {
      watcher = watch(app, '/api/v1/apply/athletes');
    });
    boys = (await demoGroups(t)).get('U16 Boys')!;
    await setMeeting(t, { maxAthletes: null });
    dlgToken = await signInDelegation(t, (await demoDelegations(t))[0]!.id);
    d1 = clientWithToken(t, dlgToken);
    adminToken = (await login(t, 'admin')).accessToken;
    const [dept] = await rowsOf<{ id: number }>(
      t.database.db.execute(sql`select id from sys_dept order by id limit 1`),
    );
    deptId = dept!.id;
  });
  afterEach(async () => {
    await t.database.exec('alter table sys_oplog drop constraint if exists oplog_fail');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a registration and an admin write whose log line cannot be written fail whole; then each has one complete line', async () => {
    await t.database.exec('alter table sys_oplog add constraint oplog_fail check (false) not valid');
    const start = await maxLine(t);
    const form = athleteForm(boys);
    const reg = await d1.post('/api/v1/apply/athletes', form);
    expect(reg.statusCode).toBe(500);
    expect(reg.json()).toMatchObject({ code: 'B0002', data: null });
    expect(reg.json().msg).toMatch(/^System error \(/);
    expect(reg.body).not.toMatch(/sys_oplog|oplog_fail|\bat \w+ \(/);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { ...bearer(adminToken), 'accept-language': 'zh-CN' },
      payload: newUser('oplog_tx_a', deptId),
    });
    expect(admin.statusCode).toBe(500);
    expect(admin.json()).toMatchObject({ code: 'B0002', data: null });
    expect(admin.json().msg).toMatch(/^系统错误/);
    // Nothing of either: no athlete, no user (nor its roles' rows), no history, no line.
    expect(await count(t, 'reg_athlete', `id_number = '${form.idNumber}'`)).toBe(0);
    expect(await count(t, 'sys_user', `username = 'oplog_tx_a'`)).toBe(0);
    expect(await count(t, 'sys_oplog', `id > ${start}`)).toBe(0);
    expect(logged.filter((l) => l.msg.startsWith('operation log line could not be written')).length).toBe(2);

    await t.database.exec('alter table sys_oplog drop constraint oplog_fail');
    const again = await d1.post('/api/v1/apply/athletes', form);
    expect(code(again)).toBe('00000');
    const athleteId = data<{ id: number }>(again).id;
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(adminToken),
      payload: newUser('oplog_tx_a', deptId),
    });
    expect(user.json().code).toBe('00000');
    const regLines = await linesAfter(t, start, '/api/v1/apply/athletes');
    expect(regLines).toHaveLength(1);
    expect(regLines[0]).toMatchObject({ status: 200, code: '00000', target: String(athleteId), method: 'POST' });
    expect(regLines[0]!.after).toMatchObject({ id: athleteId });
    const userLines = await linesAfter(t, start, '/api/v1/users');
    expect(userLines).toHaveLength(1);
    const userId = data<{ id: number }>(user).id;
    expect(userLines[0]).toMatchObject({ status: 200, code: '00000', target: String(userId) });
    expect(userLines[0]!.after).toMatchObject({ id: userId, username: 'oplog_tx_a' });
    expect(userLines[0]!.user_id).not.toBeNull();
  });

  it('a single-statement write whose line cannot be written answers what happened and puts the line in the error log', async () => {
    await t.database.exec('alter table sys_oplog add constraint oplog_fail check (false) not valid');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/dict',
        headers: bearer(adminToken),
        payload: { dictCode: 'oplog_tx_single', name: 'Single', nameEn: 'Single' },
      });
      expect(res.json().code).toBe('00000');
      expect(await count(t, 'sys_dict', `dict_code = 'oplog_tx_single'`)).toBe(1);
      const failed = logged.filter((l) => l.msg === 'operation log write failed' && l.oplog?.path === '/api/v1/dict');
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ level: 50, oplog: { status: 200 } });
    } finally {
      await t.database.exec('alter table sys_oplog drop constraint oplog_fail');
    }
  });

  it('a registration whose client hung up before it committed is rolled back and logged as such', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const start = await maxLine(t);
    const form = athleteForm(boys);
    const arrived = watcher.next({ holdUntilClosed: true });
    await abandonedPost(t.app, '/api/v1/apply/athletes', dlgToken, form, arrived);
    const [line] = await until(
      async () => {
        const lines = await linesAfter(t, start, '/api/v1/apply/athletes');
        return lines.length ? lines : undefined;
      },
      30_000,
      'the abandoned registration to be logged',
    );
    expect(line).toMatchObject({ status: 499, code: 'A0499' });
    expect(await count(t, 'reg_athlete', `id_number = '${form.idNumber}'`)).toBe(0);
    expect(await count(t, 'sys_oplog', `id > ${start}`)).toBe(1);
  });
});

describe.runIf(process.env.BATON_TEST_DB === 'postgres')('on a slow link to PostgreSQL', () => {
  let base: TestApp;
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let watcher: ReturnType<typeof watch>;

  beforeAll(async () => {
    base = await makeTestApp();
    const url = new URL(base.database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const database = await openDatabase({ url: throughProxy(base.database.url!, proxy), pgliteDir: null });
    const app = await buildApp(base.config, database);
    watcher = watch(app, '/api/v1/apply/athletes');
    await app.ready();
    t = { app, database, config: base.config, close: () => app.close().then(() => database.close()) };
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await base?.close();
  });

  it('a registration whose client disconnects mid-request is not committed; one that waits is', async () => {
    const boys = (await demoGroups(t)).get('U16 Boys')!;
    await setMeeting(t, { maxAthletes: null });
    const token = await signInDelegation(t, (await demoDelegations(t))[0]!.id);
    const d1 = clientWithToken(t, token);
    const start = await maxLine(t);
    proxy.delay(300);
    const form = athleteForm(boys);
    // The client hangs up as soon as the server has started on the request; its statements then
    // take 600 ms a round trip, so the server is mid-request.
    await abandonedPost(t.app, '/api/v1/apply/athletes', token, form, watcher.next({ holdUntilClosed: false }));
    const [line] = await until(
      async () => {
        const lines = await linesAfter(t, start, '/api/v1/apply/athletes');
        return lines.length ? lines : undefined;
      },
      60_000,
      'the abandoned registration to be logged',
    );
    expect(line).toMatchObject({ status: 499, code: 'A0499' });
    expect(await count(t, 'reg_athlete', `id_number = '${form.idNumber}'`)).toBe(0);

    // The same registration, its client waiting, on the same slow link: committed, with its line.
    void watcher.next({ holdUntilClosed: false });
    const res = await d1.post('/api/v1/apply/athletes', form);
    expect(code(res)).toBe('00000');
    proxy.delay(0);
    expect(await count(t, 'reg_athlete', `id_number = '${form.idNumber}'`)).toBe(1);
    const lines = await linesAfter(t, line!.id, '/api/v1/apply/athletes');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 200, code: '00000', target: String(data<{ id: number }>(res).id) });
  }, 120_000);
});

describe.runIf(process.env.BATON_TEST_DB === 'postgres')('on a full disk', () => {
  let t: TestApp;
  let dir = '';
  let mounted = false;
  let tablespace = '';
  const errors: { msg: string; oplog?: { id: number | null; path: string; target: string | null } }[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) errors.push(JSON.parse(line));
        cb();
      },
    });
    t = await makeTestApp({ logLevel: 'error', logStream });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-full-'));
    try {
      // A real small disk: a 4 MB tmpfs (root only; the test is skipped where it cannot be made).
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'ignore' });
      mounted = true;
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      fs.chownSync(dir, uid, gid);
    } catch {
      mounted = false;
    }
  });
  afterAll(async () => {
    await t?.close();
    if (tablespace) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop tablespace if exists ${tablespace}`);
      await admin.end();
    }
    if (mounted) execFileSync('umount', [dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * `onDisk` (tables and their indexes) on the small disk, the others back on the default one; the
   * disk filled but for `freeKb`; then registrations until ten in a row fail (at most 150).
   */
  async function registerOnFullDisk(onDisk: string[], freeKb: number) {
    if (!tablespace) {
      tablespace = `baton_full_${process.pid}`;
      await t.database.exec(`create tablespace ${tablespace} location '${dir}'`);
    }
    const tables = ['reg_athlete', 'reg_record_history', 'sys_oplog'];
    const indexes = await rowsOf<{ tablename: string; indexname: string }>(
      t.database.db.execute(sql`select tablename, indexname from pg_indexes where tablename in ('reg_athlete',
        'reg_record_history', 'sys_oplog')`),
    );
    for (const table of tables) {
      const where = onDisk.includes(table) ? tablespace : 'pg_default';
      await t.database.exec(`alter table ${table} set tablespace ${where}`);
      for (const ix of indexes.filter((x) => x.tablename === table)) {
        await t.database.exec(`alter index ${ix.indexname} set tablespace ${where}`);
      }
    }
    const free = () => {
      const st = fs.statfsSync(dir);
      return st.bavail * st.bsize;
    };
    const filler = path.join(dir, 'filler');
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free() - freeKb * 1024)));

    const boys = (await demoGroups(t)).get('U16 Boys')!;
    await setMeeting(t, { maxAthletes: null });
    const d1 = clientWithToken(t, await signInDelegation(t, (await demoDelegations(t))[0]!.id));
    const start = await maxLine(t);
    const [{ m: firstAthlete }] = (await rowsOf<{ m: number }>(
      t.database.db.execute(sql`select coalesce(max(id), 0)::int as m from reg_athlete`),
    )) as [{ m: number }];
    let succeeded = 0;
    let failed = 0;
    const answers = new Map<string, number>();
    for (let i = 0, streak = 0; i < 150 && streak < 10; i++) {
      const res = await d1.post('/api/v1/apply/athletes', athleteForm(boys));
      const body = res.json() as { code: string; msg: string };
      const key = `${res.statusCode} ${body.code}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
      if (body.code === '00000') {
        succeeded++;
        streak = 0;
      } else {
        failed++;
        streak++;
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
        expect(res.body).not.toMatch(/No space left|could not extend|\bat \w+ \(/);
      }
    }
    // Free the disk to read what is stored.
    fs.rmSync(filler);
    const stored = (
      await rowsOf<{ id: number }>(t.database.db.execute(sql`select id from reg_athlete where id > ${firstAthlete}`))
    ).map((r) => String(r.id));
    const all = await linesAfter(t, start, '/api/v1/apply/athletes');
    const lines = all.filter((l) => l.status === 200);
    // A line written with its change but not completed (the completing update found the disk full
    // too) stays pending (status 0) in sys_oplog; its whole record, target included, went to the
    // error log: the change is logged all the same.
    const completedLater = new Map(
      errors
        .filter((e) => e.msg === 'operation log write failed' && e.oplog?.id != null)
        .map((e) => [e.oplog!.id!, e.oplog!.target]),
    );
    const pending = all.filter((l) => l.status === 0 && completedLater.has(l.id));
    console.info(
      `full disk (${onDisk.join(', ')}): ${succeeded + failed} registrations, ${succeeded} succeeded, ` +
        `${stored.length} stored, ${lines.length} logged complete + ${pending.length} pending (their outcome in ` +
        `the error log); answers ${JSON.stringify(Object.fromEntries(answers))}`,
    );
    return {
      succeeded,
      failed,
      stored,
      logged: [...lines.map((l) => l.target), ...pending.map((l) => completedLater.get(l.id) ?? null)],
    };
  }

  it('registrations on a full disk either commit with their log line or fail whole', async (ctx) => {
    if (!mounted) ctx.skip();
    const r = await registerOnFullDisk(['reg_athlete', 'reg_record_history', 'sys_oplog'], 256);
    expect(r.failed).toBeGreaterThan(0);
    expect(r.succeeded).toBeGreaterThan(0);
    expect(r.stored).toHaveLength(r.succeeded);
    expect(r.logged.sort()).toEqual(r.stored.sort());
  }, 180_000);

  it('when the disk of the operation log is full, no registration commits unlogged', async (ctx) => {
    if (!mounted) ctx.skip();
    const r = await registerOnFullDisk(['sys_oplog'], 24);
    expect(r.failed).toBeGreaterThan(0);
    expect(r.succeeded).toBeGreaterThan(0);
    expect(r.stored).toHaveLength(r.succeeded);
    expect(r.logged.sort()).toEqual(r.stored.sort());
  }, 180_000);
});
