import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import ExcelJS from 'exceljs';
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

/** An administrator's page in a browser context of its own, signed in (signInOnce). */
export async function adminPage(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signInOnce(admin);
  return admin;
}

/**
 * The newest message toast with this text (an older one may still be fading out): antd's, or the
 * lite one of the pages without antd (the sign-in page, the phone pages).
 */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice, .lite-toast').filter({ hasText: text }).last();

export const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** A phone's screen (an iPhone 12–14). */
export const PHONE = { width: 390, height: 844 };

/** A new page on a phone (PHONE's screen, touch) in a browser context of its own; `options` add to the context's. */
export async function phonePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, ...options })).newPage();
}

/** The visible ones of these elements (pages are kept alive in hidden tabs, and a phone and a desktop layout may both be in the page). */
export const visible = (l: Locator) => l.filter({ visible: true });

/** The page does not scroll sideways. */
export async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The open (visible) antd dialog. */
export const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');

/** Picks an option of an antd Select / TreeSelect by its visible text (typing filters when searchable). */
export async function pick(page: Page, select: Locator, text: string, type = false) {
  await select.click();
  if (type) await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
    .filter({ hasText: text })
    .first()
    .click();
}

/**
 * Imports what the import dialog `box` has read: its report says `report`, and the dialog is
 * closed by its footer's button `close` (antd spaces a two-character Chinese label: 关 闭).
 */
export async function submitImport(box: Locator, report: string, close: string | RegExp = /关\s*闭/) {
  await box.getByTestId('import-submit').click();
  await expect(box.getByTestId('import-report')).toContainText(report);
  await box.locator('.ant-modal-footer').getByRole('button', { name: close }).click();
}

/** The import dialog's problems tab lists none. */
export async function expectNoProblems(box: Locator) {
  await box.getByTestId('import-problems-tab').click();
  await expect(box.getByTestId('import-no-problems')).toBeVisible();
}

/** The import dialog `box` (on `page`) downloads its template: the file's name and its header row. */
export async function downloadTemplate(page: Page, box: Locator): Promise<{ fileName: string; headers: string[] }> {
  const download = page.waitForEvent('download');
  await box.getByTestId('import-template').click();
  const file = await download;
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile((await file.path())!);
  const headers = (template.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean).map(String);
  return { fileName: file.suggestedFilename(), headers };
}

/**
 * A sheet to import, written to the test's output folder as `fileName`: the `headers`, then a row a record,
 * each value under its header (a header the record does not name stays empty). Returns the file's path.
 */
export async function writeSheet(
  info: TestInfo,
  fileName: string,
  headers: string[],
  records: Record<string, string>[],
): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(path.parse(fileName).name);
  sheet.addRow(headers);
  for (const r of records) sheet.addRow(headers.map((h) => r[h] ?? ''));
  await mkdir(info.outputDir, { recursive: true });
  const file = path.join(info.outputDir, fileName);
  await wb.xlsx.writeFile(file);
  return file;
}

/**
 * The import dialog `box`'s all-or-nothing import imported nothing (its report says why); then its valid rows
 * only: `imported` rows, and the dialog is closed.
 */
export async function importValidOnly(box: Locator, imported: number) {
  const report = box.getByTestId('import-report');
  await expect(report).toContainText('已导入 0 行');
  await box.getByTestId('import-valid-only').click();
  await expect(report).toContainText(`已导入 ${imported} 行`);
  await box.getByRole('button', { name: '关闭' }).click();
}
