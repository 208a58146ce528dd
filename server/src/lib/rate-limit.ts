import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';

/**
 * Where the fixed-window counts live: in this process when Baton runs as one instance, in
 * Redis when instances share REDIS_URL (which several instances need anyway: realtime frames
 * and the answer cache's invalidation go through it). A restart forgets the open windows.
 */
export interface RateLimitStore {
  /** Count one hit on `key` (which names its window) and answer the count so far. */
  incr(key: string, windowS: number): Promise<number>;
  /** Forget every count (tests start windows afresh). */
  clear(): Promise<void>;
}

export function memoryStore(): RateLimitStore {
  const counts = new Map<string, { n: number; until: number }>();
  let sweptAt = Date.now();
  return {
    async incr(key, windowS) {
      const now = Date.now();
      if (now - sweptAt > 60_000) {
        for (const [k, c] of counts) if (c.until <= now) counts.delete(k);
        sweptAt = now;
      }
      const c = counts.get(key);
      if (c && c.until > now) return ++c.n;
      counts.set(key, { n: 1, until: now + windowS * 1000 });
      return 1;
    },
    async clear() {
      counts.clear();
    },
  };
}

/** Counts in Redis under `prefix` (one INCR and EXPIRE per hit, in one round trip). */
export function redisStore(redis: Redis, prefix: string): RateLimitStore {
  return {
    async incr(key, windowS) {
      const k = `${prefix}${key}`;
      const replies = await redis.multi().incr(k).expire(k, windowS).exec();
      const [err, n] = replies?.[0] ?? [new Error('no reply from Redis')];
      if (err) throw err;
      return Number(n);
    },
    async clear() {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    },
  };
}

/** The store of each database handle's app (an app registers Redis when it has it). */
const stores = new WeakMap<object, RateLimitStore>();

export function useRateLimitStore(db: Db, store: RateLimitStore): void {
  stores.set(db, store);
}

function storeOf(db: Db): RateLimitStore {
  let store = stores.get(db);
  if (!store) {
    store = memoryStore();
    stores.set(db, store);
  }
  return store;
}

/** Counts one hit on `bucket` and throws A0429 once more than `max` hits fall in the current window. */
export async function hitRateLimit(db: Db, bucket: string, max: number, windowS: number): Promise<void> {
  const windowStart = Math.floor(Date.now() / 1000 / windowS) * windowS;
  const count = await storeOf(db).incr(`${bucket}:${windowStart}`, windowS);
  if (count > max) throw new AppError('A0429');
}

export const clearRateLimits = (db: Db) => storeOf(db).clear();
