import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { ADMIN_PASSWORD, adminPage, signInAndWait } from './helpers';

/** The unread count the bell announces (its accessible label carries the number). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('notice-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? Number.NaN);
}

test.describe('notices', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a published notice reaches an open page live; the reader opens it and marks all read', async ({ browser }) => {
    test.setTimeout(180_000);
    const title = `E2E live notice ${Date.now()}`;
    // The committee member is already looking at the console.
    const reader = await (await browser.newContext()).newPage();
    await signInAndWait(reader, 'committee', ADMIN_PASSWORD);
    await expect(reader.getByTestId('notice-bell')).toBeVisible();
    await expect.poll(() => bellCount(reader)).not.toBeNaN();
    const before = await bellCount(reader);

    // The administrator composes and publishes to all users.
    const admin = await adminPage(browser);
    await admin.goto('/#/system/notice');
    await admin.getByTestId('notice-add').click();
    const dialog = admin.getByTestId('notice-compose');
    await dialog.getByTestId('notice-title').fill(title);
    await dialog
      .getByTestId('notice-content')
      .fill('<p>Hello <strong>committee</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">');
    // Save first: the preview shows what the server kept.
    await dialog.getByTestId('notice-save').click();
    const preview = dialog.getByTestId('notice-preview');
    await expect(preview.locator('strong')).toHaveText('committee');
    await expect(preview.locator('script')).toHaveCount(0);
    expect(await preview.innerHTML()).not.toContain('onerror');
    await dialog.getByTestId('notice-save-publish').click();

    // Without a reload, the reader gets the notification and the bell count rises.
    const note = reader.locator('.ant-notification-notice').filter({ hasText: title });
    await expect(note).toBeVisible();
    await note.hover(); // keep it open (it closes itself after 4.5 s)
    await expect.poll(() => bellCount(reader)).toBe(before + 1);
    await expect(dialog).toBeHidden();
    await expect(admin.getByTestId('notice-table').locator('tr', { hasText: title }).getByText('已发布')).toBeVisible();

    // The notification links to the notice; reading it lowers the count.
    await note.getByTestId('notice-notification-link').click();
    await expect(reader).toHaveURL(/#\/myNotice\?id=\d+/);
    const detail = reader.getByTestId('my-notice-detail');
    await expect(detail.getByTestId('my-notice-content').locator('strong')).toHaveText('committee');
    await expect.poll(() => bellCount(reader)).toBe(before);
    await detail.locator('.ant-drawer-close').click();

    // Read state in the list, then "mark all read" empties the unread filter.
    const item = reader.getByTestId('my-notice-item').filter({ hasText: title });
    await expect(item).toHaveAttribute('data-read', '1');
    await reader.getByTestId('my-notice-read-all').click();
    await expect.poll(() => bellCount(reader)).toBe(0);
    await reader.getByTestId('my-notice-unread').click();
    await expect(reader.getByTestId('my-notice-item')).toHaveCount(0);

    // Revoking takes it away from the reader's list.
    await admin.getByTestId('notice-table').locator('tr', { hasText: title }).getByTestId('notice-revoke').click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect(admin.getByTestId('notice-table').locator('tr', { hasText: title }).getByText('已撤回')).toBeVisible();
    await reader.getByTestId('my-notice-all').click();
    await expect(reader.getByTestId('my-notice-item').filter({ hasText: title })).toHaveCount(0);
  });
});
