import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Tables whose writes never change what a cached public answer shows: sessions, codes, rate
 * limits, logs, visit counters, the draw log, the call room's marks (an absence's DNS is written
 * to comp_start, which moves the version; marks made before seeding show nowhere public). A write to any other table — or a statement whose
 * table cannot be read off — moves the data version.
 */
const VOLATILE_TABLES = new Set([
  'auth_session',
  'auth_captcha',
  'auth_code',
  'sys_login_log',
  'sys_oplog',
  'sys_outbox',
  'sys_notice_read',
  'sys_secret',
  'stat_visit_day',
  'stat_visitor',
  'comp_log',
  'comp_check_in',
  'comp_entry_check_in',
]);

/**
 * Tables that decide who a signed-in request speaks for (`authenticate`'s statement): the user, their
 * roles and the roles' menus, the session, a delegation account's delegation and its meeting.
 */
const AUTH_TABLES = new Set([
  'sys_user',
  'sys_user_role',
  'sys_role',
  'sys_role_menu',
  'sys_menu',
  'auth_session',
  'meet_delegation',
  'meet_meeting',
]);

/** What a committed statement can change: public answers (`DATA`), signed-in users (`AUTH`); a bit mask. */
export const CHANGES = { NONE: 0, DATA: 1, AUTH: 2, ALL: 3 } as const;

const READ_ONLY = /^\s*(select|begin|start transaction|commit|end|rollback|savepoint|release|show|set|explain)\b/i;
const SCRIPT = /;\s*\S/;
const WITH = /^\s*with\b/i;
const WRITES = /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate)\b/i;
const TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/**
 * What a statement (text the project's own code or Drizzle wrote) can change, as `CHANGES` bits:
 * nothing for a read (also a `with` query that only reads); everything when its table cannot be read
 * off (DDL, a data-modifying `with`).
 */
export function changesOf(text: string): number {
  // A script of several statements (`exec`): whatever its first one is, the rest may change anything.
  if (SCRIPT.test(text)) return CHANGES.ALL;
  if (READ_ONLY.test(text)) return CHANGES.NONE;
  // A `with` query reads unless one of its parts writes (a data-modifying CTE: then anything).
  if (WITH.test(text)) return WRITES.test(text) ? CHANGES.ALL : CHANGES.NONE;
  const table = TABLE.exec(text)?.[1]?.toLowerCase();
  if (table === undefined) return CHANGES.ALL;
  return (VOLATILE_TABLES.has(table) ? 0 : CHANGES.DATA) | (AUTH_TABLES.has(table) ? CHANGES.AUTH : 0);
}

/** Whether a statement can change what public reads show. */
export function changesData(text: string): boolean {
  return (changesOf(text) & CHANGES.DATA) !== 0;
}

/**
 * Counters of committed changes in this process, for caches of derived answers: an answer built
 * while the version was V is still right while the version is V. `value` moves with every change
 * public reads can show; `auth` with every change to who a session speaks for (`AUTH_TABLES`), for
 * the signed-in users kept by the auth plugin. The database layer bumps them after the commit of
 * every transaction (or autocommit statement) that changed such rows, so a reader that saw the old
 * rows always started under an older version. Other instances' commits arrive through
 * `bump('remote', kinds)` (Redis, see the realtime hub).
 */
export class DataVersion {
  #value = 0;
  #auth = 0;
  readonly #listeners = new Set<(kinds: number) => void>();

  get value(): number {
    return this.#value;
  }

  get auth(): number {
    return this.#auth;
  }

  /** A committed change of `kinds` (`CHANGES` bits; all of them when not known). */
  bump(origin: 'local' | 'remote' = 'local', kinds: number = CHANGES.ALL): void {
    if (kinds & CHANGES.DATA) this.#value += 1;
    if (kinds & CHANGES.AUTH) this.#auth += 1;
    if (origin === 'local' && kinds) for (const fn of this.#listeners) fn(kinds);
  }

  /** Called after each local bump with its kinds (to tell other instances). Returns an unsubscribe function. */
  onLocalChange(fn: (kinds: number) => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }
}

type QueryArg = string | { text?: string } | undefined;
const textOf = (arg: QueryArg): string => (typeof arg === 'string' ? arg : (arg?.text ?? ''));

/**
 * node-postgres: statements through `pool.query` are autocommit (bump once they are done);
 * a client taken with `pool.connect` is a transaction (Drizzle sends `begin` … `commit`): it
 * remembers a data-changing statement and bumps when its `commit` has returned.
 */
export function trackPool(pool: pg.Pool, version: DataVersion): void {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as { query: unknown }).query = async (...args: unknown[]) => {
    const result = await poolQuery(...args);
    const kinds = changesOf(textOf(args[0] as QueryArg));
    if (kinds) version.bump('local', kinds);
    return result;
  };
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  // pg-pool's own `query` checks a client out with a callback: that path is the autocommit one above.
  (pool as { connect: unknown }).connect = (cb?: unknown) => (cb ? connect(cb) : connectTracked());
  const connectTracked = async () => {
    const client = (await connect()) as pg.PoolClient;
    const tracked = client as pg.PoolClient & { batonTracked?: boolean };
    if (tracked.batonTracked) return client;
    tracked.batonTracked = true;
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    let inTx = false;
    /** What the open transaction changed so far (`CHANGES` bits). */
    let dirty = 0;
    (client as { query: unknown }).query = async (...args: unknown[]) => {
      const text = textOf(args[0] as QueryArg);
      if (/^\s*(begin|start transaction)\b/i.test(text)) {
        inTx = true;
        dirty = 0;
      }
      const result = await clientQuery(...args);
      if (/^\s*(commit|end)\s*;?\s*$/i.test(text) || /^\s*rollback\s*;?\s*$/i.test(text)) {
        const changed = /^\s*(commit|end)/i.test(text) ? dirty : 0;
        inTx = false;
        dirty = 0;
        if (changed) version.bump('local', changed);
      } else {
        const kinds = changesOf(text);
        if (kinds && inTx) dirty |= kinds;
        else if (kinds) version.bump('local', kinds);
      }
      return result;
    };
    return client;
  };
}

/**
 * PGlite: `query`/`exec` on the instance are autocommit (bump once done); `transaction(cb)`
 * bumps after it resolved when a statement inside changed data.
 */
export function trackPglite(client: PGlite, version: DataVersion): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (text: string, ...rest: unknown[]) => {
    const result = await (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest);
    const kinds = changesOf(text);
    if (kinds) version.bump('local', kinds);
    return result;
  }) as typeof client.query;
  client.exec = (async (text: string, ...rest: unknown[]) => {
    const result = await (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest);
    const kinds = changesOf(text);
    if (kinds) version.bump('local', kinds);
    return result;
  }) as typeof client.exec;
  client.transaction = (async (cb: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) => {
    let dirty = 0;
    try {
      return await transaction(async (tx) => {
        const txQuery = tx.query.bind(tx);
        const txExec = tx.exec.bind(tx);
        tx.query = (async (text: string, ...rest: unknown[]) => {
          dirty |= changesOf(text);
          return (txQuery as (...a: unknown[]) => Promise<unknown>)(text, ...rest);
        }) as typeof tx.query;
        tx.exec = (async (text: string, ...rest: unknown[]) => {
          dirty |= changesOf(text);
          return (txExec as (...a: unknown[]) => Promise<unknown>)(text, ...rest);
        }) as typeof tx.exec;
        return cb(tx);
      });
    } finally {
      // A rolled-back transaction changed nothing, but bumping then costs only a rebuild.
      if (dirty) version.bump('local', dirty);
    }
  }) as typeof client.transaction;
}
