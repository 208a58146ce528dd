import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VERIFY_CODE } from '@baton/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { authCode, outbox } from '../../db/schema/index.js';
import { clearRateLimits } from '../../lib/rate-limit.js';
import {
  awayFromWindowEdge,
  bearer,
  login,
  makeTestApp,
  postJsonText,
  solvedCaptcha,
  useTestApp,
} from '../../test/app.js';
import { createUser, latestCode } from '../account/testkit.js';
import { SendFailedError, webhookSender } from './sender.js';
import { consumeCode, issueCode } from './service.js';

const en = { 'accept-language': 'en' };

const t = useTestApp();

async function sendPublic(
  contact: string,
  purpose: 'register' | 'reset-password',
  opts: { contactType?: 'MOBILE' | 'EMAIL'; ip?: string; captchaCode?: string } = {},
) {
  const solved = await solvedCaptcha(t);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/codes',
    headers: en,
    remoteAddress: opts.ip ?? '10.0.0.1',
    payload: {
      contact,
      contactType: opts.contactType ?? 'MOBILE',
      purpose,
      captchaKey: solved.captchaKey,
      captchaCode: opts.captchaCode ?? solved.captchaCode,
    },
  });
}

const codeRows = async (target: string) => t.database.db.select().from(authCode).where(eq(authCode.target, target));

/** Make every code of a target look older, so the 60-second rule lets the next one through. */
const age = (target: string, seconds: number) =>
  t.database.db
    .update(authCode)
    .set({ createdAt: sql`${authCode.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(authCode.target, target));

describe('configuration', () => {
  it('defaults to the console sender and checks the webhook settings', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).smsSender).toBe('console');
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_SENDER: 'webhook' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_SENDER: 'carrier-pigeon' })).toThrow(/console.*webhook/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'ftp://x' })).toThrow(/http/);
    const ok = loadConfig({ NODE_ENV: 'test', SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example/send' });
    expect(ok).toMatchObject({ smsSender: 'webhook', smsWebhookUrl: 'https://sms.example/send' });
    expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: 'localhost:6379' })).toThrow(/redis:\/\//);
  });
});

describe('sending codes (console sender)', () => {
  it('sends a registration code: 6 digits in the outbox, only a hash stored', async () => {
    const res = await sendPublic('13800000001', 'register');
    expect(res.json()).toEqual({
      code: '00000',
      data: { resendAfterS: VERIFY_CODE.resendS, expiresInS: VERIFY_CODE.ttlS },
      msg: 'OK',
    });
    const code = await latestCode(t, '13800000001');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await codeRows('13800000001');
    expect(row).toMatchObject({ channel: 'sms', purpose: 'register', attempts: 0 });
    expect(row!.codeHash).not.toContain(code!);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(VERIFY_CODE.ttlS * 1000);
  });

  it('checks the captcha', async () => {
    const res = await sendPublic('13800000002', 'register', { captchaCode: 'nope' });
    expect(res.json().code).toBe('A0240');
    expect(await codeRows('13800000002')).toHaveLength(0);
  });

  it('refuses a second code within 60 seconds, saying how long to wait', async () => {
    expect((await sendPublic('13800000003', 'register')).json().code).toBe('00000');
    const again = await sendPublic('13800000003', 'register');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('A0429');
    expect(again.json().msg).toMatch(/^A code was sent recently: try again in \d+ s$/);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/codes',
      payload: { contact: '13800000003', contactType: 'MOBILE', purpose: 'register', ...(await solvedCaptcha(t)) },
    });
    expect(zh.json().msg).toMatch(/^验证码发送过于频繁/);
    expect(await codeRows('13800000003')).toHaveLength(1);
    await age('13800000003', 61);
    expect((await sendPublic('13800000003', 'register')).json().code).toBe('00000');
  });

  it('allows ten codes a day per target', async () => {
    const target = '13800000004';
    for (let i = 0; i < VERIFY_CODE.perDay; i++) {
      await issueCode(t.database.db, { target, channel: 'sms', purpose: 'register' }, t.app.codeSender);
      await age(target, 120);
    }
    const res = await sendPublic(target, 'register');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toContain('10 codes in the last 24 hours');
    await age(target, 86_400);
    expect((await sendPublic(target, 'register')).json().code).toBe('00000');
  });

  it('limits requests per IP', async () => {
    // The per-IP count is kept by the clock hour: the 31 requests must all fall in one.
    await awayFromWindowEdge(3600);
    await clearRateLimits(t.database.db);
    const sender = t.app.codeSender;
    for (let i = 0; i < 30; i++) {
      await issueCode(
        t.database.db,
        { target: `1390000${String(i).padStart(4, '0')}`, channel: 'sms', purpose: 'register', ip: '10.9.9.9' },
        sender,
      );
    }
    const res = await sendPublic('13912345678', 'register', { ip: '10.9.9.9' });
    expect(res.statusCode).toBe(429);
    expect((await sendPublic('13912345678', 'register', { ip: '10.9.9.10' })).json().code).toBe('00000');
  });

  it('answers a registration code for a registered mobile exactly like a free one, delivering only to the free one', async () => {
    await createUser(t, 'has_mobile', { mobile: '13800000005' });
    const sent = async (target: string) =>
      Number((await t.database.db.select({ n: count() }).from(outbox).where(eq(outbox.target, target)))[0]!.n);
    const taken = await sendPublic('13800000005', 'register');
    const free = await sendPublic('13800000006', 'register');
    expect(free.json().code).toBe('00000');
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    expect(await sent('13800000006')).toBe(1);
    expect(await sent('13800000005')).toBe(0);
    const email = await sendPublic('someone@example.com', 'register', { contactType: 'EMAIL' });
    expect(email.json().msg).toContain('registration uses a mobile number');
    const bad = await sendPublic('12345', 'register');
    expect(bad.statusCode).toBe(400);
  });

  it('answers a reset for an unknown contact exactly like a known one, but delivers nothing', async () => {
    await createUser(t, 'known_contact', { email: 'known@example.com' });
    const known = await sendPublic('Known@Example.com', 'reset-password', { contactType: 'EMAIL' });
    const unknown = await sendPublic('nobody@example.com', 'reset-password', { contactType: 'EMAIL' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await latestCode(t, 'known@example.com')).toMatch(/^\d{6}$/);
    expect(await latestCode(t, 'nobody@example.com')).toBeNull();
    // The limits apply the same way to both.
    expect((await sendPublic('nobody@example.com', 'reset-password', { contactType: 'EMAIL' })).statusCode).toBe(429);
  });
});

describe('checking codes', () => {
  const sender = () => t.app.codeSender;

  it('accepts the right code once', async () => {
    const target = '13700000001';
    await issueCode(t.database.db, { target, channel: 'sms', purpose: 'bind-mobile' }, sender());
    const code = (await latestCode(t, target))!;
    await expect(consumeCode(t.database.db, { target, purpose: 'register', code })).rejects.toThrow(/expired/);
    await consumeCode(t.database.db, { target, purpose: 'bind-mobile', code });
    await expect(consumeCode(t.database.db, { target, purpose: 'bind-mobile', code })).rejects.toThrow(/expired/);
  });

  it('kills a code after five wrong attempts', async () => {
    const target = '13700000002';
    await issueCode(t.database.db, { target, channel: 'sms', purpose: 'register' }, sender());
    const code = (await latestCode(t, target))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < VERIFY_CODE.maxAttempts; i++) {
      await expect(consumeCode(t.database.db, { target, purpose: 'register', code: wrong })).rejects.toThrow(
        'The verification code is wrong',
      );
    }
    await expect(consumeCode(t.database.db, { target, purpose: 'register', code })).rejects.toThrow(
      'Too many wrong attempts',
    );
  });

  it('refuses an expired code', async () => {
    const target = '13700000003';
    await issueCode(t.database.db, { target, channel: 'sms', purpose: 'register' }, sender());
    const code = (await latestCode(t, target))!;
    await t.database.db
      .update(authCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCode.target, target));
    await expect(consumeCode(t.database.db, { target, purpose: 'register', code })).rejects.toThrow(/expired/);
  });

  it('keeps only the newest code of a target and purpose live', async () => {
    const target = '13700000004';
    await issueCode(t.database.db, { target, channel: 'sms', purpose: 'register' }, sender());
    const first = (await latestCode(t, target))!;
    await age(target, 61);
    await issueCode(t.database.db, { target, channel: 'sms', purpose: 'register' }, sender());
    const second = (await latestCode(t, target))!;
    if (first !== second) {
      await expect(consumeCode(t.database.db, { target, purpose: 'register', code: first })).rejects.toThrow(/wrong/);
    }
    await consumeCode(t.database.db, { target, purpose: 'register', code: second });
  });
});

describe('outbox', () => {
  it('is readable by an administrator only', async () => {
    const admin = await login(t, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/outbox/page?pageSize=5&target=13800000001',
      headers: bearer(admin.accessToken),
    });
    expect(res.json().code).toBe('00000');
    expect(res.json().data.total).toBe(1);
    expect(res.json().data.list[0]).toMatchObject({ channel: 'sms', target: '13800000001', purpose: 'register' });
    const committee = await login(t, 'committee');
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/v1/outbox/page',
      headers: bearer(committee.accessToken),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('A0301');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/outbox/page' })).statusCode).toBe(401);
  });

  it('keeps codes out of the operation log', async () => {
    const rows = await t.database.db.execute(sql`select * from sys_oplog where path = '/api/v1/auth/codes'`);
    const text = JSON.stringify((rows as unknown as { rows: unknown[] }).rows ?? rows);
    const codes = await t.database.db.select({ text: outbox.text }).from(outbox);
    expect(text).toContain('send code');
    for (const c of codes) expect(text).not.toContain(/\d{6}/.exec(c.text)![0]);
  });
});

describe('webhook sender', () => {
  let server: Server;
  let url: string;
  const received: { headers: IncomingMessage['headers']; body: string; path: string }[] = [];
  let behaviour: 'ok' | 'fail' | 'hang' = 'ok';

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body, path: req.url ?? '' });
        if (behaviour === 'hang') return;
        res.writeHead(behaviour === 'ok' ? 200 : 500, { 'content-type': 'application/json' });
        res.end(behaviour === 'ok' ? '{"ok":true}' : '{"error":"gateway down"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send?key=abc`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('posts {channel, to, text, purpose} as JSON', async () => {
    behaviour = 'ok';
    received.length = 0;
    await webhookSender(url).send(t.database.db, {
      channel: 'sms',
      to: '13800001111',
      text: 'Your code is 123456',
      purpose: 'register',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/sms/send?key=abc');
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0]!.body)).toEqual({
      channel: 'sms',
      to: '13800001111',
      text: 'Your code is 123456',
      purpose: 'register',
    });
  });

  it('fails on a 500 and on a timeout', async () => {
    behaviour = 'fail';
    const msg = { channel: 'sms' as const, to: '1', text: 'x', purpose: 'register' as const };
    await expect(webhookSender(url).send(t.database.db, msg)).rejects.toBeInstanceOf(SendFailedError);
    behaviour = 'hang';
    const started = Date.now();
    await expect(webhookSender(url, { timeoutMs: 300 }).send(t.database.db, msg)).rejects.toBeInstanceOf(
      SendFailedError,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(webhookSender('http://127.0.0.1:1/unreachable').send(t.database.db, msg)).rejects.toBeInstanceOf(
      SendFailedError,
    );
  });

  it('through the app: a delivered code is usable; a failed delivery is a clear error and costs nothing', async () => {
    const w = await makeTestApp({ smsSender: 'webhook', smsWebhookUrl: url });
    try {
      behaviour = 'ok';
      received.length = 0;
      const send = async () =>
        w.app.inject({
          method: 'POST',
          url: '/api/v1/auth/codes',
          headers: en,
          payload: { contact: '13600000001', contactType: 'MOBILE', purpose: 'register', ...(await solvedCaptcha(w)) },
        });
      expect((await send()).json().code).toBe('00000');
      const sent = JSON.parse(received[0]!.body) as { to: string; text: string; purpose: string; channel: string };
      expect(sent).toMatchObject({ to: '13600000001', purpose: 'register', channel: 'sms' });
      const code = /\d{6}/.exec(sent.text)![0];
      await consumeCode(w.database.db, { target: '13600000001', purpose: 'register', code });
      expect(await w.database.db.select({ n: count() }).from(outbox)).toEqual([{ n: 0 }]);

      behaviour = 'fail';
      const failed = await w.app.inject({
        method: 'POST',
        url: '/api/v1/auth/codes',
        headers: en,
        payload: { contact: '13600000002', contactType: 'MOBILE', purpose: 'register', ...(await solvedCaptcha(w)) },
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({
        code: 'B0002',
        data: null,
        msg: 'Could not send the code, please try again later',
      });
      const rows = await w.database.db
        .select()
        .from(authCode)
        .where(and(eq(authCode.target, '13600000002')));
      expect(rows).toHaveLength(0);
      behaviour = 'ok';
      const retry = await w.app.inject({
        method: 'POST',
        url: '/api/v1/auth/codes',
        payload: { contact: '13600000002', contactType: 'MOBILE', purpose: 'register', ...(await solvedCaptcha(w)) },
      });
      expect(retry.json().code).toBe('00000');
    } finally {
      await w.close();
    }
  });
});

describe('bad input', () => {
  it('never answers 500 and writes nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(authCode);
    const bodies: unknown[] = [
      {},
      { contact: '13800000009', contactType: 'FAX', purpose: 'register', captchaKey: '', captchaCode: '' },
      { contact: '13800000009', contactType: 'MOBILE', purpose: 'dlg-login', captchaKey: '', captchaCode: '' },
      { contact: 'x'.repeat(300), contactType: 'MOBILE', purpose: 'register', captchaKey: '', captchaCode: '' },
      { contact: ['a'], contactType: 'MOBILE', purpose: 'register', captchaKey: '', captchaCode: '' },
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/codes', payload: payload as object });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('A0400');
    }
    const raw = await postJsonText(t, '/api/v1/auth/codes', '{"contact":');
    expect(raw.statusCode).toBe(400);
    expect(await t.database.db.select({ n: count() }).from(authCode)).toEqual(before);
  });
});
