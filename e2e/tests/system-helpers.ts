import { expect, type Locator, type Page } from '@playwright/test';

/** Helpers of the system-management browser tests (`system-*.spec.ts`). */

/** A name no other test (or earlier run on the same database) uses. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Confirms the open Popconfirm. */
export async function confirmPop(page: Page) {
  await page.locator('.ant-popover:visible .ant-popconfirm-buttons .ant-btn-primary').click();
}

/** The table row (in a `data-testid` table) that contains this text. */
export const row = (table: Locator, text: string) => table.locator('tr.ant-table-row').filter({ hasText: text });

/** Calls the API as the signed-in user of `page` (for setup and clean-up only). */
export async function api(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.fetch(url, {
    method,
    data: data === undefined ? undefined : JSON.stringify(data),
    headers: { authorization: token ?? '', ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  const body = await res.json();
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe('00000');
  return body.data;
}

/**
 * Opens a page of the console by its route and waits for its table. After signInOnce this is the
 * page's first load (the console's shell and the page's chunks from cold), not a move inside an
 * open console: on CI's two loaded cores that takes longer than one ordinary wait.
 */
export async function open(page: Page, path: string, table: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByTestId(table)).toBeVisible({ timeout: 30_000 });
}

/**
 * Types into a (visible) filter field and searches. Pages are kept alive in hidden tabs, so the
 * search buttons of earlier pages are still in the document: only the visible one is used.
 */
export async function search(page: Page, field: string, text: string) {
  await page.getByTestId(field).filter({ visible: true }).fill(text);
  await page.getByTestId('search-submit').filter({ visible: true }).click();
}
