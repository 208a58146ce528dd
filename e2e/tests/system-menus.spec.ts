import { expect } from '@playwright/test';
import { test } from './fixtures';
import { dialog, signInOnce, toast } from './helpers';
import { open, row, search } from './system-helpers';

test.describe('system: menus', () => {
  // Generous: these flows open several pages of a console that other suites load at the same time.
  test.describe.configure({ timeout: 150_000 });

  test('renaming a menu changes the sidebar at once', async ({ page }) => {
    const original = '部门管理';
    const renamed = `部门-${Date.now().toString(36)}`;
    await signInOnce(page);
    await open(page, '/system/menu', 'menu-table');
    const table = page.getByTestId('menu-table');
    await search(page, 'menu-keywords', original);

    const rename = async (from: string, to: string) => {
      await row(table, from).filter({ hasText: 'system/dept/index' }).getByTestId('menu-edit').click();
      const form = dialog(page);
      await expect(form.getByTestId('menu-title')).toHaveValue(from);
      await form.getByTestId('menu-title').fill(to);
      await form.getByTestId('modal-ok').click();
      await expect(toast(page, '保存成功')).toBeVisible();
    };

    const sidebar = page.locator('.ant-layout-sider .ant-menu').first();
    try {
      await rename(original, renamed);
      // The sidebar follows without a reload (the System group is open: this page is under it).
      await expect(sidebar.getByText(renamed)).toBeVisible();
      await expect(sidebar.getByText(original, { exact: true })).toHaveCount(0);
      await sidebar.getByText(renamed).click();
      await expect(page).toHaveURL(/#\/system\/dept/);
      await expect(page.getByTestId('dept-table')).toBeVisible();
      await open(page, '/system/menu', 'menu-table');
      await search(page, 'menu-keywords', renamed);
      await rename(renamed, original);
      await expect(sidebar.getByText(original, { exact: true })).toBeVisible();
    } finally {
      // Whatever failed above, leave the seed's title for the other tests.
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      const headers = { authorization: token ?? '' };
      const tree = await (await page.request.get('/api/v1/menus?keywords=system%2Fdept', { headers })).json();
      const find = (nodes: { id: number; component: string | null; children: unknown[] }[]): number | undefined => {
        for (const n of nodes) {
          if (n.component === 'system/dept/index') return n.id;
          const inner = find(n.children as typeof nodes);
          if (inner) return inner;
        }
        return undefined;
      };
      const id = find(tree.data ?? []);
      if (id) {
        const form = (await (await page.request.get(`/api/v1/menus/${id}/form`, { headers })).json()).data;
        if (form.title !== original) {
          const { id: _id, ...body } = form;
          await page.request.put(`/api/v1/menus/${id}`, { headers, data: { ...body, title: original } });
        }
      }
    }
  });

  test('the menu tree expands, and the form switches its fields by type', async ({ page }) => {
    await signInOnce(page);
    await open(page, '/system/menu', 'menu-table');
    const table = page.getByTestId('menu-table');
    await page.getByTestId('menu-expand').click();
    await expect(table.getByText('sys:user:add')).toBeVisible();
    await page.getByTestId('menu-add').click();
    const form = dialog(page);
    await expect(form.getByTestId('icon-picker')).toBeVisible();
    await form.getByText('按钮', { exact: true }).click();
    await expect(form.getByTestId('icon-picker')).toHaveCount(0);
    await expect(form.getByTestId('menu-perm')).toBeVisible();
    await form.getByText('目录', { exact: true }).click();
    await expect(form.getByTestId('menu-perm')).toHaveCount(0);
    await expect(form.getByTestId('icon-picker')).toBeVisible();
    await page.keyboard.press('Escape');
  });
});
