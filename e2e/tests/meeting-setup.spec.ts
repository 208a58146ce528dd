import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api } from './comm-helpers';
import { test } from './fixtures';
import { signIn, toast } from './helpers';

/**
 * Issue 4, "Done when": a committee user builds a meeting from nothing — the meeting, groups
 * copied from the demo meeting, an event added, fields chosen, delegations imported from an
 * Excel file with one bad row reported — opens registration and sees the area summary.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localDateTime = (d: Date) => `${localDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const days = (n: number) => new Date(Date.now() + n * 86_400_000);

async function signInAs(page: Page, username: string) {
  await signIn(page, username);
  await expect(page).toHaveURL(/#\/dashboard/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** An antd Select: open it and click the option with this text. */
async function choose(page: Page, testId: string, option: string | RegExp, search?: string) {
  const select = page.getByTestId(testId);
  await select.click();
  if (search) await page.keyboard.type(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

async function delegationWorkbook(suffix: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('delegations');
  ws.addRow(['代表队名称', '简称', '联系人', '联系手机', '区域编码']);
  ws.addRow([`E2E一中${suffix}`, '一中', '张老师', `139${suffix.slice(-8).padStart(8, '1')}`, '330381']);
  ws.addRow([`E2E二中${suffix}`, '二中', '李老师', '12345', '330381']); // bad mobile
  ws.addRow([`E2E三中${suffix}`, '三中', '王老师', `137${suffix.slice(-8).padStart(8, '2')}`, '330381']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a committee user sets a meeting up from nothing and opens registration', async ({ page }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString().slice(-8);
  const code = `e2e${stamp}`;
  const name = `E2E 测试运动会 ${stamp}`;
  await signInAs(page, 'committee');

  // 1. The meeting
  await page.goto('/#/meeting/trackmeet');
  await expect(page.getByTestId('meeting-table')).toBeVisible();
  await page.getByTestId('meeting-add').click();
  const form = page.getByTestId('meeting-form');
  await form.getByTestId('meeting-name').fill(name);
  await form.getByTestId('meeting-name-en').fill(`E2E Games ${stamp}`);
  await form.getByTestId('meeting-code').fill(code);
  await form.getByTestId('meeting-venue').fill('E2E 体育场');
  await form.getByTestId('meeting-organisers').fill('主办单位：E2E 教育局\n\n  承办单位：E2E 体育中心  ');
  await choose(page, 'meeting-nature', /./);
  await form.getByTestId('meeting-start').fill(localDate(days(40)));
  await form.getByTestId('meeting-end').fill(localDate(days(42)));
  await form.getByTestId('meeting-reg-opens').fill(localDateTime(days(-1)));
  await form.getByTestId('meeting-reg-closes').fill(localDateTime(days(30)));
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/meetings') && r.request().method() === 'POST');
  await page.getByTestId('modal-ok').click();
  // The answer's status only: Chromium may drop a fetch answer's body before the test asks for it.
  expect((await created).status()).toBe(200);
  const found = await api<{ list: { id: number; code: string }[] }>(
    page,
    'GET',
    `/api/v1/meetings?pageNum=1&pageSize=10&keywords=${code}`,
  );
  const meetingId = found.list.find((m) => m.code === code)!.id;
  const row = page.getByTestId('meeting-table').locator('tr', { hasText: code });
  await expect(row).toBeVisible();
  await expect(row).toContainText('草稿');

  // 2. Fields: the delegation fields of the new meeting
  await row.getByTestId('meeting-more').click();
  await page.getByRole('menuitem', { name: '代表队字段' }).click();
  const fields = page.getByTestId('fields-table');
  await expect(fields.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const firstField = fields.locator('tbody tr.ant-table-row').first();
  if (!(await firstField.locator('input[type=checkbox]').isChecked())) {
    await firstField.locator('input[type=checkbox]').check();
  }
  await firstField.getByRole('switch').click();
  const savedFields = page.waitForResponse(
    (r) => r.url().includes(`/api/v1/meetings/${meetingId}/fields`) && r.request().method() === 'PUT',
  );
  await page.getByTestId('fields-ok').click();
  expect((await savedFields).status()).toBe(200);

  // 2b. The 竞赛规程, written with the editor's buttons; the preview is what the server kept.
  await row.getByTestId('meeting-more').click();
  await page.getByRole('menuitem', { name: '竞赛规程' }).click();
  const rules = page.getByTestId('regulations-input');
  // A toolbar button wraps a heading; then the committee's own text, typed as HTML.
  await page.getByTestId('regulations-input-heading').click();
  await expect(rules).toHaveValue(/^<h3>.+<\/h3>$/);
  await rules.fill('<h3>一、竞赛项目</h3><p>执行最新田径竞赛规则<script>alert(1)</script></p>');
  await page.getByTestId('regulations-ok').click();
  const preview = page.getByTestId('regulations-preview');
  await expect(preview.locator('h3')).toHaveText('一、竞赛项目');
  await expect(preview).toContainText('执行最新田径竞赛规则');
  await expect(preview.locator('script')).toHaveCount(0);
  await page.keyboard.press('Escape');
  const saved = await api<{ organisers: string }>(page, 'GET', `/api/v1/meetings/${meetingId}/form`);
  expect(saved.organisers).toBe('主办单位：E2E 教育局\n承办单位：E2E 体育中心');

  // 3. Groups copied from the demo meeting
  await page.goto(`/#/meeting/group?meetingId=${meetingId}`);
  await expect(page.getByTestId('meeting-picker')).toContainText(code);
  await page.getByTestId('group-copy').click();
  await choose(page, 'copy-from', 'wrj2025');
  await expect(page.getByTestId('copy-groups').locator('input[type=checkbox]')).toHaveCount(4);
  await page.getByTestId('copy-ok').click();
  await expect(toast(page, /已复制 4 个组别/)).toBeVisible();
  const groups = page.getByTestId('group-table').locator('tbody tr.ant-table-row');
  await expect(groups).toHaveCount(4);

  // 4. An event added to the first group
  await groups.first().locator('.ant-table-row-expand-icon').click();
  const items = page.locator('[data-testid^="group-items-"]').first();
  await expect(items.locator('tbody tr.ant-table-row')).toHaveCount(8);
  await items.getByTestId('group-item-add').click();
  await choose(page, 'group-item-select', '60 60米', '60米');
  await page.getByTestId('group-item-scoring').fill('7,5,4,3,2,1');
  await page.locator('.ant-modal:visible').getByTestId('modal-ok').click();
  await expect(items.locator('tbody tr.ant-table-row')).toHaveCount(9);
  await expect(items).toContainText('7-5-4-3-2-1');

  // 5. Delegations imported from Excel: one bad row reported, then the valid rows only
  await page.goto(`/#/meeting/delegation?meetingId=${meetingId}`);
  await expect(page.getByTestId('delegation-table')).toBeVisible();
  await page.getByTestId('delegation-import').click();
  await page
    .getByTestId('import-dialog')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'delegations.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await delegationWorkbook(stamp),
    });
  await page.getByTestId('import-submit').click();
  const report = page.getByTestId('import-report');
  await expect(report).toBeVisible();
  await expect(report).toContainText('错误 1 行，已导入 0 行');
  await expect(report).toContainText(/第 [23] 行/);
  await page.getByTestId('import-valid-only').click();
  await expect(report).toContainText('已导入 2 行');
  await page.locator('.ant-modal:visible .ant-modal-close').click();
  const delegations = page.getByTestId('delegation-table').locator('tbody tr.ant-table-row');
  await expect(delegations).toHaveCount(2);
  await expect(delegations.first()).toContainText('****');

  // 6. Registration opens (status change, forward only)
  await page.goto('/#/meeting/trackmeet');
  const again = page.getByTestId('meeting-table').locator('tr', { hasText: code });
  await again.getByTestId('meeting-status').click();
  await expect(page.getByTestId('status-to')).toContainText('报名中');
  await page.getByTestId('status-reason').fill('E2E 开放报名');
  await page.getByTestId('status-ok').click();
  await expect(toast(page, '状态已变更')).toBeVisible();
  await expect(again).toContainText('报名中');

  // 7. The area summary of the new meeting
  await page.goto(`/#/meeting/area-apply-summary?meetingId=${meetingId}`);
  const summary = page.getByTestId('area-summary-table');
  await expect(summary.locator('tbody tr.ant-table-row', { hasText: '330381' })).toBeVisible();
  await expect(summary.locator('.ant-table-summary')).toContainText('2');
});

test('the county user sees the area summary but no create buttons', async ({ page }) => {
  await signInAs(page, 'county');
  await page.goto('/#/meeting/area-apply-summary');
  await expect(page.getByTestId('area-summary-table')).toBeVisible();
  await expect(page.getByTestId('meeting-picker')).toContainText('wrj2025');
  await expect(page.getByTestId('area-summary-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  for (const id of ['meeting-add', 'group-add', 'group-copy', 'delegation-add', 'delegation-import', 'area-user-add']) {
    await expect(page.getByTestId(id)).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: /新增|新 增/ })).toHaveCount(0);
});
