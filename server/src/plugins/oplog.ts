import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../db/client.js';
import type { oplog } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { clientGone, currentWrite, runInWriteContext, type WriteContext } from '../lib/request-context.js';
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
    /** The write context of a logged write (lib/request-context.ts), from its preHandler on. */
    writeContext: WriteContext | null;
  }
}

const p = (name: keyof OplogValues) => sql.placeholder(name);

type OplogValues = Omit<typeof oplog.$inferInsert, 'id' | 'createdAt' | 'before' | 'after'> & {
  /** JSON text, or null for none. */
  before: string | null;
  after: string | null;
};

/**
 * The status of a line written inside its request's transaction, before the answer is known. No
 * HTTP status is 0: a line that keeps it records a change that committed but whose answer never
 * went out (the process died between the commit and the answer).
 */
export const PENDING_STATUS = 0;

/** The log line of every write: written once, a prepared statement on PostgreSQL. */
const insertOplog = preparedSql<OplogValues, { id: number | string }>(
  'oplog_insert',
  sql`insert into sys_oplog (user_id, username, user_type, ip, user_agent, method, path, module, action, target,
      status, code, duration_ms, before, after)
    values (${p('userId')}::int, ${p('username')}::text, ${p('userType')}::smallint, ${p('ip')}::text,
      ${p('userAgent')}::text, ${p('method')}::text, ${p('path')}::text, ${p('module')}::text, ${p('action')}::text,
      ${p('target')}::text, ${p('status')}::int, ${p('code')}::text, ${p('durationMs')}::int, ${p('before')}::jsonb,
      ${p('after')}::jsonb)
    returning id`,
);

type Completion = Pick<
  OplogValues,
  'module' | 'action' | 'target' | 'status' | 'code' | 'durationMs' | 'before' | 'after'
> & {
  id: number;
};
const c = (name: keyof Completion) => sql.placeholder(name);

/**
 * The one change a log line ever gets: its request's outcome, written once into the line its
 * transaction left pending. `status = 0` in the condition makes a completed line unchangeable.
 */
const completeOplog = preparedSql<Completion, never>(
  'oplog_complete',
  sql`update sys_oplog set module = ${c('module')}::text, action = ${c('action')}::text, target = ${c('target')}::text,
      status = ${c('status')}::int, code = ${c('code')}::text, duration_ms = ${c('durationMs')}::int,
      before = ${c('before')}::jsonb, after = ${c('after')}::jsonb
    where id = ${c('id')}::bigint and status = ${sql.raw(String(PENDING_STATUS))}`,
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

/** Whether a request is a write the operation log records. */
function isLogged(req: FastifyRequest): boolean {
  return (
    WRITE_METHODS.has(req.method) &&
    req.url.startsWith('/api/') &&
    req.routeOptions.config?.oplog !== false &&
    !!req.routeOptions.url
  );
}

/** The request's log line with everything known so far. */
function lineOf(req: FastifyRequest, reply: FastifyReply, status: number, code: string | null): OplogValues {
  const configured = req.routeOptions.config?.oplog;
  const base = configured || defaults(req);
  const noted = req.oplog ?? {};
  return {
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
    status,
    code,
    durationMs: Math.round(reply.elapsedTime),
    before: jsonOrNull(noted.before),
    after: jsonOrNull(noted.after),
  };
}

/** A write whose client hung up before it committed: rolled back, answered (to no one) and logged as such. */
const clientGoneError = () => new AppError('A0499');

const WRAPPED = Symbol('baton.oplog.transactions');

/**
 * The operation log in the same transaction as the change it records (issue 21, fault 4), and no
 * commit for a client that has gone (fault 2).
 *
 * `db.transaction` is wrapped once, here. Inside a logged write request (the request context of
 * lib/request-context.ts), the outermost transaction, after its work and just before its COMMIT:
 *
 * 1. inserts the request's log line with everything known so far (who, from where, what, the
 *    notes made so far), status pending (0). If that insert fails, the transaction fails with it
 *    and rolls back: no change is ever committed without its line;
 * 2. rolls back with A0499 when the client's connection has already closed: work nobody waits for
 *    is not committed (a client that gives up during the COMMIT itself cannot be caught; it is one
 *    round trip).
 *
 * Only the first committed transaction of a request writes the line (a request that commits two
 * transactions one after the other has one line); nested transactions (`tx.transaction`,
 * savepoints) and transactions outside requests (timers, the seed, migrations) are untouched.
 * Everything stays inside the transaction: nothing waits on another connection while it holds one
 * (PGlite has only one).
 */
function wrapTransactions(db: Db): void {
  const holder = db as Db & { [WRAPPED]?: true };
  if (holder[WRAPPED]) return;
  holder[WRAPPED] = true;
  const original = db.transaction.bind(db);
  db.transaction = (async (work: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    const ctx = currentWrite();
    if (!ctx || ctx.done) return original(work, config);
    let written: number | null = null;
    const out = await original(async (tx) => {
      const result = await work(tx);
      if (clientGone(ctx)) throw clientGoneError();
      if (ctx.lineId === null) {
        try {
          const [row] = await insertOplog(tx, lineOf(ctx.req, ctx.reply, PENDING_STATUS, null));
          written = Number(row!.id);
        } catch (err) {
          ctx.req.log.error({ err }, 'operation log line could not be written: the change is rolled back');
          throw err;
        }
      }
      // The last moment before COMMIT: a client that hung up while the work ran gets nothing committed.
      if (clientGone(ctx)) throw clientGoneError();
      return result;
    }, config);
    ctx.lineId ??= written;
    return out;
  }) as Db['transaction'];
}

/** Every write through the API lands in sys_oplog: who, when, where from, what, outcome, time. */
export const oplogPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('oplog', null);
  app.decorateRequest('resultCode', null);
  app.decorateRequest('writeContext', null);
  wrapTransactions(opts.db);

  // The write context, from the last hooks before the handler (the body is parsed, the caller
  // known): everything the handler awaits runs inside it.
  app.addHook('preHandler', (req, reply, done) => {
    if (!isLogged(req)) return done();
    const ctx: WriteContext = { req, reply, lineId: null, done: false, gone: false };
    req.writeContext = ctx;
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) ctx.gone = true;
    });
    runInWriteContext(ctx, done);
  });

  // Written before the answer leaves, so a client that sees its write succeed knows it is logged.
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    if (!isLogged(req)) return payload;
    req.resultCode = typeof payload === 'string' ? (/^\{"code":"(\w+)"/.exec(payload)?.[1] ?? null) : null;
    const ctx = req.writeContext;
    if (ctx) ctx.done = true;
    const line = lineOf(req, reply, reply.statusCode, req.resultCode);
    try {
      if (ctx?.lineId != null) {
        // The line committed with the change: complete it with the outcome and the later notes.
        await completeOplog(opts.db, { ...line, id: ctx.lineId });
      } else {
        // No transaction committed a line (a single-statement write, or a failure): the line now.
        await insertOplog(opts.db, line);
      }
    } catch (err) {
      // The answer stays what happened (a committed single-statement write did happen, and a
      // client told otherwise would send it again); the line goes to the server's error log whole,
      // so it is not lost. A line written with its change is already in sys_oplog (status 0).
      req.log.error({ err, oplog: { ...line, id: ctx?.lineId ?? null } }, 'operation log write failed');
    }
    return payload;
  });
});
