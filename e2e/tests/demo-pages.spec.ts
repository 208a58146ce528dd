import { expect } from '@playwright/test';
import { test } from './fixtures';
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
    await expect(page.getByTestId('api-count')).toHaveText(/^共 [1-9]\d* 个接口$/);
    await page.getByPlaceholder('按路径或说明筛选').fill('/api/v1/dict/list');
    const op = page.getByTestId('api-op').filter({ hasText: '/api/v1/dict/list' }).first();
    await op.click();
    await page.getByRole('tab', { name: '在线调试' }).click();
    await page.getByTestId('api-send').click();
    await expect(page.getByTestId('api-answer')).toContainText('notice_type');
  });

  test('the API docs say when the document cannot be loaded, and load it on retry', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/openapi.json', (route) => {
      calls += 1;
      // First an answer that is no document (a proxy's error page), then no answer at all, then the server's.
      if (calls === 1)
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Bad gateway</html>' });
      if (calls === 2) return route.abort('connectionreset');
      return route.continue();
    });
    await signInAndWait(page);
    await page.goto('/#/demo/api-doc');
    const error = page.getByTestId('api-doc-error');
    await expect(error).toContainText('接口文档加载失败');
    await expect(error).toContainText('服务器返回的不是 OpenAPI 文档。');
    // Never "0 operations": no count and no list until there is a document.
    await expect(page.getByTestId('api-count')).toHaveCount(0);
    await expect(page.getByTestId('api-op')).toHaveCount(0);
    await page.getByTestId('api-doc-retry').click();
    await expect(error).toContainText('接口文档加载失败');
    await expect(page.getByTestId('api-count')).toHaveCount(0);
    await page.getByTestId('api-doc-retry').click();
    await expect(error).toHaveCount(0);
    await expect(
      page
        .getByTestId('api-op-path')
        .filter({ hasText: /^\/api\/v1\/auth\/login$/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('api-count')).toHaveText(/^共 [1-9]\d* 个接口$/);
    expect(calls).toBe(3);
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
