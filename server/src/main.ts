import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { type Database, DatabaseLockedError, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/index.js';
import { setPasswordHashCost } from './lib/password.js';
import { WEB_DIST_DIR } from './lib/paths.js';

/**
 * The old generation may grow to 1.5× what survived the last full collection before the next one
 * (V8 lets it reach about 4×). Under 256 connections of public reads about 57 MB stays live, yet
 * the server's RSS peaked at 330–340 MB; with this, at about 190 MB (`npm run bench -- --only
 * reads`, README). Full collections come more often and stay short while the live heap is small;
 * large jobs (an import, a meeting's start lists) still grow the heap as far as they need.
 */
v8.setFlagsFromString('--heap-growing-percent=50');

/**
 * How long a SIGTERM/SIGINT waits for in-flight requests before giving up (exit 1):
 * SHUTDOWN_GRACE_S, 1–600 seconds, default 15.
 */
function shutdownGraceMs(env: NodeJS.ProcessEnv): number {
  const raw = env.SHUTDOWN_GRACE_S;
  if (raw === undefined || raw === '') return 15_000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 600) {
    throw new ConfigError(`SHUTDOWN_GRACE_S must be a whole number from 1 to 600 (got "${raw}")`);
  }
  return n * 1000;
}

/**
 * config → open db → migrate → seed if empty → listen → graceful shutdown: on SIGTERM/SIGINT the
 * listener closes (new connections are refused, requests arriving on open connections get 503),
 * in-flight requests finish, then the database is closed (PGlite: checkpoint, lock released) and
 * the process exits 0. Tested in security/crash.test.ts.
 */
async function main() {
  let database: Database | null = null;
  try {
    const config = loadConfig(process.env, { webDir: WEB_DIST_DIR });
    setPasswordHashCost(config.passwordHashCost);
    const graceMs = shutdownGraceMs(process.env);
    database = await openDatabase({
      url: config.databaseUrl,
      pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'db'),
      pool: config.db,
    });
    await runMigrations(database);
    const seeded = await seedIfEmpty(database.db, {
      adminPassword: config.adminPassword,
      env: config.env,
      timeZone: config.timeZone,
    });
    const app = await buildApp(config, database);

    // Answers under way, so that a shutdown can end their keep-alive connections after them.
    const inFlight = new Set<ServerResponse>();
    app.server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
    });

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      const startedAt = Date.now();
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      // Every browser holds keep-alive connections: Fastify closes the idle ones when it starts to
      // close, but a connection whose request is in flight would stay open (idle) after its answer
      // and hold the close for the whole grace period. Such an answer says `Connection: close`
      // (Node then ends the connection after it), and whatever is idle once it is sent is closed.
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader('connection', 'close');
        res.once('finish', () => setImmediate(() => app.server.closeIdleConnections()));
      }
      const timer = setTimeout(() => {
        app.log.error({ graceMs }, 'shutdown: in-flight requests did not finish in time');
        process.exit(1);
      }, graceMs);
      timer.unref();
      let code = 0;
      try {
        await app.close();
      } catch (err) {
        app.log.error({ err }, 'shutdown: closing the server failed');
        code = 1;
      }
      const serverClosedAt = Date.now();
      try {
        await database?.close();
      } catch (err) {
        app.log.error({ err }, 'shutdown: closing the database failed');
        code = 1;
      }
      app.log.info(
        { code, serverMs: serverClosedAt - startedAt, databaseMs: Date.now() - serverClosedAt },
        'shutdown: server and database closed',
      );
      process.exit(code);
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));

    const address = await app.listen({ port: config.port, host: config.host });
    const url = config.host === '0.0.0.0' ? `http://localhost:${new URL(address).port}` : address;
    const lines = [
      '',
      `  Baton is running at ${url}`,
      `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
      '',
      '  Accounts:',
    ];
    if (seeded) {
      for (const a of seeded) {
        lines.push(`    ${a.username.padEnd(10)} password: ${a.password ?? '(BATON_ADMIN_PASSWORD)'}`);
      }
      if (seeded.some((a) => a.password)) lines.push('', '  These passwords are shown only now: write them down.');
    } else {
      lines.push('    admin, root  (passwords were printed at first start, or BATON_ADMIN_PASSWORD)');
    }
    if (seeded && config.env !== 'production') {
      lines.push(
        '',
        `  Delegations of the demo meeting sign in at ${url}/#/which/login with the mobiles`,
        '  13800000001-13800000004; without an SMS gateway their codes are printed in this log',
        "  ('verification code ...').",
      );
    }
    if (!config.captcha) lines.push('', '  Captcha is OFF (BATON_CAPTCHA=off): for automation only.');
    console.log(`${lines.join('\n')}\n`);
  } catch (err) {
    await database?.close().catch(() => {});
    if (err instanceof ConfigError || err instanceof DatabaseLockedError) {
      console.error(`\nBaton cannot start: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

void main();
