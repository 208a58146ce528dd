/**
 * What a database failure means for the user (issue 21): the database cannot be reached, its
 * disk is full, or it is too busy. Read off node-postgres errors (network codes, SQLSTATE, the
 * pool's own messages), also when wrapped by Drizzle (`cause`).
 */
export type DatabaseFault = 'unreachable' | 'full' | 'busy';

/** Socket errors of a lost or refused connection. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, recovering); class 08: connection exceptions.
 */
const UNREACHABLE_STATES = new Set(['57P01', '57P02', '57P03']);
/** 57014 query_canceled (statement_timeout), 55P03 lock_not_available, 53300 too_many_connections, 53200 out_of_memory. */
const BUSY_STATES = new Set(['57014', '55P03', '53300', '53200']);

/** node-postgres and pg-pool's own messages when a connection is gone or cannot be had in time. */
const UNREACHABLE_MESSAGE =
  /^Connection terminated|timeout exceeded when trying to connect|is not queryable|Query read timeout|Cannot use a pool after calling end/;

function classify(err: { code?: unknown; message?: unknown }): DatabaseFault | null {
  const code = typeof err.code === 'string' ? err.code : '';
  const message = typeof err.message === 'string' ? err.message : '';
  if (code === '53100' || code === 'ENOSPC' || /No space left on device/.test(message)) return 'full';
  if (NETWORK.has(code) || UNREACHABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unreachable';
  if (BUSY_STATES.has(code)) return 'busy';
  if (UNREACHABLE_MESSAGE.test(message)) return 'unreachable';
  return null;
}

/** The fault behind an error (looking through up to four `cause`s), or null when it is none of these. */
export function databaseFault(err: unknown): DatabaseFault | null {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    // An outgoing HTTP call (the SMS webhook) fails with socket codes too: not the database.
    if ((e as { message?: unknown }).message === 'fetch failed') return null;
    const fault = classify(e as { code?: unknown; message?: unknown });
    if (fault) return fault;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The SQLSTATE or socket code of an error (or its causes), for one line of log. */
export function faultCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The innermost message (Drizzle's wrapper repeats the whole statement). */
export function faultMessage(err: unknown): string {
  let e: unknown = err;
  let message = '';
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string') message = m;
    e = (e as { cause?: unknown }).cause;
  }
  return message;
}
