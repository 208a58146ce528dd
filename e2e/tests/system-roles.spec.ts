import { expect } from '@playwright/test';
import { test } from './fixtures';
import { dialog, pick, signInAndWait, signInOnce, toast } from './helpers';
import { confirmPop, open, row, search, unique } from './system-helpers';

test.describe('system: roles', () => {
  // Generous: these flows open several pages of a console that other suites load at the same time.
  test.describe.configure({ timeout: 240_000 });

  test('a role granted only the Users page and its query button: its user sees just that, without "add"', async ({
    page,
    browser,
  }) => {
    const code = unique('E2E_')
      .toUpperCase()
      .replace(/[^A-Z0-9_]/g, '_');
    const roleName = `只读用户${code.slice(-6)}`;
    const username = unique('e2er');
    await signInOnce(page);

    // The role.
    await open(page, '/system/role', 'role-table');
    await page.getByTestId('role-add').click();
    const form = dialog(page);
    await form.getByTestId('role-code').fill(code);
    await form.getByTestId('role-name').fill(roleName);
    await form.getByTestId('role-name-en').fill(`Read-only ${code}`);
    await form.getByTestId('modal-ok').click();
    await expect(toast(page, '保存成功')).toBeVisible();

    // Its permissions: only "sys:user:query" (the Users page and the System catalogue follow half-checked).
    const table = page.getByTestId('role-table');
    await row(table, code).getByTestId('role-assign').click();
    const drawer = page.locator('.ant-drawer:visible');
    const tree = drawer.getByTestId('assign-tree');
    const node = (text: string) => tree.locator('.ant-tree-treenode').filter({ hasText: text });
    await expect(node('sys:user:query')).toBeVisible();
    await node('sys:user:query').locator('.ant-tree-checkbox').click();
    await expect(node('sys:user:query').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
    const usersPage = tree.locator('.ant-tree-treenode').filter({ hasText: '用户管理' }).first();
    await expect(usersPage.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
    await drawer.getByTestId('assign-save').click();
    await expect(toast(page, '权限已保存')).toBeVisible();

    // Opening the drawer again shows what was saved.
    await row(table, code).getByTestId('role-assign').click();
    await expect(node('sys:user:query').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(node('sys:user:add').locator('.ant-tree-checkbox')).not.toHaveClass(/ant-tree-checkbox-checked/);
    await page.keyboard.press('Escape');

    // A user holding it.
    await open(page, '/system/user', 'user-table');
    await page.getByTestId('user-add').click();
    const userForm = dialog(page);
    await userForm.getByTestId('user-username').fill(username);
    await userForm.getByTestId('user-nickname').fill('Role test');
    await userForm.getByTestId('user-password').fill('secret-123');
    // A role of its own fits any user type; the type has to be chosen (no default).
    await pick(page, userForm.getByTestId('user-type'), '组委会');
    await pick(page, userForm.getByTestId('user-roles'), roleName, true);
    await page.keyboard.press('Escape');
    await userForm.getByTestId('modal-ok').click();
    await expect(toast(page, '保存成功')).toBeVisible();

    // Signed in as that user elsewhere: the sidebar holds only Users, and there is no "add".
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInAndWait(other, username, 'secret-123');
    const menu = other.locator('.ant-layout-sider .ant-menu, [data-testid=sidebar-drawer] .ant-menu').first();
    await expect(menu.getByText('用户管理')).toBeVisible();
    await expect(menu.getByText('角色管理')).toHaveCount(0);
    await expect(menu.getByText('赛事管理')).toHaveCount(0);
    await menu.getByText('用户管理').click();
    await expect(other).toHaveURL(/#\/system\/user/);
    await expect(other.getByTestId('user-table')).toBeVisible();
    await expect(other.getByTestId('user-table').locator('tr.ant-table-row').first()).toBeVisible();
    await expect(other.getByTestId('user-add')).toHaveCount(0);
    await expect(other.getByTestId('user-edit')).toHaveCount(0);
    await expect(other.getByTestId('user-export')).toHaveCount(0);
    await other.goto('/#/system/role');
    await expect(other).toHaveURL(/#\/404/);
    await context.close();

    // Clean up: the user, then the role.
    await search(page, 'user-keywords', username);
    await row(page.getByTestId('user-table'), username).getByTestId('user-delete').click();
    await confirmPop(page);
    await expect(toast(page, '删除成功')).toBeVisible();
  });
});
