import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { api } from './comm-helpers';
import { committeeOnDemo } from './competition-helpers';
import { test } from './fixtures';

/**
 * Issue 6, printed documents: the committee opens Documents, picks an event and its round, and
 * downloads the start list as a PDF (the download is a real PDF under the server's file name);
 * the timetable downloads too. The round is made through the start-list API beforehand.
 */
interface EventRow {
  groupItemId: number;
  groupNameEn: string;
  itemCode: string;
  rounds: { id: number; index: number; heats: number }[];
}

test('the committee downloads a start list and the timetable as PDFs', async ({ page }) => {
  const meetingId = (await committeeOnDemo(page)).id;
  const events = await api<EventRow[]>(page, 'GET', `/api/v1/competition/meetings/${meetingId}/events`);
  // U18 Girls 400 m (10 approved entries in the demo data): no other browser test touches it.
  const event = events.find((e) => e.groupNameEn === 'U18 Girls' && e.itemCode === '400')!;
  let first = event.rounds.find((r) => r.index === 0 && r.heats > 0);
  if (!first) {
    const made = await api<{ id: number }>(page, 'POST', `/api/v1/competition/events/${event.groupItemId}/start-list`, {
      roundIndex: 0,
      seed: 'e2e-docs',
    });
    first = { id: made.id, index: 0, heats: 1 };
  }

  await page.goto(
    `/#/competition/documents?meetingId=${meetingId}&groupItemId=${event.groupItemId}&roundId=${first.id}`,
  );
  const startList = page.getByTestId('doc-start-list-download');
  await expect(startList).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), startList.click()]);
  expect(download.suggestedFilename()).toMatch(/^检录单-U18女子组-400米-.+\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);

  const [timetable] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('doc-timetable-download').click(),
  ]);
  expect(timetable.suggestedFilename()).toMatch(/^竞赛日程-wrj2025\.pdf$/);
  const tt = await readFile((await timetable.path())!);
  expect(tt.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

/**
 * Issue 24, the books: on the print centre the committee makes the programme book (秩序册), English
 * edition on A5, from the Books card; the progress bar follows the job to its end, then the PDF
 * downloads under the server's name. Asking again with the data unchanged hands back the same book.
 */
test('the committee makes the programme book with a progress bar and downloads it', async ({ page }) => {
  const meetingId = (await committeeOnDemo(page)).id;
  await page.goto(`/#/competition/documents?meetingId=${meetingId}`);
  const card = page.getByTestId('doc-books');
  await expect(card).toBeVisible();
  await card.getByTestId('doc-books-lang').getByText('English').click();
  await card.getByTestId('doc-books-paper').getByText('A5').click();
  await card.getByTestId('doc-books-generate').click();
  await expect(card.getByTestId('doc-books-progress')).toBeVisible();
  await expect(card.getByTestId('doc-books-ready')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByTestId('doc-books-progress')).toContainText(/(\d+) \/ \1/);
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('doc-books-download').click()]);
  expect(download.suggestedFilename()).toBe('Programme-wrj2025-en-A5.pdf');
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(10_000);
  // The bilingual edition is another book: made afresh, named as such.
  await card.getByTestId('doc-books-bilingual').check();
  await expect(card.getByTestId('doc-books-progress')).toBeHidden();
  await card.getByTestId('doc-books-generate').click();
  await expect(card.getByTestId('doc-books-ready')).toBeVisible({ timeout: 60_000 });
  const [both] = await Promise.all([page.waitForEvent('download'), card.getByTestId('doc-books-download').click()]);
  expect(both.suggestedFilename()).toBe('Programme-秩序册-wrj2025-bilingual-A5.pdf');
});
