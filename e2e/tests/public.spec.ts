import { type Browser, expect, type Page } from '@playwright/test';
import { api, latestCode, uniqueMobile, uniqueName } from './comm-helpers';
import { test } from './fixtures';
import { adminPage } from './helpers';

/**
 * The public pages without signing in (issue 5): home, a meeting's page (and its short link),
 * a meeting's public lists and the registration query — on a desktop (/home) and on a phone
 * (/h5), with no sideways scrolling on the phone.
 */

const SIZES = [
  { name: 'desktop', base: '/home', home: '/home/index', viewport: { width: 1440, height: 900 }, phone: false },
  { name: 'phone', base: '/h5', home: '/h5/home', viewport: { width: 390, height: 844 }, phone: true },
] as const;
type Size = (typeof SIZES)[number];

async function visitor(browser: Browser, size: Size): Promise<Page> {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.phone,
    hasTouch: size.phone,
    locale: 'zh-CN',
  });
  return context.newPage();
}

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const size of SIZES) {
  test.describe(`public pages (${size.name})`, () => {
    test('home lists the demo meeting under "registration open" and opens its page', async ({ browser }) => {
      const page = await visitor(browser, size);
      await page.goto(`/#${size.home}`);
      const open = page.getByTestId('home-open');
      const card = open.getByTestId('meeting-card-wrj2025');
      await expect(card).toBeVisible();
      await expect(card).toContainText('2025 温瑞青少年田径运动会');
      await expect(card.getByTestId('meeting-status')).toHaveText('报名中');
      await expect(card.getByTestId('meeting-countdown')).toContainText('报名截止还有');
      await expect(page.getByTestId('home-notices')).toBeVisible();
      if (size.phone) await noSideScroll(page);

      await card.click();
      await expect(page).toHaveURL(new RegExp(`#${size.base}/detail\\?code=wrj2025`));
      await expect(page.getByTestId('meeting-name')).toHaveText('2025 温瑞青少年田径运动会');

      // The ways in from home.
      await page.goto(`/#${size.home}`);
      await page.getByTestId('home-find').click();
      await expect(page).toHaveURL(new RegExp(`#${size.base}/query`));
      await page.goto(`/#${size.home}`);
      await page.getByTestId('home-enroll').click();
      await expect(page).toHaveURL(new RegExp(`#${size.base}/enroll`));
    });

    test('the meeting page shows remarks, schedule, groups and items, and an item page', async ({ browser }) => {
      const page = await visitor(browser, size);
      await page.goto(`/#${size.base}/detail?code=wrj2025`);
      await expect(page.getByTestId('meeting-header')).toContainText('瑞安市体育中心田径场');
      await expect(page.getByTestId('meeting-remark')).toContainText('欢迎参加 2025 温瑞青少年田径运动会');
      // The remark's list items are the server's sanitised HTML, rendered as HTML.
      await expect(page.getByTestId('meeting-remark').locator('li')).toHaveCount(2);
      const groups = page.getByTestId('group-card');
      await expect(groups).toHaveCount(4);
      await expect(groups.first()).toContainText('U16男子组');
      await expect(groups.first().getByTestId('group-item')).toHaveCount(8);
      await expect(page.getByTestId('schedule-slot').first()).toBeVisible();
      if (size.phone) await noSideScroll(page);

      // A group item's own page: its start lists and results, and its entries.
      await groups.first().getByTestId('group-item').filter({ hasText: '跳远' }).click();
      await expect(page).toHaveURL(/[?&]item=\d+/);
      await expect(page.getByTestId('item-title')).toContainText('跳远');
      await expect(page.getByTestId('item-title')).toContainText('U16男子组');
      await expect(page.getByTestId('item-entries')).toBeVisible();
      // (Whether a start list is drawn depends on the competition specs sharing this server.)
      await expect(page.getByTestId('item-startlist').getByTestId('group-item-rounds')).toBeVisible();
      if (size.phone) await noSideScroll(page);
      await page.getByTestId('item-back').click();
      await expect(page.getByTestId('meeting-header')).toBeVisible();

      // Entry lists, delegations, start lists and results tabs.
      await page.getByTestId('tab-entries').click();
      await expect(page.getByTestId('entries-panel')).toBeVisible();
      await expect(page.getByTestId('pick-group').locator('option:checked')).toHaveText('U16男子组');
      await page.getByTestId('tab-delegations').click();
      await expect(page.getByTestId('delegation-row').filter({ hasText: '瑞安中学代表队' })).toBeVisible();
      await expect(page.getByTestId('count-delegations')).toBeVisible();
      if (size.phone) await noSideScroll(page);
    });

    test('querytm lists the delegations of a meeting, chosen from the meetings', async ({ browser }) => {
      const page = await visitor(browser, size);
      await page.goto(`/#${size.base}/querytm`);
      await expect(page.getByTestId('querytm-chooser')).toBeVisible();
      await page.getByTestId('meeting-card-wrj2025').click();
      await expect(page).toHaveURL(/querytm\?code=wrj2025/);
      await expect(page.getByTestId('querytm-meeting')).toHaveText('2025 温瑞青少年田径运动会');
      const rows = page.getByTestId('delegation-row');
      for (const name of ['瑞安中学代表队', '玉海中学代表队', '锦湖体校代表队', '瑞安市田径协会代表队']) {
        await expect(rows.filter({ hasText: name })).toBeVisible();
      }
      await expect(rows.filter({ hasText: '瑞安中学代表队' })).toContainText('安阳街道');
      expect(
        Number(await page.getByTestId('count-delegations').locator('strong').textContent()),
      ).toBeGreaterThanOrEqual(4);
      if (size.phone) await noSideScroll(page);

      await page.getByTestId('tab-entries').click();
      await expect(page.getByTestId('pick-item')).toBeVisible();
      await expect(page.getByTestId('entry-list').or(page.getByTestId('entries-empty'))).toBeVisible();
      if (size.phone) await noSideScroll(page);
    });

    test('/wrj2025 lands on the demo meeting page in the frame of the screen', async ({ browser }) => {
      const page = await visitor(browser, size);
      await page.goto('/#/wrj2025');
      await expect(page).toHaveURL(/#\/m\/wrj2025$/);
      await expect(page.getByTestId('meeting-name')).toHaveText('2025 温瑞青少年田径运动会');
      await expect(page.getByTestId('group-card')).toHaveCount(4);
      // Phones get the mobile frame (tab bar), wide screens the desktop one.
      await expect(page.locator('.h5-tabbar')).toBeVisible({ visible: size.phone });
      await expect(page.locator('.public-header')).toBeVisible({ visible: !size.phone });
      if (size.phone) await noSideScroll(page);

      // An item of the short-linked page stays on the short link.
      await page.getByTestId('group-item').first().click();
      await expect(page).toHaveURL(/#\/m\/wrj2025\?item=\d+/);
      await expect(page.getByTestId('item-view')).toBeVisible();

      await page.goto('/#/m/no-such-meeting');
      await expect(page.getByText('未找到该赛事，请检查链接是否正确。')).toBeVisible();
    });

    test('the query checks the ID number and says when nothing is found', async ({ browser }) => {
      const page = await visitor(browser, size);
      await page.goto(`/#${size.base}/query`);
      await page.getByTestId('query-submit').click();
      await expect(page.getByText('请输入姓名')).toBeVisible();
      await expect(page.getByText('请输入证件号码')).toBeVisible();

      await page.getByTestId('query-name').fill('张三');
      // A mainland ID number with a wrong check character is refused before asking the server.
      await page.getByTestId('query-id-number').fill('650102199007151233');
      await page.getByTestId('query-submit').click();
      await expect(page.getByText('身份证号码不正确，请检查校验位和出生日期')).toBeVisible();

      // Well-formed but registered nowhere.
      await page.getByTestId('query-id-number').fill('650102199007151232');
      await page.getByTestId('query-submit').click();
      await expect(page.getByTestId('query-not-found')).toHaveText('没有找到报名记录');
      if (size.phone) await noSideScroll(page);
    });
  });
}

test('entries sent to audit appear in the public lists, relays as teams', async ({ browser }) => {
  const page = await visitor(browser, SIZES[0]);
  await page.goto('/#/home/detail?code=wrj2025&tab=entries');
  // The first event of the first group (U16 boys 100 m) has the demo delegations' entries.
  await expect(page.getByTestId('pick-item').locator('option:checked')).toHaveText(/^100米（[1-9]\d*）$/);
  await expect(page.getByTestId('entry-row').first()).toBeVisible();
  await expect(page.getByTestId('entry-count')).toHaveText(/^共 [1-9]\d* 人报名$/);
  const relay = page.getByTestId('pick-item').locator('option', { hasText: '4×100米接力' });
  await page.getByTestId('pick-item').selectOption((await relay.getAttribute('value'))!);
  await expect(page.getByTestId('relay-team').filter({ hasText: '瑞安中学代表队 A 队' })).toBeVisible();
  await expect(page.getByTestId('entry-row')).toHaveCount(0);

  await page.goto('/#/home/querytm?code=wrj2025');
  const ruian = page.getByTestId('delegation-row').filter({ hasText: '瑞安中学代表队' });
  await expect(ruian).toContainText(/运动员 [1-9]/);
  await expect(ruian).toContainText(/报项 [1-9]/);
});

test('the query finds a registration by name and ID number, with ID and phone masked', async ({ browser }) => {
  const admin = await adminPage(browser);
  const { list } = await api<{ list: { name: string; idNumber: string; delegationName: string }[] }>(
    admin,
    'GET',
    // An approved seed athlete (with entries): other specs add draft athletes to meeting 1.
    '/api/v1/audit/athletes/page?meetingId=1&status=approved&pageNum=1&pageSize=1&sortKey=createdAt&sortDir=asc',
  );
  const athlete = list[0]!;

  const page = await visitor(browser, SIZES[1]);
  await page.goto('/#/h5/query');
  await page.getByTestId('query-name').fill(athlete.name);
  await page.getByTestId('query-id-number').fill(athlete.idNumber.toLowerCase());
  await page.getByTestId('query-submit').click();
  const card = page.getByTestId('registration-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('reg-name')).toContainText(athlete.name);
  await expect(card.getByTestId('reg-meeting')).toHaveText('2025 温瑞青少年田径运动会');
  await expect(card).toContainText(athlete.delegationName);
  const id = athlete.idNumber;
  await expect(card.getByTestId('reg-id')).toHaveText(`${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`);
  await expect(card.getByTestId('reg-phone')).toHaveText(/^1\d{2}\*{4}\d{4}$/);
  await expect(card.getByTestId('reg-item').first()).toBeVisible();
  // The number typed stays in the form; the answer shows it masked only.
  await expect(page.getByTestId('query-results')).not.toContainText(id);
  await noSideScroll(page);
});

test('the query by a delegation mobile goes through the SMS code (development outbox)', async ({ browser }) => {
  const admin = await adminPage(browser);
  // A delegation of its own, so no other test's code requests get in the way.
  const mobile = uniqueMobile();
  await api(admin, 'POST', '/api/v1/delegations', { meetingId: 1, name: uniqueName('查询队'), contactMobile: mobile });

  const page = await visitor(browser, SIZES[1]);
  await page.goto('/#/h5/query?meetingId=1');
  await page.getByTestId('query-by-mobile').click();
  await expect(page.getByTestId('query-mobile-form')).toBeVisible();
  await expect(page.getByTestId('query-mobile-meeting')).toHaveValue('1');
  await page.getByTestId('query-mobile').fill(mobile);
  await page.getByTestId('query-send-code').click();
  await expect(page.getByTestId('query-send-code')).toBeDisabled();
  const code = await latestCode(admin, mobile, 'dlg-login');
  await page.getByTestId('query-smcode').fill(code);
  await page.getByTestId('query-mobile-submit').click();
  // The delegation has registered nobody yet.
  await expect(page.getByTestId('query-not-found')).toBeVisible();
  await noSideScroll(page);
});
