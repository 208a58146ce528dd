import { expect } from '@playwright/test';
import { test } from './fixtures';
import { signInAndWait, storage } from './helpers';

test.describe('admin shell', () => {
  test('language, theme, size and layout switch and survive a reload', async ({ page }) => {
    await signInAndWait(page);
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en').click();
    await expect(page.locator('.ant-menu').getByText('System')).toBeVisible();

    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-dark').click();
    await expect(page.locator('html')).toHaveClass(/dark/);

    await page.getByTestId('size-switch').click();
    await page.getByTestId('size-small').click();

    await page.getByTestId('settings-button').click();
    await page.getByTestId('layout-mode').getByText('Top').click();
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.locator('.ant-menu').getByText('System')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await storage(page, 'language')).toBe('en');
    expect(await storage(page, 'theme')).toBe('dark');
    expect(await storage(page, 'size')).toBe('small');
    expect(await storage(page, 'layout')).toBe('top');
    await expect(page.locator('.ant-menu-horizontal')).toBeVisible();
  });

  test('a system that asks for reduced motion gets no antd transitions; otherwise they run', async ({ page }) => {
    // The suite runs as such a user (playwright.config.ts `reducedMotion`).
    await signInAndWait(page);
    // A sidebar menu item: its transition comes from antd's motion tokens (not from a CSS media rule).
    const transition = () =>
      page
        .locator('.ant-menu-item')
        .first()
        .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(await transition()).toMatch(/^0s(, 0s)*$/);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(transition).toMatch(/[1-9]/);
  });

  test('opening pages adds tabs; the dashboard tab is pinned; tabs close', async ({ page }) => {
    await signInAndWait(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('profile-link').click();
    await expect(page).toHaveURL(/#\/profile/);
    const tags = page.getByTestId('tags-view');
    await expect(tags.getByTestId('tag-/profile')).toBeVisible();
    await expect(tags.getByTestId('tag-/dashboard')).toBeVisible();
    await tags.getByTestId('tag-/dashboard').click();
    await expect(page).toHaveURL(/#\/dashboard/);
    await tags
      .locator('.ant-tabs-tab')
      .filter({ has: page.getByTestId('tag-/profile') })
      .locator('.ant-tabs-tab-remove')
      .click();
    await expect(tags.getByTestId('tag-/profile')).toHaveCount(0);
    await expect(tags.getByTestId('tag-/dashboard')).toBeVisible();
  });

  test('at phone width the sidebar is a drawer, closed at first', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAndWait(page);
    await expect(page.getByTestId('sidebar-drawer')).toBeHidden();
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar-drawer').getByText('赛事管理')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
