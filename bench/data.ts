/**
 * `npm run bench:data -- --size provincial|carnival [--database-url postgres://…] [--data-dir DIR]
 *   [--code CODE] [--scale 0.1] [--no-entries] [--approve]`
 *
 * Generates a meet through the product's services (bench/generate.ts) into PostgreSQL
 * (`--database-url`, else DATABASE_URL) or an embedded PGlite data directory (`--data-dir`,
 * default ./data like the server). The database is migrated and seeded first when empty.
 */
import path from 'node:path';
import { openDatabase } from '../server/src/db/client.js';
import { runMigrations } from '../server/src/db/migrate.js';
import { seedIfEmpty } from '../server/src/db/seed/index.js';
import { generate, type Size, scaled } from './generate.js';

export interface Args {
  size: Size;
  databaseUrl: string | null;
  dataDir: string;
  code: string;
  scale: number;
  entries: boolean;
  approve: boolean;
}

export function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i === -1 ? undefined : argv[i + 1];
  };
  const size = get('size') ?? 'provincial';
  if (size !== 'provincial' && size !== 'carnival') throw new Error('--size is provincial or carnival');
  const scale = Number(get('scale') ?? 1);
  if (!(scale > 0 && scale <= 1)) throw new Error('--scale is a number in (0, 1]');
  return {
    size,
    databaseUrl: get('database-url') ?? process.env.DATABASE_URL ?? null,
    dataDir: get('data-dir') ?? process.env.DATA_DIR ?? './data',
    code: get('code') ?? `bench-${size}-${Date.now().toString(36)}`,
    scale,
    entries: !argv.includes('--no-entries'),
    approve: argv.includes('--approve'),
  };
}

async function main() {
  const a = parseArgs(process.argv.slice(2));
  const database = await openDatabase({
    url: a.databaseUrl,
    pgliteDir: a.databaseUrl ? null : path.join(path.resolve(a.dataDir), 'db'),
  });
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { adminPassword: process.env.BATON_ADMIN_PASSWORD ?? null, registrations: false });
    const started = Date.now();
    const meet = await generate(database.db, {
      spec: scaled(a.size, a.scale),
      code: a.code,
      entries: a.entries,
      approve: a.approve,
      concurrency: database.kind === 'postgres' ? 6 : 1,
      log: (l) => console.log(l),
    });
    const athletes = meet.delegations.reduce((s, d) => s + d.athletes.length, 0);
    console.log(
      `${a.size}${a.scale < 1 ? ` ×${a.scale}` : ''} meet "${meet.code}" (meeting ${meet.meetingId}) on ${database.kind}: ` +
        `${meet.delegations.length} delegations, ${athletes} athletes, ${meet.entries} entries in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
