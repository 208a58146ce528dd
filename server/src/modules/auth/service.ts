import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, USER_TYPE } from '@baton/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginLog, user } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.js';
import { verifyCaptcha } from './captcha.js';
import { type Sm2Keys, sm2Decrypt } from './sm2.js';
import { startSession, type TokenSettings } from './tokens.js';

export interface LoginInput {
  username: string;
  password: string;
  captchaKey: string;
  captchaCode: string;
}

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
}

export interface AuthDeps {
  db: Db;
  keys: Sm2Keys;
  tokens: TokenSettings;
  captchaOn: () => boolean;
  /** Wrong passwords per client address per minute before the address waits (LOGIN_RATE_LIMIT). */
  loginRatePerMin: number;
}

async function logAttempt(db: Db, meta: ClientMeta, username: string, userId: number | null, code: string) {
  await db.insert(loginLog).values({
    username: username.slice(0, 100),
    userId,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    success: code === '00000',
    code,
  });
}

const text = (zh: string, en: string) => ({ zh, en });

/** Failures of one account from one address after which each attempt waits (LOGIN_MAX_FAILURES). */
const FREE_FAILURES = LOGIN_MAX_FAILURES;
/** The first wait; each further failure doubles it, up to the throttle's window. */
const FIRST_WAIT_S = 5;
/** Failures older than this are forgotten (LOGIN_LOCK_MINUTES), and no wait is longer. */
const THROTTLE_WINDOW_S = LOGIN_LOCK_MINUTES * 60;

/** A wait rounded up to 5 s, so two refusals a moment apart read the same. */
const throttled = (waitMs: number) => {
  const s = Math.max(5, Math.ceil(waitMs / 5000) * 5);
  return new AppError(
    'A0429',
    {},
    text(`登录失败次数过多，请 ${s} 秒后再试`, `Too many failed sign-ins: try again in ${s} s`),
    429,
  );
};

/** The wait after `failures` failures: none up to FREE_FAILURES, then 5 s, 10 s, 20 s... up to the window. */
export function throttleWaitMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_WAIT_S * 2 ** (failures - FREE_FAILURES), THROTTLE_WINDOW_S) * 1000;
}

/**
 * How long the next attempt of `username` from `ip` must still wait, read from the sign-in log
 * (shared by every instance, and the record of what really happened): its wrong passwords in the
 * last LOGIN_LOCK_MINUTES since its last success there, the wait growing with each. Keyed by the
 * typed name, so an unknown account throttles exactly like a known one, and by the address, so
 * someone else's guesses never keep the account's owner out elsewhere.
 */
async function accountWaitMs(db: Db, username: string, ip: string, now: Date): Promise<number> {
  const rows = await db
    .select({ success: loginLog.success, code: loginLog.code, createdAt: loginLog.createdAt })
    .from(loginLog)
    .where(
      and(
        gt(loginLog.createdAt, new Date(now.getTime() - THROTTLE_WINDOW_S * 1000)),
        eq(loginLog.ip, ip),
        eq(sql`lower(${loginLog.username})`, username.toLowerCase()),
      ),
    )
    .orderBy(desc(loginLog.createdAt), desc(loginLog.id))
    .limit(100);
  let failures = 0;
  let last: Date | null = null;
  for (const r of rows) {
    if (r.success) break;
    if (r.code !== 'A0210') continue;
    failures++;
    last ??= r.createdAt;
  }
  if (!last) return 0;
  return Math.max(0, last.getTime() + throttleWaitMs(failures) - now.getTime());
}

/**
 * How long an address that had LOGIN_RATE_LIMIT wrong passwords (any accounts) in the last
 * minute must wait: the attacker's path is throttled harder than an account's.
 */
async function addressWaitMs(db: Db, ip: string, perMinute: number, now: Date): Promise<number> {
  const [nth] = await db
    .select({ createdAt: loginLog.createdAt })
    .from(loginLog)
    .where(
      and(gt(loginLog.createdAt, new Date(now.getTime() - 60_000)), eq(loginLog.ip, ip), eq(loginLog.code, 'A0210')),
    )
    .orderBy(desc(loginLog.createdAt))
    .offset(perMinute - 1)
    .limit(1);
  return nth ? Math.max(0, nth.createdAt.getTime() + 60_000 - now.getTime()) : 0;
}

/**
 * Administrator sign-in (spec §7 Auth): captcha, SM2-encrypted credentials, throttling.
 *
 * Nothing is counted before the captcha passes, so bogus attempts cost an address nothing.
 * Then an attempt waits when its address failed LOGIN_RATE_LIMIT times in the last minute, or
 * when this account failed 5 times from this address (5 s, then doubling per failure, at most
 * 15 minutes): both answer 429 A0429 "try again in N s" without checking the password. An
 * unknown account, a wrong password (A0210) and a throttled attempt (A0429) read the same for
 * an account that exists and one that does not (a dummy hash keeps the timing alike). A
 * delegation account (userType 30) answers as a wrong password: it signs in only through the
 * delegation sign-in. A disabled account says so (A0212), but only after the right password.
 */
export async function login(deps: AuthDeps, input: LoginInput, meta: ClientMeta) {
  const { db } = deps;
  if (deps.captchaOn() && !(await verifyCaptcha(db, input.captchaKey, input.captchaCode))) {
    throw new AppError('A0240');
  }
  const username = sm2Decrypt(deps.keys, input.username).trim();
  const password = sm2Decrypt(deps.keys, input.password);
  const logged = username.slice(0, 100);

  const [found] = await db
    .select({ id: user.id, passwordHash: user.passwordHash, status: user.status, userType: user.userType })
    .from(user)
    .where(eq(sql`lower(${user.username})`, username.toLowerCase()));

  const now = new Date();
  const waitMs = Math.max(
    await addressWaitMs(db, meta.ip, deps.loginRatePerMin, now),
    await accountWaitMs(db, logged, meta.ip, now),
  );
  if (waitMs > 0) {
    await logAttempt(db, meta, logged, found?.id ?? null, 'A0429');
    throw throttled(waitMs);
  }
  const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()));
  if (!found || !valid || found.userType === USER_TYPE.DELEGATION) {
    await logAttempt(db, meta, logged, found?.id ?? null, 'A0210');
    throw new AppError('A0210');
  }
  if (found.status !== 1) {
    await logAttempt(db, meta, logged, found.id, 'A0212');
    throw new AppError('A0212');
  }
  const pair = await startSession(db, deps.tokens, found.id, meta);
  await logAttempt(db, meta, logged, found.id, '00000');
  return pair;
}
