import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { api } from './comm-helpers';
import { competitionEntries, type Round } from './competition-helpers';
import { test } from './fixtures';
import { phonePage, signInOnce } from './helpers';

/**
 * Check-in before seeding (检录后编排) and the re-draw of lanes (issue 24), on a meeting of its
 * own: on a phone the manager turns the setting on in the call room, marks one of nine entries
 * absent by tap and one present by typed bib; the start list made on the start-list page leaves
 * the absent out and says so; the phone, live, lists the new heat with the present mark carried
 * over; one more athlete is marked absent there and the heat's lanes are drawn again for the
 * seven left — the central lanes the first-round draw gives seven on eight lanes. With
 * SHOTS=<dir> it saves 390-px screenshots (zh-cn and en) there.
 */
const SHOTS = process.env.SHOTS;

interface Entry {
  entryId: number | null;
  bib: string | null;
  name: string;
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).last();

/** The phone's page as it is, in Chinese and in English (the language is the stored pick). */
async function shots(phone: Page, name: string, ready: string, open?: () => Promise<void>) {
  if (!SHOTS) return;
  for (const lang of ['en', 'zh-cn'] as const) {
    await phone.evaluate((l) => localStorage.setItem('language', l), lang);
    await phone.reload();
    await open?.();
    await expect(phone.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
    await phone.screenshot({ path: path.join(SHOTS, `${name}-${lang}-390.png`), fullPage: true });
  }
  await expect(phone.locator('html')).toHaveAttribute('lang', 'zh-CN');
}

test('check-in before seeding on a phone leaves the absent out of the start list; a heat with an absentee is drawn again', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  // ── Nine girls entered in the 100 m (a final only, in lanes), approved, with bibs; nothing drawn ──
  await signInOnce(page);
  const m = await competitionEntries(page, { item: '100', athletes: 9 });
  await api(page, 'POST', `/api/v1/competition/meetings/${m.meetingId}/bibs`, {
    scheme: { kind: 'delegation', start: 601, step: 0 },
    keepExisting: false,
  });

  // ── The phone: the call room's settings, check-in before seeding on ─────────────────────────
  const phone = await phonePage(browser, { locale: 'zh-CN', reducedMotion: 'reduce' });
  await signInOnce(phone);
  await phone.goto(`/#/competition/callroom?meetingId=${m.meetingId}`);
  await phone.getByTestId('callroom-lead-open').tap();
  const setting = phone.getByTestId('callroom-before-seeding');
  await expect(setting).toHaveAttribute('aria-checked', 'false');
  // The whole labelled row is the touch target.
  expect((await phone.locator('.callroom-switch').boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await setting.tap();
  await expect(toast(phone, '已改为检录后编排')).toBeVisible();
  await expect(setting).toHaveAttribute('aria-checked', 'true');
  await shots(phone, 'callroom-settings', 'callroom-before-seeding', () =>
    phone.getByTestId('callroom-lead-open').tap(),
  );
  await phone.keyboard.press('Escape');
  await phone.mouse.click(5, 400);

  // ── The round not seeded yet, its nine entries ──────────────────────────────────────────────
  const item = phone.getByTestId('callroom-round-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('尚未编排');
  await shots(phone, 'callroom-before-list', 'callroom-round-item');
  const roundId = Number(await item.getAttribute('data-round'));
  await item.tap();
  const entries = phone.getByTestId('callroom-entry');
  await expect(entries).toHaveCount(9);
  const listed = await api<{ entries: Entry[] }>(page, 'GET', `/api/v1/competition/rounds/${roundId}/call-room`);
  const [gone, typed] = listed.entries;
  const entryOf = (e: Entry) => phone.locator(`[data-testid="callroom-entry"][data-bib="${e.bib}"]`);
  expect((await entryOf(gone!).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await phone.getByTestId('callroom-bib-ok').boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // Two taps: present, then absent.
  await entryOf(gone!).tap();
  await expect(entryOf(gone!)).toHaveAttribute('data-state', 'present');
  await entryOf(gone!).tap();
  await expect(entryOf(gone!)).toHaveAttribute('data-state', 'absent');
  await expect(toast(phone, '缺席：不编入分组')).toBeVisible();
  // A typed bib: present.
  await phone.getByTestId('callroom-bib').fill(typed!.bib!);
  await phone.getByTestId('callroom-bib-ok').tap();
  await expect(entryOf(typed!)).toHaveAttribute('data-state', 'present');
  await expect(phone.getByTestId('callroom-counts')).toContainText('1 已到');
  await expect(phone.getByTestId('callroom-counts')).toContainText('1 缺席');
  await shots(phone, 'callroom-before-round', 'callroom-round');

  // ── The start list made on the start-list page: the absent left out, and said so ───────────
  await page.goto(`/#/competition/startlist?meetingId=${m.meetingId}&groupItemId=${m.groupItemId}`);
  await expect(page.getByTestId('startlist-page')).toBeVisible();
  await page.getByTestId('sl-generate').click();
  await expect(toast(page, '检录缺席的 1 人未编入')).toBeVisible({ timeout: 20_000 });
  const round = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${roundId}`);
  expect(round.heats).toHaveLength(1);
  const heat = round.heats[0]!;
  expect(heat.starts.map((s) => s.bib).sort()).toEqual(
    listed.entries
      .filter((e) => e !== gone)
      .map((e) => e.bib)
      .sort(),
  );

  // ── Live on the phone: the round is seeded; its heat is listed, the present mark carried ────
  await expect(phone.getByTestId('callroom-round-note')).toContainText('该轮已编排分组', { timeout: 20_000 });
  await phone.getByTestId('callroom-back').tap();
  await expect(phone.getByTestId('callroom-round-item')).toHaveCount(0);
  await phone.locator(`[data-testid="callroom-heat-item"][data-heat="${heat.id}"]`).tap();
  const startOf = (bib: string) => phone.locator(`[data-testid="callroom-start"][data-bib="${bib}"]`);
  await expect(phone.getByTestId('callroom-start')).toHaveCount(8);
  await expect(startOf(typed!.bib!)).toHaveAttribute('data-state', 'present');
  // One more absent in the heat: DNS, and the re-draw is offered.
  const late = heat.starts.find((s) => s.bib !== typed!.bib)!;
  await startOf(late.bib!).tap();
  await expect(startOf(late.bib!)).toHaveAttribute('data-state', 'present');
  await startOf(late.bib!).tap();
  await expect(startOf(late.bib!)).toHaveAttribute('data-state', 'absent');
  await expect(startOf(late.bib!)).toContainText('DNS');
  const redraw = phone.getByTestId('callroom-redraw');
  await expect(redraw).toBeVisible();
  expect((await redraw.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await shots(phone, 'callroom-redraw-offered', 'callroom-redraw');
  await redraw.tap();
  await phone.locator('.ant-popconfirm .ant-btn-primary').tap();
  await expect(toast(phone, '已重新抽道')).toBeVisible();
  await expect(phone.getByTestId('callroom-redraw')).toHaveCount(0);
  await expect(startOf(late.bib!).locator('.callroom-start-lane')).toHaveText('');

  // Seven athletes on eight lanes: lanes 2–8 (the central block, no gap), the absent without one.
  const after = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${roundId}`);
  const starts = after.heats[0]!.starts;
  expect(
    starts
      .filter((s) => s.bib !== late.bib)
      .map((s) => s.lane)
      .sort(),
  ).toEqual([2, 3, 4, 5, 6, 7, 8]);
  expect(starts.find((s) => s.bib === late.bib)?.lane).toBeNull();
  await shots(phone, 'callroom-redrawn', 'callroom-starts');
});
