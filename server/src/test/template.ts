import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { setPasswordHashCost } from '../lib/password.js';

/**
 * The server suites' global setup: the migrated and seeded database every `makeTestApp` starts
 * from, made once per run instead of once per app. On PGlite it is an image of the data
 * directory (`dumpDataDir`) each app's in-memory database is started from (that skips initdb,
 * the migrations and the seed: 4 s → 1 s an app); on PostgreSQL a template database each test
 * database is created from. `TEMPLATE_SEED` is the seed `makeTestApp` would otherwise run.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding the image; PostgreSQL: the template database's name. */
    seededTemplate: string;
  }
}

export const TEMPLATE_SEED = { adminPassword: 'Secret-123', registrations: false } as const;
/** PASSWORD_HASH_COST of the test apps (test/app.ts TEST_ENV), and of the template's seeded accounts. */
export const TEST_HASH_COST = 10;

export default async function setup(project: TestProject) {
  setPasswordHashCost(TEST_HASH_COST);
  const postgres = project.name === 'server-postgres';
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (postgres && serverUrl) {
    const name = `baton_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = async (text: string) => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(text);
      } finally {
        await c.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), pgliteDir: null });
    try {
      await runMigrations(database);
      await seedIfEmpty(database.db, TEMPLATE_SEED);
    } finally {
      // A template may not be copied while anyone is connected to it.
      await database.close();
    }
    project.provide('seededTemplate', name);
    return () => admin(`drop database if exists ${name} with (force)`);
  }
  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-seeded-${process.pid}.tar`);
  const database = await openDatabase({ url: null, pgliteDir: null });
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, TEMPLATE_SEED);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('seededTemplate', file);
  return () => rmSync(file, { force: true });
}
