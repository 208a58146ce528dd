import { expect } from '@playwright/test';
import { test } from './fixtures';
import { dialog, signInOnce, toast } from './helpers';
import { api, open, row, search, unique } from './system-helpers';

test.describe('system: dictionaries', () => {
  // Generous: these flows open several pages of a console that other suites load at the same time.
  test.describe.configure({ timeout: 150_000 });

  test('editing a gender label refreshes the cache: the users page shows it without a reload', async ({ page }) => {
    const username = unique('e2ed');
    const original = '未知';
    const renamed = `未知性别${Date.now().toString(36).slice(-4)}`;
    await signInOnce(page);
    await api(page, 'POST', '/api/v1/users', {
      username,
      nickname: 'Dict test',
      password: 'secret-123',
      gender: 0,
      userType: 10,
      roleIds: [],
    });

    // The users page first, so the dictionary cache is loaded with the old label.
    await open(page, '/system/user', 'user-table');
    const users = page.getByTestId('user-table');
    await search(page, 'user-keywords', username);
    await expect(row(users, username)).toContainText(original);

    // Dictionaries → gender → entry 0.
    await open(page, '/system/dict', 'dict-table');
    await page.getByTestId('dict-data-gender').click();
    await expect(page).toHaveURL(/#\/system\/dict-data\?dictCode=gender/);
    const data = page.getByTestId('dict-data-table');
    const edit = async (from: string, to: string) => {
      await data.getByTestId('dict-data-edit-0').click();
      const form = dialog(page);
      await expect(form.getByTestId('dict-data-label')).toHaveValue(from);
      await form.getByTestId('dict-data-label').fill(to);
      // This save's own answer: the first save's toast may still be showing when the second is sent.
      const saved = page.waitForResponse(
        (r) => r.url().includes('/api/v1/dict-data/') && r.request().method() === 'PUT',
      );
      await form.getByTestId('modal-ok').click();
      expect((await saved).status()).toBe(200);
      await expect(toast(page, '保存成功')).toBeVisible();
      await expect(form).toBeHidden();
    };
    try {
      await edit(original, renamed);
      await expect(row(data, renamed)).toBeVisible();

      // Back to the users tab (no reload): the tag shows the new label.
      await page.getByTestId('tags-view').getByTestId('tag-/system/user').click();
      await expect(row(users, username)).toContainText(renamed);
      await page.getByTestId('tags-view').getByTestId('tag-/system/dict-data').click();
      await edit(renamed, original);
    } finally {
      const list = await api(page, 'GET', '/api/v1/dict-data/page?dictCode=gender&pageSize=50');
      const entry = list.list.find((d: { value: string }) => d.value === '0');
      if (entry && entry.label !== original) {
        const { id, createdAt: _c, ...body } = entry;
        await api(page, 'PUT', `/api/v1/dict-data/${id}`, { ...body, label: original });
      }
      const found = await api(page, 'GET', `/api/v1/users/page?keywords=${username}`);
      if (found.list[0]) await api(page, 'DELETE', `/api/v1/users/${found.list[0].id}`);
    }
  });
});
