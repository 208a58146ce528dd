import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LIF_MAX_BYTES, type LifFolderVO } from '@baton/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { importLifs, reviewFiles } from './lif-review.js';
import type { LifUpload } from './lif-upload.js';

/**
 * The FinishLynx results folder (LYNX_DIR) on a venue laptop: FinishLynx writes a `.lif` file
 * per heat as the race is read, and Baton watches the folder and imports from it with the same
 * review as files dropped on the exchange page (lif-review.ts), into the meeting LYNX_MEETING_ID.
 *
 * - The folder is polled (fs.watch misses events on network shares and some editors' saves);
 *   a file is taken once its size and time have not changed for `settleMs` (it stopped growing),
 *   and again whenever it is rewritten.
 * - A file with no conflict is imported (provisional results, comp_log without a user) and
 *   moved to `LYNX_DIR/imported/` (a name taken there gets a time suffix).
 * - A file with a conflict waits for a person: the exchange page lists it, opens it in the same
 *   review (its bytes by id, never by a path from a request), and its import through the review
 *   moves it to `imported/` as well.
 * Bounded: files over 1 MB wait with their problem; at most 500 files are looked at per scan.
 */

export interface LynxFolderOptions {
  dir: string;
  meetingId: number;
  pollMs?: number;
  settleMs?: number;
}

interface Pending {
  id: number;
  name: string;
  bytes: Buffer;
  hash: string;
  size: number;
  modifiedAt: string;
  unresolved: number;
  problem: { zh: string; en: string };
}

const MAX_FILES_PER_SCAN = 500;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export class LynxFolder {
  private readonly seen = new Map<string, { sig: string; since: number; done: boolean }>();
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
    readonly options: LynxFolderOptions,
  ) {}

  start() {
    this.timer = setInterval(() => void this.scan(), this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One look at the folder: files that stopped changing are reviewed (and imported when clean). */
  async scan(now = Date.now()) {
    if (this.running) return;
    this.running = true;
    try {
      const entries = await fs.readdir(this.options.dir, { withFileTypes: true });
      const names = entries
        .filter((e) => e.isFile() && /\.lif$/i.test(e.name))
        .map((e) => e.name)
        .slice(0, MAX_FILES_PER_SCAN);
      for (const name of names) {
        const st = await fs.stat(path.join(this.options.dir, name)).catch(() => null);
        if (!st) continue;
        const sig = `${st.size}:${st.mtimeMs}`;
        const seen = this.seen.get(name);
        if (!seen || seen.sig !== sig) {
          this.seen.set(name, { sig, since: now, done: false });
          continue;
        }
        if (seen.done || now - seen.since < (this.options.settleMs ?? 2000)) continue;
        seen.done = true;
        await this.take(name, st.size, st.mtime);
      }
      for (const name of this.seen.keys()) {
        if (!names.includes(name)) {
          this.seen.delete(name);
          this.pending.delete(name);
        }
      }
    } catch (err) {
      this.log.warn({ err, dir: this.options.dir }, 'reading the FinishLynx results folder failed');
    } finally {
      this.running = false;
    }
  }

  private async take(name: string, size: number, mtime: Date) {
    const { meetingId } = this.options;
    const wait = (bytes: Buffer, unresolved: number, problem: { zh: string; en: string }) => {
      this.pending.set(name, {
        id: this.pending.get(name)?.id ?? this.nextId++,
        name,
        bytes,
        hash: sha(bytes),
        size,
        modifiedAt: mtime.toISOString(),
        unresolved,
        problem,
      });
    };
    if (size > LIF_MAX_BYTES) {
      wait(Buffer.alloc(0), 1, { zh: '文件超过 1 MB', en: 'the file is over 1 MB' });
      return;
    }
    const bytes = await fs.readFile(path.join(this.options.dir, name));
    const uploads: LifUpload[] = [{ index: 0, name, bytes }];
    const review = await reviewFiles(this.db, meetingId, uploads, { files: [] }, 'en');
    if (review.unresolved > 0) {
      const zh = await reviewFiles(this.db, meetingId, uploads, { files: [] }, 'zh-cn');
      const say = (r: typeof review, line: (n: number) => string) => {
        const c = r.files[0]?.conflicts.find((x) => x.resolution === null);
        return c ? `${c.line !== null ? line(c.line) : ''}${c.message}` : '';
      };
      wait(bytes, review.unresolved, {
        zh: say(zh, (n) => `第 ${n} 行：`),
        en: say(review, (n) => `line ${n}: `),
      });
      this.log.info({ file: name, conflicts: review.unresolved }, 'FinishLynx file waits for a person');
      return;
    }
    try {
      await importLifs(this.db, this.hub, null, meetingId, uploads, { files: [] }, 'en');
    } catch (err) {
      // The heats changed between the review and the import: the file waits.
      const text = err instanceof AppError && err.text ? err.text : { zh: String(err), en: String(err) };
      wait(bytes, 1, text);
      return;
    }
    this.pending.delete(name);
    await this.moveToImported(name);
    this.log.info({ file: name }, 'FinishLynx file imported from the results folder');
  }

  /** The file into `imported/` (a name already there gets a time suffix). */
  private async moveToImported(name: string) {
    const to = path.join(this.options.dir, 'imported');
    await fs.mkdir(to, { recursive: true });
    let target = path.join(to, name);
    if (await fs.stat(target).catch(() => null)) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      target = path.join(to, name.replace(/(\.lif)$/i, `-${stamp}$1`));
    }
    await fs.rename(path.join(this.options.dir, name), target);
    this.seen.delete(name);
  }

  /** Files a person imported through the review: the pending ones with the same bytes move to `imported/`. */
  async settled(uploads: readonly LifUpload[]) {
    const hashes = new Set(uploads.map((u) => sha(u.bytes)));
    for (const p of [...this.pending.values()]) {
      if (!hashes.has(p.hash)) continue;
      this.pending.delete(p.name);
      const now = await fs.readFile(path.join(this.options.dir, p.name)).catch(() => null);
      // Rewritten meanwhile: the new version is reviewed on its own.
      if (now && sha(now) === p.hash) await this.moveToImported(p.name);
    }
  }

  list(lang: string): LifFolderVO {
    return {
      enabled: true,
      pending: [...this.pending.values()]
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
        .map(({ id, name, size, modifiedAt, unresolved, problem }) => ({
          id,
          name,
          size,
          modifiedAt,
          unresolved,
          problem: lang === 'en' ? problem.en : problem.zh,
        })),
    };
  }

  file(id: number): Pending | undefined {
    return [...this.pending.values()].find((p) => p.id === id);
  }
}

/** The folder watched by this server (one per process), or null. */
let current: LynxFolder | null = null;

export function lynxFolder(meetingId: number): LynxFolder | null {
  return current && current.options.meetingId === meetingId ? current : null;
}

/** Start watching (app.ts, when LYNX_DIR is set); stopped when the app closes. */
export function startLynxFolder(db: Db, hub: RealtimeHub, log: FastifyBaseLogger, options: LynxFolderOptions) {
  current?.stop();
  current = new LynxFolder(db, hub, log, options);
  current.start();
  return current;
}

export function stopLynxFolder(folder: LynxFolder) {
  folder.stop();
  if (current === folder) current = null;
}

/** After an import through the review: files of the folder among them are done. */
export async function settled(meetingId: number, uploads: readonly LifUpload[]) {
  await lynxFolder(meetingId)?.settled(uploads);
}
