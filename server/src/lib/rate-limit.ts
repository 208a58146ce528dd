import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimit } from '../db/schema/index.js';
import { AppError } from './errors.js';

/**
 * Fixed-window counter in the database (shared by all instances): counts one hit on
 * `bucket` and throws A0429 once more than `max` hits fall in the current window.
 */
export async function hitRateLimit(db: Db, bucket: string, max: number, windowS: number): Promise<void> {
  const windowStart = Math.floor(Date.now() / 1000 / windowS) * windowS;
  const [row] = await db
    .insert(rateLimit)
    .values({ bucket: `${bucket}:${windowStart}`, count: 1, expiresAt: new Date((windowStart + windowS) * 1000) })
    .onConflictDoUpdate({ target: rateLimit.bucket, set: { count: sql`${rateLimit.count} + 1` } })
    .returning({ count: rateLimit.count });
  if ((row?.count ?? 0) > max) throw new AppError('A0429');
}

export async function purgeExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimit).where(lt(rateLimit.expiresAt, new Date()));
}
