import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures';

/**
 * The first visit in the visitor's language (issue 25, item 9): with no language picked, the
 * browser's (`navigator.languages`) decides; once the visitor picks one, the pick wins, on
 * every later visit too.
 */

async function visit(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto('/#/h5/home');
  return page;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('an English browser gets English, a Chinese one Chinese', async ({ browser }) => {
  const en = await visit(browser, 'en-US');
  await expect(heading(en)).toHaveText('Baton mobile');
  await expect(en.locator('html')).toHaveAttribute('lang', 'en');
  await expect(en.locator('.h5-tabbar')).toContainText('Home');
  // Following the browser is not a pick: nothing is stored.
  expect(await en.evaluate(() => localStorage.getItem('language'))).toBeNull();
  await en.context().close();

  const zh = await visit(browser, 'zh-CN');
  await expect(heading(zh)).toHaveText('Baton 移动端');
  await expect(zh.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await zh.context().close();
});

test("the visitor's pick wins over the browser's language, and is remembered", async ({ browser }) => {
  const page = await visit(browser, 'en-US');
  await expect(heading(page)).toHaveText('Baton mobile');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-zh-cn').click();
  await expect(heading(page)).toHaveText('Baton 移动端');
  await page.reload();
  await expect(heading(page)).toHaveText('Baton 移动端');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh-cn');

  await page.context().close();

  // Picking the browser's own language is a pick too: stored, so it stays whatever the browser says later.
  const again = await visit(browser, 'en-US');
  await again.getByTestId('lang-switch').click();
  await again.getByTestId('lang-en').click();
  expect(await again.evaluate(() => localStorage.getItem('language'))).toBe('en');
  await again.context().close();
});
