/**
 * `npm run backup` / `npm run restore`: one archive file per backup of Baton's database.
 *
 * Uploaded files live in the database (table sys_file), so the database archive holds them too;
 * nothing else under DATA_DIR needs saving.
 *
 * - Embedded PGlite (DATA_DIR/db): the archive is PGlite's own data-directory tarball
 *   (`dumpDataDir`, .tar.gz), taken while this process holds the data-directory lock — so never
 *   while the server runs. Restore loads it into a new directory beside the target, checks that
 *   it opens, and only then swaps it in; an existing database is moved aside, never deleted.
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (.dump) of one snapshot, and
 *   `pg_restore --clean --if-exists --single-transaction`, so a failed restore changes nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.js';
import { APPLICATION_NAME, DatabaseLockedError, openDatabase } from '../db/client.js';

/** A refusal or failure the operator can act on: printed as is, without a stack trace. */
export class BackupError extends Error {}

export interface BackupTarget {
  /** DATA_DIR: the embedded database lives in `${dataDir}/db`. */
  dataDir: string;
  /** DATABASE_URL; null = embedded PGlite. */
  databaseUrl: string | null;
}

export interface TableCount {
  table: string;
  rows: number;
}

export type ArchiveKind = 'pglite' | 'postgres';

const EXTENSION: Record<ArchiveKind, string> = { pglite: 'tar.gz', postgres: 'dump' };
const ENGINE: Record<ArchiveKind, string> = {
  pglite: 'the embedded database (PGlite)',
  postgres: 'PostgreSQL',
};

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const pgliteDir = (target: BackupTarget) => path.join(target.dataDir, 'db');

/** `20250102-030405` in UTC. */
export function stamp(now = new Date()): string {
  const iso = now.toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every ordinary table outside the system schemas (Baton's own and drizzle's migration log). */
export async function listTables(query: Query): Promise<{ schema: string; name: string }[]> {
  const rows = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  return rows.map((r) => ({ schema: String(r.schema), name: String(r.name) }));
}

/** Row counts of every table, `schema.table` sorted by name. */
export async function countRows(query: Query): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const t of await listTables(query)) {
    const [row] = await query(`select count(*)::int as n from ${quoteIdent(t.schema)}.${quoteIdent(t.name)}`);
    counts.push({ table: `${t.schema}.${t.name}`, rows: Number(row?.n ?? 0) });
  }
  return counts;
}

const pgliteQuery =
  (client: PGlite): Query =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

const pgQuery =
  (client: pg.Client): Query =>
  async (text) =>
    (await client.query(text)).rows as Record<string, unknown>[];

/** What an archive holds, from its first bytes (the name is not trusted). */
export function archiveKind(head: Buffer): ArchiveKind | null {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  return null;
}

/** Write `bytes` (or let `produce` write a file) under a free `${base}.${ext}` name in dir, never half-written. */
async function writeArchive(
  dir: string,
  base: string,
  ext: string,
  produce: (tmpFile: string) => Promise<void>,
): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${base}.${process.pid}.partial`);
  try {
    await produce(tmp);
    for (let n = 1; ; n++) {
      const file = path.join(dir, n === 1 ? `${base}.${ext}` : `${base}-${n}.${ext}`);
      try {
        fs.linkSync(tmp, file);
        return file;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** libpq settings for the client tools: the password goes in the environment, not on the command line. */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  return { dbname: parsed.toString(), env };
}

/** Run a PostgreSQL client tool with an argument array (never a shell string). */
function runTool(cmd: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${cmd} was not found. Install the PostgreSQL client tools of the server's major version ` +
                `(Debian/Ubuntu: apt install postgresql-client) and make sure ${cmd} is on PATH.`,
            )
          : err,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${cmd} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}

export interface BackupResult {
  file: string;
  kind: ArchiveKind;
  counts: TableCount[];
}

/** Back up the configured database into one new archive in outDir. */
export async function backup(
  target: BackupTarget,
  opts: { outDir: string; prefix?: string; now?: Date },
): Promise<BackupResult> {
  const base = `${opts.prefix ?? 'baton-backup'}-${stamp(opts.now)}`;
  return target.databaseUrl
    ? backupPostgres(target.databaseUrl, opts.outDir, base)
    : backupPglite(pgliteDir(target), opts.outDir, base);
}

async function backupPglite(dir: string, outDir: string, base: string): Promise<BackupResult> {
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dir}: nothing to back up (check DATA_DIR).`);
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ url: null, pgliteDir: dir });
  } catch (err) {
    if (err instanceof DatabaseLockedError) throw new BackupError(`Cannot back up now. ${err.message}`);
    throw err;
  }
  try {
    const client = (database.db as unknown as PgliteDatabase & { $client: PGlite }).$client;
    await client.exec('checkpoint');
    const counts = await countRows(pgliteQuery(client));
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    const file = await writeArchive(outDir, base, EXTENSION.pglite, async (tmp) => {
      fs.writeFileSync(tmp, tarball, { flag: 'wx' });
    });
    return { file, kind: 'pglite', counts };
  } finally {
    await database.close();
  }
}

async function backupPostgres(url: string, outDir: string, base: string): Promise<BackupResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One snapshot for the counts and the dump, so the printed counts are those of the archive.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const counts = await countRows(pgQuery(client));
    const { dbname, env } = toolConnection(url);
    const file = await writeArchive(outDir, base, EXTENSION.postgres, (tmp) =>
      runTool(
        'pg_dump',
        ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${tmp}`, `--dbname=${dbname}`],
        env,
      ),
    );
    await client.query('commit');
    return { file, kind: 'postgres', counts };
  } finally {
    await client.end();
  }
}

export interface RestoreResult {
  kind: ArchiveKind;
  counts: TableCount[];
  /** PGlite with --force: where the database that was there now is. */
  movedAside: string | null;
  /** PostgreSQL with --force: the backup taken of the database that was there. */
  safetyBackup: string | null;
}

/**
 * Restore an archive into the configured database. A database that already holds data is
 * replaced only with `force` (PGlite: moved aside; PostgreSQL: backed up to backupDir first).
 */
export async function restore(
  target: BackupTarget,
  file: string,
  opts: { force?: boolean; backupDir: string; now?: Date },
): Promise<RestoreResult> {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    head = Buffer.alloc(8);
    fs.readSync(fd, head, 0, 8, 0);
    fs.closeSync(fd);
  } catch (err) {
    throw new BackupError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  const kind = archiveKind(head);
  if (!kind) {
    throw new BackupError(
      `${file} is not a Baton backup (expected a .tar.gz of the embedded database or a pg_dump .dump). Nothing was changed.`,
    );
  }
  const configured: ArchiveKind = target.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== configured) {
    throw new BackupError(
      `${file} is a backup of ${ENGINE[kind]}, but Baton is configured for ${ENGINE[configured]} ` +
        `(${target.databaseUrl ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}). Nothing was changed.`,
    );
  }
  return target.databaseUrl
    ? restorePostgres(target, target.databaseUrl, file, opts)
    : restorePglite(target, file, opts);
}

/** The pid holding the PGlite lock of dir, when that process is alive (see lockDataDir in db/client.ts). */
function lockHolder(dir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'baton.lock'), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

function refuseIfLocked(dir: string) {
  const holder = lockHolder(dir);
  if (holder) {
    throw new BackupError(
      `The database in ${dir} is in use by a running Baton (pid ${holder}). Stop it first. Nothing was changed.`,
    );
  }
}

/** Check the gzip stream (its CRC) and the tar headers (their checksums) of a PGlite archive. */
function checkTarball(bytes: Buffer) {
  const tar = zlib.gunzipSync(bytes);
  let hasVersion = false;
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('latin1')
        .replace(/\0.*$/s, '')
        .trim();
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    if (Number.parseInt(field(148, 8), 8) !== sum) throw new Error(`bad tar header at byte ${offset}`);
    if (/^[./]*PG_VERSION$/.test(field(0, 100))) hasVersion = true;
    const size = Number.parseInt(field(124, 12) || '0', 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  if (!hasVersion) throw new Error('it holds no PostgreSQL data directory');
}

async function restorePglite(
  target: BackupTarget,
  file: string,
  opts: { force?: boolean; now?: Date },
): Promise<RestoreResult> {
  const dir = pgliteDir(target);
  const when = stamp(opts.now);
  const aside = path.join(target.dataDir, `db.before-restore-${when}`);
  refuseIfLocked(dir);
  const occupied = fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
  if (occupied && !opts.force) {
    throw new BackupError(
      `${dir} already holds a database. Run restore again with --force to replace it: ` +
        `the current one will be moved to ${aside}, not deleted. Nothing was changed.`,
    );
  }
  const bytes = fs.readFileSync(file);
  try {
    checkTarball(bytes);
  } catch (err) {
    throw new BackupError(`${file} is damaged (${(err as Error).message}). Nothing was changed.`);
  }

  // Load into a new directory beside the target; swap it in only once it opens.
  fs.mkdirSync(target.dataDir, { recursive: true });
  const staging = path.join(target.dataDir, `db.restoring-${when}-${process.pid}`);
  fs.mkdirSync(staging);
  let counts: TableCount[];
  try {
    const client = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([bytes]) });
    try {
      counts = await countRows(pgliteQuery(client));
    } finally {
      await client.close();
    }
    // The lock of the process that took the backup came along in the tarball.
    fs.rmSync(path.join(staging, 'baton.lock'), { force: true });
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new BackupError(`${file} could not be loaded (${(err as Error).message}). Nothing was changed.`);
  }

  try {
    refuseIfLocked(dir);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  let movedAside: string | null = null;
  if (fs.existsSync(dir)) {
    if (fs.readdirSync(dir).length > 0) {
      if (fs.existsSync(aside)) {
        fs.rmSync(staging, { recursive: true, force: true });
        throw new BackupError(`${aside} already exists: try again in a second. Nothing was changed.`);
      }
      fs.renameSync(dir, aside);
      movedAside = aside;
    } else {
      fs.rmdirSync(dir);
    }
  }
  fs.renameSync(staging, dir);
  return { kind: 'pglite', counts, movedAside, safetyBackup: null };
}

async function restorePostgres(
  target: BackupTarget,
  url: string,
  file: string,
  opts: { force?: boolean; backupDir: string; now?: Date },
): Promise<RestoreResult> {
  const { dbname, env } = toolConnection(url);
  try {
    // Read the whole archive once (its table of contents and every compressed data block) before changing anything.
    await runTool('pg_restore', [`--file=${os.devNull}`, file], env);
  } catch (err) {
    if (!(err instanceof BackupError) || err.message.includes('was not found')) throw err;
    throw new BackupError(`${file} is damaged: ${err.message}. Nothing was changed.`);
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let tables: number;
  try {
    // A running Baton keeps at least one connection open, named APPLICATION_NAME, even when idle.
    const servers = (
      await client.query<{ addr: string | null }>(
        `select coalesce(host(client_addr), 'a local socket') as addr from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and application_name = $1`,
        [APPLICATION_NAME],
      )
    ).rows;
    if (servers.length > 0) {
      const from = [...new Set(servers.map((s) => s.addr))].join(', ');
      throw new BackupError(
        `A Baton server is connected to this database (${servers.length} connection(s) from ${from}). ` +
          'Stop every Baton server that uses it first, then run restore again. Nothing was changed.',
      );
    }
    const [others] = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      )
    ).rows;
    if (others!.n > 0) {
      throw new BackupError(
        `${others!.n} other connection(s) to the database are open — is Baton running? Stop it first. Nothing was changed.`,
      );
    }
    tables = (await listTables(pgQuery(client))).length;
  } finally {
    await client.end();
  }

  let safetyBackup: string | null = null;
  if (tables > 0) {
    if (!opts.force) {
      throw new BackupError(
        'The database already holds tables. Run restore again with --force to replace them: ' +
          `a backup of the current database will be written to ${opts.backupDir} first. Nothing was changed.`,
      );
    }
    safetyBackup = (await backup(target, { outDir: opts.backupDir, prefix: 'baton-before-restore', now: opts.now }))
      .file;
  }

  try {
    await runTool(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-acl',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
  } catch (err) {
    if (!(err instanceof BackupError) || err.message.includes('was not found')) throw err;
    throw new BackupError(`Restore failed; it ran as one transaction, so the database is unchanged. ${err.message}`);
  }

  const after = new pg.Client({ connectionString: url });
  await after.connect();
  try {
    return { kind: 'postgres', counts: await countRows(pgQuery(after)), movedAside: null, safetyBackup };
  } finally {
    await after.end();
  }
}

/** The counts as an aligned table with a total line. */
export function formatCounts(counts: TableCount[]): string {
  const width = Math.max(5, ...counts.map((c) => c.table.length));
  const total = counts.reduce((sum, c) => sum + c.rows, 0);
  const digits = Math.max(4, String(total).length);
  const line = (name: string, n: number | string) => `  ${name.padEnd(width)}  ${String(n).padStart(digits)}`;
  return [line('table', 'rows'), ...counts.map((c) => line(c.table, c.rows)), line('total', total)].join('\n');
}

function sizeText(file: string): string {
  const bytes = fs.statSync(file).size;
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

const USAGE = {
  backup: 'usage: npm run backup [-- --out <dir>]   (default dir: ./backups)',
  restore:
    'usage: npm run restore -- <file> [--force] [--out <dir>]   (--out: where --force on PostgreSQL first backs up the current database; default ./backups)',
};

export interface CliIo {
  env: NodeJS.ProcessEnv;
  /** Where relative paths start: the directory npm was run from. */
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** The two commands; returns the exit code (0 done, 1 refused or failed, 2 bad arguments). */
export async function runCli(command: 'backup' | 'restore', argv: string[], io: CliIo): Promise<number> {
  let out: string | null = null;
  let force = false;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      io.out(USAGE[command]);
      return 0;
    }
    if (arg === '--out' || arg.startsWith('--out=')) {
      const value = arg === '--out' ? argv[++i] : arg.slice('--out='.length);
      if (!value) {
        io.err(`--out needs a directory\n${USAGE[command]}`);
        return 2;
      }
      out = value;
    } else if (arg === '--force' && command === 'restore') {
      force = true;
    } else if (!arg.startsWith('-') && command === 'restore') {
      files.push(arg);
    } else {
      io.err(`unknown argument ${arg}\n${USAGE[command]}`);
      return 2;
    }
  }
  if (command === 'restore' && files.length !== 1) {
    io.err(`${files.length ? 'name one backup file' : 'which backup file?'}\n${USAGE.restore}`);
    return 2;
  }

  let target: BackupTarget;
  try {
    // Only the two settings that matter here, so unrelated production checks do not get in the way.
    const config = loadConfig({ DATA_DIR: io.env.DATA_DIR, DATABASE_URL: io.env.DATABASE_URL });
    target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  const outDir = path.resolve(io.cwd, out ?? 'backups');
  const where = target.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${pgliteDir(target)}`;
  const filesNote = 'Uploaded files are stored in the database (table sys_file), so they are included.';

  try {
    if (command === 'backup') {
      const result = await backup(target, { outDir });
      io.out(`Backed up ${where}\nto ${result.file} (${sizeText(result.file)})\n${filesNote}\n`);
      io.out(formatCounts(result.counts));
    } else {
      const file = path.resolve(io.cwd, files[0]!);
      const result = await restore(target, file, { force, backupDir: outDir });
      if (result.movedAside) io.out(`The database that was there is now in ${result.movedAside}`);
      if (result.safetyBackup) io.out(`The database that was there was backed up to ${result.safetyBackup}`);
      io.out(`Restored ${file}\ninto ${where}\n`);
      io.out(formatCounts(result.counts));
      io.out('\nStart Baton as usual: it applies any newer migrations at start.');
    }
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      io.err(`${command === 'backup' ? 'Backup' : 'Restore'} refused or failed: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
