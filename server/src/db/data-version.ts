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

const READ_ONLY = /^\s*(select|begin|start transaction|commit|end|rollback|savepoint|release|show|set|explain)\b/i;
const TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/** Whether a statement (text the project's own code or Drizzle wrote) can change what public reads show. */
export function changesData(text: string): boolean {
  if (READ_ONLY.test(text)) return false;
  const table = TABLE.exec(text)?.[1];
  return table === undefined || !VOLATILE_TABLES.has(table.toLowerCase());
}

/**
 * A counter of committed data changes in this process, for caches of derived answers: an answer
 * built while the version was V is still right while the version is V. The database layer bumps
 * it after the commit of every transaction (or autocommit statement) that changed data, so a
 * reader that saw the old rows always started under an older version. Other instances' commits
 * arrive through `bump('remote')` (Redis, see the public cache plugin).
 */
export class DataVersion {
  #value = 0;
  readonly #listeners = new Set<() => void>();

  get value(): number {
    return this.#value;
  }

  bump(origin: 'local' | 'remote' = 'local'): void {
    this.#value += 1;
    if (origin === 'local') for (const fn of this.#listeners) fn();
  }

  /** Called after each local bump (to tell other instances). Returns an unsubscribe function. */
  onLocalChange(fn: () => void): () => void {
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
    if (changesData(textOf(args[0] as QueryArg))) version.bump();
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
    let dirty = false;
    (client as { query: unknown }).query = async (...args: unknown[]) => {
      const text = textOf(args[0] as QueryArg);
      if (/^\s*(begin|start transaction)\b/i.test(text)) {
        inTx = true;
        dirty = false;
      }
      const result = await clientQuery(...args);
      if (/^\s*(commit|end)\s*;?\s*$/i.test(text) || /^\s*rollback\s*;?\s*$/i.test(text)) {
        const changed = dirty && /^\s*(commit|end)/i.test(text);
        inTx = false;
        dirty = false;
        if (changed) version.bump();
      } else if (changesData(text)) {
        if (inTx) dirty = true;
        else version.bump();
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
    if (changesData(text)) version.bump();
    return result;
  }) as typeof client.query;
  client.exec = (async (text: string, ...rest: unknown[]) => {
    const result = await (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest);
    if (changesData(text)) version.bump();
    return result;
  }) as typeof client.exec;
  client.transaction = (async (cb: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) => {
    let dirty = false;
    try {
      return await transaction(async (tx) => {
        const txQuery = tx.query.bind(tx);
        const txExec = tx.exec.bind(tx);
        tx.query = (async (text: string, ...rest: unknown[]) => {
          if (changesData(text)) dirty = true;
          return (txQuery as (...a: unknown[]) => Promise<unknown>)(text, ...rest);
        }) as typeof tx.query;
        tx.exec = (async (text: string, ...rest: unknown[]) => {
          if (changesData(text)) dirty = true;
          return (txExec as (...a: unknown[]) => Promise<unknown>)(text, ...rest);
        }) as typeof tx.exec;
        return cb(tx);
      });
    } finally {
      // A rolled-back transaction changed nothing, but bumping then costs only a rebuild.
      if (dirty) version.bump();
    }
  }) as typeof client.transaction;
}
