import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { api } from './comm-helpers';
import { competitionMeeting, type Round } from './competition-helpers';
import { test } from './fixtures';
import { signInOnce } from './helpers';

/**
 * Issue 24 in the browser, on a meeting of its own: its start list was published before any bib
 * was given, so the start-list page warns how many athletes have none and the committee numbers
 * them by the meeting's scheme from the warning (the warning then goes and the bibs show); the
 * print centre then downloads the round's judges' cards and a session's. With SHOTS=<dir> it
 * also saves screenshots (zh-cn and en, light and dark, desktop and 390 px) there.
 */
const SHOTS = process.env.SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function look(page: Page, url: string, ready: string, name: string) {
  for (const lang of ['zh-cn', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1440, 390]) {
        await page.evaluate(
          ([l, th]) => {
            localStorage.setItem('language', l);
            localStorage.setItem('theme', th);
          },
          [lang, theme] as const,
        );
        await page.setViewportSize({ width, height: 900 });
        await page.goto('about:blank');
        await page.goto(url);
        await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
        await shot(page, `${name}-${lang}-${theme}-${width}`);
      }
    }
  }
}

test('a start list without bibs warns, the committee numbers them from the warning, judges cards print', async ({
  page,
}) => {
  test.setTimeout(SHOTS ? 900_000 : 180_000);
  await signInOnce(page, 'admin');
  const m = await competitionMeeting(page, { item: '100', athletes: 6, heats: 1, seed: 'e2e-cards' });
  expect(m.round.heats[0]!.starts.every((s) => s.bib === null)).toBe(true);
  const url = `/#/competition/startlist?meetingId=${m.meetingId}&groupItemId=${m.groupItemId}&roundId=${m.round.id}`;

  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('about:blank');
  await page.goto(url);
  const warning = page.getByTestId('sl-missing-bibs');
  await expect(warning).toContainText('No bib yet for 6 athlete(s)', { timeout: 30_000 });
  if (SHOTS) await look(page, url, 'sl-missing-bibs', 'startlist-missing-bibs');
  await page.evaluate(() => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('theme', 'light');
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('about:blank');
  await page.goto(url);
  await expect(warning).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('sl-assign-bibs').click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await expect(page.getByText('6 bib(s) assigned')).toBeVisible();
  await expect(warning).toHaveCount(0);
  const round = await api<Round & { version: number; missingBibs: number }>(
    page,
    'GET',
    `/api/v1/competition/rounds/${m.round.id}`,
  );
  expect(round.missingBibs).toBe(0);
  const bibs = round.heats[0]!.starts.map((s) => s.bib);
  expect(bibs.every((b) => b && /^\d+$/.test(b))).toBe(true);
  await expect(page.getByTestId('startlist-page')).toContainText(bibs[0]!);

  // The print centre: the round's judges' cards, then a session's.
  const session = await api<{ id: number }>(page, 'POST', `/api/v1/competition/meetings/${m.meetingId}/sessions`, {
    name: '第一单元',
    nameEn: 'Morning',
    startsAt: '2030-06-01T08:30:00+08:00',
  });
  await api(page, 'PUT', `/api/v1/competition/rounds/${m.round.id}/schedule`, {
    version: round.version,
    sessionId: session.id,
    scheduledAt: '2030-06-01T09:00:00+08:00',
  });
  const docs = `/#/competition/documents?meetingId=${m.meetingId}&groupItemId=${m.groupItemId}&roundId=${m.round.id}`;
  await page.goto(docs);
  const cards = page.getByTestId('doc-judges-cards-download');
  await expect(cards).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), cards.click()]);
  expect(download.suggestedFilename()).toMatch(/^Timekeepers.+100.+\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await expect(page.getByTestId('doc-session-cards-download')).toBeDisabled();
  await page.getByTestId('doc-session').click();
  await page.locator('.ant-select-item-option', { hasText: 'Morning' }).click();
  const [pack] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('doc-session-cards-download').click(),
  ]);
  expect(pack.suggestedFilename()).toMatch(/^Judges'?-cards-2030-06-01-Morning\.pdf$/);
  if (SHOTS) await look(page, docs, 'doc-session-cards', 'documents');
});
