import { expect, test } from '@playwright/test';
import { signInAndWait } from './helpers';

test.describe('demo area', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the WebSocket console is connected and echoes what it sends', async ({ page }) => {
    await signInAndWait(page);
    await page.goto('/#/demo/websocket');
    await expect(page.getByTestId('ws-status')).toHaveText('已连接');
    const text = `{"e2e": ${Date.now()}}`;
    await page.getByTestId('ws-echo-input').fill(text);
    await page.getByTestId('ws-echo-send').click();
    const echoed = page.getByTestId('ws-frame').filter({ hasText: '↓ echo' });
    await expect(echoed.first()).toContainText(JSON.parse(text).e2e.toString());
    await page.getByTestId('ws-ping').click();
    await expect(page.locator('[data-testid="ws-frame"][data-topic="pong"]').first()).toBeVisible();
  });

  test('the API docs list the operations, sign-in among them, and try one', async ({ page }) => {
    await signInAndWait(page);
    await page.goto('/#/demo/api-doc');
    const login = page.getByTestId('api-op-path').filter({ hasText: /^\/api\/v1\/auth\/login$/ });
    await expect(login.first()).toBeVisible();
    await page.getByPlaceholder('按路径或说明筛选').fill('/api/v1/dict/list');
    const op = page.getByTestId('api-op').filter({ hasText: '/api/v1/dict/list' }).first();
    await op.click();
    await page.getByRole('tab', { name: '在线调试' }).click();
    await page.getByTestId('api-send').click();
    await expect(page.getByTestId('api-answer')).toContainText('notice_type');
  });

  test('the code generator previews the files for sys_user', async ({ page }) => {
    await signInAndWait(page);
    await page.goto('/#/demo/codegen');
    await page.getByTestId('codegen-table').click();
    await page.keyboard.type('sys_user');
    await page.getByTestId('codegen-option-sys_user').click();
    await expect(page.getByTestId('codegen-file-tab')).toHaveCount(4);
    await expect(page.getByTestId('codegen-file-path').first()).toHaveText('packages/contracts/src/sys-user.ts');
    await expect(page.locator('.cm-content').first()).toContainText('username');
    const download = page.waitForEvent('download');
    await page.getByTestId('codegen-download').first().click();
    expect((await download).suggestedFilename()).toBe('sys-user.ts');
  });

  test('the icon gallery filters by name', async ({ page }) => {
    await signInAndWait(page);
    await page.goto('/#/demo/icons');
    await page.getByPlaceholder('搜索图标名称').fill('trophy');
    await expect(page.getByTestId('icon-cell')).toHaveCount(1);
    await expect(page.getByTestId('icon-cell')).toContainText('TrophyOutlined');
  });

  test('the third menu level shows its breadcrumb', async ({ page }) => {
    await signInAndWait(page);
    await page.goto('/#/demo/multi-level/level2/level3');
    await expect(page.getByTestId('multi-level')).toBeVisible();
    await expect(page.getByTestId('multi-level-breadcrumb')).toContainText('三级菜单');
  });
});
