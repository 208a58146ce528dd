import { expect } from '@playwright/test';
import { test } from './fixtures';
import { adminPage, toast } from './helpers';

/**
 * Issue 25 item 10: a new notice is a draft until published. The compose dialog's buttons say
 * which will happen (and to whom); a saved draft is not on the public home page, and it is there
 * once published.
 */
test('a draft notice is not on the public page until it is published', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `E2E draft notice ${Date.now()}`;
  const admin = await adminPage(browser);
  await admin.goto('/#/system/notice');
  await admin.getByTestId('notice-add').click();
  const dialog = admin.getByTestId('notice-compose');
  await dialog.getByTestId('notice-title').fill(title);
  await dialog.getByTestId('notice-content').fill('<p>Not yet for the public</p>');

  // The buttons say what each does; publishing names its audience.
  await expect(dialog.getByTestId('notice-save')).toHaveText('存为草稿');
  await expect(dialog.getByTestId('notice-save-publish')).toHaveText('发布给全体用户');
  await expect(dialog.getByTestId('notice-compose-hints')).toContainText('接收对象看不到');
  await expect(dialog.getByTestId('notice-compose-hints')).toContainText('公开首页也会显示');
  // Another audience: the publish button follows it.
  await dialog.getByTestId('notice-target').getByText('指定角色').click();
  await expect(dialog.getByTestId('notice-save-publish')).toHaveText('发布给 0 个角色');
  await dialog.getByTestId('notice-target').getByText('全体用户').click();
  await expect(dialog.getByTestId('notice-save-publish')).toHaveText('发布给全体用户');

  // Save as draft: the dialog stays on the draft, nothing is published.
  await dialog.getByTestId('notice-save').click();
  await expect(toast(admin, '已存为草稿，尚未发布')).toBeVisible();
  await expect(dialog.getByTestId('notice-compose-draft')).toHaveText('草稿');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  const row = admin.getByTestId('notice-table').locator('tr', { hasText: title });
  await expect(row.getByText('草稿')).toBeVisible();

  // The public home page does not list the draft.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/#/home/index');
  const notices = visitor.getByTestId('home-notices');
  /** The notices as listed once loaded (the skeleton gone). */
  const listed = async () => {
    await expect(notices).toBeVisible();
    await expect(notices.locator('.lite-skeleton')).toHaveCount(0);
    return notices.getByTestId('notice-row').filter({ hasText: title });
  };
  await expect(await listed()).toHaveCount(0);

  // Published from the list, it is there.
  await row.getByTestId('notice-publish').click();
  await admin
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(toast(admin, '通知已发布')).toBeVisible();
  await expect(row.getByText('已发布')).toBeVisible();
  await visitor.reload();
  await expect(await listed()).toBeVisible();

  // Revoked, it leaves the public page again (and leaves the list tidy for other tests).
  await row.getByTestId('notice-revoke').click();
  await admin
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(row.getByText('已撤回')).toBeVisible();
  await visitor.reload();
  await expect(await listed()).toHaveCount(0);
});
