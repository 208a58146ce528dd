import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginLog, user } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
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
  /** Sign-in attempts per IP per minute (LOGIN_RATE_LIMIT). */
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

/** Administrator sign-in (spec §7 Auth): captcha, SM2-encrypted credentials, lockout. */
export async function login(deps: AuthDeps, input: LoginInput, meta: ClientMeta) {
  const { db } = deps;
  await hitRateLimit(db, `login-ip:${meta.ip}`, deps.loginRatePerMin, 60);
  if (deps.captchaOn() && !(await verifyCaptcha(db, input.captchaKey, input.captchaCode))) {
    throw new AppError('A0240');
  }
  const username = sm2Decrypt(deps.keys, input.username).trim();
  const password = sm2Decrypt(deps.keys, input.password);

  const [found] = await db
    .select({
      id: user.id,
      passwordHash: user.passwordHash,
      status: user.status,
      lockedUntil: user.lockedUntil,
    })
    .from(user)
    .where(eq(sql`lower(${user.username})`, username.toLowerCase()));

  const now = new Date();
  if (found?.lockedUntil && found.lockedUntil > now) {
    await logAttempt(db, meta, username, found.id, 'A0211');
    throw new AppError('A0211', { minutes: Math.ceil((found.lockedUntil.getTime() - now.getTime()) / 60_000) });
  }
  const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()));
  if (!found || !valid) {
    if (found) {
      // Count the failure atomically; the one that reaches the limit locks the account.
      const [counted] = await db
        .update(user)
        .set({ failedLoginCount: sql`${user.failedLoginCount} + 1` })
        .where(eq(user.id, found.id))
        .returning({ failures: user.failedLoginCount });
      if ((counted?.failures ?? 0) >= LOGIN_MAX_FAILURES) {
        await db
          .update(user)
          .set({ failedLoginCount: 0, lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MINUTES * 60_000) })
          .where(eq(user.id, found.id));
        await logAttempt(db, meta, username, found.id, 'A0211');
        throw new AppError('A0211', { minutes: LOGIN_LOCK_MINUTES });
      }
    }
    await logAttempt(db, meta, username, found?.id ?? null, 'A0210');
    throw new AppError('A0210');
  }
  if (found.status !== 1) {
    await logAttempt(db, meta, username, found.id, 'A0212');
    throw new AppError('A0212');
  }
  await db.update(user).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(user.id, found.id));
  const pair = await startSession(db, deps.tokens, found.id, meta);
  await logAttempt(db, meta, username, found.id, '00000');
  return pair;
}
