import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DB_DEFAULTS, type DbSettings } from '../config.js';
import { DataVersion, trackPglite, trackPool } from './data-version.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL text that the project wrote (migrations, maintenance); never request text. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
  /** Statements sent through `db` since start (tests prove a request's statement count is fixed). */
  readonly stats: { statements: number };
  /** Moves after every committed change of data (caches of derived answers key on it). */
  readonly version: DataVersion;
  /** PostgreSQL: the pool (load shedding reads its waiting queue); null on PGlite. */
  readonly pool: pg.Pool | null;
  /** Called with every connection error (a cut, a restart, a terminated backend); PostgreSQL only. */
  onConnectionError(fn: (err: Error) => void): void;
}

/** What Baton's connections call themselves in pg_stat_activity (restore looks for it). */
export const APPLICATION_NAME = 'baton';

/** Drizzle's logger hook, used only to count statements (cheap: one increment). */
function counter() {
  const stats = { statements: 0 };
  return { stats, logger: { logQuery: () => void stats.statements++ } };
}

export class DatabaseLockedError extends Error {}

/**
 * A lock file on the PGlite data directory: PGlite is single-process, and a second process
 * opening the same directory would corrupt it. A lock left by a dead process is taken over.
 */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'baton.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseLockedError(
          `The database in ${dir} is in use by another Baton process (pid ${holder}). ` +
            'Stop it first, or point DATA_DIR somewhere else.',
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database's settings. PostgreSQL's default 128 MB of shared buffers lives inside
 * PGlite's WebAssembly memory, which never shrinks: with 32 MB the idle server held ~150 MB less,
 * with 16 MB up to 16 MB less again once a day's reads have filled them (a venue laptop runs Baton
 * beside FinishLynx and a browser). Pages the buffers do not hold come from the operating system's
 * file cache of the data directory; the public reads are answered from the answer cache anyway.
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

/**
 * Open PGlite in `dir` (or in memory when dir is null) or PostgreSQL at `url`. `pgliteImage`: an
 * in-memory PGlite starts from this data-directory image (`dumpDataDir`; the test suites' seeded
 * template) instead of an empty cluster.
 */
export async function openDatabase(opts: {
  url: string | null;
  pgliteDir: string | null;
  pgliteImage?: Blob;
  /** PostgreSQL pool settings (Config.db); defaults otherwise. */
  pool?: Partial<DbSettings>;
}): Promise<Database> {
  if (opts.url) {
    const settings = { ...DB_DEFAULTS, ...opts.pool };
    const listeners = new Set<(err: Error) => void>();
    const connectionError = (err: Error) => {
      for (const fn of listeners) fn(err);
    };
    const pool = new pg.Pool({
      connectionString: opts.url,
      application_name: APPLICATION_NAME,
      max: settings.poolMax,
      // One connection stays open while Baton runs, so that restore sees a running server.
      min: 1,
      idleTimeoutMillis: 10_000,
      // Bounds the wait for a pooled connection and the opening of a new one.
      connectionTimeoutMillis: settings.connectTimeoutMs,
      keepAlive: true,
      // PostgreSQL cancels a statement that runs longer (57014: answered 503 B0210); migrations lift it.
      ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    });
    // pg-pool listens for errors only on idle clients: a connection lost while a request holds it
    // (ECONNRESET, a terminated backend, a failover) would be an unhandled 'error' event and end the
    // process. Every client gets a listener for its whole life; its queries fail, the request
    // answers 503, and the pool drops the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', connectionError);
    });
    // An idle client's error reaches both its own listener (above) and the pool: reported once.
    pool.on('error', () => {});
    await pool.query('select 1');
    const { stats, logger } = counter();
    const version = new DataVersion();
    trackPool(pool, version);
    return {
      db: drizzlePg(pool, { schema, logger }) as unknown as Db,
      kind: 'postgres',
      stats,
      version,
      pool,
      onConnectionError: (fn) => void listeners.add(fn),
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  const unlock = opts.pgliteDir ? lockDataDir(opts.pgliteDir) : () => {};
  try {
    const client = opts.pgliteDir
      ? await PGlite.create({ dataDir: opts.pgliteDir, postgresqlconf: PGLITE_CONF })
      : await PGlite.create({
          postgresqlconf: PGLITE_CONF,
          ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}),
        });
    let closed = false;
    const { stats, logger } = counter();
    const version = new DataVersion();
    trackPglite(client, version);
    return {
      db: drizzlePglite(client, { schema, logger }) as unknown as Db,
      kind: 'pglite',
      stats,
      version,
      pool: null,
      onConnectionError: () => {},
      exec: async (text) => {
        await client.exec(text);
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
