import { expect } from '@playwright/test';
import { test } from './fixtures';
import { signIn, signInAndWait, storage, toast } from './helpers';

test.describe('navigation guard and session', () => {
  test('an unauthenticated visit goes to login with the redirect, then back', async ({ page }) => {
    await page.goto('/#/profile?tab=account&q=中文');
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    const redirect = new URL(page.url().replace('#/', '')).searchParams.get('redirect');
    // Chinese query values travel URI-encoded (spec §5).
    expect(redirect).toBe('/profile?tab=account&q=%E4%B8%AD%E6%96%87');
    expect(decodeURIComponent(redirect!)).toBe('/profile?tab=account&q=中文');
    await signIn(page);
    await expect(page).toHaveURL(/#\/profile\?tab=account/);
  });

  test('public pages need no login', async ({ page }) => {
    await page.goto('/#/home/index');
    await expect(page).toHaveURL(/#\/home\/index/);
    await page.goto('/#/which/login');
    await expect(page.getByTestId('which-admin')).toBeVisible();
  });

  test('an unknown route shows the 404 page once routes are loaded', async ({ page }) => {
    await signInAndWait(page);
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/404/);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await page.getByTestId('back-home').click();
    await expect(page).toHaveURL(/#\/dashboard/);
  });

  test('an invalid access token is refreshed silently and the request retried', async ({ page }) => {
    await signInAndWait(page);
    const oldRefresh = await storage(page, 'refreshToken');
    await page.evaluate(() => localStorage.setItem('accessToken', 'Bearer expired.or.garbage'));
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page).toHaveURL(/#\/dashboard/);
    expect(await storage(page, 'accessToken')).not.toBe('Bearer expired.or.garbage');
    expect(await storage(page, 'refreshToken')).not.toBe(oldRefresh);
  });

  test('a spent refresh token ends the session: expired notice, then login', async ({ page, request }) => {
    await signInAndWait(page);
    const refresh = (await storage(page, 'refreshToken'))!;
    // Someone else uses the refresh token first (it rotates, so the page's copy is now spent).
    const stolen = await request.get('/api/v1/auth/getAccessTokenByRefreshToken', {
      headers: { authorization: refresh },
    });
    expect((await stolen.json()).code).toBe('00000');
    await page.evaluate(() => localStorage.setItem('accessToken', 'Bearer expired.or.garbage'));
    await page.reload();
    await expect(toast(page, '登录已过期，请重新登录')).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
    // The reuse revoked the whole family: the thief's new token is dead too.
    const thief = (await stolen.json()).data.accessToken as string;
    const me = await request.get('/api/v1/userProps/me', { headers: { authorization: `Bearer ${thief}` } });
    expect(me.status()).toBe(401);
  });

  test('permissions hide what a user may not use', async ({ page }) => {
    await signInAndWait(page, 'committee');
    const menu = page.locator('.ant-menu');
    await expect(menu.getByText('赛事管理')).toBeVisible();
    await expect(menu.getByText('系统管理')).toHaveCount(0);
    await expect(menu.getByText('功能演示')).toHaveCount(0);
    await page.goto('/#/system/user');
    await expect(page).toHaveURL(/#\/404/);
  });

  test('logout clears the session and protects the console again', async ({ page }) => {
    await signInAndWait(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/#\/login/);
    expect(await storage(page, 'accessToken')).toBeNull();
    await page.goto('/#/dashboard');
    await expect(page).toHaveURL(/#\/login\?redirect=/);
  });
});
