import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { notice, user } from '../db/schema/index.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { PDF_MINI, PNG_1PX } from '../modules/account/testkit.js';
import { storeFile } from '../modules/files/service.js';
import { TEST_PASSWORD } from '../test/app.js';
import { BackupError, backup, listTables, restore, runCli } from './backup.js';

const mode = process.env.BATON_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

type Rows = Record<string, unknown>[];
const rowsOf = async (database: Database, text: string): Promise<Rows> => {
  const result = (await database.db.execute(text)) as unknown as { rows: Rows };
  return result.rows;
};

/** Per table: row count and an md5 of all its rows in a fixed order. Files: sha256 of their bytes. */
async function fingerprint(database: Database) {
  const tables: Record<string, { rows: number; md5: string }> = {};
  for (const t of await listTables((text) => rowsOf(database, text))) {
    const name = `"${t.schema}"."${t.name}"`;
    const [row] = await rowsOf(
      database,
      `select count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as d from ${name} r`,
    );
    tables[`${t.schema}.${t.name}`] = { rows: Number(row!.n), md5: String(row!.d) };
  }
  const files: Record<string, string> = {};
  for (const f of await rowsOf(database, 'select id, bytes from sys_file order by id')) {
    files[String(f.id)] = createHash('sha256')
      .update(f.bytes as Uint8Array)
      .digest('hex');
  }
  return { tables, files };
}

const addNotice = (database: Database, title: string) =>
  database.db.insert(notice).values({ title, content: '<p>kept</p>', type: 1, level: 'L', targetType: 1 });

/** Migrate, seed, and add rows of our own: two uploaded files and a notice. */
async function fillDatabase(database: Database) {
  await runMigrations(database);
  await seedIfEmpty(database.db, { adminPassword: TEST_PASSWORD });
  const [admin] = await database.db.select({ id: user.id }).from(user).where(eq(user.username, 'admin'));
  await storeFile(database.db, admin!.id, PNG_1PX, 'logo.png');
  await storeFile(database.db, admin!.id, PDF_MINI, '章程.pdf');
  await addNotice(database, 'Backup test 备份');
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-backup-test-'));
const backups = path.join(tmp, 'backups');
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * Run fn while another live process holds the data-directory lock, as a running server does
 * (a lock naming this very process counts as stale, so the test cannot hold it itself).
 */
async function holdingLock(dir: string, fn: () => Promise<unknown>) {
  const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const lock = path.join(dir, 'baton.lock');
  try {
    fs.writeFileSync(lock, String(server.pid));
    await fn();
  } finally {
    fs.rmSync(lock, { force: true });
    server.kill();
  }
}

function damaged(file: string, how: 'truncate' | 'flip'): string {
  const bytes = fs.readFileSync(file);
  const out = path.join(tmp, `${how}-${path.basename(file)}`);
  if (how === 'truncate') fs.writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length / 2)));
  else {
    const copy = Buffer.from(bytes);
    for (let i = 0; i < 64; i++) copy[Math.floor(copy.length / 2) + i]! ^= 0xff;
    fs.writeFileSync(out, copy);
  }
  return out;
}

describe('command line', () => {
  const io = () => {
    const lines: string[] = [];
    return {
      lines,
      io: { env: {}, cwd: tmp, out: (s: string) => lines.push(s), err: (s: string) => lines.push(s) },
    };
  };

  it('asks for exactly one file to restore and rejects unknown arguments', async () => {
    const a = io();
    expect(await runCli('restore', [], a.io)).toBe(2);
    expect(a.lines.join('\n')).toMatch(/which backup file\?[\s\S]*usage: npm run restore/);
    const b = io();
    expect(await runCli('backup', ['--force'], b.io)).toBe(2);
    expect(b.lines.join('\n')).toContain('unknown argument --force');
    const c = io();
    expect(await runCli('backup', ['--out'], c.io)).toBe(2);
  });

  it('refuses a file that is not a Baton backup and reports a bad DATABASE_URL', async () => {
    const junk = path.join(tmp, 'junk.tar.gz');
    fs.writeFileSync(junk, 'hello, not an archive');
    const a = io();
    a.io.env = { DATA_DIR: path.join(tmp, 'cli-data') } as NodeJS.ProcessEnv;
    expect(await runCli('restore', ['junk.tar.gz'], a.io)).toBe(1);
    expect(a.lines.join('\n')).toContain('is not a Baton backup');
    expect(fs.existsSync(path.join(tmp, 'cli-data'))).toBe(false);
    const b = io();
    b.io.env = { DATABASE_URL: 'mysql://x' } as NodeJS.ProcessEnv;
    expect(await runCli('backup', [], b.io)).toBe(1);
    expect(b.lines.join('\n')).toContain('DATABASE_URL must start with postgres://');
  });
});

describe.runIf(mode === 'pglite')('embedded PGlite', () => {
  const source = { dataDir: path.join(tmp, 'source'), databaseUrl: null };
  let before: Awaited<ReturnType<typeof fingerprint>>;
  let archive: string;

  beforeAll(async () => {
    const database = await openDatabase({ url: null, pgliteDir: path.join(source.dataDir, 'db') });
    try {
      await fillDatabase(database);
      before = await fingerprint(database);
    } finally {
      await database.close();
    }
  });

  it('refuses to back up while a server holds the database', async () => {
    await holdingLock(path.join(source.dataDir, 'db'), () =>
      expect(backup(source, { outDir: backups })).rejects.toThrow(/in use by another Baton process \(pid \d+\)/),
    );
    expect(fs.existsSync(backups) ? fs.readdirSync(backups) : []).toEqual([]);
  });

  it('backs up into one timestamped archive and restores the same rows and files', async () => {
    const result = await backup(source, { outDir: backups, now: new Date('2025-03-04T05:06:07Z') });
    archive = result.file;
    expect(path.basename(archive)).toBe('baton-backup-20250304-050607.tar.gz');
    expect(fs.readdirSync(backups)).toEqual(['baton-backup-20250304-050607.tar.gz']);
    expect(Object.fromEntries(result.counts.map((c) => [c.table, c.rows]))).toEqual(
      Object.fromEntries(Object.entries(before.tables).map(([k, v]) => [k, v.rows])),
    );
    expect(Object.keys(before.files)).toHaveLength(2);
    expect(before.tables['public.sys_notice']!.rows).toBe(1);

    const fresh = { dataDir: path.join(tmp, 'fresh'), databaseUrl: null };
    const restored = await restore(fresh, archive, { backupDir: backups });
    expect(restored.movedAside).toBeNull();
    expect(restored.counts).toEqual(result.counts);
    expect(fs.readdirSync(fresh.dataDir)).toEqual(['db']);
    const database = await openDatabase({ url: null, pgliteDir: path.join(fresh.dataDir, 'db') });
    try {
      expect(await fingerprint(database)).toEqual(before);
      // The restored database is usable by the server: migrations find nothing to do, writes work.
      await runMigrations(database);
      await addNotice(database, 'after restore');
    } finally {
      await database.close();
    }
  });

  it('a second backup in the same second gets its own name', async () => {
    const again = await backup(source, { outDir: backups, now: new Date('2025-03-04T05:06:07Z') });
    expect(path.basename(again.file)).toBe('baton-backup-20250304-050607-2.tar.gz');
    fs.rmSync(again.file);
  });

  it('replaces an existing database only with force, moving the old one aside', async () => {
    const target = { dataDir: path.join(tmp, 'fresh'), databaseUrl: null };
    await expect(restore(target, archive, { backupDir: backups })).rejects.toThrow(
      /already holds a database\. Run restore again with --force/,
    );
    await holdingLock(path.join(target.dataDir, 'db'), () =>
      expect(restore(target, archive, { force: true, backupDir: backups })).rejects.toThrow(
        /in use by a running Baton \(pid \d+\)/,
      ),
    );
    const now = new Date('2025-05-06T07:08:09Z');
    const result = await restore(target, archive, { force: true, backupDir: backups, now });
    expect(result.movedAside).toBe(path.join(target.dataDir, 'db.before-restore-20250506-070809'));
    expect(fs.readdirSync(target.dataDir).sort()).toEqual(['db', 'db.before-restore-20250506-070809']);
    const old = await openDatabase({ url: null, pgliteDir: result.movedAside });
    try {
      // The one written after the first restore is still in the moved-aside database.
      expect((await fingerprint(old)).tables['public.sys_notice']!.rows).toBe(2);
    } finally {
      await old.close();
    }
    const current = await openDatabase({ url: null, pgliteDir: path.join(target.dataDir, 'db') });
    try {
      expect(await fingerprint(current)).toEqual(before);
    } finally {
      await current.close();
    }
  });

  it('refuses a damaged archive and leaves the target as it was', async () => {
    for (const how of ['truncate', 'flip'] as const) {
      const bad = damaged(archive, how);
      const error = await restore(source, bad, { force: true, backupDir: backups }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(/is damaged .*Nothing was changed\./);
    }
    const tarOnly = path.join(tmp, 'not-a-datadir.tar.gz');
    fs.writeFileSync(tarOnly, zlib.gzipSync(Buffer.alloc(1024)));
    await expect(restore(source, tarOnly, { force: true, backupDir: backups })).rejects.toThrow(
      /holds no PostgreSQL data directory/,
    );
    expect(fs.readdirSync(source.dataDir)).toEqual(['db']);
    const database = await openDatabase({ url: null, pgliteDir: path.join(source.dataDir, 'db') });
    try {
      expect(await fingerprint(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('refuses a PostgreSQL archive while configured for the embedded database', async () => {
    const file = path.join(tmp, 'pg.dump');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('PGDMP'), randomBytes(100)]));
    await expect(restore(source, file, { backupDir: backups })).rejects.toThrow(
      /is a backup of PostgreSQL, but Baton is configured for the embedded database/,
    );
  });
});

describe.runIf(mode === 'postgres')('PostgreSQL', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const created: string[] = [];

  async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  async function newDatabase(): Promise<string> {
    const name = `baton_bk_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    created.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function withDatabase<T>(url: string, fn: (database: Database) => Promise<T>): Promise<T> {
    const database = await openDatabase({ url, pgliteDir: null });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  }

  let source: { dataDir: string; databaseUrl: string };
  let before: Awaited<ReturnType<typeof fingerprint>>;
  let archive: string;

  beforeAll(async () => {
    source = { dataDir: path.join(tmp, 'unused'), databaseUrl: await newDatabase() };
    before = await withDatabase(source.databaseUrl, async (database) => {
      await fillDatabase(database);
      return fingerprint(database);
    });
  });

  afterAll(async () => {
    for (const name of created) await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('backs up with pg_dump and restores the same rows and files into a new database', async () => {
    const result = await backup(source, { outDir: backups, now: new Date('2025-03-04T05:06:07Z') });
    archive = result.file;
    expect(path.basename(archive)).toBe('baton-backup-20250304-050607.dump');
    expect(fs.readFileSync(archive).subarray(0, 5).toString()).toBe('PGDMP');
    expect(Object.fromEntries(result.counts.map((c) => [c.table, c.rows]))).toEqual(
      Object.fromEntries(Object.entries(before.tables).map(([k, v]) => [k, v.rows])),
    );
    expect(Object.keys(before.files)).toHaveLength(2);

    const fresh = { dataDir: source.dataDir, databaseUrl: await newDatabase() };
    const restored = await restore(fresh, archive, { backupDir: backups });
    expect(restored.safetyBackup).toBeNull();
    expect(restored.counts).toEqual(result.counts);
    await withDatabase(fresh.databaseUrl, async (database) => {
      expect(await fingerprint(database)).toEqual(before);
      await runMigrations(database);
    });
  });

  it('replaces a database that holds tables only with force, after backing it up', async () => {
    await expect(restore(source, archive, { backupDir: backups })).rejects.toThrow(
      /already holds tables\. Run restore again with --force/,
    );
    // An open connection (a running server) is refused.
    const holding = new pg.Client({ connectionString: source.databaseUrl });
    await holding.connect();
    try {
      await expect(restore(source, archive, { force: true, backupDir: backups })).rejects.toThrow(
        /other connection\(s\) to the database are open/,
      );
    } finally {
      await holding.end();
    }
    await withDatabase(source.databaseUrl, (database) => addNotice(database, 'written after the backup'));
    const result = await restore(source, archive, {
      force: true,
      backupDir: backups,
      now: new Date('2025-05-06T07:08:09Z'),
    });
    expect(path.basename(result.safetyBackup!)).toBe('baton-before-restore-20250506-070809.dump');
    await withDatabase(source.databaseUrl, async (database) => {
      expect(await fingerprint(database)).toEqual(before);
    });
    // The safety backup holds the replaced state, with the notice written after the first backup.
    const check = { dataDir: source.dataDir, databaseUrl: await newDatabase() };
    const counts = (await restore(check, result.safetyBackup!, { backupDir: backups })).counts;
    expect(counts.find((c) => c.table === 'public.sys_notice')!.rows).toBe(2);
  });

  it('refuses a damaged archive and leaves the database as it was', async () => {
    const written = fs.readdirSync(backups);
    for (const how of ['truncate', 'flip'] as const) {
      const bad = damaged(archive, how);
      const error = await restore(source, bad, { force: true, backupDir: backups }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(/is damaged: pg_restore failed .*Nothing was changed\./);
    }
    // Refused before the safety backup of --force.
    expect(fs.readdirSync(backups)).toEqual(written);
    const junk = path.join(tmp, 'junk.dump');
    fs.writeFileSync(junk, Buffer.concat([Buffer.from('PGDMP'), randomBytes(200)]));
    await expect(restore(source, junk, { force: true, backupDir: backups })).rejects.toThrow(/is damaged/);
    await withDatabase(source.databaseUrl, async (database) => {
      expect(await fingerprint(database)).toEqual(before);
    });
  });

  it('rolls back a restore that fails midway, leaving the database as it was', async () => {
    // A table the archive does not know depends on one it replaces: dropping that one fails.
    await withDatabase(source.databaseUrl, (database) =>
      database.exec('create table keep_me (user_id integer references sys_user(id)); insert into keep_me values (1)'),
    );
    const kept = await withDatabase(source.databaseUrl, fingerprint);
    expect(kept.tables['public.keep_me']!.rows).toBe(1);
    await expect(restore(source, archive, { force: true, backupDir: backups })).rejects.toThrow(
      /Restore failed; it ran as one transaction, so the database is unchanged\. .*depend/,
    );
    await withDatabase(source.databaseUrl, async (database) => {
      expect(await fingerprint(database)).toEqual(kept);
      await database.exec('drop table keep_me');
    });
  });

  it('refuses an embedded-database archive while configured for PostgreSQL', async () => {
    const file = path.join(tmp, 'pglite.tar.gz');
    fs.writeFileSync(file, zlib.gzipSync(Buffer.alloc(1024)));
    await expect(restore(source, file, { backupDir: backups })).rejects.toThrow(
      /is a backup of the embedded database \(PGlite\), but Baton is configured for PostgreSQL/,
    );
  });
});
