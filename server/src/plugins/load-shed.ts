import { formatMessage } from '@baton/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { faultCode, faultMessage } from '../db/faults.js';
import { sendError } from './envelope.js';

const LIVENESS_PATH = '/api/health';

/** Seconds a shed client is told to wait (Retry-After). */
export const SHED_RETRY_AFTER_S = 2;

export interface LoadShedOptions {
  /** The PostgreSQL pool: its queue of requests waiting for a connection. */
  pool: pg.Pool;
  /** Requests waiting for a connection at most (DB_QUEUE_MAX). */
  queueMax: number;
  /** Requests being served at most (MAX_IN_FLIGHT). */
  maxInFlight: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests being served now, the most at once so far, and how many were shed. */
    readonly load: { readonly inFlight: number; readonly peak: number; readonly shed: number };
  }
}

/**
 * Load shedding on PostgreSQL (issue 21, fault 2): when the database is slow, requests used to
 * queue without bound for a connection and were often served after their client had given up.
 * A request arriving while `maxInFlight` requests are being served, or while `queueMax` are
 * already waiting for a connection, is answered 503 B0210 with Retry-After at once, before any
 * other work. The cost on every request: two comparisons, a counter, and one listener on the
 * response's `close` (which fires for a finished, failed or abandoned response alike).
 * Not registered on PGlite (one in-process connection, no queue of its own to read).
 */
export const loadShedPlugin = fp(async (app: FastifyInstance, opts: LoadShedOptions) => {
  const { pool, queueMax, maxInFlight } = opts;
  let inFlight = 0;
  let peak = 0;
  let shed = 0;
  const done = () => {
    inFlight -= 1;
  };
  app.decorate('load', {
    get inFlight() {
      return inFlight;
    },
    get peak() {
      return peak;
    },
    get shed() {
      return shed;
    },
  });
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, next: () => void) => {
    // Liveness is never shed: a process manager must not restart a server for being busy
    // (readiness is shed like any request: a saturated instance is not ready for more).
    if (req.url === LIVENESS_PATH) return next();
    if (inFlight >= maxInFlight || pool.waitingCount >= queueMax) {
      shed += 1;
      reply.header('retry-after', String(SHED_RETRY_AFTER_S));
      sendError(reply, 503, 'B0210', formatMessage('B0210', req.lang));
      return;
    }
    // A socket's upgrade is refused like a request when the server is saturated, but once open the
    // socket is no request in flight: its response closes only with it, and a meet's 5,000 phones on
    // a live page would otherwise hold the count at its limit and every request would be shed.
    if (req.headers.upgrade?.toLowerCase() === 'websocket') return next();
    inFlight += 1;
    if (inFlight > peak) peak = inFlight;
    reply.raw.once('close', done);
    next();
  });
});

/** One warning per lost PostgreSQL connection (the requests using it answer 503 C0300 themselves). */
export function logConnectionErrors(app: FastifyInstance, on: (fn: (err: Error) => void) => void): void {
  on((err) => app.log.warn({ dbCode: faultCode(err), reason: faultMessage(err) }, 'database connection lost'));
}
