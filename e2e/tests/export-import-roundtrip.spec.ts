import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { test } from './fixtures';
import { dialog, pick, signIn, signInOnce } from './helpers';
import { api, open, row, search, unique } from './system-helpers';

/**
 * Issue 25 item 7: the users' export is a valid users' import. Exported in the browser, deleted,
 * imported back from the very file: the same users come back, each with a generated password
 * the dialog shows once (to download or copy), and a user signs in with theirs.
 */

interface TreeOption {
  value: number;
  label: string;
  children: TreeOption[];
}

/** The rows of an exported sheet by header, without the creation time (a new record has a new one). */
async function exportedRows(file: string): Promise<Record<string, string>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, string>[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    rows.push(
      Object.fromEntries(
        headers.filter((h) => h !== '创建时间').map((h) => [h, String(r.getCell(headers.indexOf(h) + 1).value ?? '')]),
      ),
    );
  });
  return rows;
}

async function exportUsers(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByTestId('user-export').click();
  return (await (await download).path())!;
}

test('users: export, delete, import the same file: the same users, a password each shown once', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const prefix = unique('rt');
  await signInOnce(page);
  const depts = (await api(page, 'GET', '/api/v1/dept/options')) as TreeOption[];
  const flat = (list: TreeOption[]): TreeOption[] => list.flatMap((d) => [d, ...flat(d.children)]);
  const competition = flat(depts).find((d) => d.label === '竞赛部')!;
  for (const [n, gender] of [
    ['a', 1],
    ['b', 2],
  ] as const) {
    await api(page, 'POST', '/api/v1/users', {
      username: `${prefix}${n}`,
      nickname: `往返用户 ${n}`,
      password: 'Before#2026',
      gender,
      mobile: null,
      email: `${prefix}${n}@example.com`,
      userType: 40,
      status: 1,
      deptId: competition.value,
      roleIds: [],
    });
  }

  // Export the two from the list.
  await open(page, '/system/user', 'user-table');
  const table = page.getByTestId('user-table');
  await search(page, 'user-keywords', prefix);
  await expect(table.locator('tr.ant-table-row')).toHaveCount(2);
  const file = await exportUsers(page);
  const before = await exportedRows(file);
  expect(before.map((r) => r.用户名)).toEqual([`${prefix}a`, `${prefix}b`]);
  expect(Object.keys(before[0]!)).not.toContain('密码');

  // Delete them (the list's batch delete).
  await table.locator('thead .ant-checkbox-input').check();
  await page.getByTestId('user-batch-delete').click();
  await page.locator('.ant-popover:visible .ant-popconfirm-buttons .ant-btn-primary').click();
  await expect(table.locator('tr.ant-table-row').filter({ hasText: prefix })).toHaveCount(0);

  // Import the export as it is: the preview says passwords will be generated.
  await page.getByTestId('user-import').click();
  const box = dialog(page);
  await pick(page, box.getByTestId('import-dept'), '竞赛部');
  await box.locator('input[type=file]').setInputFiles(file);
  await expect(box.getByText('导入时将为每人生成一个密码')).toBeVisible();
  await box.getByTestId('import-submit').click();
  await expect(box.getByTestId('import-report')).toContainText('已导入 2 行');
  const shown = box.getByTestId('import-passwords');
  await expect(shown).toContainText('已为 2 个用户生成密码');
  await expect(shown.getByTestId('import-password')).toHaveCount(2);
  const passwordOfA = (
    await shown
      .locator('tr', { hasText: `${prefix}a` })
      .getByTestId('import-password')
      .textContent()
  )?.trim();
  expect(passwordOfA).toMatch(/^\w{4}-\w{4}-\w{4}$/);
  if (!passwordOfA) throw new Error('no password shown');

  // Closing before keeping them asks first; after the download it closes at once.
  await box
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: '不保存密码就关闭？' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: /取\s*消/ }).click();
  await expect(ask).toBeHidden();
  const csvDownload = page.waitForEvent('download');
  await shown.getByTestId('import-passwords-download').click();
  const csv = await readFile((await (await csvDownload).path())!, 'utf8');
  expect(csv).toContain(`"${prefix}a","${passwordOfA}"`);
  expect(csv).toContain(`"${prefix}b"`);
  await box
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await expect(box).toBeHidden();

  // The same users: the export of the list is the same file again.
  await search(page, 'user-keywords', prefix);
  await expect(row(table, `${prefix}a`)).toContainText('竞赛部');
  expect(await exportedRows(await exportUsers(page))).toEqual(before);

  // The user signs in with the password handed out.
  const userContext = await browser.newContext();
  try {
    const user = await userContext.newPage();
    await signIn(user, `${prefix}a`, passwordOfA);
    await expect(user.getByTestId('user-menu')).toBeVisible();
  } finally {
    await userContext.close();
  }
});
