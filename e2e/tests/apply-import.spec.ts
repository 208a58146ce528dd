import { expect } from '@playwright/test';
import { boyId, expectAthleteEntries, leaderOfNewMeeting, schoolSheet, XLSX } from './apply-import-helpers';
import { test } from './fixtures';
import { dialog, expectNoProblems, noSideScroll, submitImport, visible } from './helpers';

/**
 * Issue 22 "Done when": in Chromium, a team leader imports a school-style sheet with the preview
 * and fixes one mapping. The meeting, its group and events, the delegation and its leader are
 * this test's own (made through the API). The sheet is what a school has: a title row, a
 * unit/leader row, a two-row merged header (项目 over 项目一 | 项目二), the ID numbers as text
 * under 号码 — a header the import cannot know — and a Chinese date. The leader, on a phone,
 * sees the columns as understood, maps 号码 to 证件号码, sees no problems left, imports, and
 * finds the athletes with their events in the list.
 */

test('a team leader imports a school-style sheet on a phone: preview, one column re-mapped, athletes and entries listed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { stamp, admin, s, leader } = await leaderOfNewMeeting(browser);

  const athletes = [
    { name: `张三${stamp}`, id: '', birth: '2012-03-15', events: ['100米', '跳远'] },
    { name: `欧阳四${stamp}`, id: '', birth: '2011-11-11', events: ['100米'] },
  ];
  for (const a of athletes) a.id = boyId(a.birth);

  await visible(leader.getByTestId('athlete-import')).click();
  const box = dialog(leader);
  await expect(box.getByTestId('import-template-school')).toBeVisible();
  await box.locator('input[type=file]').setInputFiles({
    name: '报名表.xlsx',
    mimeType: XLSX,
    buffer: await schoolSheet(s, athletes),
  });

  // ─── The preview: the header found under the title rows, the columns as understood ────
  const preview = box.getByTestId('import-preview');
  await expect(preview).toBeVisible();
  await expect(box.getByTestId('import-preview-summary')).toContainText('表头在第 4 行');
  await expect(box.getByTestId('import-column-0')).toContainText('姓名');
  await expect(box.getByTestId('import-map-0')).toContainText('姓名');
  await expect(box.getByTestId('import-map-1')).toContainText('性别');
  await expect(box.getByTestId('import-map-3')).toContainText('出生日期');
  await expect(box.getByTestId('import-map-4')).toContainText('项目');
  await expect(box.getByTestId('import-map-5')).toContainText('项目');
  // 号码 is not known: left out, and the ID number has no column — the import waits.
  await expect(box.getByTestId('import-column-2')).toContainText('号码');
  await expect(box.getByTestId('import-map-2')).toContainText('不导入');
  await expect(box.getByTestId('import-missing')).toContainText('证件号码');
  await expect(box.getByTestId('import-submit')).toBeDisabled();
  await noSideScroll(leader);

  // ─── The leader maps 号码 to 证件号码: the preview is read again ────────────────────────
  await box.getByTestId('import-map-2').click();
  await leader.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '证件号码' }).click();
  await expect(box.getByTestId('import-column-2')).toContainText('手动指定');
  await expect(box.getByTestId('import-map-2')).toContainText('证件号码');
  await expect(box.getByTestId('import-missing')).toHaveCount(0);
  await expect(box.getByTestId('import-preview-summary')).toContainText('可导入 2 行，有问题 0 行');
  await expect(box.getByTestId('import-creates')).toContainText('2');
  await expectNoProblems(box);
  await noSideScroll(leader);

  // ─── Import: the athletes and their entries are in the list ─────────────────────────────
  await submitImport(box, '共 2 行：有效 2 行，错误 0 行，已导入 2 行');
  const cards = visible(leader.getByTestId('athlete-table')).getByTestId('apply-card');
  await expect(cards.filter({ hasText: athletes[0]!.name })).toContainText('100米');
  await expect(cards.filter({ hasText: athletes[0]!.name })).toContainText('跳远');
  await expect(cards.filter({ hasText: athletes[1]!.name })).toContainText('100米');

  // What the server holds: both athletes (found by the ID numbers of the re-mapped column), three entries.
  await expectAthleteEntries(leader, athletes);
  await leader.context().close();
  await admin.context().close();
});
