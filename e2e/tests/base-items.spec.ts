import { expect } from '@playwright/test';
import { test } from './fixtures';
import { dialog, downloadTemplate, importValidOnly, pick, signInOnce, toast, writeSheet } from './helpers';
import { confirmPop, open, row, search, unique } from './system-helpers';

test.describe('base data', () => {
  test('an item is created, found, edited and deleted', async ({ page }) => {
    await signInOnce(page);
    await open(page, '/base/item', 'item-table');
    const table = page.getByTestId('item-table');
    const code = unique('T').slice(0, 16);
    const name = `测试项目${code}`;

    await page.getByTestId('item-add').click();
    const box = dialog(page);
    await box.getByTestId('item-code').fill(code);
    await box.getByTestId('item-name').fill(name);
    await box.getByTestId('item-name-en').fill(`Test event ${code}`);
    await pick(page, box.getByTestId('item-kind'), '接力');
    // A relay asks for its legs.
    await box.getByTestId('modal-ok').click();
    await expect(box.getByText('请输入接力棒次')).toBeVisible();
    await box.locator('#relayLegs').fill('4');
    await box.getByTestId('modal-ok').click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(box).toBeHidden();

    await search(page, 'item-keywords', code);
    await expect(row(table, code)).toContainText(name);
    await expect(row(table, code)).toContainText('接力');
    await expect(row(table, code)).toContainText('4');

    await row(table, code).getByTestId('item-edit').click();
    await expect(box.getByTestId('item-name')).toHaveValue(name);
    await box.getByTestId('item-name').fill(`${name}改`);
    await box.getByTestId('modal-ok').click();
    await expect(box).toBeHidden();
    await expect(row(table, code)).toContainText(`${name}改`);

    await row(table, code).getByTestId('item-delete').click();
    await confirmPop(page);
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(row(table, code)).toHaveCount(0);
  });

  test('area codes import reports a bad row, then imports the valid ones', async ({ page }, info) => {
    await signInOnce(page);
    await open(page, '/base/codes', 'code-table');
    const county = unique('C');
    const sub = `${county}-01`;
    const orphan = unique('X');

    await page.getByTestId('code-import').click();
    const box = dialog(page);
    const { headers } = await downloadTemplate(page, box);
    expect(headers).toEqual(expect.arrayContaining(['编码', '名称', '上级编码']));
    const file = await writeSheet(info, 'codes-import.xlsx', headers, [
      { 编码: county, 名称: `测试区${county}`, 英文名称: `County ${county}` },
      { 编码: sub, 名称: `测试街道${county}`, 上级编码: county },
      { 编码: orphan, 名称: '无上级', 上级编码: `${orphan}NOPE` },
    ]);

    await box.locator('input[type=file]').setInputFiles(file);
    await box.getByTestId('import-submit').click();
    const report = box.getByTestId('import-report');
    await expect(report).toContainText('第 4 行');
    await expect(report).toContainText(`${orphan}NOPE`);
    await importValidOnly(box, 2);

    const table = page.getByTestId('code-table');
    await search(page, 'code-keywords', county);
    await expect(row(table, sub)).toBeVisible();
    await expect(row(table, county).first()).toContainText(`测试区${county}`);
    await expect(row(table, orphan)).toHaveCount(0);
  });

  test("a nature's default fields are chosen per target and saved", async ({ page }) => {
    await signInOnce(page);
    await open(page, '/meeting/nature', 'nature-table');
    const table = page.getByTestId('nature-table');
    const name = unique('性质');

    await page.getByTestId('nature-add').click();
    const box = dialog(page);
    await box.getByTestId('nature-name').fill(name);
    await box.getByTestId('modal-ok').click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await search(page, 'nature-keywords', name);
    await expect(row(table, name)).toContainText('0');

    await row(table, name).getByTestId('nature-fields').click();
    const drawer = page.getByTestId('nature-fields-drawer');
    await expect(drawer).toContainText('尚未选择字段');
    await pick(page, drawer.getByTestId('nature-field-add'), 'school');
    await pick(page, drawer.getByTestId('nature-field-add'), 'photo');
    await drawer.getByRole('tab', { name: /随队人员/ }).click();
    await pick(page, drawer.getByTestId('nature-field-add'), 'title');
    await drawer.getByTestId('nature-fields-save').click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(row(table, name)).toContainText('3');

    await row(table, name).getByTestId('nature-fields').click();
    await expect(drawer.locator('.ant-list-item')).toHaveCount(2);
    await expect(drawer.locator('.ant-list-item').first()).toContainText('school');
  });
});
