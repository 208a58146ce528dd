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

/** What a Redis store tells its owner: a command failed or timed out, or one went through again. */
export interface RedisStoreEvents {
  failed(err: unknown): void;
  succeeded(): void;
}

/** A Redis command that has not answered in this long counts as failed (the count is kept in memory). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failed command the store counts in memory this long before it asks Redis again. */
const REDIS_RETRY_AFTER_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Counts in Redis under `prefix` (one INCR and EXPIRE per hit, in one round trip). While Redis is
 * not connected, and for a few seconds after a command failed or took longer than
 * REDIS_COMMAND_TIMEOUT_MS, hits are counted in `fallback` (this process's memory): a request
 * never waits on a Redis that is gone, at the price of per-instance counts during the outage.
 */
export function redisStore(
  redis: Redis,
  prefix: string,
  events: RedisStoreEvents = { failed: () => {}, succeeded: () => {} },
  fallback: RateLimitStore = memoryStore(),
): RateLimitStore {
  let skipUntil = 0;
  const usable = () => redis.status === 'ready' && Date.now() >= skipUntil;
  return {
    async incr(key, windowS) {
      if (!usable()) return fallback.incr(key, windowS);
      const k = `${prefix}${key}`;
      try {
        const replies = await withTimeout(redis.multi().incr(k).expire(k, windowS).exec(), REDIS_COMMAND_TIMEOUT_MS);
        const [err, n] = replies?.[0] ?? [new Error('no reply from Redis')];
        if (err) throw err;
        events.succeeded();
        return Number(n);
      } catch (err) {
        skipUntil = Date.now() + REDIS_RETRY_AFTER_MS;
        events.failed(err);
        return fallback.incr(key, windowS);
      }
    },
    async clear() {
      await fallback.clear();
      if (redis.status !== 'ready') return;
      const keys = await withTimeout(redis.keys(`${prefix}*`), REDIS_COMMAND_TIMEOUT_MS);
      if (keys.length) await withTimeout(redis.del(...keys), REDIS_COMMAND_TIMEOUT_MS);
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
