import { COMBINED_FORMATS, combinedPoints } from '@baton/contracts';
import { expect } from '@playwright/test';
import { api } from './comm-helpers';
import { competitionEntries, type Round } from './competition-helpers';
import { test } from './fixtures';
import { signInOnce } from './helpers';

/**
 * Combined events (issue 23) on the web: a girls' heptathlon of its own meeting (three
 * approved entries). The administrator makes and publishes the start list of its first
 * discipline (100 m hurdles) on the start-list page, enters the times on the results page —
 * hand-timed, one athlete did not start — and makes the heat official. The staff standing
 * and a phone on the public event page show the points (the tables' manual difference added),
 * the athlete who did not start last and marked as abandoned, without a reload.
 */
test('a heptathlon’s first discipline: start list, hand-timed results, official; the standing moves live', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOnce(page, 'admin');
  const m = await competitionEntries(page, { item: 'HEP', athletes: 3 });
  const plan = await api<{ rounds: { name: string; discipline?: string }[] }[]>(
    page,
    'GET',
    `/api/v1/group-items?meetingId=${m.meetingId}`,
  );
  // The group item's rounds are the women's heptathlon, in order (TR 39.2.1).
  expect(plan[0]!.rounds.map((r) => r.discipline)).toEqual(COMBINED_FORMATS.HEP!.F);

  // ── The start list of discipline 1 ────────────────────────────────────────────────────
  const event = `meetingId=${m.meetingId}&groupItemId=${m.groupItemId}`;
  await page.goto(`/#/competition/startlist?${event}`);
  await expect(page.getByTestId('startlist-page')).toBeVisible();
  await page.getByTestId('sl-generate').click();
  // The three athletes in one heat.
  await expect(page.getByTestId('sl-row')).toHaveCount(3);
  // The event's rounds are its disciplines, by name.
  await expect(page.getByTestId('comp-round')).toContainText('1 · 100米栏');
  await page.getByTestId('comp-round').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText([
    '1 · 100米栏',
    '2 · 跳高',
    '3 · 铅球',
    '4 · 200米',
    '5 · 跳远',
    '6 · 标枪',
    '7 · 800米',
  ]);
  await page.keyboard.press('Escape');

  // A phone on the public event page, before anything is published.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  await visitor.goto(`/#/h5/detail?code=${m.code}&item=${m.groupItemId}`);
  // A phone's first load of the page (its chunks) can take a while on a busy machine.
  await expect(visitor.getByTestId('item-startlist').getByTestId('live-badge')).toHaveAttribute('data-live', 'on', {
    timeout: 30_000,
  });
  await expect(visitor.getByTestId('item-combined')).toHaveCount(0);

  await page.getByTestId('sl-publish').click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await expect(page.getByTestId('sl-unpublish')).toBeVisible();

  // Published: the phone shows the standing (nothing counted yet) and the discipline's start list.
  const standingOnPhone = visitor.getByTestId('item-combined');
  await expect(standingOnPhone.getByTestId('combined-row')).toHaveCount(3);
  await expect(standingOnPhone.getByTestId('combined-progress')).toHaveText('已计分 0 / 7 项');
  await expect(visitor.getByTestId('live-round').locator('h3')).toHaveText('1 · 100米栏');

  // ── Results: two times taken by hand, one did not start ───────────────────────────────
  const round = (
    await api<{ groupItemId: number; rounds: { id: number; index: number }[] }[]>(
      page,
      'GET',
      `/api/v1/competition/meetings/${m.meetingId}/events`,
    )
  )
    .find((e) => e.groupItemId === m.groupItemId)!
    .rounds.find((r) => r.index === 0)!;
  const heat = (await api<Round>(page, 'GET', `/api/v1/competition/rounds/${round.id}`)).heats[0]!;
  const [a, b, dns] = heat.starts;
  await page.goto(`/#/competition/results?${event}&roundId=${round.id}`);
  await expect(page.getByTestId('track-grid')).toBeVisible();
  // The page keeps the start-list page alive in its tab: look inside this one.
  await expect(page.getByTestId('results-page').getByTestId('comp-round')).toContainText('1 · 100米栏');
  await page.getByTestId(`mark-${a!.id}`).fill('13.5');
  await page.getByTestId(`mark-${b!.id}`).fill('14.1');
  await page.getByTestId(`code-${dns!.id}`).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'DNS' }).click();
  await page.getByTestId('heat-wind').fill('0.5');
  // Marking the heat hand-timed keeps what was typed.
  await page.getByTestId('hand-timed').click();
  await expect(page.getByTestId('hand-timed')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId(`mark-${a!.id}`)).toHaveValue('13.5');
  await page.getByTestId('save-heat').click();
  await expect(page.getByTestId(`place-${a!.id}`)).toHaveText('1');

  // Entered, not official: the standing counts nothing yet.
  const staff = page.getByTestId('combined-standing');
  await expect(staff.getByTestId('combined-progress')).toHaveText('已计分 0 / 7 项');
  await expect(staff.getByTestId('combined-total').first()).toHaveText('0');

  await page.getByTestId('make-official').click();
  await page.getByTestId('official-confirm').click();
  await expect(page.getByTestId('heat-tab-1')).toContainText('成绩生效');
  await expect(page.getByTestId('hand-timed')).toBeDisabled();

  // 13.5 and 14.1 by hand score as 13.74 and 14.34 (WA Scoring Tables, manual timing).
  const pa = combinedPoints('100H', 'F', 13.5, true)!;
  const pb = combinedPoints('100H', 'F', 14.1, true)!;
  expect(pa).toBe(combinedPoints('100H', 'F', 13.74));
  expect(pa).toBeGreaterThan(pb);
  const rows = staff.getByTestId('combined-row');
  await expect(staff.getByTestId('combined-progress')).toHaveText('已计分 1 / 7 项');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByTestId('combined-place')).toHaveText('1');
  await expect(rows.nth(0)).toContainText(a!.name);
  await expect(rows.nth(0).getByTestId('combined-score-0')).toHaveText(`13.5h${pa}`);
  await expect(rows.nth(0).getByTestId('combined-total')).toHaveText(String(pa));
  await expect(rows.nth(1).getByTestId('combined-total')).toHaveText(String(pb));
  await expect(rows.nth(2)).toContainText(dns!.name);
  await expect(rows.nth(2)).toHaveAttribute('data-abandoned', 'yes');
  await expect(rows.nth(2).getByTestId('combined-abandoned')).toHaveText('放弃');
  await expect(rows.nth(2).getByTestId('combined-score-0')).toHaveText('DNS0');

  // ── The phone, not reloaded ───────────────────────────────────────────────────────────
  const phoneRows = standingOnPhone.getByTestId('combined-row');
  await expect(standingOnPhone.getByTestId('combined-progress')).toHaveText('已计分 1 / 7 项', { timeout: 5_000 });
  await expect(phoneRows.nth(0).getByTestId('combined-total')).toHaveText(String(pa));
  await expect(phoneRows.nth(1).getByTestId('combined-total')).toHaveText(String(pb));
  await expect(phoneRows.nth(2).getByTestId('combined-abandoned')).toBeVisible();
  // On the phone the result sits under the name, and the name is a 44-px touch target.
  await expect(standingOnPhone.locator('.cmb-series-row').first()).toContainText(`1 · 100米栏13.5h${pa}`);
  const link = await phoneRows.nth(0).locator('a').boundingBox();
  expect(link!.height).toBeGreaterThanOrEqual(44);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await phone.close();
});
