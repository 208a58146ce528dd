import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { test } from './fixtures';
import { dialog, downloadTemplate, importValidOnly, pick, signInOnce, toast, writeSheet } from './helpers';
import { confirmPop, open, row, search, unique } from './system-helpers';

test.describe('system: users', () => {
  // Generous: these flows open several pages of a console that other suites load at the same time.
  test.describe.configure({ timeout: 150_000 });

  test('create a user, edit the nickname, find it by search, delete it', async ({ page }) => {
    const username = unique('e2eu');
    await signInOnce(page);
    await open(page, '/system/user', 'user-table');

    await page.getByTestId('user-add').click();
    const form = dialog(page);
    await form.getByTestId('user-username').fill(username);
    await form.getByTestId('user-nickname').fill('First name');
    await form.getByTestId('user-password').fill('secret-123');
    // No type is preselected (never administrator by default): choose one.
    await pick(page, form.getByTestId('user-type'), '裁判');
    await pick(page, form.getByTestId('user-dept'), '信息技术部');
    await form.getByTestId('modal-ok').click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);

    const table = page.getByTestId('user-table');
    await search(page, 'user-keywords', username);
    await expect(table.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(row(table, username)).toContainText('First name');
    await expect(row(table, username)).toContainText('信息技术部');

    await row(table, username).getByTestId('user-edit').click();
    const edit = dialog(page);
    await expect(edit.getByTestId('user-nickname')).toHaveValue('First name');
    await expect(edit.getByTestId('user-password')).toHaveCount(0);
    await edit.getByTestId('user-nickname').fill('Second name');
    await edit.getByTestId('modal-ok').click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(row(table, username)).toContainText('Second name');

    // The search by the new nickname finds it too.
    await search(page, 'user-keywords', 'Second name');
    await expect(row(table, username)).toBeVisible();

    await row(table, username).getByTestId('user-delete').click();
    await confirmPop(page);
    await expect(toast(page, '删除成功')).toBeVisible();
    await search(page, 'user-keywords', username);
    await expect(row(table, username)).toHaveCount(0);
  });

  test('import: template, a file with a bad row, the report, then the valid rows only', async ({ page }, info) => {
    const a = unique('e2ei');
    const b = unique('e2ej');
    await signInOnce(page);
    await open(page, '/system/user', 'user-table');
    await page.getByTestId('user-import').click();
    const box = dialog(page);

    const { fileName, headers } = await downloadTemplate(page, box);
    expect(fileName).toMatch(/\.xlsx$/);
    // The template's header row is what the import reads.
    expect(headers).toContain('用户名');
    // Every row names its user type (there is no default).
    const file = await writeSheet(info, 'users-import.xlsx', headers, [
      { 用户名: a, 昵称: 'Imported A', 密码: 'secret-123', 用户类型: '40' },
      { 用户名: b, 昵称: 'Imported B', 密码: 'secret-123', 性别: '女', 用户类型: '40' },
      { 用户名: unique('e2ek'), 昵称: 'Bad row', 密码: '1', 用户类型: '40' },
    ]);

    await pick(page, box.getByTestId('import-dept'), '竞赛部');
    await box.locator('input[type=file]').setInputFiles(file);
    await box.getByTestId('import-submit').click();

    const report = box.getByTestId('import-report');
    await expect(report).toContainText('第 4 行');
    await expect(report).toContainText('密码');
    await importValidOnly(box, 2);

    const table = page.getByTestId('user-table');
    await search(page, 'user-keywords', a);
    await expect(row(table, a)).toContainText('竞赛部');
  });

  test('export downloads the current filter as xlsx', async ({ page }) => {
    await signInOnce(page);
    await open(page, '/system/user', 'user-table');
    await search(page, 'user-keywords', 'admin');
    const download = page.waitForEvent('download');
    await page.getByTestId('user-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^用户-\d{8}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await file.path())!);
    const sheet = wb.worksheets[0]!;
    const names: string[] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) names.push(String(r.getCell(1).value));
    });
    expect(names).toContain('admin');
    expect(names).not.toContain('committee');
  });
});
