import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.js';
import { session } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export interface TokenSettings {
  secret: Uint8Array;
  accessTtlS: number;
  refreshTtlS: number;
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const ISSUER = 'baton';

async function sign(settings: TokenSettings, claims: Record<string, unknown>, subject: string, ttlS: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS)
    .sign(settings.secret);
}

export async function issuePair(settings: TokenSettings, userId: number, sessionId: string, refreshJti: string) {
  const [accessToken, refreshToken] = await Promise.all([
    sign(settings, { typ: 'access', sid: sessionId }, String(userId), settings.accessTtlS),
    sign(settings, { typ: 'refresh', sid: sessionId, jti: refreshJti }, String(userId), settings.refreshTtlS),
  ]);
  return { tokenType: 'Bearer' as const, accessToken, refreshToken, expiresIn: settings.accessTtlS };
}

/** Start a session (one refresh-token family) and return its first token pair. */
export async function startSession(
  db: Db,
  settings: TokenSettings,
  userId: number,
  meta: { ip: string; userAgent: string | undefined },
) {
  const id = randomUUID();
  const refreshJti = randomUUID();
  await db.insert(session).values({
    id,
    userId,
    refreshJti,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    expiresAt: new Date(Date.now() + settings.refreshTtlS * 1000),
  });
  return issuePair(settings, userId, id, refreshJti);
}

async function verify(settings: TokenSettings, token: string, typ: 'access' | 'refresh', failCode: 'A0230' | 'A0233') {
  try {
    const { payload } = await jwtVerify(token, settings.secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== typ || typeof payload.sid !== 'string' || !payload.sub) throw new AppError(failCode);
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId)) throw new AppError(failCode);
    return {
      userId,
      sessionId: payload.sid,
      jti: typeof payload.jti === 'string' ? payload.jti : null,
      expiresAt: (payload.exp ?? 0) * 1000,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JOSEError) throw new AppError(failCode);
    throw new AppError(failCode);
  }
}

/** Access tokens already verified, per settings (so per app): token → claims and expiry. */
const verifiedAccess = new WeakMap<TokenSettings, Map<string, AccessClaims & { expiresAt: number }>>();
/** Enough for every client signed in at once on a busy registration day; the oldest go first. */
const VERIFIED_MAX = 20_000;

/**
 * An access token's claims: signature, issuer, type and expiry. A token is a fixed string signed
 * with a fixed secret, so a verification holds until the token expires: it is kept (bounded) and
 * only the expiry is checked again, sparing the HMAC on every request. Whether the session is
 * still live is checked with the user it names, in one statement (`authenticate` in plugins/auth.ts).
 */
export async function accessClaims(settings: TokenSettings, token: string): Promise<AccessClaims> {
  let kept = verifiedAccess.get(settings);
  if (!kept) {
    kept = new Map();
    verifiedAccess.set(settings, kept);
  }
  const hit = kept.get(token);
  if (hit) {
    if (hit.expiresAt > Date.now()) return { userId: hit.userId, sessionId: hit.sessionId };
    kept.delete(token);
    throw new AppError('A0230');
  }
  const claims = await verify(settings, token, 'access', 'A0230');
  if (kept.size >= VERIFIED_MAX) kept.delete(kept.keys().next().value as string);
  kept.set(token, { userId: claims.userId, sessionId: claims.sessionId, expiresAt: claims.expiresAt });
  return { userId: claims.userId, sessionId: claims.sessionId };
}

/**
 * Rotate a refresh token. Each token works once: presenting a spent one means it was
 * copied, so the whole family (session) is revoked (reuse detection).
 */
export async function refreshSession(db: Db, settings: TokenSettings, token: string) {
  const claims = await verify(settings, token, 'refresh', 'A0233');
  if (!claims.jti) throw new AppError('A0233');
  const nextJti = randomUUID();
  const rotated = await db
    .update(session)
    .set({ refreshJti: nextJti, refreshedAt: new Date() })
    .where(and(eq(session.id, claims.sessionId), eq(session.refreshJti, claims.jti), isNull(session.revokedAt)))
    .returning({ id: session.id, expiresAt: session.expiresAt });
  const live = rotated[0];
  if (!live || live.expiresAt < new Date()) {
    await revokeSession(db, claims.sessionId, live ? 'expired' : 'refresh-token-reuse');
    throw new AppError('A0233');
  }
  return issuePair(settings, claims.userId, claims.sessionId, nextJti);
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number, reason: string): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(session.userId, userId), isNull(session.revokedAt)));
}
