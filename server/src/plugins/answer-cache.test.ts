import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANGES, changesData, changesOf, DataVersion } from '../db/data-version.js';
import { meeting, oplog } from '../db/schema/index.js';
import { awayFromWindowEdge, useTestApp } from '../test/app.js';
import { AnswerCache } from './answer-cache.js';

describe('changesData, changesOf', () => {
  it('tells data changes from reads, transaction control and volatile tables', () => {
    expect(changesData('select * from "meet_meeting"')).toBe(false);
    expect(changesData('begin')).toBe(false);
    expect(changesData('commit')).toBe(false);
    expect(changesData('savepoint sp1')).toBe(false);
    expect(changesData('update "meet_meeting" set "name" = $1')).toBe(true);
    expect(changesData('insert into "reg_entry" ("id") values (default)')).toBe(true);
    expect(changesData('delete from "comp_start" where "id" = $1')).toBe(true);
    expect(changesData('insert into "auth_session" ("id") values ($1)')).toBe(false);
    expect(changesData('insert into "sys_oplog" ("module") values ($1)')).toBe(false);
    // Anything else (DDL, a statement whose table cannot be read off) counts as a change.
    expect(changesData('alter table "meet_meeting" add column x int')).toBe(true);
    expect(changesData('with moved as (update "reg_entry" set "status" = 1) select 1')).toBe(true);
    // A `with` query that only reads (the audit overview's) changes nothing.
    expect(changesData('with a as (select 1 from "reg_athlete") select * from a')).toBe(false);
    expect(changesData('with a as (select "updated_at" from "reg_athlete") select * from a')).toBe(false);
    expect(changesData('with gone as (delete from "reg_entry" returning id) select count(*) from gone')).toBe(true);
    // A script: its first statement says nothing of the rest.
    expect(changesData('begin; update "reg_entry" set "status" = 1; commit')).toBe(true);
  });

  it('tells, besides, the changes to who a session speaks for (CHANGES.AUTH)', () => {
    const { NONE, DATA, AUTH, ALL } = CHANGES;
    expect(changesOf('select 1')).toBe(NONE);
    expect(changesOf('insert into "reg_entry" ("id") values (default)')).toBe(DATA);
    expect(changesOf('insert into "sys_oplog" ("module") values ($1)')).toBe(NONE);
    // A sign-in or sign-out: no public answer moves, the kept signed-in users do.
    expect(changesOf('update "auth_session" set "revoked_at" = now()')).toBe(AUTH);
    for (const table of [
      'sys_user',
      'sys_user_role',
      'sys_role',
      'sys_role_menu',
      'sys_menu',
      'meet_delegation',
      'meet_meeting',
    ]) {
      expect(changesOf(`update "${table}" set "status" = $1`)).toBe(DATA | AUTH);
    }
    expect(changesOf('alter table "sys_user" add column x int')).toBe(ALL);
    expect(changesOf('select 1; delete from "sys_user_role"')).toBe(ALL);
  });

  it('bumps only the counters a change moves, and tells listeners what moved', () => {
    const version = new DataVersion();
    const heard: number[] = [];
    version.onLocalChange((kinds) => heard.push(kinds));
    version.bump('local', CHANGES.DATA);
    version.bump('local', CHANGES.AUTH);
    version.bump('remote', CHANGES.AUTH);
    version.bump();
    expect([version.value, version.auth]).toEqual([2, 3]);
    expect(heard).toEqual([CHANGES.DATA, CHANGES.AUTH, CHANGES.ALL]);
  });
});

describe('AnswerCache', () => {
  it('keeps nothing built under a version that has since moved, and evicts the least recently used', () => {
    const version = new DataVersion();
    const cache = new AnswerCache(version, 2);
    cache.set('a', { version: 0, body: Buffer.from('A'), etag: 'a' });
    version.bump();
    expect(cache.get('a')).toBeUndefined();
    // Built before the bump, stored after it: refused.
    cache.set('b', { version: 0, body: Buffer.from('B'), etag: 'b' });
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', { version: 1, body: Buffer.from('B'), etag: 'b' });
    cache.set('c', { version: 1, body: Buffer.from('C'), etag: 'c' });
    expect(cache.get('b')?.body.toString()).toBe('B');
    cache.set('d', { version: 1, body: Buffer.from('D'), etag: 'd' });
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')?.body.toString()).toBe('B');
    expect(cache.size.entries).toBe(2);
  });

  it('serves an answer at most ten seconds even when nothing changed', () => {
    const version = new DataVersion();
    const cache = new AnswerCache(version);
    cache.set('a', { version: 0, body: Buffer.from('A'), etag: 'a' }, Date.now() - 11_000);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('cached public answers', () => {
  const t = useTestApp();
  let meetingId: number;
  const url = '/api/v1/meetings/by-code/wrj2025';
  const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const nameOf = async () => (await get()).json().data.name as string;

  beforeAll(async () => {
    const [m] = await t.database.db.select({ id: meeting.id }).from(meeting).where(eq(meeting.code, 'wrj2025'));
    meetingId = m!.id;
  });

  it('serves a kept answer without touching the database, with an ETag and 304', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    const before = t.database.stats.statements;
    const again = await get();
    expect(t.database.stats.statements).toBe(before);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    // A kept answer goes straight to the socket and still carries the security headers.
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(String(again.headers['content-security-policy'])).toContain("default-src 'self'");
    const notModified = await get({ 'if-none-match': first.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    // The language is part of the key: an English reader gets an answer built for English.
    const en = await get({ 'accept-language': 'en' });
    expect(en.statusCode).toBe(200);
  });

  it('builds an answer once for requests that arrive together', async () => {
    const one = await get();
    t.database.version.bump();
    const before = t.database.stats.statements;
    await get();
    const single = t.database.stats.statements - before;
    t.database.version.bump();
    const start = t.database.stats.statements;
    const all = await Promise.all(Array.from({ length: 20 }, () => get()));
    expect(all.map((r) => r.body)).toEqual(all.map(() => one.body));
    expect(t.database.stats.statements - start).toBe(single);
  });

  it('drops the answer after a committed change, through any path', async () => {
    const original = await nameOf();
    // An autocommit statement.
    await t.database.db.update(meeting).set({ name: 'Renamed once' }).where(eq(meeting.id, meetingId));
    expect(await nameOf()).toBe('Renamed once');
    // A transaction: the answer moves when it commits.
    await t.database.db.transaction(async (tx) => {
      await tx.update(meeting).set({ name: 'Renamed twice' }).where(eq(meeting.id, meetingId));
    });
    expect(await nameOf()).toBe('Renamed twice');
    // A rolled-back transaction changes nothing.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(meeting).set({ name: 'Never seen' }).where(eq(meeting.id, meetingId));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await nameOf()).toBe('Renamed twice');
    await t.database.db.update(meeting).set({ name: original }).where(eq(meeting.id, meetingId));
    expect(await nameOf()).toBe(original);
  });

  it('keeps the answer across writes that cannot change it (sessions, logs)', async () => {
    await get();
    const v = t.database.version.value;
    await t.database.db
      .insert(oplog)
      .values({ method: 'POST', path: '/x', module: 'test', action: 'test', status: 200, durationMs: 1 });
    expect(t.database.version.value).toBe(v);
    await t.database.db.execute(sql`select 1`);
    expect(t.database.version.value).toBe(v);
    const before = t.database.stats.statements;
    await get();
    expect(t.database.stats.statements).toBe(before);
  });

  it('keeps the answer of a query sent as POST, behind its rate limit', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/public/query',
        remoteAddress: '10.9.9.9',
        payload: { name: 'Nobody Here', idNumber: '110101200001011234' },
      });
    // The count (from the first ask on) is kept by the clock minute: all 21 asks must fall in one.
    await awayFromWindowEdge(60);
    const first = await ask();
    expect(first.json()).toEqual({ code: '00000', data: [], msg: 'OK' });
    const before = t.database.stats.statements;
    const again = await ask();
    expect(again.body).toBe(first.body);
    // Neither the answer nor the rate-limit count (kept in memory here) needs the database.
    expect(t.database.stats.statements - before).toBe(0);
    const codes: string[] = [];
    for (let i = 0; i < 19; i++) codes.push((await ask()).json().code);
    expect(codes.slice(0, 18).every((c) => c === '00000')).toBe(true);
    expect(codes[18]).toBe('A0429');
  });

  it('never keeps an error', async () => {
    const missing = () => t.app.inject({ method: 'GET', url: '/api/v1/meetings/by-code/nope-nope' });
    expect((await missing()).statusCode).toBe(404);
    const before = t.database.stats.statements;
    expect((await missing()).statusCode).toBe(404);
    expect(t.database.stats.statements).toBeGreaterThan(before);
  });
});
