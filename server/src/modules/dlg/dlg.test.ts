import { USER_TYPE } from '@baton/contracts';
import { and, desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { delegation, loginLog, meeting, outbox, sysConfig, user } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/password.js';
import {
  awayFromWindowEdge,
  bearer,
  loginRequest,
  makeTestApp,
  multipart,
  solvedCaptcha,
  useTestApp,
} from '../../test/app.js';
import { code, countOf, data, demoMeetingId, useClients } from '../meetings/testkit.js';
import {
  allowResend,
  dlgLogin,
  encrypt,
  insertDelegation,
  insertMeeting,
  latestCode,
  requestCode,
  signInCode,
} from './testkit.js';

const t = useTestApp();
const { admin, committee } = useClients(t, 'admin', 'committee');
let demoId: number;

beforeAll(async () => {
  demoId = await demoMeetingId(t);
});

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': 'en' } });
const outboxCount = (mobile: string) => countOf(t, 'sys_outbox', `target = '${mobile}'`);
const delegationOf = async (mobile: string, meetingId = demoId) =>
  (
    await t.database.db
      .select()
      .from(delegation)
      .where(and(eq(delegation.meetingId, meetingId), eq(delegation.contactMobile, mobile)))
  )[0]!;

describe('GET /api/v2/dlg/meetings', () => {
  it('lists the meetings a delegation can sign in to, never drafts, finished or archived ones', async () => {
    const draft = await insertMeeting(t, { status: 'draft' });
    const archived = await insertMeeting(t, { status: 'archived' });
    const competing = await insertMeeting(t, { status: 'in_competition' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/dlg/meetings' });
    const ids = data<{ id: number }[]>(res).map((m) => m.id);
    expect(ids).toContain(demoId);
    expect(ids).toContain(competing);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(archived);
    const demo = data<Record<string, unknown>[]>(res).find((m) => m.id === demoId);
    expect(demo).toMatchObject({ code: 'wrj2025', status: 'registration_open', registrationOpen: true });
  });
});

describe('POST /api/v2/dlg/sms-code', () => {
  it('answers the same for a contact mobile and an unknown one, delivering only to the contact', async () => {
    const known = await requestCode(t, '13800000003', demoId);
    const unknown = await requestCode(t, '13912345678', demoId);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toMatchObject({ code: '00000', data: { resendAfterS: 60, expiresInS: 300 } });
    expect(await outboxCount('13800000003')).toBe(1);
    expect(await outboxCount('13912345678')).toBe(0);
    // The limits of issueCode: one code a minute per mobile, whoever asks.
    const again = await requestCode(t, '13912345678', demoId);
    expect(again.statusCode).toBe(429);
    await allowResend(t, '13800000003');
    await allowResend(t, '13912345678');
  });

  it('does not deliver for a meeting in draft', async () => {
    const draft = await insertMeeting(t, { status: 'draft' });
    await insertDelegation(t, draft, '13700000001');
    expect(code(await requestCode(t, '13700000001', draft))).toBe('00000');
    expect(await outboxCount('13700000001')).toBe(0);
  });

  it('checks the captcha and the mobile', async () => {
    const res = await requestCode(t, '13800000004', demoId, { captchaCode: 'nope' });
    expect(res.json().code).toBe('A0240');
    expect(await outboxCount('13800000004')).toBe(0);
    const bad = await requestCode(t, '12345', demoId);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('mobile number is not valid');
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/v2/dlg/sms-code',
      payload: { mobile: 'abc', tmid: demoId, captchaKey: 'k', captchaCode: 'c' },
    });
    expect(garbled.json().code).toBe('A0240');
  });
});

describe('POST /api/v2/dlg/login', () => {
  let token = '';

  it('signs a delegation in with its SMS code: a delegation account bound to it', async () => {
    const smcode = await signInCode(t, '13800000001', demoId);
    const res = await dlgLogin(t, '13800000001', demoId, smcode);
    expect(res.json()).toMatchObject({ code: '00000', data: { tokenType: 'Bearer' } });
    token = res.json().data.accessToken;
    const d = await delegationOf('13800000001');
    expect(d.userId).toBeTruthy();
    const [account] = await t.database.db.select().from(user).where(eq(user.id, d.userId!));
    expect(account).toMatchObject({ userType: USER_TYPE.DELEGATION, status: 1 });

    const me = data<{ userType: number; roles: string[]; perms: string[] }>(await get('/api/v1/userProps/me', token));
    expect(me.userType).toBe(30);
    expect(me.roles).toEqual(['DELEGATION']);
    expect(me.perms).toContain('apply:athlete:add');
    expect(me.perms).toContain('apply:submit');
    expect(me.perms.every((p) => p.startsWith('apply:'))).toBe(true);

    const routes = data<{ path: string; children: { path: string }[] }[]>(await get('/api/v1/menus/routes', token));
    const apply = routes.find((r) => r.path === '/apply');
    expect(apply?.children.map((c) => c.path)).toEqual(expect.arrayContaining(['athlete', 'coach', 'item', 'file']));
    expect(routes.map((r) => r.path)).not.toContain('/system');
    expect(routes.map((r) => r.path)).not.toContain('/meeting');

    // The sign-in log names the delegation by its masked mobile and meeting, never the full mobile.
    const [logged] = await t.database.db
      .select()
      .from(loginLog)
      .where(eq(loginLog.userId, d.userId!))
      .orderBy(desc(loginLog.id))
      .limit(1);
    expect(logged).toMatchObject({ username: `dlg:138****0001@${demoId}`, success: true, code: '00000' });
  });

  it('reaches no administration route (403)', async () => {
    for (const url of [
      '/api/v1/users/page',
      `/api/v1/delegations?meetingId=${demoId}`,
      '/api/v1/meetings',
      `/api/v1/meetings/${demoId}/form`,
      '/api/v1/roles/page',
      '/api/v1/outbox/page',
      '/api/v1/logs/login/page',
    ]) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('A0301');
    }
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/v1/delegations/1/review`,
      headers: bearer(token),
      payload: { decision: 'approve' },
    });
    expect(write.statusCode).toBe(403);
  });

  it('signs the same delegation in again with the same account; a code works once', async () => {
    await allowResend(t, '13800000001');
    const smcode = await signInCode(t, '13800000001', demoId);
    const first = await dlgLogin(t, '13800000001', demoId, smcode);
    expect(first.json().code).toBe('00000');
    const again = await dlgLogin(t, '13800000001', demoId, smcode);
    expect(again.json().code).toBe('A0240');
    expect(await countOf(t, 'sys_user', `username = 'dlg-${(await delegationOf('13800000001')).id}'`)).toBe(1);
  });

  it('refuses a wrong code, and the right code still works afterwards', async () => {
    await allowResend(t, '13800000002');
    const smcode = await signInCode(t, '13800000002', demoId);
    const wrong = smcode === '000000' ? '111111' : '000000';
    const res = await dlgLogin(t, '13800000002', demoId, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0240', msg: 'The verification code is wrong' });
    const [failed] = await t.database.db
      .select()
      .from(loginLog)
      .where(eq(loginLog.username, `dlg:138****0002@${demoId}`));
    expect(failed).toMatchObject({ success: false, code: 'A0240' });
    expect((await dlgLogin(t, '13800000002', demoId, smcode)).json().code).toBe('00000');
  });

  it('gives an unknown mobile the same answer as a wrong code', async () => {
    await allowResend(t, '13800000003');
    await signInCode(t, '13800000003', demoId);
    const wrongCode = await dlgLogin(t, '13800000003', demoId, '999999');
    expect(code(await requestCode(t, '13911112222', demoId))).toBe('00000');
    const unknown = await dlgLogin(t, '13911112222', demoId, '999999');
    expect(unknown.statusCode).toBe(wrongCode.statusCode);
    expect(unknown.json()).toEqual(wrongCode.json());
    // Nothing asked for at all: the same "expired or not requested" either way.
    const none1 = await dlgLogin(t, '13800000004', demoId, '123456');
    const none2 = await dlgLogin(t, '13922223333', demoId, '123456');
    expect(none1.json()).toEqual(none2.json());
    expect(none1.json().code).toBe('A0240');
  });

  it("refuses another mobile's code", async () => {
    await allowResend(t, '13800000003');
    const smcode = await signInCode(t, '13800000003', demoId);
    const res = await dlgLogin(t, '13800000004', demoId, smcode);
    expect(res.json().code).toBe('A0240');
  });

  it('refuses a right code for a mobile that is a contact in another meeting only (same answer as a wrong code)', async () => {
    const other = await insertMeeting(t);
    await insertDelegation(t, other, '13700000002');
    const smcode = await signInCode(t, '13700000002', other);
    const res = await dlgLogin(t, '13700000002', demoId, smcode);
    expect(res.json()).toMatchObject({ code: 'A0240', msg: 'The verification code is wrong' });
  });

  it('refuses meetings in draft or archived, before spending the code', async () => {
    const draft = await insertMeeting(t, { status: 'draft' });
    await insertDelegation(t, draft, '13700000003');
    const res = await dlgLogin(t, '13700000003', draft, '123456');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('The meeting does not exist or is not published yet');
    expect((await dlgLogin(t, '13700000003', 999_999, '123456')).statusCode).toBe(404);

    const archivedId = await insertMeeting(t, { status: 'archived' });
    await insertDelegation(t, archivedId, '13700000004');
    const smcode = await signInCode(t, '13700000004', archivedId);
    const archived = await dlgLogin(t, '13700000004', archivedId, smcode, { lang: 'zh-cn' });
    expect(archived.statusCode).toBe(403);
    expect(archived.json().msg).toBe('该赛事已归档，代表队不能再登录');
    // The code was not spent on the refused meeting.
    expect(await countOf(t, 'auth_code', `target = '13700000004' and consumed_at is null`)).toBe(1);
  });

  it('refuses a self-registered delegation until the committee approves it, saying why', async () => {
    const id = await insertDelegation(t, demoId, '13700000005', { source: 'self', status: 'submitted' });
    let smcode = await signInCode(t, '13700000005', demoId);
    const pending = await dlgLogin(t, '13700000005', demoId, smcode);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().msg).toBe(
      "The delegation's registration is waiting for the committee's review: you can sign in once it is approved",
    );
    // Returned: the reason is given.
    expect(
      code(await committee.post(`/api/v1/delegations/${id}/review`, { decision: 'return', reason: 'Name unclear' })),
    ).toBe('00000');
    await allowResend(t, '13700000005');
    smcode = await signInCode(t, '13700000005', demoId);
    const returned = await dlgLogin(t, '13700000005', demoId, smcode);
    expect(returned.statusCode).toBe(403);
    expect(returned.json().msg).toContain('Name unclear');
    // Approved: in, and it stays in when its status moves on with the registration.
    expect(code(await committee.post(`/api/v1/delegations/${id}/review`, { decision: 'approve' }))).toBe('00000');
    await allowResend(t, '13700000005');
    smcode = await signInCode(t, '13700000005', demoId);
    expect((await dlgLogin(t, '13700000005', demoId, smcode)).json().code).toBe('00000');
    await t.database.db.update(delegation).set({ status: 'submitted' }).where(eq(delegation.id, id));
    await allowResend(t, '13700000005');
    smcode = await signInCode(t, '13700000005', demoId);
    expect((await dlgLogin(t, '13700000005', demoId, smcode)).json().code).toBe('00000');
  });

  it('refuses a disabled delegation account', async () => {
    const d = await delegationOf('13800000001');
    await t.database.db.update(user).set({ status: 0 }).where(eq(user.id, d.userId!));
    await allowResend(t, '13800000001');
    const smcode = await signInCode(t, '13800000001', demoId);
    const res = await dlgLogin(t, '13800000001', demoId, smcode);
    expect(res.json().code).toBe('A0212');
    await t.database.db.update(user).set({ status: 1 }).where(eq(user.id, d.userId!));
  });

  it('checks the captcha when it is on, and not when it is off', async () => {
    await allowResend(t, '13800000002');
    const smcode = await signInCode(t, '13800000002', demoId);
    const before = await countOf(t, 'sys_login_log');
    const res = await dlgLogin(t, '13800000002', demoId, smcode, { captchaCode: 'wrong' });
    expect(res.json().code).toBe('A0240');
    expect(await countOf(t, 'sys_login_log')).toBe(before);

    const [setting] = await t.database.db.select().from(sysConfig).where(eq(sysConfig.key, 'captcha'));
    const put = (value: string, version: number) =>
      admin.put(`/api/v1/config/${setting!.id}`, {
        key: setting!.key,
        value,
        type: setting!.type,
        name: setting!.name,
        nameEn: setting!.nameEn,
        remark: setting!.remark,
        version,
      });
    const off = await put('false', setting!.version);
    expect(code(off)).toBe('00000');
    try {
      const form = multipart({
        mobile: await encrypt(t, '13800000002'),
        smcode,
        tmid: String(demoId),
        captchaKey: '',
        captchaCode: '',
      });
      const noCaptcha = await t.app.inject({
        method: 'POST',
        url: '/api/v2/dlg/login',
        remoteAddress: '10.3.0.1',
        ...form,
      });
      expect(noCaptcha.json().code).toBe('00000');
    } finally {
      expect(code(await put('true', data<{ version: number }>(off).version))).toBe('00000');
    }
  });

  it('limits sign-in attempts per IP, counting only those past the captcha', async () => {
    const small = await makeTestApp({ loginRatePerMin: 3 });
    try {
      const smallDemo = await demoMeetingId(small);
      // The count is kept by the clock minute: the burst must fall in one.
      await awayFromWindowEdge(60);
      // Bogus captchas cost the address nothing...
      for (let i = 0; i < 10; i++) {
        const res = await small.app.inject({
          method: 'POST',
          url: '/api/v2/dlg/login',
          remoteAddress: '10.9.9.9',
          ...multipart({ mobile: 'x', smcode: '1234', tmid: String(smallDemo), captchaKey: 'k', captchaCode: 'c' }),
        });
        expect(res.json().code).toBe('A0240');
      }
      // ...attempts with a solved captcha count: three, then 429.
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await dlgLogin(small, '13800000004', smallDemo, '123456', { ip: '10.9.9.9' })).statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429]);
      // Another IP is not affected.
      const other = await dlgLogin(small, '13800000004', smallDemo, '123456', { ip: '10.9.9.10' });
      expect(other.statusCode).not.toBe(429);
    } finally {
      await small.close();
    }
  });

  it('keeps full mobiles out of the sign-in log and the operation log', async () => {
    const logs = await t.database.db.select().from(loginLog).where(like(loginLog.username, 'dlg:%'));
    expect(logs.length).toBeGreaterThan(5);
    expect(JSON.stringify(logs)).not.toMatch(/1[37]\d{9}/);
    const sent = await t.database.db.select().from(outbox).where(eq(outbox.purpose, 'dlg-login'));
    expect(sent.length).toBeGreaterThan(0);
    const ops = await countOf(t, 'sys_oplog', `path = '/api/v2/dlg/sms-code'`);
    expect(ops).toBeGreaterThan(0);
    const opRows = await countOf(
      t,
      'sys_oplog',
      `path = '/api/v2/dlg/sms-code' and (coalesce(before::text, '') || coalesce(after::text, '')) ~ '1[37][0-9]{9}'`,
    );
    expect(opRows).toBe(0);
    expect(await latestCode(t, '13912345678')).toBeNull();
  });
});

describe('a former contact mobile and an archived meeting', () => {
  const resetCode = async (mobile: string) => {
    const solved = await solvedCaptcha(t);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/codes',
      remoteAddress: '10.7.0.1',
      payload: { contact: mobile, contactType: 'MOBILE', purpose: 'reset-password', ...solved },
    });
  };
  /** The delegation account signing in through the administrators' form with a password it somehow got. */
  const staffLogin = async (userId: number) => {
    const [account] = await t.database.db.select().from(user).where(eq(user.id, userId));
    await t.database.db
      .update(user)
      .set({ passwordHash: await hashPassword('Known-pass-1') })
      .where(eq(user.id, userId));
    return (await loginRequest(t, account!.username, 'Known-pass-1', { headers: { 'x-test': 'staff' } })).json().code;
  };

  it("the old contact gets no reset code and no way in once the committee changes the delegation's contact", async () => {
    const m = await insertMeeting(t);
    const id = await insertDelegation(t, m, '13800007001');
    const first = await dlgLogin(t, '13800007001', m, await signInCode(t, '13800007001', m));
    expect(first.json().code).toBe('00000');

    const [d] = await t.database.db.select().from(delegation).where(eq(delegation.id, id));
    const upd = await admin.put(`/api/v1/delegations/${id}`, {
      name: d!.name,
      contactMobile: '13800007002',
      version: d!.version,
    });
    expect(code(upd)).toBe('00000');

    // Password recovery: the same answer, but nothing is sent to the former contact.
    await allowResend(t, '13800007001');
    const sentBefore = await outboxCount('13800007001');
    expect((await resetCode('13800007001')).json().code).toBe('00000');
    expect(await outboxCount('13800007001')).toBe(sentBefore);

    // The delegation sign-in: the former contact's code is not delivered, any code is wrong.
    await allowResend(t, '13800007001');
    expect((await requestCode(t, '13800007001', m)).json().code).toBe('00000');
    expect(await outboxCount('13800007001')).toBe(sentBefore);
    expect((await dlgLogin(t, '13800007001', m, '123456')).json().code).toBe('A0240');

    // The administrators' form never takes a delegation account, even with its password.
    expect(await staffLogin(d!.userId!)).toBe('A0210');

    // The new contact signs in to the same account.
    const again = await dlgLogin(t, '13800007002', m, await signInCode(t, '13800007002', m));
    expect(again.json().code).toBe('00000');
    const [after] = await t.database.db.select().from(delegation).where(eq(delegation.id, id));
    expect(after!.userId).toBe(d!.userId);
  });

  it("an archived meeting's delegation is refused at every sign-in and its live token stops working", async () => {
    const m = await insertMeeting(t);
    const id = await insertDelegation(t, m, '13800007011');
    const res = await dlgLogin(t, '13800007011', m, await signInCode(t, '13800007011', m));
    const token = res.json().data.accessToken as string;
    expect((await get('/api/v1/userProps/me', token)).statusCode).toBe(200);

    await t.database.db.update(meeting).set({ status: 'archived' }).where(eq(meeting.id, m));
    const me = await get('/api/v1/userProps/me', token);
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('A0230');

    await allowResend(t, '13800007011');
    expect((await dlgLogin(t, '13800007011', m, '123456')).statusCode).toBe(403);
    const sentBefore = await outboxCount('13800007011');
    expect((await resetCode('13800007011')).json().code).toBe('00000');
    expect(await outboxCount('13800007011')).toBe(sentBefore);
    const [d] = await t.database.db.select().from(delegation).where(eq(delegation.id, id));
    expect(await staffLogin(d!.userId!)).toBe('A0210');
  });
});
