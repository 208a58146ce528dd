import { Envelope, formatMessage } from '@baton/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { ok } from '../../plugins/envelope.js';

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
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Liveness: the process answers (no database work)',
        response: { 200: Envelope(Type.Object({ status: Type.Literal('up') })) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ status: 'up' as const });
    },
  );

  app.get(
    '/api/ready',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Readiness: the database and (with REDIS_URL) Redis answer; 503 names what failed',
        response: { 200: Envelope(Readiness), 503: Envelope(Readiness) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const [database, redis] = await Promise.all([
        databaseAnswers(deps.db, READY_DATABASE_TIMEOUT_MS),
        app.realtime.pingRedis(READY_REDIS_TIMEOUT_MS),
      ]);
      const data = { database: database ? ('ok' as const) : ('failed' as const), redis };
      if (database && redis !== 'failed') return ok(data);
      const code = database ? 'C0310' : 'C0300';
      return reply.status(503).send({ code, data, msg: formatMessage(code, req.lang) });
    },
  );
}
