import { randomBytes } from 'node:crypto';
import type { Lang } from '@baton/contracts';
import { AppError, textsOf } from './errors.js';

/**
 * Long work as a job (issue 24: a book of hundreds of pages, later "Generate all" start lists and
 * big exports): `start` answers at once with the job, which runs in the background and reports
 * how far it is (`done` of `total` steps); its result is kept under an opaque id while the data
 * it was made from holds, so asking again for the same thing hands back the same file.
 *
 * Jobs live in the memory of the instance that runs them: behind several instances a client
 * polls the one it started on (a job unknown here answers "gone", and the client starts again),
 * and a restart forgets them. Each job belongs to a scope (a meeting): it is only found through
 * that scope, and the caller's right to the scope is checked by the route before.
 *
 * "The data it was made from" is a version stamp the caller passes (`version()`: the database's
 * data version, which every committed change moves): a job started under version V is reused
 * while the stamp is still V; once it moves, a new start makes a new job, and the old result is
 * dropped after `grace` (so whoever is downloading it still gets it). At most `maxKept` finished
 * results are kept (the oldest go first).
 */

export type JobStatus = 'running' | 'done' | 'failed';

export interface JobView {
  id: string;
  status: JobStatus;
  done: number;
  total: number;
  /** The data changed since the job started: its result is what the data was then. */
  stale: boolean;
  /** Why it failed, in both languages. */
  error: { zh: string; en: string } | null;
}

export interface Job<R, M> extends Omit<JobView, 'stale'> {
  scope: string;
  key: string;
  version: number;
  meta: M;
  result: R | null;
  startedAt: number;
  finishedAt: number | null;
  /** Settles when the job ends (never rejects). */
  finished: Promise<void>;
}

/** Report progress: `done` steps of `total`. */
export type Report = (done: number, total: number) => void;

export interface JobStoreOptions {
  version: () => number;
  maxKept?: number;
  /** Milliseconds a finished result outlives a change of the data. */
  grace?: number;
  /** At most this many jobs run at once; the others wait their turn (reported as running, 0 done). */
  concurrency?: number;
  /**
   * A failure that is not a message for the user (not an AppError): logged here, and the job
   * says `generic` (default: "generating it failed, please try again").
   */
  unexpected?: (err: unknown) => void;
  generic?: { zh: string; en: string };
}

/** A job this instance does not keep (made elsewhere, or forgotten after a change or a restart). */
export const jobGone = () =>
  new AppError(
    'A0404',
    {},
    {
      zh: '该任务的结果已不在服务器上（数据已更新或服务已重启），请重新开始',
      en: 'That job is no longer kept (the data changed or the server restarted): start it again',
    },
    410,
  );

/** A finished job's result; 409 while it runs, or with its failure's words. */
export function jobResult<R, M>(job: Job<R, M>): R {
  if (job.status === 'failed' && job.error) throw new AppError('A0400', { detail: job.error.en }, job.error, 409);
  if (!job.result) {
    throw new AppError(
      'A0400',
      { detail: 'still being made' },
      { zh: '还在生成中，请稍候', en: 'It is still being made: wait for it to finish' },
      409,
    );
  }
  return job.result;
}

const GENERIC = { zh: '生成失败，请重试', en: 'Generating it failed, please try again' };

export class JobStore<R, M = unknown> {
  readonly #jobs = new Map<string, Job<R, M>>();
  readonly #version: () => number;
  readonly #maxKept: number;
  readonly #grace: number;
  readonly #unexpected: (err: unknown) => void;
  readonly #generic: { zh: string; en: string };
  readonly #concurrency: number;
  #active = 0;
  readonly #queue: (() => void)[] = [];

  constructor(opts: JobStoreOptions) {
    this.#concurrency = opts.concurrency ?? 1;
    this.#version = opts.version;
    this.#maxKept = opts.maxKept ?? 8;
    this.#grace = opts.grace ?? 10 * 60_000;
    this.#unexpected = opts.unexpected ?? (() => {});
    this.#generic = opts.generic ?? GENERIC;
  }

  /**
   * The job of `key` in `scope` under the current data version (running or done), or a new one
   * running `work`. The work reports its progress and answers the result.
   */
  start(scope: string, key: string, meta: M, work: (report: Report) => Promise<R>): Job<R, M> {
    this.#sweep();
    const version = this.#version();
    for (const j of this.#jobs.values()) {
      if (j.scope === scope && j.key === key && j.version === version && j.status !== 'failed') return j;
    }
    const id = randomBytes(12).toString('base64url');
    let settle!: () => void;
    const job: Job<R, M> = {
      id,
      scope,
      key,
      version,
      meta,
      status: 'running',
      done: 0,
      total: 1,
      error: null,
      result: null,
      startedAt: Date.now(),
      finishedAt: null,
      finished: new Promise<void>((resolve) => {
        settle = resolve;
      }),
    };
    this.#jobs.set(id, job);
    const report: Report = (done, total) => {
      job.done = Math.min(done, total);
      job.total = Math.max(1, total);
    };
    // Started on a later turn (when a slot is free): `start` answers before any of the work runs.
    const run = () => {
      work(report)
        .then((result) => {
          job.result = result;
          job.status = 'done';
          job.done = job.total;
        })
        .catch((err: unknown) => {
          job.status = 'failed';
          if (err instanceof AppError) job.error = textsOf(err);
          else {
            this.#unexpected(err);
            job.error = this.#generic;
          }
        })
        .finally(() => {
          job.finishedAt = Date.now();
          this.#active -= 1;
          settle();
          this.#sweep();
          this.#queue.shift()?.();
        });
    };
    const launch = () => {
      this.#active += 1;
      setImmediate(run);
    };
    if (this.#active < this.#concurrency) launch();
    else this.#queue.push(launch);
    return job;
  }

  /** The job of that id in that scope (another scope's job is not found). */
  get(scope: string, id: string): Job<R, M> | undefined {
    this.#sweep();
    const job = this.#jobs.get(id);
    return job && job.scope === scope ? job : undefined;
  }

  view(job: Job<R, M>): JobView {
    const { id, status, done, total, error } = job;
    return { id, status, done, total, error, stale: job.version !== this.#version() };
  }

  /** What a job's route answers (contracts' JobFields): its error in the request's language. */
  answer(job: Job<R, M>, lang: Lang) {
    const v = this.view(job);
    return { ...v, error: v.error ? (lang === 'en' ? v.error.en : v.error.zh) : null };
  }

  /** Drop results the data moved past (after the grace), failures, and the oldest beyond `maxKept`. */
  #sweep() {
    const now = Date.now();
    const version = this.#version();
    const finished: Job<R, M>[] = [];
    for (const j of this.#jobs.values()) {
      if (j.finishedAt === null) continue;
      const old = now - j.finishedAt > this.#grace;
      if (old && (j.version !== version || j.status === 'failed')) this.#jobs.delete(j.id);
      else finished.push(j);
    }
    finished.sort((a, b) => b.finishedAt! - a.finishedAt!);
    for (const j of finished.slice(this.#maxKept)) this.#jobs.delete(j.id);
  }
}
