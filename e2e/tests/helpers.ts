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

/** What the web app keeps in localStorage for a signed-in user (stores/user.ts). */
const SESSION_KEYS = ['accessToken', 'refreshToken', 'userInfo'] as const;
/** Sessions signed in through the login page once in this worker, by user. */
const sessions = new Map<string, Record<string, string>>();

/**
 * Signed in for a test whose subject is not the sign-in: the first call in a worker signs in
 * through the login page (as signInAndWait) and keeps the session; later calls give the page that
 * session's keys on a plain same-origin address, without loading the login page and the dashboard
 * again. The page is then on the console's personal centre, ready for `api()` and `goto()`. The session is not
 * ended by any test that uses this (logging out is tested with signInAndWait), and the e2e
 * server's access tokens outlive the run (playwright.config.ts), so no refresh rotates it.
 */
export async function signInOnce(page: Page, username = 'admin', password = ADMIN_PASSWORD) {
  const who = `${username}\n${password}`;
  const kept = sessions.get(who);
  if (!kept) {
    await signInAndWait(page, username, password);
    const keys = await page.evaluate(
      (names) => names.map((k) => [k, localStorage.getItem(k) ?? '']),
      [...SESSION_KEYS],
    );
    sessions.set(who, Object.fromEntries(keys));
    return;
  }
  await page.goto('/api/v1/dict/list');
  await page.evaluate((keys) => {
    for (const [k, v] of Object.entries(keys)) localStorage.setItem(k, v);
  }, kept);
  // The console's shell, loaded once on a light page of it (no charts), so the test's own page
  // opens inside it as it did after the dashboard. A cold load on CI's loaded cores is slow.
  await page.goto('/#/profile');
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
}

/**
 * The newest message toast with this text (an older one may still be fading out): antd's, or the
 * lite one of the pages without antd (the sign-in page, the phone pages).
 */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice, .lite-toast').filter({ hasText: text }).last();

export const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
