import { expect } from '@playwright/test';
import { api } from './comm-helpers';
import { committeeOnDemo } from './competition-helpers';
import { test } from './fixtures';
import { toast } from './helpers';

/**
 * Issue 6, bibs and schedule: the committee numbers the demo meeting's approved athletes by
 * delegation (101, 201…) and sees the bibs in the list; then adds a session on the first day
 * and drags a round of that morning into it.
 */
interface Timetable {
  sessions: { id: number; name: string; version: number }[];
  rounds: { roundId: number; sessionId: number | null; scheduledAt: string | null }[];
}
interface BibPage {
  list: { bib: string | null; delegationName: string }[];
  withBib: number;
  approved: number;
}

test('the committee assigns bibs and moves a round into a new session', async ({ page }) => {
  const meeting = await committeeOnDemo(page);

  // ─── Bibs ───
  await page.goto(`/#/competition/bibs?meetingId=${meeting.id}`);
  await expect(page.getByTestId('bibs-page')).toBeVisible();
  await page.getByTestId('bib-start').fill('101');
  await page.getByTestId('bib-step').fill('100');
  const keep = page.getByTestId('bib-keep');
  if (await keep.isChecked()) await keep.click();
  await page.getByTestId('bib-preview-btn').click();
  await expect(page.getByTestId('bib-preview')).toContainText('101');
  await page.getByTestId('bib-assign').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(toast(page, '号码已生成')).toBeVisible();

  const saved = await api<BibPage>(page, 'GET', `/api/v1/competition/meetings/${meeting.id}/bibs?pageSize=100`);
  expect(saved.withBib).toBe(saved.approved);
  const bibs = saved.list.map((r) => r.bib).filter((b): b is string => b !== null);
  expect(new Set(bibs).size).toBe(bibs.length);
  // The list shows them by number: the first delegation's first athlete wears 101.
  await expect(page.getByTestId('bib-value').first()).toHaveText('101');
  await page.getByTestId('bib-search').locator('input').fill('201');
  await page.getByTestId('bib-search').locator('input').press('Enter');
  await expect(page.getByTestId('bib-value')).toHaveText(['201']);

  // ─── Schedule ───
  const name = `E2E ${Date.now() % 100000}`;
  // A failed earlier run on the same server may have left its session behind.
  const before = await api<Timetable>(page, 'GET', `/api/v1/competition/meetings/${meeting.id}/timetable`);
  for (const old of before.sessions.filter((x) => x.name.startsWith('E2E ')))
    await api(page, 'DELETE', `/api/v1/competition/sessions/${old.id}?version=${old.version}`);
  await page.goto(`/#/competition/schedule?meetingId=${meeting.id}`);
  await expect(page.getByTestId('schedule-page')).toBeVisible();
  await page.getByTestId('session-add').click();
  await page.getByTestId('session-name').fill(name);
  await page.getByTestId('session-day').fill(meeting.startDate);
  await page.getByTestId('session-start').fill('08:00');
  await page.getByTestId('session-end').fill('12:00');
  await page.locator('[data-testid="modal-ok"]:visible').click();
  await expect(toast(page, '已保存')).toBeVisible();
  await expect(page.getByTestId('session-list')).toContainText(name);

  const tt = await api<Timetable>(page, 'GET', `/api/v1/competition/meetings/${meeting.id}/timetable`);
  const session = tt.sessions.find((s) => s.name === name)!;
  // A round of the first morning (08:30 Beijing time is 00:30 UTC) not yet in a session.
  const round = tt.rounds.find((r) => r.sessionId === null && r.scheduledAt === `${meeting.startDate}T00:30:00.000Z`)!;
  expect(round).toBeTruthy();
  const zone = page.getByTestId(`zone-session-${session.id}`);
  await page.getByTestId(`round-${round.roundId}`).dragTo(zone);
  await expect(toast(page, `已移入 ${name}`)).toBeVisible();
  await expect(zone.getByTestId(`round-${round.roundId}`)).toBeVisible();
  // Saved: the timetable puts the round in the session.
  const fresh = await api<Timetable>(page, 'GET', `/api/v1/competition/meetings/${meeting.id}/timetable`);
  expect(fresh.rounds.find((r) => r.roundId === round.roundId)?.sessionId).toBe(session.id);

  // Leave the server as found: the session goes, its round leaves it.
  const s = fresh.sessions.find((x) => x.id === session.id)!;
  await api(page, 'DELETE', `/api/v1/competition/sessions/${s.id}?version=${s.version}`);
});
