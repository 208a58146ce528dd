import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodePurpose, type CodeSent, type ContactType, VERIFY_CODE } from '@baton/contracts';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { randomSecret } from '../../config.js';
import type { Db } from '../../db/client.js';
import { authCode } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { getOrCreateSecret } from '../../lib/secrets.js';
import { type CodeSender, SendFailedError } from './sender.js';

export type Channel = 'sms' | 'email';

export const channelOf = (contactType: ContactType): Channel => (contactType === 'MOBILE' ? 'sms' : 'email');

/** The stored form of a contact: mobile numbers as typed, e-mail addresses lower-cased. */
export function normaliseContact(contact: string, contactType: ContactType): string {
  const trimmed = contact.trim();
  return contactType === 'EMAIL' ? trimmed.toLowerCase() : trimmed;
}

/** Per IP: code requests an hour, whatever the targets (the sender's `perIpPerHour`, CODE_RATE_LIMIT). */
const CODES_PER_IP_PER_HOUR = 30;

const text = (zh: string, en: string) => ({ zh, en });

export const codeErrors = {
  tooSoon: (seconds: number) =>
    new AppError(
      'A0429',
      {},
      text(`验证码发送过于频繁，请 ${seconds} 秒后再试`, `A code was sent recently: try again in ${seconds} s`),
      429,
    ),
  dailyLimit: () =>
    new AppError(
      'A0429',
      {},
      text(
        `该号码今日获取验证码已达 ${VERIFY_CODE.perDay} 次，请明天再试`,
        `This contact has had ${VERIFY_CODE.perDay} codes in the last 24 hours: try again tomorrow`,
      ),
      429,
    ),
  sendFailed: () =>
    new AppError(
      'B0002',
      {},
      text('验证码发送失败，请稍后再试', 'Could not send the code, please try again later'),
      502,
    ),
  wrong: () => new AppError('A0240', {}, text('验证码错误', 'The verification code is wrong')),
  expired: () =>
    new AppError(
      'A0240',
      {},
      text('验证码已过期或未获取，请重新获取', 'The verification code has expired or was not requested: get a new one'),
    ),
  dead: () =>
    new AppError(
      'A0240',
      {},
      text('验证码错误次数过多，请重新获取', 'Too many wrong attempts: get a new verification code'),
    ),
};

const keys = new WeakMap<Db, Promise<string>>();

/** The HMAC key codes are hashed with, shared by every instance through the database. */
function hmacKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = getOrCreateSecret(db, 'verify-code-hmac', () => randomSecret());
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** A 6-digit code is a small space: the hash is keyed and bound to its target and purpose. */
async function hashCode(db: Db, target: string, purpose: string, code: string): Promise<string> {
  return createHmac('sha256', await hmacKey(db))
    .update(`${purpose}\n${target}\n${code}`)
    .digest('hex');
}

function messageText(code: string): string {
  const minutes = VERIFY_CODE.ttlS / 60;
  return `【Baton】验证码 ${code}，${minutes} 分钟内有效，请勿告诉他人。Your Baton code is ${code}, valid for ${minutes} minutes.`;
}

export interface IssueInput {
  target: string;
  channel: Channel;
  purpose: CodePurpose;
  ip?: string | null;
}

/**
 * Create a code for `target` and hand it to the sender. Limits are enforced here, counted in
 * the database under a per-target lock so concurrent requests and other instances agree:
 * one code per 60 s, ten per 24 hours, per target; and the per-IP limit.
 * With `deliver: false` the code is recorded (counting towards the limits) but not sent,
 * so a caller can answer identically whether or not the target has an account.
 */
export async function issueCode(
  db: Db,
  input: IssueInput,
  sender: CodeSender,
  opts: { deliver?: boolean } = {},
): Promise<CodeSent> {
  if (input.ip) await hitRateLimit(db, `code-ip:${input.ip}`, sender.perIpPerHour ?? CODES_PER_IP_PER_HOUR, 3600);
  const code = String(randomInt(0, 10 ** VERIFY_CODE.length)).padStart(VERIFY_CODE.length, '0');
  const codeHash = await hashCode(db, input.target, input.purpose, code);
  const now = new Date();

  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242, hashtext(${`code:${input.target}`}))`);
    const [last] = await tx
      .select({ createdAt: authCode.createdAt })
      .from(authCode)
      .where(eq(authCode.target, input.target))
      .orderBy(desc(authCode.createdAt))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + VERIFY_CODE.resendS * 1000 - now.getTime();
      if (waitMs > 0) throw codeErrors.tooSoon(Math.ceil(waitMs / 1000));
    }
    const [today] = await tx
      .select({ n: count() })
      .from(authCode)
      .where(and(eq(authCode.target, input.target), gt(authCode.createdAt, new Date(now.getTime() - 86_400_000))));
    if ((today?.n ?? 0) >= VERIFY_CODE.perDay) throw codeErrors.dailyLimit();
    // Only the newest code of a target and purpose is live.
    await tx
      .update(authCode)
      .set({ expiresAt: now })
      .where(
        and(
          eq(authCode.target, input.target),
          eq(authCode.purpose, input.purpose),
          isNull(authCode.consumedAt),
          gt(authCode.expiresAt, now),
        ),
      );
    const [row] = await tx
      .insert(authCode)
      .values({
        target: input.target,
        channel: input.channel,
        purpose: input.purpose,
        codeHash,
        expiresAt: new Date(now.getTime() + VERIFY_CODE.ttlS * 1000),
        ip: input.ip ?? null,
        createdAt: now,
      })
      .returning({ id: authCode.id });
    return row!.id;
  });
  // Rows older than two days count towards nothing any more.
  await db.delete(authCode).where(lt(authCode.createdAt, new Date(now.getTime() - 2 * 86_400_000)));

  if (opts.deliver !== false) {
    try {
      await sender.send(db, {
        channel: input.channel,
        to: input.target,
        text: messageText(code),
        purpose: input.purpose,
      });
    } catch (err) {
      // Not delivered: the code must not count against the user, nor stay usable.
      await db.delete(authCode).where(eq(authCode.id, id));
      if (err instanceof SendFailedError) throw codeErrors.sendFailed();
      throw err;
    }
  }
  return { resendAfterS: VERIFY_CODE.resendS, expiresInS: VERIFY_CODE.ttlS };
}

/**
 * Check and spend the live code of `target` for `purpose`. Each check counts as an attempt
 * (atomically), so five wrong answers kill the code even under concurrent requests.
 * Throws A0240 with a message saying what was wrong.
 */
export async function consumeCode(db: Db, input: { target: string; purpose: CodePurpose; code: string }) {
  const now = new Date();
  const [row] = await db
    .select({ id: authCode.id, codeHash: authCode.codeHash, expiresAt: authCode.expiresAt })
    .from(authCode)
    .where(and(eq(authCode.target, input.target), eq(authCode.purpose, input.purpose), isNull(authCode.consumedAt)))
    .orderBy(desc(authCode.id))
    .limit(1);
  if (!row || row.expiresAt <= now) throw codeErrors.expired();
  const [counted] = await db
    .update(authCode)
    .set({ attempts: sql`${authCode.attempts} + 1` })
    .where(and(eq(authCode.id, row.id), isNull(authCode.consumedAt), lt(authCode.attempts, VERIFY_CODE.maxAttempts)))
    .returning({ attempts: authCode.attempts });
  if (!counted) throw codeErrors.dead();
  const given = /^\d+$/.test(input.code.trim()) ? input.code.trim() : '';
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(await hashCode(db, input.target, input.purpose, given), 'hex');
  if (!given || expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw codeErrors.wrong();
  const [spent] = await db
    .update(authCode)
    .set({ consumedAt: now })
    .where(and(eq(authCode.id, row.id), isNull(authCode.consumedAt)))
    .returning({ id: authCode.id });
  if (!spent) throw codeErrors.expired();
}
