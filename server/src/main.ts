import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { type Database, DatabaseLockedError, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/index.js';
import { WEB_DIST_DIR } from './lib/paths.js';

/** config → open db → migrate → seed if empty → listen → graceful shutdown. */
async function main() {
  const config = loadConfig(process.env, { webDir: WEB_DIST_DIR });
  let database: Database | null = null;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'db'),
    });
    await runMigrations(database);
    const seeded = await seedIfEmpty(database.db, { adminPassword: config.adminPassword });
    const app = await buildApp(config, database);

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const timer = setTimeout(() => process.exit(1), 15_000);
      timer.unref();
      try {
        await app.close();
      } finally {
        await database?.close();
        process.exit(0);
      }
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
    if (seeded) {
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
