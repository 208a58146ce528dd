import { and, eq, sql } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { CHANGES, DataVersion } from '../../db/data-version.js';
import { captcha, loginLog, session, user, userRole } from '../../db/schema/index.js';
import { SignedInUsers } from '../../plugins/auth.js';
import {
  awayFromWindowEdge,
  bearer,
  expectRefusal,
  login,
  loginRequest,
  makeTestApp,
  multipart,
  publicKey,
  solvedCaptcha,
  TEST_PASSWORD,
  type TestApp,
  useTestApp,
} from '../../test/app.js';
import { trimCaptchas } from './captcha.js';

const t = useTestApp();
/** GET /userProps/me with this access token (of this file's app unless told). */
const meWith = (accessToken: string, on: TestApp = t) =>
  on.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(accessToken) });
/** A refresh with this refresh token (on this file's app unless told). */
const refreshWith = (refreshToken: string, on: TestApp = t) =>
  on.app.inject({ method: 'GET', url: '/api/v1/auth/getAccessTokenByRefreshToken', headers: bearer(refreshToken) });

const countRows = async (table: typeof session | typeof loginLog) =>
  Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n);

describe('captcha', () => {
  it('returns a data-URL image and a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/captcha' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('00000');
    expect(body.data.captchaBase64).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(body.data.captchaKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is single use: a right answer works once', async () => {
    const solved = await solvedCaptcha(t);
    const key = await publicKey(t.app);
    const form = () =>
      multipart({
        username: sm2.doEncrypt('admin', key, 1),
        password: sm2.doEncrypt(TEST_PASSWORD, key, 1),
        ...solved,
      });
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', ...form() });
    expect(first.json().code).toBe('00000');
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', ...form() });
    expect(second.json().code).toBe('A0240');
  });

  it('expires', async () => {
    const solved = await solvedCaptcha(t);
    await t.database.db
      .update(captcha)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captcha.key, solved.captchaKey));
    const key = await publicKey(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      ...multipart({
        username: sm2.doEncrypt('admin', key, 1),
        password: sm2.doEncrypt(TEST_PASSWORD, key, 1),
        ...solved,
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'A0240', data: null, msg: '验证码错误或已过期' });
  });
});

describe('captcha store', () => {
  it('is trimmed to its bound, keeping the captchas that live longest', async () => {
    await t.database.db.delete(captcha);
    const soon = Date.now() + 30_000;
    await t.database.db.insert(captcha).values(
      Array.from({ length: 6 }, (_, i) => ({
        key: `trim-${i}`,
        answer: 'abcd',
        expiresAt: new Date(soon + i * 1000),
      })),
    );
    await trimCaptchas(t.database.db, 2);
    const left = await t.database.db.select({ key: captcha.key }).from(captcha);
    expect(left.map((r) => r.key).sort()).toEqual(['trim-4', 'trim-5']);
  });
});

describe('login', () => {
  it('signs in with SM2-encrypted credentials and returns the token pair', async () => {
    const key = await publicKey(t.app);
    expect(key).toMatch(/^04[0-9a-f]{128}$/);
    const res = await loginRequest(t, 'admin', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.tokenType).toBe('Bearer');
    expect(data.expiresIn).toBe(1800);
    const me = await meWith(data.accessToken);
    expect(me.json().data).toMatchObject({ username: 'admin', userType: 10, roles: ['ADMIN'] });
    expect(me.json().data.perms).toContain('sys:user:add');
  });

  it('accepts the username in any case', async () => {
    expect((await loginRequest(t, 'ADMIN', TEST_PASSWORD)).json().code).toBe('00000');
  });

  it('refuses a wrong captcha before looking at the credentials', async () => {
    const before = await countRows(loginLog);
    const res = await loginRequest(t, 'admin', TEST_PASSWORD, { captchaCode: 'zzzz!' });
    expect(res.json().code).toBe('A0240');
    expect(await countRows(loginLog)).toBe(before);
  });

  it('says the same for a wrong password and an unknown user, in the asked language', async () => {
    const en = { 'accept-language': 'en-US,en;q=0.9' };
    const wrong = await loginRequest(t, 'admin', 'not-the-password', { headers: en });
    const unknown = await loginRequest(t, 'nobody', 'not-the-password', { headers: en });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'A0210', data: null, msg: 'Incorrect username or password' });
    expect(unknown.json()).toEqual(wrong.json());
    await t.database.db.update(user).set({ failedLoginCount: 0 }).where(eq(user.username, 'admin'));
  });

  it('refuses undecryptable credentials with A0220 and changes nothing', async () => {
    const sessions = await countRows(session);
    const solved = await solvedCaptcha(t);
    for (const bad of ['zz', '04abcd', 'a'.repeat(300)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        ...multipart({ username: bad, password: bad, ...(await solvedCaptcha(t)) }),
      });
      expect(res.json().code).toBe('A0220');
    }
    expect(solved.captchaKey).toBeTruthy();
    expect(await countRows(session)).toBe(sessions);
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', ...multipart({ username: 'x' }) });
    expectRefusal(res, 400, 'A0400');
    expect(res.json().msg).toMatch(/password is required/);
  });

  it('refuses a JSON body of the wrong shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 5, password: [] },
    });
    expectRefusal(res, 400, 'A0400');
  });

  it('refuses a disabled account after the right password', async () => {
    const hash = (await t.database.db.select().from(user).where(eq(user.username, 'admin')))[0]!.passwordHash;
    await t.database.db.insert(user).values({ username: 'gone', passwordHash: hash, userType: 10, status: 0 });
    expect((await loginRequest(t, 'gone', TEST_PASSWORD)).json().code).toBe('A0212');
    expect((await loginRequest(t, 'gone', 'wrong-password')).json().code).toBe('A0210');
  });
});

describe('tokens', () => {
  it('answers garbage and missing tokens with 401 A0230', async () => {
    for (const headers of [{}, bearer('garbage'), bearer('a.b.c'), { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers });
      expectRefusal(res, 401, 'A0230');
    }
  });

  it('does not accept a refresh token as an access token, nor the reverse', async () => {
    const pair = await login(t);
    const me = await meWith(pair.refreshToken);
    expect(me.json().code).toBe('A0230');
    const refreshed = await refreshWith(pair.accessToken);
    expectRefusal(refreshed, 401, 'A0233');
  });

  it('rotates the refresh token; reusing a spent one revokes the whole family', async () => {
    const pair = await login(t);
    const r1 = await refreshWith(pair.refreshToken);
    expect(r1.json().code).toBe('00000');
    const next = r1.json().data;
    expect(next.refreshToken).not.toBe(pair.refreshToken);
    const me = await meWith(next.accessToken);
    expect(me.json().code).toBe('00000');

    const reuse = await refreshWith(pair.refreshToken);
    expectRefusal(reuse, 401, 'A0233');
    // The thief's reuse ends the legitimate holder's session too.
    const after = await meWith(next.accessToken);
    expect(after.json().code).toBe('A0230');
    const again = await refreshWith(next.refreshToken);
    expect(again.json().code).toBe('A0233');
  });

  it('logout revokes the session', async () => {
    const pair = await login(t);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: bearer(pair.accessToken) });
    expect(out.json().code).toBe('00000');
    const me = await meWith(pair.accessToken);
    expect(me.statusCode).toBe(401);
    const refresh = await refreshWith(pair.refreshToken);
    expect(refresh.json().code).toBe('A0233');
  });

  it("a live session stops working once its user is disabled, and a session is only its own user's", async () => {
    const hash = (await t.database.db.select().from(user).where(eq(user.username, 'admin')))[0]!.passwordHash;
    await t.database.db.insert(user).values({ username: 'soon-off', passwordHash: hash, userType: 10, status: 1 });
    const pair = await login(t, 'soon-off');
    const me = () => meWith(pair.accessToken);
    expect((await me()).statusCode).toBe(200);
    // The session row moved to another user (as if ids were reused): the token no longer matches it.
    const [admin] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.username, 'admin'));
    const [own] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.username, 'soon-off'));
    const [sid] = await t.database.db.select({ id: session.id }).from(session).where(eq(session.userId, own!.id));
    await t.database.db.update(session).set({ userId: admin!.id }).where(eq(session.id, sid!.id));
    expect((await me()).json().code).toBe('A0230');
    await t.database.db.update(session).set({ userId: own!.id }).where(eq(session.id, sid!.id));
    expect((await me()).statusCode).toBe(200);
    await t.database.db.update(user).set({ status: 0 }).where(eq(user.id, own!.id));
    const off = await me();
    expectRefusal(off, 401, 'A0230');
  });

  it('expired access token → A0230 (client refreshes), also once it was verified before', async () => {
    const short = await makeTestApp({ accessTokenTtlS: 3 });
    try {
      const pair = await login(short);
      const ask = () => meWith(pair.accessToken, short);
      expect((await ask()).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 4100));
      const me = await ask();
      expectRefusal(me, 401, 'A0230');
      const refreshed = await refreshWith(pair.refreshToken, short);
      expect(refreshed.json().code).toBe('00000');
    } finally {
      await short.close();
    }
  });
});

describe('signed-in users kept per session (SignedInUsers)', () => {
  /** The statements one request ran. */
  const statementsOf = async (run: () => Promise<unknown>) => {
    const before = t.database.stats.statements;
    await run();
    return t.database.stats.statements - before;
  };
  const adminId = async () =>
    (await t.database.db.select({ id: user.id }).from(user).where(eq(user.username, 'admin')))[0]!.id;
  /** A route only a permission opens (the user list). */
  const users = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/page?pageNum=1&pageSize=1', headers: bearer(accessToken) });

  it("a session's next request does not read its user again while nothing about it changed", async () => {
    const pair = await login(t);
    const first = await statementsOf(() => meWith(pair.accessToken));
    const second = await statementsOf(() => meWith(pair.accessToken));
    expect(second).toBe(first - 1);
    // A write that cannot change who the session is (an operation log line, a visit) keeps it kept.
    await t.database.db.execute(sql`update sys_oplog set path = path where false`);
    expect(await statementsOf(() => meWith(pair.accessToken))).toBe(second);
    // Another session of the same user is read once for itself.
    const other = await login(t);
    expect(await statementsOf(() => meWith(other.accessToken))).toBe(first);
  });

  it('a role taken from the user is felt at the very next request, and given back too', async () => {
    const pair = await login(t);
    expect((await users(pair.accessToken)).json().code).toBe('00000');
    const uid = await adminId();
    const held = await t.database.db.select().from(userRole).where(eq(userRole.userId, uid));
    expect(held.length).toBeGreaterThan(0);
    await t.database.db.delete(userRole).where(eq(userRole.userId, uid));
    try {
      expectRefusal(await users(pair.accessToken), 403, 'A0301');
    } finally {
      await t.database.db.insert(userRole).values(held);
    }
    expect((await users(pair.accessToken)).json().code).toBe('00000');
  });

  it("another instance's change to users or sessions (its signal through Redis) drops the kept users; a change of other data does not", async () => {
    const pair = await login(t);
    await meWith(pair.accessToken);
    const kept = await statementsOf(() => meWith(pair.accessToken));
    t.database.version.bump('remote', CHANGES.DATA);
    expect(await statementsOf(() => meWith(pair.accessToken))).toBe(kept);
    t.database.version.bump('remote', CHANGES.AUTH);
    expect(await statementsOf(() => meWith(pair.accessToken))).toBe(kept + 1);
  });
});

describe('SignedInUsers, alone', () => {
  it('reads every request afresh while told to (Redis down), keeps nothing then, and is bounded', async () => {
    const version = new DataVersion();
    let down = true;
    const cache = new SignedInUsers(version, () => down, 2);
    const tokens = t.app.baton.tokens;
    const pairs = [await login(t), await login(t), await login(t)];
    const ran = async (token: string) => {
      const before = t.database.stats.statements;
      const u = await cache.authenticate(t.database.db, tokens, token);
      expect(u.username).toBe('admin');
      return t.database.stats.statements - before;
    };
    expect(await ran(pairs[0]!.accessToken)).toBe(1);
    expect(await ran(pairs[0]!.accessToken)).toBe(1);
    expect(cache.size).toBe(0);
    down = false;
    for (const p of pairs) expect(await ran(p.accessToken)).toBe(1);
    expect(cache.size).toBe(2);
    // The oldest went first; the two latest are kept.
    expect(await ran(pairs[2]!.accessToken)).toBe(0);
    expect(await ran(pairs[0]!.accessToken)).toBe(1);
    // A refusal is not kept: a garbage token is refused each time, before any statement.
    await expect(cache.authenticate(t.database.db, tokens, 'x.y.z')).rejects.toMatchObject({ code: 'A0230' });
  });
});

/** One sign-in attempt from `ip` (app.inject's remote address), with a solved captcha unless `captchaCode` is given. */
const attempt = (
  app: TestApp,
  ip: string,
  username: string,
  password: string,
  opts: { captchaCode?: string; headers?: Record<string, string> } = {},
) => loginRequest(app, username, password, { ...opts, remoteAddress: ip });

const loggedCodes = async (username: string, ip: string) =>
  (
    await t.database.db
      .select({ code: loginLog.code })
      .from(loginLog)
      .where(and(eq(loginLog.username, username), eq(loginLog.ip, ip)))
      .orderBy(loginLog.id)
  ).map((r) => r.code);

describe('sign-in throttle', () => {
  it('bogus captchas from an address do not count against a solved-captcha sign-in from it', async () => {
    await awayFromWindowEdge(60);
    const ip = '198.51.100.31';
    for (let i = 0; i < 31; i++) {
      expect((await attempt(t, ip, 'admin', 'guess', { captchaCode: 'zzzz!' })).json().code).toBe('A0240');
    }
    expect((await attempt(t, ip, 'admin', TEST_PASSWORD)).json().code).toBe('00000');
  });

  it('fetching many captcha images from an address does not stop a sign-in from it', async () => {
    await awayFromWindowEdge(60);
    const ip = '198.51.100.32';
    for (let i = 0; i < 130; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/captcha', remoteAddress: ip });
      expect(res.json().code).toBe('00000');
    }
    expect((await attempt(t, ip, 'admin', TEST_PASSWORD)).json().code).toBe('00000');
  });

  it("50 wrong passwords for admin from one address do not stop admin's right password from another", async () => {
    const attacker = '198.51.100.50';
    const codes: string[] = [];
    for (let i = 0; i < 50; i++) codes.push((await attempt(t, attacker, 'admin', `guess-${i}`)).json().code);
    // Five wrong passwords, then refusals without a password check; each wait (5 s, doubling) lets
    // one more guess through when it has passed.
    expect(codes.slice(0, 6)).toEqual([...Array(5).fill('A0210'), 'A0429']);
    expect(new Set(codes)).toEqual(new Set(['A0210', 'A0429']));
    expect(codes.filter((c) => c === 'A0210').length).toBeLessThan(12);
    // The administrator elsewhere is not kept out.
    expect((await attempt(t, '198.51.100.51', 'admin', TEST_PASSWORD)).json().code).toBe('00000');
    const [admin] = await t.database.db.select().from(user).where(eq(user.username, 'admin'));
    expect(admin!.lockedUntil).toBeNull();
    expect(await loggedCodes('admin', attacker)).toEqual(codes);
  });

  it('answers an unknown account, a known one with a wrong password and a throttled one alike', async () => {
    const ip = '198.51.100.60';
    const en = { 'accept-language': 'en' };
    const answers = async (username: string) => {
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await attempt(t, ip, username, 'wrong-password', { headers: en });
        out.push({ status: res.statusCode, body: res.json() });
      }
      return out;
    };
    const known = await answers('admin');
    const unknown = await answers('no-such-user');
    expect(unknown).toEqual(known);
    expect(known[4]).toEqual({
      status: 400,
      body: { code: 'A0210', data: null, msg: 'Incorrect username or password' },
    });
    expect(known[5]).toEqual({
      status: 429,
      body: { code: 'A0429', data: null, msg: 'Too many failed sign-ins: try again in 5 s' },
    });
    const zh = await attempt(t, ip, 'no-such-user', 'wrong-password', { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().msg).toBe('登录失败次数过多，请 5 秒后再试');
  });

  it('the wait grows with each further failure, and a success starts afresh', async () => {
    /** Five failed sign-ins of admin from `ip` at `at`, as the login log holds them. */
    const fiveFailures = (ip: string, at: Date) =>
      Array.from({ length: 5 }, () => ({ username: 'admin', ip, success: false, code: 'A0210', createdAt: at }));
    const ip = '198.51.100.70';
    const at = new Date(Date.now() - 6_000);
    // Five failures six seconds ago: their wait (5 s) is over.
    await t.database.db.insert(loginLog).values(fiveFailures(ip, at));
    expect((await attempt(t, ip, 'admin', 'wrong')).json().code).toBe('A0210');
    const en = { 'accept-language': 'en' };
    expect((await attempt(t, ip, 'admin', TEST_PASSWORD, { headers: en })).json().msg).toBe(
      'Too many failed sign-ins: try again in 10 s',
    );
    // Failures older than the throttle's window (15 minutes) are forgotten; so are those before a success.
    const ip2 = '198.51.100.71';
    const old = new Date(Date.now() - 16 * 60_000);
    await t.database.db.insert(loginLog).values([...fiveFailures(ip2, old), ...fiveFailures(ip, old)]);
    expect((await attempt(t, ip2, 'admin', TEST_PASSWORD)).json().code).toBe('00000');
    const recent = new Date();
    await t.database.db.insert(loginLog).values(fiveFailures(ip2, recent));
    expect((await attempt(t, ip2, 'admin', TEST_PASSWORD)).json().code).toBe('A0429');
  });

  it('throttles an address that fails on many accounts (LOGIN_RATE_LIMIT a minute), not the others', async () => {
    const app = await makeTestApp({ loginRatePerMin: 5 });
    try {
      await awayFromWindowEdge(60);
      const ip = '198.51.100.80';
      const codes: string[] = [];
      for (let i = 0; i < 6; i++) codes.push((await attempt(app, ip, `user-${i}`, 'x')).json().code);
      expect(codes).toEqual([...Array(5).fill('A0210'), 'A0429']);
      expect((await attempt(app, ip, 'admin', TEST_PASSWORD)).json().code).toBe('A0429');
      expect((await attempt(app, '198.51.100.81', 'admin', TEST_PASSWORD)).json().code).toBe('00000');
    } finally {
      await app.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const failFrom = async (app: TestApp, forwardedFor: string, username: string) =>
    (await attempt(app, '127.0.0.1', username, 'x', { headers: { 'x-forwarded-for': forwardedFor } })).json().code;

  it('with the proxy trusted, X-Forwarded-For is the client: limits and the log are per real client', async () => {
    const app = await makeTestApp({ loginRatePerMin: 3, trustProxy: ['127.0.0.1'] });
    try {
      await awayFromWindowEdge(60);
      for (let i = 0; i < 3; i++) expect(await failFrom(app, '203.0.113.1', `a-${i}`)).toBe('A0210');
      expect(await failFrom(app, '203.0.113.1', 'a-3')).toBe('A0429');
      const other = await attempt(app, '127.0.0.1', 'admin', TEST_PASSWORD, {
        headers: { 'x-forwarded-for': '203.0.113.2' },
      });
      expect(other.json().code).toBe('00000');
      const [row] = await app.database.db
        .select({ ip: loginLog.ip })
        .from(loginLog)
        .where(eq(loginLog.username, 'admin'));
      expect(row!.ip).toBe('203.0.113.2');
    } finally {
      await app.close();
    }
  });

  it('without it, X-Forwarded-For is ignored (anyone could write it)', async () => {
    const app = await makeTestApp({ loginRatePerMin: 3 });
    try {
      await awayFromWindowEdge(60);
      for (let i = 0; i < 3; i++) expect(await failFrom(app, `203.0.113.${10 + i}`, `b-${i}`)).toBe('A0210');
      expect(await failFrom(app, '203.0.113.20', 'b-3')).toBe('A0429');
      const logged = await app.database.db.select({ ip: loginLog.ip }).from(loginLog);
      expect(new Set(logged.map((l) => l.ip))).toEqual(new Set(['127.0.0.1']));
    } finally {
      await app.close();
    }
  });
});
