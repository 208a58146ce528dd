import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The write request a piece of code runs for, without passing it down: the oplog plugin sets it
 * (AsyncLocalStorage) for every logged write (POST/PUT/PATCH/DELETE under /api, except routes with
 * `oplog: false`) from its preHandler on, so the handler, its services and their transactions run
 * inside it. Timers, the seed and migrations run outside any request and see none.
 */
export interface WriteContext {
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
  /** The id of this request's operation-log line once a transaction that wrote it has committed. */
  lineId: number | null;
  /** Set when the answer is on its way out: later transactions (background work) are not this request's. */
  done: boolean;
  /** Set when the client's connection closed before the answer was sent. */
  gone: boolean;
}

const storage = new AsyncLocalStorage<WriteContext>();

/** Run `next` (the rest of the request's hooks and its handler) inside the request's write context. */
export function runInWriteContext(ctx: WriteContext, next: () => void): void {
  storage.run(ctx, next);
}

/** The write request the caller runs for, or undefined outside one. */
export function currentWrite(): WriteContext | undefined {
  return storage.getStore();
}

/**
 * Whether the client of the request has gone: its connection closed before the answer was sent
 * (the browser tab closed, the phone lost signal, a proxy or the client timed out and hung up).
 */
export function clientGone(ctx: WriteContext): boolean {
  if (ctx.gone) return true;
  const res = ctx.reply.raw;
  const socket = ctx.req.raw.socket as { destroyed?: boolean } | null | undefined;
  ctx.gone = !res.writableEnded && (res.destroyed || socket?.destroyed === true);
  return ctx.gone;
}
