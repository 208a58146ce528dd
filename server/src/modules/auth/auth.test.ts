import { eq, sql } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha, loginLog, session, user } from '../../db/schema/index.js';
import {
  awayFromWindowEdge,
  bearer,
  login,
  loginRequest,
  makeTestApp,
  multipart,
  publicKey,
  solvedCaptcha,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

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

describe('login', () => {
  it('signs in with SM2-encrypted credentials and returns the token pair', async () => {
    const key = await publicKey(t.app);
    expect(key).toMatch(/^04[0-9a-f]{128}$/);
    const res = await loginRequest(t, 'admin', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.tokenType).toBe('Bearer');
    expect(data.expiresIn).toBe(1800);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(data.accessToken) });
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
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A0400');
    expect(res.json().msg).toMatch(/password is required/);
  });

  it('refuses a JSON body of the wrong shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 5, password: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A0400');
  });

  it('locks the account for 15 minutes after 5 failures, even for the right password', async () => {
    const [created] = await t.database.db
      .insert(user)
      .values({
        username: 'locky',
        passwordHash: (await t.database.db.select().from(user).where(eq(user.username, 'admin')))[0]!.passwordHash,
        userType: 10,
      })
      .returning();
    for (let i = 1; i <= 4; i++) {
      expect((await loginRequest(t, 'locky', 'wrong-password')).json().code).toBe('A0210');
    }
    const fifth = await loginRequest(t, 'locky', 'wrong-password');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe('A0211');
    const right = await loginRequest(t, 'locky', TEST_PASSWORD, { headers: { 'accept-language': 'en' } });
    expect(right.json().code).toBe('A0211');
    expect(right.json().msg).toContain('15 minutes');
    const [row] = await t.database.db.select().from(user).where(eq(user.id, created!.id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const logged = await t.database.db.select().from(loginLog).where(eq(loginLog.username, 'locky'));
    expect(logged.map((l) => l.code)).toEqual(['A0210', 'A0210', 'A0210', 'A0210', 'A0211', 'A0211']);
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
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('A0230');
    }
  });

  it('does not accept a refresh token as an access token, nor the reverse', async () => {
    const pair = await login(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(pair.refreshToken) });
    expect(me.json().code).toBe('A0230');
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/getAccessTokenByRefreshToken',
      headers: bearer(pair.accessToken),
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().code).toBe('A0233');
  });

  it('rotates the refresh token; reusing a spent one revokes the whole family', async () => {
    const pair = await login(t);
    const r1 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/getAccessTokenByRefreshToken',
      headers: bearer(pair.refreshToken),
    });
    expect(r1.json().code).toBe('00000');
    const next = r1.json().data;
    expect(next.refreshToken).not.toBe(pair.refreshToken);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(next.accessToken) });
    expect(me.json().code).toBe('00000');

    const reuse = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/getAccessTokenByRefreshToken',
      headers: bearer(pair.refreshToken),
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('A0233');
    // The thief's reuse ends the legitimate holder's session too.
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(next.accessToken) });
    expect(after.json().code).toBe('A0230');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/getAccessTokenByRefreshToken',
      headers: bearer(next.refreshToken),
    });
    expect(again.json().code).toBe('A0233');
  });

  it('logout revokes the session', async () => {
    const pair = await login(t);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: bearer(pair.accessToken) });
    expect(out.json().code).toBe('00000');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(pair.accessToken) });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/getAccessTokenByRefreshToken',
      headers: bearer(pair.refreshToken),
    });
    expect(refresh.json().code).toBe('A0233');
  });

  it("a live session stops working once its user is disabled, and a session is only its own user's", async () => {
    const hash = (await t.database.db.select().from(user).where(eq(user.username, 'admin')))[0]!.passwordHash;
    await t.database.db.insert(user).values({ username: 'soon-off', passwordHash: hash, userType: 10, status: 1 });
    const pair = await login(t, 'soon-off');
    const me = () => t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(pair.accessToken) });
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
    expect(off.statusCode).toBe(401);
    expect(off.json().code).toBe('A0230');
  });

  it('expired access token → A0230 (client refreshes), also once it was verified before', async () => {
    const short = await makeTestApp({ accessTokenTtlS: 3 });
    try {
      const pair = await login(short);
      const ask = () =>
        short.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(pair.accessToken) });
      expect((await ask()).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 4100));
      const me = await ask();
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe('A0230');
      const refreshed = await short.app.inject({
        method: 'GET',
        url: '/api/v1/auth/getAccessTokenByRefreshToken',
        headers: bearer(pair.refreshToken),
      });
      expect(refreshed.json().code).toBe('00000');
    } finally {
      await short.close();
    }
  });
});

describe('rate limit', () => {
  it('bounds sign-in attempts per IP', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    const codes: string[] = [];
    // trustProxy is off, so all inject requests share 127.0.0.1: count this file's earlier attempts in.
    // The count is kept by the clock minute: the attempts must all fall in one.
    await awayFromWindowEdge(60);
    for (let i = 0; i < 31; i++) {
      const res = await loginRequest(t, 'nobody', 'x', { headers: ip });
      codes.push(res.json().code);
      if (res.json().code === 'A0429') break;
    }
    expect(codes.at(-1)).toBe('A0429');
  });
});
