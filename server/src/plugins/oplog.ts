import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import type { oplog } from '../db/schema/index.js';
import { preparedSql } from '../lib/sql.js';

/** What a handler tells the operation log about its write (all optional). */
export interface OplogNote {
  module?: string;
  action?: string;
  target?: string | number;
  before?: unknown;
  after?: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` keeps a write out of the operation log (sign-in has its own log). */
    oplog?: { module: string; action: string } | false;
  }
  interface FastifyRequest {
    oplog: OplogNote | null;
    /** The envelope code of the answer, read on its way out. */
    resultCode: string | null;
  }
}

const p = (name: keyof OplogValues) => sql.placeholder(name);

type OplogValues = Omit<typeof oplog.$inferInsert, 'id' | 'createdAt' | 'before' | 'after'> & {
  /** JSON text, or null for none. */
  before: string | null;
  after: string | null;
};

/** The log line of every write: written once, a prepared statement on PostgreSQL. */
const insertOplog = preparedSql<OplogValues, never>(
  'oplog_insert',
  sql`insert into sys_oplog (user_id, username, user_type, ip, user_agent, method, path, module, action, target,
      status, code, duration_ms, before, after)
    values (${p('userId')}::int, ${p('username')}::text, ${p('userType')}::smallint, ${p('ip')}::text,
      ${p('userAgent')}::text, ${p('method')}::text, ${p('path')}::text, ${p('module')}::text, ${p('action')}::text,
      ${p('target')}::text, ${p('status')}::int, ${p('code')}::text, ${p('durationMs')}::int, ${p('before')}::jsonb,
      ${p('after')}::jsonb)`,
);

/** What a jsonb column of the log keeps of a value (none when null or undefined). */
const jsonOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Record what a handler noted, for the operation log: `note(req, {target, before, after})`. */
export function note(req: FastifyRequest, entry: OplogNote): void {
  req.oplog = { ...req.oplog, ...entry };
}

/** `/api/v1/users/3/password/reset` → module `users`, action `PUT password/reset`. */
function defaults(req: FastifyRequest) {
  const route = req.routeOptions.url ?? req.url;
  const parts = route.replace(/^\/api\/v\d+\//, '').split('/');
  const module = parts[0] ?? 'api';
  const rest = parts.slice(1).filter((p) => !p.startsWith(':'));
  return { module, action: `${req.method} ${rest.join('/') || module}`.trim() };
}

/** Every write through the API lands in sys_oplog: who, when, where from, what, outcome, time. */
export const oplogPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('oplog', null);
  app.decorateRequest('resultCode', null);
  // Written before the answer leaves, so a client that sees its write succeed knows it is logged.
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    if (!WRITE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return payload;
    const configured = req.routeOptions.config?.oplog;
    if (configured === false || !req.routeOptions.url) return payload;
    req.resultCode = typeof payload === 'string' ? (/^\{"code":"(\w+)"/.exec(payload)?.[1] ?? null) : null;
    const base = configured ?? defaults(req);
    const noted = req.oplog ?? {};
    try {
      await insertOplog(opts.db, {
        userId: req.user?.id ?? null,
        username: req.user?.username ?? null,
        userType: req.user?.userType ?? null,
        ip: req.ip,
        userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
        method: req.method,
        path: req.url.split('?')[0]!.slice(0, 500),
        module: noted.module ?? base.module,
        action: noted.action ?? base.action,
        target: noted.target === undefined ? null : String(noted.target),
        status: reply.statusCode,
        code: req.resultCode,
        durationMs: Math.round(reply.elapsedTime),
        before: jsonOrNull(noted.before),
        after: jsonOrNull(noted.after),
      });
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
    return payload;
  });
});
