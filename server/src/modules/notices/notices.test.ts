import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notice, noticeRead, oplog } from '../../db/schema/index.js';
import { bearer, login, useTestApp } from '../../test/app.js';
import { connect, createUser, listen, sleep, type TestSocket } from '../account/testkit.js';
import { sanitizeNoticeHtml } from './sanitize.js';

const en = { 'accept-language': 'en' };

const t = useTestApp();
let admin: string;
let alice: string; // CUSTOMER
let bob: string; // REFEREE
let aliceId: number;
let bobId: number;
let baseUrl: string;

beforeAll(async () => {
  aliceId = await createUser(t, 'alice', { roles: ['CUSTOMER'] });
  bobId = await createUser(t, 'bob', { roles: ['REFEREE'], userType: 40 });
  admin = (await login(t, 'admin')).accessToken;
  alice = (await login(t, 'alice')).accessToken;
  bob = (await login(t, 'bob')).accessToken;
  baseUrl = await listen(t.app);
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...en }, ...(payload ? { payload } : {}) });

const form = (over: Record<string, unknown> = {}) => ({
  title: 'Training schedule',
  content: '<p>Hello <strong>athletes</strong></p>',
  type: 1,
  level: 'M',
  targetType: 1,
  ...over,
});

async function create(over: Record<string, unknown> = {}): Promise<number> {
  const res = await api('POST', '/api/v1/notices', admin, form(over));
  expect(res.json().code).toBe('00000');
  return res.json().data as number;
}

const publish = (id: number) => api('PUT', `/api/v1/notices/${id}/publish`, admin);
const unread = async (token: string) => (await api('GET', '/api/v1/notices/unread-count', token)).json().data as number;
const myIds = async (token: string, query = '') =>
  ((await api('GET', `/api/v1/notices/my-page?pageSize=100${query}`, token)).json().data.list as { id: number }[]).map(
    (n) => n.id,
  );
const noticeCount = async () => (await t.database.db.select({ n: count() }).from(notice))[0]!.n;

describe('sanitising rich text', () => {
  it('keeps formatting, lists, safe links and allowed images', () => {
    const html =
      '<h2>Title</h2><p style="color: #ff0000; text-align: center">Red <em>and</em> <u>u</u></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<a href="https://example.com/x">web</a> <a href="mailto:a@b.cn">mail</a>' +
      '<img src="/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA" alt="a"><img src="https://cdn.example.com/p.png">';
    const out = sanitizeNoticeHtml(html);
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('style="color:#ff0000;text-align:center"');
    expect(out).toContain('<ul><li>one</li></ul><ol><li>two</li></ol>');
    expect(out).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">web</a>');
    expect(out).toContain('href="mailto:a@b.cn"');
    expect(out).toContain('<img alt="a" src="/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA" />');
    expect(out).toContain('<img src="https://cdn.example.com/p.png" />');
  });

  it.each([
    ['<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['<img src="x" onerror="alert(1)">ok', 'ok'],
    ['<img src="https://e.com/i.png" onerror="alert(1)">', '<img src="https://e.com/i.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<svg onload="alert(1)"><circle/></svg>safe', 'safe'],
    ['<style>body{display:none}</style><p>s</p>', '<p>s</p>'],
    ['<p onclick="steal()" style="background:url(javascript:alert(1))">p</p>', '<p>p</p>'],
    ['<iframe src="https://evil.example"></iframe>i', 'i'],
    ['<img src="http://insecure.example/p.png">', ''],
    ['<img src="//evil.example/p.png">', ''],
    ['<img src="data:image/png;base64,AAAA">', ''],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<form action="/x"><input name="a"></form>f', 'f'],
  ])('%s', (input, expected) => {
    expect(sanitizeNoticeHtml(input)).toBe(expected);
  });

  it('stores only the sanitised HTML', async () => {
    const id = await create({
      content: '<p>hi</p><script>alert(1)</script><img src=x onerror=alert(1)><svg onload=alert(1)>',
    });
    const res = await api('GET', `/api/v1/notices/${id}/form`, admin);
    expect(res.json().data.content).toBe('<p>hi</p>');
    const [row] = await t.database.db.select().from(notice).where(eq(notice.id, id));
    expect(row!.content).toBe('<p>hi</p>');
    const empty = await api('POST', '/api/v1/notices', admin, form({ content: '<script>only()</script>' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('the content is empty');
  });
});

describe('administration', () => {
  it('creates drafts, lists with filters, edits with versions', async () => {
    const id = await create({ title: 'Draft about relays', type: 2 });
    const page = await api('GET', '/api/v1/notices/page?keywords=relays&status=0&type=2', admin);
    expect(page.json().data.total).toBe(1);
    expect(page.json().data.list[0]).toMatchObject({ id, status: 0, type: 2, version: 1, publishedAt: null });
    const literal = await api('GET', '/api/v1/notices/page?keywords=%25', admin);
    expect(literal.json().data.total).toBe(0);

    const edited = await api('PUT', `/api/v1/notices/${id}`, admin, form({ title: 'Relays v2', version: 1 }));
    expect(edited.json().code).toBe('00000');
    const stale = await api('PUT', `/api/v1/notices/${id}`, admin, form({ title: 'Stale', version: 1 }));
    expect(stale.statusCode).toBe(409);
    const formRes = await api('GET', `/api/v1/notices/${id}/form`, admin);
    expect(formRes.json().data).toMatchObject({ title: 'Relays v2', version: 2, targetRoles: [], targetUserIds: [] });
    const [logged] = await t.database.db
      .select()
      .from(oplog)
      .where(eq(oplog.path, `/api/v1/notices/${id}`));
    expect(logged).toMatchObject({ module: 'notices', action: 'update', target: String(id) });
  });

  it('refuses to edit or delete a published notice until it is revoked', async () => {
    const id = await create();
    expect((await publish(id)).json().code).toBe('00000');
    expect((await publish(id)).json().msg).toBe('Invalid input: this notice is already published');
    const edit = await api('PUT', `/api/v1/notices/${id}`, admin, form({ version: 2 }));
    expect(edit.json().msg).toContain('revoke it first');
    const del = await api('DELETE', `/api/v1/notices/${id}`, admin);
    expect(del.statusCode).toBe(400);
    expect(await t.database.db.select().from(notice).where(eq(notice.id, id))).toHaveLength(1);
    expect((await api('PUT', `/api/v1/notices/${id}/revoke`, admin)).json().code).toBe('00000');
    expect((await api('PUT', `/api/v1/notices/${id}/revoke`, admin)).json().msg).toBe(
      'Invalid input: only a published notice can be revoked',
    );
    expect((await api('DELETE', `/api/v1/notices/${id}`, admin)).json().code).toBe('00000');
    expect(await t.database.db.select().from(notice).where(eq(notice.id, id))).toHaveLength(0);
  });

  it('deletes several at once, all or nothing', async () => {
    const a = await create();
    const b = await create();
    const missing = await api('DELETE', `/api/v1/notices/${a},${b},999999`, admin);
    expect(missing.statusCode).toBe(404);
    expect(await t.database.db.select().from(notice).where(eq(notice.id, a))).toHaveLength(1);
    expect((await api('DELETE', `/api/v1/notices/${a},${b}`, admin)).json().code).toBe('00000');
  });

  it('checks targets and fields, writing nothing on bad input', async () => {
    const before = await noticeCount();
    const cases: [Record<string, unknown>, string | null][] = [
      [{ targetType: 2 }, 'choose at least one role'],
      [{ targetType: 2, targetRoles: ['NO_SUCH_ROLE'] }, 'unknown roles: NO_SUCH_ROLE'],
      [{ targetType: 3, targetUserIds: [] }, 'choose at least one user'],
      [{ targetType: 3, targetUserIds: [987654] }, 'unknown users: 987654'],
      [{ title: '   ' }, 'the title is empty'],
      [{ type: 9 }, null],
      [{ level: 'X' }, null],
      [{ targetType: 4 }, null],
      [{ title: 'x'.repeat(201) }, null],
      [{ content: { html: '<p>x</p>' } }, null],
      [{ targetUserIds: ['1; drop table sys_notice'], targetType: 3 }, null],
    ];
    for (const [over, message] of cases) {
      const res = await api('POST', '/api/v1/notices', admin, form(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().code).toBe('A0400');
      if (message) expect(res.json().msg).toContain(message);
    }
    for (const url of ['/api/v1/notices/abc/form', '/api/v1/notices/0/form', '/api/v1/notices/99999999999/form']) {
      expect((await api('GET', url, admin)).statusCode).toBe(400);
    }
    expect((await api('GET', '/api/v1/notices/424242/form', admin)).statusCode).toBe(404);
    expect((await api('DELETE', '/api/v1/notices/1;2', admin)).statusCode).toBe(400);
    expect((await api('GET', '/api/v1/notices/page?status=7', admin)).statusCode).toBe(400);
    expect(await noticeCount()).toBe(before);
  });

  it('needs the notice permissions', async () => {
    const committee = (await login(t, 'committee')).accessToken;
    const id = await create();
    const calls: [string, string, object?][] = [
      ['GET', '/api/v1/notices/page'],
      ['GET', `/api/v1/notices/${id}/form`],
      ['POST', '/api/v1/notices', form()],
      ['PUT', `/api/v1/notices/${id}`, form({ version: 1 })],
      ['DELETE', `/api/v1/notices/${id}`],
      ['PUT', `/api/v1/notices/${id}/publish`],
      ['PUT', `/api/v1/notices/${id}/revoke`],
    ];
    for (const token of [alice, committee]) {
      for (const [method, url, payload] of calls) {
        const res = await api(method as 'GET', url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'A0301', data: null });
      }
    }
    for (const [method, url] of calls) {
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode).toBe(401);
    }
    const [row] = await t.database.db.select().from(notice).where(eq(notice.id, id));
    expect(row).toMatchObject({ status: 0, version: 1 });
  });
});

describe('my notices', () => {
  it('shows a role notice to its role only, and hides it again when revoked', async () => {
    await api('PUT', '/api/v1/notices/read-all', alice);
    await api('PUT', '/api/v1/notices/read-all', bob);
    const id = await create({ title: 'For customers', targetType: 2, targetRoles: ['CUSTOMER'] });
    expect(await myIds(alice)).not.toContain(id); // a draft is nobody's
    await publish(id);
    expect(await myIds(alice)).toContain(id);
    expect(await myIds(bob)).not.toContain(id);
    expect(await unread(alice)).toBe(1);
    expect(await unread(bob)).toBe(0);
    expect(await myIds(alice, '&isRead=0')).toEqual([id]);

    const denied = await api('GET', `/api/v1/notices/${id}/detail`, bob);
    expect(denied.statusCode).toBe(404);
    const detail = await api('GET', `/api/v1/notices/${id}/detail`, alice);
    expect(detail.json().data).toMatchObject({ id, title: 'For customers', publisherName: '系统管理员', status: 1 });
    expect(await unread(alice)).toBe(0);
    expect(await myIds(alice, '&isRead=1')).toContain(id);
    const page = await api('GET', '/api/v1/notices/my-page', alice);
    expect(page.json().data.list.find((n: { id: number }) => n.id === id)).toMatchObject({ isRead: 1 });

    // An administrator may open any notice, without it counting as read by them.
    expect((await api('GET', `/api/v1/notices/${id}/detail`, admin)).json().code).toBe('00000');
    const reads = await t.database.db.select().from(noticeRead).where(eq(noticeRead.noticeId, id));
    expect(reads.map((r) => r.userId)).toEqual([aliceId]);

    await api('PUT', `/api/v1/notices/${id}/revoke`, admin);
    expect(await myIds(alice)).not.toContain(id);
    expect((await api('GET', `/api/v1/notices/${id}/detail`, alice)).statusCode).toBe(404);
  });

  it('targets chosen users, counts unread and marks all read', async () => {
    await api('PUT', '/api/v1/notices/read-all', alice);
    await api('PUT', '/api/v1/notices/read-all', bob);
    const forBob = await create({ targetType: 3, targetUserIds: [bobId] });
    const forAll = await create({ targetType: 1 });
    await publish(forBob);
    await publish(forAll);
    expect(await unread(bob)).toBe(2);
    expect(await unread(alice)).toBe(1);
    expect(await myIds(alice)).not.toContain(forBob);
    const marked = await api('PUT', '/api/v1/notices/read-all', bob);
    expect(marked.json().data).toBe(2);
    expect(await unread(bob)).toBe(0);
    expect(await unread(alice)).toBe(1);
    expect((await api('PUT', '/api/v1/notices/read-all', bob)).json().data).toBe(0);
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/v1/notices/my-page', '/api/v1/notices/unread-count', '/api/v1/notices/1/detail']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/notices/read-all' })).statusCode).toBe(401);
  });
});

describe('live delivery', () => {
  it('pushes a published notice to the targeted users online, within a second', async () => {
    const sockets: TestSocket[] = [];
    try {
      const a = connect(baseUrl, alice);
      const b = connect(baseUrl, bob);
      const anon = connect(baseUrl);
      sockets.push(a, b, anon);
      await Promise.all([a.next('welcome'), b.next('welcome'), anon.next('welcome')]);

      const id = await create({
        title: 'Live for customers',
        level: 'H',
        type: 2,
        targetType: 2,
        targetRoles: ['CUSTOMER'],
      });
      const started = Date.now();
      await publish(id);
      const frame = await a.next('notice', 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(frame.data).toEqual({ id, title: 'Live for customers', type: 2, level: 'H' });
      await sleep(300);
      expect(b.frames.filter((f) => f.topic === 'notice')).toEqual([]);
      expect(anon.frames.filter((f) => f.topic === 'notice')).toEqual([]);

      await api('PUT', `/api/v1/notices/${id}/revoke`, admin);
      expect((await a.next('notice-revoked', 1000)).data).toEqual({ id });

      const forAll = await create({ title: 'Everyone', targetType: 1 });
      await publish(forAll);
      expect((await b.next('notice', 1000)).data).toMatchObject({ id: forAll });
      await sleep(200);
      expect(anon.frames.filter((f) => f.topic === 'notice')).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
