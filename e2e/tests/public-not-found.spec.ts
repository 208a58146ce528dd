import { type Browser, expect, type Page } from '@playwright/test';
import { openMeeting, uniqueName } from './comm-helpers';
import { test } from './fixtures';
import { adminPage } from './helpers';

/**
 * Unknown addresses (issue 25, item 4): a visitor gets the public "not found" — in the frame of
 * the device, with the ways on to the meetings and the queries — not the staff login; a meeting
 * opens on the phone frame at /h5/<code> and /h5/m/<code>; console addresses still ask strangers
 * to sign in.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

async function visitor(browser: Browser, size: object, locale = 'zh-CN'): Promise<Page> {
  return (await browser.newContext({ ...size, locale })).newPage();
}

let meeting: { code: string; name: string };

test.beforeAll(async ({ browser }) => {
  const admin = await adminPage(browser);
  const code = `nf${Date.now().toString(36)}`;
  const name = uniqueName('找不到测试运动会');
  await openMeeting(admin, { name, code });
  meeting = { code, name };
  await admin.context().close();
});

test('an unknown address shows the public "not found" with the ways on, on a phone', async ({ browser }) => {
  const page = await visitor(browser, PHONE);
  await page.goto('/#/nope');
  const notFound = page.getByTestId('public-not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText('页面不存在');
  await expect(page).toHaveURL(/#\/nope$/);
  // The phone frame: its tab bar, no staff login.
  await expect(page.locator('.h5-tabbar')).toBeVisible();
  await expect(page.getByTestId('login-username')).toHaveCount(0);
  await page.getByTestId('not-found-meetings').click();
  await expect(page).toHaveURL(/#\/h5\/home$/);
  await expect(page.getByTestId('home-open')).toBeVisible();

  // Under the phone frame: the frame's own "not found".
  await page.goto('/#/h5/some/where/else');
  await expect(page.getByTestId('public-not-found')).toBeVisible();
  await page.getByTestId('not-found-query').click();
  await expect(page).toHaveURL(/#\/h5\/query$/);
  await page.context().close();
});

test('an unknown address on a desktop, in English: the desktop frame and its links', async ({ browser }) => {
  const page = await visitor(browser, DESKTOP, 'en-US');
  await page.goto('/#/no/such/page');
  await expect(page.getByTestId('public-not-found')).toContainText('Page not found');
  await expect(page.locator('.public-header')).toBeVisible();
  await expect(page.locator('.public-footer')).toHaveText(`© ${new Date().getFullYear()} Baton`);
  await page.getByTestId('not-found-querytm').click();
  await expect(page).toHaveURL(/#\/home\/querytm/);
  await page.goto('/#/home/nope');
  await expect(page.getByTestId('public-not-found')).toBeVisible();
  await page.getByTestId('not-found-meetings').click();
  await expect(page).toHaveURL(/#\/home\/index$/);
  await page.context().close();
});

test("a meeting's code under /h5 opens it on the phone frame; an unknown code says so", async ({ browser }) => {
  // The phone frame whatever the screen: /h5 is the phone's address.
  const page = await visitor(browser, DESKTOP);
  for (const path of [`/h5/${meeting.code}`, `/h5/m/${meeting.code}`]) {
    await page.goto(`/#${path}`);
    await expect(page.getByTestId('meeting-name')).toHaveText(meeting.name);
    await expect(page.locator('.h5-tabbar')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
  }
  await page.goto('/#/h5/no-such-meeting');
  await expect(page.getByTestId('public-not-found')).toContainText('未找到该赛事，请检查链接是否正确。');
  await expect(page.getByTestId('not-found-meetings')).toBeVisible();
  await page.context().close();
});

test('console addresses still send a stranger to sign in', async ({ browser }) => {
  const page = await visitor(browser, PHONE);
  for (const path of ['/system/user', '/apply/athlete', '/dashboard']) {
    await page.goto(`/#${path}`);
    await expect(page).toHaveURL(new RegExp(`#/login\\?redirect=${encodeURIComponent(path)}`));
  }
  await page.context().close();
});
