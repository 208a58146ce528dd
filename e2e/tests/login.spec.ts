import { expect } from '@playwright/test';
import { test } from './fixtures';
import { ADMIN_PASSWORD, CAPTCHA_ON_URL, signIn, signInAndWait, storage, toast } from './helpers';

test.describe('login', () => {
  test('admin signs in with the printed password and lands on the console', async ({ page }) => {
    await signInAndWait(page);
    await expect(page.locator('.ant-menu').getByText('系统管理')).toBeVisible();
    expect(await storage(page, 'accessToken')).toMatch(/^Bearer /);
    // The session survives a reload.
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page).toHaveURL(/#\/dashboard/);
  });

  test('validation messages of spec §5, in both languages', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en').click();
    await page.getByTestId('login-password').fill('123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Please enter Username')).toBeVisible();
    await expect(page.getByText('The password can not be less than 6 digits')).toBeVisible();
    await expect(page.getByText('Please enter Verify Code')).toBeVisible();
  });

  test('warns while caps lock is on', async ({ page }) => {
    await page.goto('/#/login');
    const password = page.getByTestId('login-password');
    // Headless Chromium has no caps-lock key state: send the key event a real keyboard would.
    await password.dispatchEvent('keydown', { key: 'A', modifierCapsLock: true });
    await expect(page.getByTestId('caps-lock-warning')).toBeVisible();
    await password.dispatchEvent('keyup', { key: 'a', modifierCapsLock: false });
    await expect(page.getByTestId('caps-lock-warning')).toHaveCount(0);
  });

  test('a wrong password is refused with one message and a fresh captcha', async ({ page }) => {
    await page.goto('/#/login');
    const img = page.getByTestId('login-captcha-img').locator('img');
    await expect(img).toHaveAttribute('src', /^data:image/);
    const before = await img.getAttribute('src');
    await signIn(page, 'admin', 'not-the-password');
    await expect(toast(page, '用户名或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByTestId('login-captcha')).toHaveValue('');
    await expect.poll(() => img.getAttribute('src')).not.toBe(before);
  });

  test('five wrong passwords make the next attempt wait, even the right one, for seconds, not a lock', async ({
    page,
  }) => {
    await page.goto('/#/login');
    const captcha = page.getByTestId('login-captcha');
    for (let i = 0; i < 5; i++) {
      await signIn(page, 'root', `wrong-${i}-password`);
      // A failed attempt clears the captcha field once its answer is in: then try again.
      await expect(captcha).toHaveValue('');
      await expect(toast(page, '用户名或密码错误')).toBeVisible();
    }
    // The sixth attempt from this address waits, whatever the password (the answer says how long).
    await signIn(page, 'root', ADMIN_PASSWORD);
    await expect(captcha).toHaveValue('');
    await expect(toast(page, /登录失败次数过多，请 \d+ 秒后再试/)).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
    // The first wait is 5 s after the last wrong password; then the right password signs in.
    await page.waitForTimeout(6_000);
    await signIn(page, 'root', ADMIN_PASSWORD);
    await expect(page).toHaveURL(/#\/dashboard/);
  });

  test('with the captcha on, a wrong captcha is refused', async ({ page }) => {
    await page.goto(`${CAPTCHA_ON_URL}/#/login`);
    await expect(page.getByTestId('login-captcha-img').locator('img')).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml;base64,/,
    );
    await signIn(page, 'admin', ADMIN_PASSWORD, '!!!!');
    await expect(toast(page, '验证码错误或已过期')).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
  });
});
