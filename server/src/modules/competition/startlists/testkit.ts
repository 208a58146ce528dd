import type { StartListGenerateAllVO, StartListJobVO } from '@baton/contracts';
import { expect } from 'vitest';
import { type Client, code, data } from '../../meetings/testkit.js';

/**
 * "Generate all" as a page uses it: start the job, follow it to the end (its progress never goes
 * back), answer what it made. `polls` counts the progress requests made after the start.
 */
export async function generateAllDone(
  c: Client,
  meetingId: number,
  body: Record<string, unknown> = {},
): Promise<{ result: StartListGenerateAllVO; job: StartListJobVO; polls: number }> {
  const started = await c.post(`/api/v1/competition/meetings/${meetingId}/start-lists`, body);
  expect(code(started), started.body).toBe('00000');
  let job = data<StartListJobVO>(started);
  let polls = 0;
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const res = await c.get(`/api/v1/competition/meetings/${meetingId}/start-lists/jobs/${job.id}`);
    polls += 1;
    expect(code(res), res.body).toBe('00000');
    const next = data<StartListJobVO>(res);
    expect(next.done).toBeGreaterThanOrEqual(job.done);
    expect(next.done).toBeLessThanOrEqual(next.total);
    job = next;
  }
  expect(job.status, job.error ?? '').toBe('done');
  expect(job.done).toBe(job.total);
  return { result: job.result!, job, polls };
}
