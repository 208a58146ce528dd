import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { boyId, expectAthleteEntries, leaderOfNewMeeting, type Setup, schoolSheet, XLSX } from './apply-import-helpers';
import { api, uniqueMobile } from './comm-helpers';
import { test } from './fixtures';
import { dialog, expectNoProblems, noSideScroll, submitImport, visible } from './helpers';

/**
 * Issue 22, the delegation's other two lists: a team leader imports the school's staff list into
 * the coaches (through the preview), and the athletes export is a file the athletes import reads
 * back with no problems. Each test makes its own meeting, group, events and delegation through
 * the API (apply-import-helpers.ts).
 */

/** The school's staff list: a title row, a unit/leader row, then 序号 姓名 性别 职务 手机号 身份证号. */
async function staffSheet(s: Setup, staff: { name: string; gender: string; role: string; mobile: string }[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('随队人员');
  ws.getCell('A1').value = `${s.meetingName}随队人员名单`;
  ws.mergeCells('A1:F1');
  ws.getCell('A2').value = `单位：${s.delegationName}    联系电话：${s.mobile}`;
  ws.mergeCells('A2:F2');
  ws.getRow(3).values = ['序号', '姓名', '性别', '职务', '手机号', '身份证号'];
  staff.forEach((p, i) => {
    ws.getRow(4 + i).values = [i + 1, p.name, p.gender, p.role, p.mobile, ''];
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a team leader imports two coaches from a school staff list on a phone: preview, import, listed with their roles', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { stamp, admin, s, leader } = await leaderOfNewMeeting(browser);
  const staff = [
    { name: `王建国${stamp}`, gender: '男', role: '领队', mobile: uniqueMobile() },
    { name: `李芳${stamp}`, gender: '女', role: '教练', mobile: uniqueMobile() },
  ];

  await leader.goto('/#/apply/coach');
  const importButton = visible(leader.getByTestId('coach-import'));
  await expect(importButton).toBeEnabled();
  // A phone toolbar button: full width, a touch target of at least 44 px.
  const size = await importButton.boundingBox();
  expect(size!.height).toBeGreaterThanOrEqual(44);
  expect(size!.width).toBeGreaterThan(300);
  await noSideScroll(leader);

  await importButton.click();
  const box = dialog(leader);
  await expect(box.locator('.ant-modal-title')).toHaveText('导入随队人员');
  await expect(box.getByTestId('import-template')).toBeVisible();
  await box.locator('input[type=file]').setInputFiles({
    name: '随队人员名单.xlsx',
    mimeType: XLSX,
    buffer: await staffSheet(s, staff),
  });

  // ─── The preview: the header under the title rows, the columns as understood ────────────
  await expect(box.getByTestId('import-preview')).toBeVisible();
  const summary = box.getByTestId('import-preview-summary');
  await expect(summary).toContainText('表头在第 3 行');
  await expect(summary).toContainText('可导入 2 行，有问题 0 行');
  await expect(box.getByTestId('import-map-0')).toContainText('不导入');
  await expect(box.getByTestId('import-map-1')).toContainText('姓名');
  await expect(box.getByTestId('import-map-2')).toContainText('性别');
  await expect(box.getByTestId('import-map-3')).toContainText('职务');
  await expect(box.getByTestId('import-map-4')).toContainText('手机');
  await expect(box.getByTestId('import-map-5')).toContainText('证件号码');
  await expect(box.getByTestId('import-creates')).toContainText('2');
  await expectNoProblems(box);
  await noSideScroll(leader);
  // Nothing is written by the preview.
  const before = await api<{ total: number }>(leader, 'GET', '/api/v1/apply/coaches/page?pageNum=1&pageSize=10');
  expect(before.total).toBe(0);

  // ─── Import: both in the list with their roles ──────────────────────────────────────────
  await submitImport(box, '共 2 行：有效 2 行，错误 0 行，已导入 2 行');
  const cards = visible(leader.getByTestId('coach-table')).getByTestId('apply-card');
  await expect(cards).toHaveCount(2);
  // The role tag of each card (the names hold neither word).
  await expect(cards.filter({ hasText: staff[0]!.name }).getByTestId('coach-role')).toHaveText('领队');
  await expect(cards.filter({ hasText: staff[1]!.name }).getByTestId('coach-role')).toHaveText('教练');

  const list = await api<{ list: { name: string; role: string; gender: string; mobile: string }[] }>(
    leader,
    'GET',
    '/api/v1/apply/coaches/page?pageNum=1&pageSize=10',
  );
  expect(list.list.map((c) => [c.name, c.role, c.gender, c.mobile]).sort()).toEqual(
    [
      [staff[0]!.name, 'leader', 'M', staff[0]!.mobile],
      [staff[1]!.name, 'coach', 'F', staff[1]!.mobile],
    ].sort(),
  );
  await leader.context().close();
  await admin.context().close();
});

test('the athletes export downloads a file the athletes import reads back with no problems', async ({ browser }) => {
  test.setTimeout(180_000);
  const { stamp, admin, s, leader } = await leaderOfNewMeeting(browser, { width: 1440, height: 900 }, 'en');
  const athletes = [
    { name: `赵一${stamp}`, id: boyId('2012-03-15'), birth: '2012-03-15', events: ['100米', '跳远'] },
    { name: `钱二${stamp}`, id: boyId('2011-11-11'), birth: '2011-11-11', events: ['跳远'] },
  ];
  // The athletes and their entries, through the import API (the school sheet maps 号码 to the ID number).
  const sheet = (await schoolSheet(s, athletes)).toString('base64');
  const imported = await leader.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('mapping', JSON.stringify({ 2: 'idNumber' }));
    form.append('file', new Blob([bytes]), 'sheet.xlsx');
    const r = await fetch('/api/v1/apply/athletes/import', {
      method: 'POST',
      headers: { Authorization: localStorage.getItem('accessToken') ?? '' },
      body: form,
    });
    return r.json();
  }, sheet);
  expect(imported.code, JSON.stringify(imported)).toBe('00000');
  expect(imported.data.imported).toBe(2);
  await leader.reload();
  const table = leader.getByTestId('athlete-table');
  await expect(table).toContainText(athletes[0]!.name);

  // ─── Export from the list's toolbar ─────────────────────────────────────────────────────
  const exportButton = table.getByTestId('athlete-export');
  await expect(exportButton).toHaveText(/Export/);
  const [download] = await Promise.all([leader.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await readFile((await download.path())!);

  // What the file holds: the athletes with their events.
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const text = JSON.stringify(wb.worksheets[0]!.getSheetValues());
  for (const a of athletes) expect(text).toContain(a.name);

  // ─── The athletes are deleted, and the exported file goes back through the import ──────
  const page = await api<{ list: { id: number }[] }>(
    leader,
    'GET',
    '/api/v1/apply/athletes/page?pageNum=1&pageSize=10',
  );
  await api(leader, 'DELETE', `/api/v1/apply/athletes/${page.list.map((a) => a.id).join(',')}`);
  await leader.reload();
  await expect(table).not.toContainText(athletes[0]!.name);

  await table.getByTestId('athlete-import').click();
  const box = dialog(leader);
  await box
    .locator('input[type=file]')
    .setInputFiles({ name: download.suggestedFilename(), mimeType: XLSX, buffer: file });
  await expect(box.getByTestId('import-preview-summary')).toContainText('2 rows read: 2 ready, 0 with problems');
  await expect(box.getByTestId('import-missing')).toHaveCount(0);
  await expect(box.getByTestId('import-creates')).toContainText('2');
  await expect(box.getByTestId('import-creates')).toContainText('3');
  await expectNoProblems(box);

  await submitImport(box, '2 rows: 2 valid, 0 with errors, 2 imported', 'Close');
  await expectAthleteEntries(leader, athletes);
  await leader.context().close();
  await admin.context().close();
});
