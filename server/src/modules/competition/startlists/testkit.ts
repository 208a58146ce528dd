import type { StartListGenerateAllVO, StartListJobVO } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { entry } from '../../../db/schema/index.js';
import { seedCompetitionDemo } from '../../../db/seed/competition.js';
import { seedRegistrationDemo } from '../../../db/seed/registration.js';
import type { TestApp } from '../../../test/app.js';
import { type DemoGroup, demoGroups } from '../../apply/testkit.js';
import { type Client, code, data } from '../../meetings/testkit.js';

/** The demo registrations and competition, seeded on the suite's app; answers the demo meeting's groups. */
export async function seedDemoCompetition(t: TestApp): Promise<Map<string, DemoGroup>> {
  await seedRegistrationDemo(t.database.db);
  await seedCompetitionDemo(t.database.db);
  return demoGroups(t);
}

/** Approve the entries of an event (for suites that do not test the audit). */
export async function approveEntries(t: TestApp, groupItemId: number): Promise<void> {
  await t.database.db.update(entry).set({ status: 'approved' }).where(eq(entry.groupItemId, groupItemId));
}

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
