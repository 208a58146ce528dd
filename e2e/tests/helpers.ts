import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, PORT_B } from '../playwright.config';

export { ADMIN_PASSWORD };
export const CAPTCHA_ON_URL = `http://127.0.0.1:${PORT_B}`;

/** Sign in through the login page (the captcha is off on the default server: any code passes). */
export async function signIn(page: Page, username = 'admin', password = ADMIN_PASSWORD, captcha = 'abcd') {
  if (!page.url().includes('#/login')) await page.goto('/#/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill(captcha);
  await page.getByTestId('login-submit').click();
}

export async function signInAndWait(page: Page, username = 'admin', password = ADMIN_PASSWORD) {
  await signIn(page, username, password);
  await expect(page).toHaveURL(/#\/dashboard/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/**
 * The newest message toast with this text (an older one may still be fading out): antd's, or the
 * lite one of the pages without antd (the sign-in page, the phone pages).
 */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice, .lite-toast').filter({ hasText: text }).last();

export const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
