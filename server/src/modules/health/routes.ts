import { Envelope, formatMessage } from '@baton/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { routeKit } from '../../plugins/route-kit.js';

/** How long readiness waits for the database, and for Redis, before calling it unreachable. */
export const READY_DATABASE_TIMEOUT_MS = 1_000;
export const READY_REDIS_TIMEOUT_MS = 500;

const tags = ['health'];
const Check = Type.Union([Type.Literal('ok'), Type.Literal('failed')]);
const Readiness = Type.Object({
  database: Check,
  /** 'none' without REDIS_URL. */
  redis: Type.Union([Check, Type.Literal('none')]),
});

async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For a process manager or a load balancer (public, never cached, never in the operation log):
 * - `GET /api/health`: liveness, the process answers (no database work);
 * - `GET /api/ready`: readiness, the database answers `select 1` within 1 s and, with REDIS_URL,
 *   Redis a PING within 0.5 s: 200 with what was checked, or 503 (C0300 database, C0310 Redis)
 *   with the same data naming what failed.
 */
export async function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = routeKit(app, tags);

  r.get('/api/health', {
    auth: 'public',
    summary: 'Liveness: the process answers (no database work)',
    answer: Type.Object({ status: Type.Literal('up') }),
    run: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'up' as const };
    },
  });

  r.get('/api/ready', {
    auth: 'public',
    summary: 'Readiness: the database and (with REDIS_URL) Redis answer; 503 names what failed',
    answer: Readiness,
    otherAnswers: { 503: Envelope(Readiness) },
    run: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const [database, redis] = await Promise.all([
        databaseAnswers(deps.db, READY_DATABASE_TIMEOUT_MS),
        app.realtime.pingRedis(READY_REDIS_TIMEOUT_MS),
      ]);
      const data = { database: database ? ('ok' as const) : ('failed' as const), redis };
      if (database && redis !== 'failed') return data;
      const code = database ? 'C0310' : 'C0300';
      return reply.status(503).send({ code, data, msg: formatMessage(code, req.lang) });
    },
  });
}
