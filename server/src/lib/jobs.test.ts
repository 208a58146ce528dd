import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { JobStore } from './jobs.js';

/** The job store alone: progress, reuse under one data version, scopes, failures, what is kept. */
describe('JobStore', () => {
  const store = (version: { v: number }, opts: { maxKept?: number; grace?: number } = {}) =>
    new JobStore<string>({
      version: () => version.v,
      ...opts,
      unexpected: (err) => logged.push(err),
      generic: { zh: '失败', en: 'failed' },
    });
  const logged: unknown[] = [];

  it('answers before the work runs, reports progress, ends done with the result', async () => {
    const s = store({ v: 1 });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const job = s.start('m1', 'k', null, async (report) => {
      report(1, 3);
      await gate;
      report(2, 3);
      return 'file';
    });
    expect(job.status).toBe('running');
    expect(job.done).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(s.view(job)).toMatchObject({ status: 'running', done: 1, total: 3, stale: false });
    release();
    await job.finished;
    expect(s.view(job)).toMatchObject({ status: 'done', done: 3, total: 3 });
    expect(job.result).toBe('file');
  });

  it('the same key under the same version is the same job; another version or scope is a new one', async () => {
    const version = { v: 1 };
    const s = store(version);
    const a = s.start('m1', 'k', null, async () => 'a');
    await a.finished;
    expect(s.start('m1', 'k', null, async () => 'again').id).toBe(a.id);
    expect(s.start('m2', 'k', null, async () => 'other').id).not.toBe(a.id);
    // Another scope does not find the job by its id.
    expect(s.get('m2', a.id)).toBeUndefined();
    expect(s.get('m1', a.id)?.id).toBe(a.id);
    version.v = 2;
    expect(s.view(a).stale).toBe(true);
    const b = s.start('m1', 'k', null, async () => 'b');
    expect(b.id).not.toBe(a.id);
    // Within the grace the stale file is still there for whoever is downloading it.
    expect(s.get('m1', a.id)?.result).toBe('a');
  });

  it('a failure says why in both languages and is not reused', async () => {
    const s = store({ v: 1 });
    const bad = s.start('m1', 'k', null, async () => {
      throw new AppError('A0400', {}, { zh: '不行', en: 'No' });
    });
    await bad.finished;
    // As the envelope would say it: a bad-input message inside the catalogue's wording.
    expect(s.view(bad)).toMatchObject({
      status: 'failed',
      error: { zh: expect.stringContaining('不行'), en: expect.stringContaining('No') },
    });
    expect(s.answer(bad, 'en').error).toContain('No');
    const next = s.start('m1', 'k', null, async () => 'ok');
    expect(next.id).not.toBe(bad.id);
    // A catalogue error says its catalogue text; anything else says the generic words and is logged.
    const gone = s.start('m1', 'k2', null, async () => {
      throw new AppError('A0404');
    });
    await gone.finished;
    expect(s.answer(gone, 'zh-cn').error).toMatch(/[\u4e00-\u9fff]/);
    const broken = s.start('m1', 'k3', null, async () => {
      throw new TypeError('x is undefined');
    });
    await broken.finished;
    expect(s.view(broken).error).toEqual({ zh: '失败', en: 'failed' });
    expect(logged).toContainEqual(expect.any(TypeError));
  });

  it('one job runs at a time: the next waits its turn, then runs', async () => {
    const s = store({ v: 1 });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const order: string[] = [];
    const a = s.start('m1', 'a', null, async () => {
      order.push('a starts');
      await gate;
      order.push('a ends');
      return 'a';
    });
    const b = s.start('m1', 'b', null, async () => {
      order.push('b starts');
      return 'b';
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual(['a starts']);
    expect(s.view(b)).toMatchObject({ status: 'running', done: 0 });
    release();
    await Promise.all([a.finished, b.finished]);
    expect(order).toEqual(['a starts', 'a ends', 'b starts']);
    expect(b.result).toBe('b');
  });

  it('stale results go after the grace, and at most maxKept finished results are kept', async () => {
    const version = { v: 1 };
    const s = store(version, { maxKept: 2, grace: 0 });
    const jobs = [];
    for (const k of ['a', 'b', 'c']) {
      const j = s.start('m1', k, null, async () => k);
      await j.finished;
      jobs.push(j);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(s.get('m1', jobs[0]!.id)).toBeUndefined();
    expect(s.get('m1', jobs[2]!.id)?.result).toBe('c');
    version.v = 2;
    await new Promise((r) => setTimeout(r, 2));
    expect(s.get('m1', jobs[2]!.id)).toBeUndefined();
  });
});
