import { type Browser, expect, type Page } from '@playwright/test';
import { api, latestCode, openMeeting, uniqueMobile, uniqueName } from './comm-helpers';
import { test } from './fixtures';
import { noSideScroll, PHONE, signInAndWait, toast } from './helpers';

/**
 * The delegation's way in: /which/login → delegation → the demo meeting → contact mobile →
 * the SMS code from the development outbox → the apply pages; on a desktop and on a phone.
 * Each size uses its own seeded contact mobile (a mobile may ask for a code once a minute).
 */

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAndWait(page);
  return page;
}

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, mobile: '13800000003', phone: false },
  // A delegation of its own (made below): …04 belongs to apply.spec, whose code a code sent here would replace.
  { name: 'phone', viewport: PHONE, mobile: null, phone: true },
] as const;

for (const size of SIZES) {
  test(`a delegation signs in with an SMS code and lands in the apply area (${size.name})`, async ({ browser }) => {
    const admin = await adminPage(browser);
    const context = await browser.newContext({
      viewport: size.viewport,
      isMobile: size.phone,
      hasTouch: size.phone,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    const mobile =
      size.mobile ??
      (await (async () => {
        const m = uniqueMobile();
        await api(admin, 'POST', '/api/v1/delegations', {
          meetingId: 1,
          name: `手机登录队${m.slice(-4)}`,
          contactMobile: m,
        });
        return m;
      })());

    await page.goto('/#/which/login');
    await page.getByTestId('which-delegation').click();
    await expect(page).toHaveURL(/#\/login\?type=dlg/);
    await expect(page.getByTestId('dlg-choose')).toBeVisible();
    if (size.phone) await noSideScroll(page);

    await page.getByTestId('dlg-meeting-wrj2025').getByRole('button').first().click();
    await expect(page).toHaveURL(/tmid=1/);
    await expect(page.getByTestId('dlg-form')).toBeVisible();
    if (size.phone) await noSideScroll(page);

    // Bad input is caught before anything is sent.
    await page.getByTestId('dlg-mobile').fill('1380000');
    await page.getByTestId('dlg-send-code').click();
    await expect(page.getByText('请输入 11 位手机号')).toBeVisible();

    await page.getByTestId('dlg-mobile').fill(mobile);
    await page.getByTestId('dlg-send-code').click();
    await expect(page.getByTestId('dlg-send-code')).toBeDisabled();
    await expect(page.getByTestId('dlg-send-code')).toContainText(/\d+/);
    const code = await latestCode(admin, mobile, 'dlg-login');

    // A wrong code: the server's message in the user's language, still on the form.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByTestId('dlg-code').fill(wrong);
    await page.getByTestId('dlg-submit').click();
    await expect(toast(page, /验证码/)).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
    // The message shows as the answer arrives; the form takes another try once it is no longer busy.
    await expect(page.getByTestId('dlg-submit')).not.toHaveAttribute('aria-busy', 'true');

    await page.getByTestId('dlg-code').fill(code);
    await page.getByTestId('dlg-submit').click();
    await expect(page).toHaveURL(/#\/apply\/athlete/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^Bearer /);
    await context.close();
    await admin.context().close();
  });
}

test('the enrol page leads to the sign-in with the meeting chosen, in English too (phone)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  await page.goto('/#/h5/enroll');
  await expect(page.getByRole('heading', { name: 'Online entries' })).toBeVisible();
  await expect(page.getByText('Sign in with an SMS code')).toBeVisible();
  await noSideScroll(page);
  await page.getByTestId('enroll-sign-in-wrj2025').click();
  await expect(page).toHaveURL(/#\/login\?type=dlg&tmid=1/);
  await expect(page.getByTestId('dlg-form')).toBeVisible();
  await expect(page.getByTestId('dlg-meeting-wrj2025')).toContainText('2025 Wenrui Youth Athletics Games');
  await page.getByTestId('dlg-send-code').click();
  await expect(page.getByText('Enter the mobile number')).toBeVisible();
  await noSideScroll(page);
  await context.close();
});

test('a team registers itself from the enrol page on a phone (the form comes with its first click)', async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  // A meeting of its own that takes self-registrations (the demo meeting does not).
  const code = `self${Date.now().toString(36)}`;
  const meetingId = await openMeeting(admin, { name: uniqueName('自主报名赛'), code, allowSelfRegistration: true });

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/#/h5/enroll');
  await page.getByTestId(`enroll-self-register-${code}`).click();
  const form = page.getByTestId('dlg-register-form');
  await expect(form).toBeVisible();
  const team = uniqueName('自主队');
  const mobile = uniqueMobile();
  await page.getByTestId('dlg-register-name').fill(team);
  await page.getByTestId('dlg-register-contact').fill('王老师');
  await page.getByTestId('dlg-register-mobile').fill(mobile);
  await page.getByTestId('dlg-register-send').click();
  const smsCode = await latestCode(admin, mobile, 'dlg-register');
  await page.getByTestId('dlg-register-code').fill(smsCode);
  await page.getByTestId('dlg-register-submit').click();
  await expect(page.getByTestId('dlg-register-done')).toBeVisible();
  await noSideScroll(page);

  // What the database holds: the team, in that meeting, with that contact.
  const list = await api<{ list: { name: string; contactMobile: string | null }[] }>(
    admin,
    'GET',
    `/api/v1/delegations?meetingId=${meetingId}&pageNum=1&pageSize=10`,
  );
  expect(list.list.map((d) => d.name)).toEqual([team]);
  await context.close();
  await admin.context().close();
});
