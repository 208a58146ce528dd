import { USER_TYPE } from '@baton/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authCode, oplog, outbox, role, session, user, userRole } from '../../db/schema/index.js';
import { bearer, login, loginRequest, solvedCaptcha, TEST_PASSWORD, useTestApp } from '../../test/app.js';
import { createUser, fileForm, latestCode, PDF_MINI, PNG_1PX } from './testkit.js';

const en = { 'accept-language': 'en' };

const t = useTestApp();

async function publicCode(contact: string, purpose: 'register' | 'reset-password', contactType = 'MOBILE') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/codes',
    payload: { contact, contactType, purpose, ...(await solvedCaptcha(t)) },
  });
  expect(res.json().code).toBe('00000');
  return latestCode(t, contact.toLowerCase());
}

const userCount = async () => (await t.database.db.select({ n: count() }).from(user))[0]!.n;

describe('register', () => {
  it('creates an enabled customer who can sign in', async () => {
    const code = await publicCode('13500000001', 'register');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: 'newcomer', password: 'pass-123', nickname: 'New Comer', mobile: '13500000001', code },
    });
    expect(res.json()).toMatchObject({ code: '00000', data: { username: 'newcomer' } });
    const [row] = await t.database.db.select().from(user).where(eq(user.username, 'newcomer'));
    expect(row).toMatchObject({
      userType: USER_TYPE.CUSTOMER,
      status: 1,
      mobile: '13500000001',
      nickname: 'New Comer',
    });
    const roles = await t.database.db
      .select({ code: role.code })
      .from(userRole)
      .innerJoin(role, eq(role.id, userRole.roleId))
      .where(eq(userRole.userId, row!.id));
    expect(roles).toEqual([{ code: 'CUSTOMER' }]);
    const pair = await login(t, 'newcomer', 'pass-123');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(pair.accessToken) });
    expect(me.json().data).toMatchObject({ username: 'newcomer', userType: 50, roles: ['CUSTOMER'] });

    const [logged] = await t.database.db.select().from(oplog).where(eq(oplog.path, '/api/v1/auth/register'));
    expect(logged).toMatchObject({ module: 'auth', action: 'register', code: '00000' });
    const text = JSON.stringify(logged);
    expect(text).not.toContain(code!);
    expect(text).not.toContain('pass-123');
    expect(text).not.toContain('13500000001');
  });

  it('explains a taken username, a wrong code and bad fields, creating nothing', async () => {
    const before = await userCount();
    const code = await publicCode('13500000002', 'register');
    const attempt = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: en,
        payload: { username: 'another', password: 'pass-123', nickname: 'A', mobile: '13500000002', code, ...body },
      });
    const taken = await attempt({ username: 'Admin' });
    expect(taken.json().msg).toContain('this username is already taken');
    const wrong = await attempt({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.json()).toMatchObject({ code: 'A0240', msg: 'The verification code is wrong' });
    for (const bad of [
      { username: '1abc' },
      { username: 'ab' },
      { username: 'has space' },
      { password: '12345' },
      { mobile: '12345678901' },
      { nickname: '' },
      { code: undefined },
    ]) {
      const res = await attempt(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('A0400');
    }
    const otherMobile = await attempt({ mobile: '13500000099' });
    expect(otherMobile.json().code).toBe('A0240');
    expect(await userCount()).toBe(before);
    // The right code still works after the failures above.
    expect((await attempt({})).json().code).toBe('00000');
  });
});

describe('forget password', () => {
  it('sets the password, ends every session and clears the lockout', async () => {
    const id = await createUser(t, 'forgetful', { mobile: '13500000010', email: 'Forgetful@Example.com' });
    const old = await login(t, 'forgetful');
    await t.database.db
      .update(user)
      .set({ lockedUntil: new Date(Date.now() + 600_000), failedLoginCount: 3 })
      .where(eq(user.id, id));
    const code = await publicCode('forgetful@example.com', 'reset-password', 'EMAIL');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forget-password',
      payload: { contact: 'FORGETFUL@example.com', contactType: 'EMAIL', code, newPassword: 'brand-new-1' },
    });
    expect(res.json()).toEqual({ code: '00000', data: null, msg: 'OK' });

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(old.accessToken) });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/getAccessTokenByRefreshToken',
      headers: bearer(old.refreshToken),
    });
    expect(refresh.json().code).toBe('A0233');
    const live = await t.database.db
      .select({ n: count() })
      .from(session)
      .where(sql`${session.userId} = ${id} and ${session.revokedAt} is null`);
    expect(live[0]!.n).toBe(0);
    expect((await loginRequest(t, 'forgetful', TEST_PASSWORD)).json().code).toBe('A0210');
    await login(t, 'forgetful', 'brand-new-1');
    const logged = JSON.stringify(
      await t.database.db.select().from(oplog).where(eq(oplog.path, '/api/v1/auth/forget-password')),
    );
    expect(logged).not.toContain('brand-new-1');
    expect(logged).not.toContain(code!);
  });

  it('answers an unknown contact exactly like a wrong code', async () => {
    await createUser(t, 'mobile_owner', { mobile: '13500000011' });
    const code = await publicCode('13500000011', 'reset-password');
    await publicCode('13500000012', 'reset-password');
    const attempt = (contact: string, c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forget-password',
        headers: en,
        payload: { contact, contactType: 'MOBILE', code: c, newPassword: 'whatever-1' },
      });
    const wrongCode = code === '000000' ? '111111' : '000000';
    const known = await attempt('13500000011', wrongCode);
    const unknown = await attempt('13500000012', wrongCode);
    const never = await attempt('13500000013', wrongCode);
    expect(known.json()).toEqual({ code: 'A0240', data: null, msg: 'The verification code is wrong' });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(never.json().code).toBe('A0240');
  });
});

/** `PUT /api/v1/users/mobile` or `/email`: bind the address with its code, as the holder of `token`. */
const bind = (token: string, what: 'mobile' | 'email', payload: Record<string, string | null>, headers = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/users/${what}`, headers: { ...bearer(token), ...headers }, payload });

/** `GET /api/v1/users/send-verification-code` with a solved captcha (or the given wrong answer). */
async function sendBindCode(token: string, contact: string, contactType: string, opts: { captchaCode?: string } = {}) {
  const solved = await solvedCaptcha(t);
  const query = new URLSearchParams({
    contact,
    contactType,
    captchaKey: solved.captchaKey,
    captchaCode: opts.captchaCode ?? solved.captchaCode,
  });
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/users/send-verification-code?${query}`,
    headers: { ...bearer(token), ...en },
  });
}

describe('binding a mobile number or e-mail address', () => {
  it('sends a binding code only with a solved captcha', async () => {
    await createUser(t, 'captcha_binder');
    const pair = await login(t, 'captcha_binder');
    const sentTo = async (target: string) =>
      Number((await t.database.db.select({ n: count() }).from(outbox).where(eq(outbox.target, target)))[0]!.n);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/send-verification-code?contact=13500000031&contactType=MOBILE',
      headers: { ...bearer(pair.accessToken), ...en },
    });
    expect(none.statusCode).toBe(400);
    const wrong = await sendBindCode(pair.accessToken, '13500000031', 'MOBILE', { captchaCode: 'zzzz!' });
    expect(wrong.json()).toMatchObject({ code: 'A0240' });
    expect(await sentTo('13500000031')).toBe(0);
    expect((await sendBindCode(pair.accessToken, '13500000031', 'MOBILE')).json().code).toBe('00000');
    expect(await sentTo('13500000031')).toBe(1);
  });

  it('binds a verified mobile to the signed-in user', async () => {
    const id = await createUser(t, 'binder');
    const pair = await login(t, 'binder');
    const send = await sendBindCode(pair.accessToken, '13500000020', 'MOBILE');
    expect(send.json().code).toBe('00000');
    const code = (await latestCode(t, '13500000020'))!;
    const wrong = await bind(
      pair.accessToken,
      'mobile',
      { mobile: '13500000020', code: code === '000000' ? '111111' : '000000' },
      en,
    );
    expect(wrong.json().code).toBe('A0240');
    expect((await t.database.db.select().from(user).where(eq(user.id, id)))[0]!.mobile).toBeNull();
    const res = await bind(pair.accessToken, 'mobile', { mobile: '13500000020', code });
    expect(res.json().code).toBe('00000');
    const [row] = await t.database.db.select().from(user).where(eq(user.id, id));
    expect(row!.mobile).toBe('13500000020');
    expect(row!.version).toBe(2);
  });

  it('refuses a mobile bound to someone else, clearly', async () => {
    await createUser(t, 'second_binder');
    const pair = await login(t, 'second_binder');
    const res = await sendBindCode(pair.accessToken, '13500000020', 'MOBILE');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('already bound to another account');
    const put = await bind(pair.accessToken, 'mobile', { mobile: '13500000020', code: '123456' }, en);
    expect(put.json().msg).toContain('already bound to another account');
  });

  it('binds an e-mail address', async () => {
    const id = await createUser(t, 'mailer');
    const pair = await login(t, 'mailer');
    const send = await sendBindCode(pair.accessToken, 'Mailer@Example.org', 'EMAIL');
    expect(send.json().code).toBe('00000');
    const code = await latestCode(t, 'mailer@example.org');
    const res = await bind(pair.accessToken, 'email', { email: 'mailer@example.org', code });
    expect(res.json().code).toBe('00000');
    expect((await t.database.db.select().from(user).where(eq(user.id, id)))[0]!.email).toBe('mailer@example.org');
  });

  it('needs a signed-in user and valid contacts', async () => {
    const anon = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/send-verification-code?contact=13500000030&contactType=MOBILE',
    });
    expect(anon.statusCode).toBe(401);
    const pair = await login(t, 'admin');
    for (const q of [
      'contact=abc&contactType=MOBILE',
      'contact=13500000030&contactType=FAX',
      'contact=no-at&contactType=EMAIL',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/users/send-verification-code?${q}`,
        headers: bearer(pair.accessToken),
      });
      expect(res.statusCode).toBe(400);
    }
    const codes = await t.database.db.select({ n: count() }).from(authCode).where(eq(authCode.target, '13500000030'));
    expect(codes[0]!.n).toBe(0);
  });
});

describe('avatar', () => {
  it('sets the avatar to an image the user uploaded', async () => {
    const id = await createUser(t, 'pictured');
    const pair = await login(t, 'pictured');
    const form = fileForm({ name: 'me.png' }, { filename: 'me.png', bytes: PNG_1PX });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(pair.accessToken) },
    });
    const fileId = ok.json().data.id as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/avatar',
      headers: bearer(pair.accessToken),
      payload: { fileId },
    });
    expect(res.json()).toEqual({ code: '00000', data: { avatar: `/api/v1/files/${fileId}` }, msg: 'OK' });
    expect((await t.database.db.select().from(user).where(eq(user.id, id)))[0]!.avatar).toBe(`/api/v1/files/${fileId}`);

    // Someone else's upload, or a document, is refused.
    const other = await login(t, 'admin');
    const stolen = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/avatar',
      headers: { ...bearer(other.accessToken), ...en },
      payload: { fileId },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().msg).toBe('No such file among your uploads');
    const pdfForm = fileForm({}, { filename: 'doc.pdf', bytes: PDF_MINI });
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: pdfForm.payload,
      headers: { ...pdfForm.headers, ...bearer(pair.accessToken) },
    });
    const notImage = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/avatar',
      headers: { ...bearer(pair.accessToken), ...en },
      payload: { fileId: pdf.json().data.id },
    });
    expect(notImage.json().msg).toContain('the avatar must be an image');
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/avatar',
      headers: bearer(pair.accessToken),
      payload: { fileId: "'; drop table sys_user; --" },
    });
    expect(malformed.statusCode).toBe(400);
    expect((await t.database.db.select().from(user).where(eq(user.id, id)))[0]!.avatar).toBe(`/api/v1/files/${fileId}`);
  });
});
