import { type Browser, expect, type Page } from '@playwright/test';
import { api, latestCode } from './comm-helpers';
import { type CompMeeting, competitionMeeting } from './competition-helpers';
import { test } from './fixtures';
import { adminPage, PHONE } from './helpers';

/**
 * Phone pages made for thumbs (issue 25, item 8): on every phone page — the public /h5 pages
 * and a signed-in delegation's pages — at 390 px, every visible clickable element is at least
 * 44 × 44 px. The offenders are listed in the failure message. A page's targets are measured
 * once the page shows its content (its test id), the meeting being the spec's own.
 */

const MIN = 44;

/**
 * Every visible clickable element under 44 px either way, described. Clickable: links, buttons,
 * form fields, ARIA widgets, antd's select and input boxes (the whole box, not the input inside)
 * and check/radio labels, and whatever else shows the pointer cursor. An element inside another clickable one is that one's part (the
 * thumb lands on the outer, whose target is its box with its children's); a link inside a
 * sentence is exempt, as WCAG 2.5.8 has it.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[role=button]',
      '[role=link]',
      '[role=tab]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=combobox]',
      '.ant-select',
      '.ant-select-selector',
      '.ant-input-affix-wrapper',
      '.ant-input-number',
      '.ant-picker',
      'label.ant-checkbox-wrapper',
      'label.ant-radio-wrapper',
      'label:has(input[type=checkbox])',
      'label:has(input[type=radio])',
    ].join(',');
    const pointer = (el: Element | null) => !!el && getComputedStyle(el).cursor === 'pointer';
    const clickable = (el: Element) =>
      el.matches(selector) ||
      (pointer(el) && !pointer(el.parentElement) && !(el instanceof SVGElement) && el.tagName !== 'LABEL');
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      return !!parent && (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
    };
    // Where a tap lands on the element: its own box and its children's (a link around a button).
    const hitBox = (el: Element) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (const child of Array.from(el.querySelectorAll('*'))) {
        const r = child.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        left = Math.min(left, r.left);
        top = Math.min(top, r.top);
        right = Math.max(right, r.right);
        bottom = Math.max(bottom, r.bottom);
      }
      return { width: right - left, height: bottom - top };
    };
    const label = (el: Element) => {
      const r = hitBox(el);
      const id = el.getAttribute('data-testid');
      const cls = Array.from(el.classList).slice(0, 2).join('.');
      const text = (el.textContent || el.getAttribute('aria-label') || (el as HTMLInputElement).placeholder || '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 24);
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls ? `.${cls}` : ''} "${text}" ${Math.round(r.width)}×${Math.round(r.height)}`;
    };
    const out: string[] = [];
    const all = Array.from(document.querySelectorAll('body *')).filter((el) => clickable(el) && visible(el));
    const counted = new Set(all);
    for (const el of all) {
      let up = el.parentElement;
      let nested = false;
      while (up && !nested) {
        nested = counted.has(up);
        up = up.parentElement;
      }
      if (nested || inSentence(el)) continue;
      const r = hitBox(el);
      if (r.width < min - 0.5 || r.height < min - 0.5) out.push(label(el));
    }
    return out;
  }, MIN);
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  return context.newPage();
}

/** Open `hash`, wait for `ready`, and note the page's small targets (soft: every page is measured). */
async function measure(page: Page, hash: string, ready: string) {
  if (hash) await page.goto(`/#${hash}`);
  await expect(page.getByTestId(ready).first()).toBeVisible();
  // Late parts (lists, counts) settle before measuring.
  await page.waitForLoadState('networkidle');
  const small = await smallTargets(page);
  expect.soft(small, `${hash || page.url()}: touch targets below ${MIN} × ${MIN} px:\n${small.join('\n')}`).toEqual([]);
}

let admin: Page;
let meeting: CompMeeting;

test.beforeAll(async ({ browser }) => {
  admin = await adminPage(browser);
  meeting = await competitionMeeting(admin, { item: '100', athletes: 6, heats: 1, seed: 'touch' });
});

test.afterAll(async () => {
  await admin.context().close();
});

test('every public phone page has thumb-sized targets (390 px)', async ({ browser }) => {
  const page = await phone(browser);
  const { code, meetingId, groupItemId } = meeting;
  await measure(page, '/h5/home', 'home-open');
  await measure(page, '/h5/enroll', 'enroll-page');
  await measure(page, '/h5/query', 'query-submit');
  await measure(page, '/h5/querytm', 'querytm-chooser');
  await measure(page, `/h5/detail?code=${code}`, 'meeting-detail');
  for (const tab of ['entries', 'delegations', 'startLists', 'results', 'scores']) {
    await measure(page, `/h5/detail?code=${code}&tab=${tab}`, 'meeting-detail');
  }
  await measure(page, `/h5/track-result?meetingId=${meetingId}`, 'track-result');
  await page.goto(`/#/h5/group-item?code=${code}&groupItemId=${groupItemId}`);
  // The start list's names are links too: measured once they are in.
  await expect(page.locator('a.live-name').first()).toBeVisible();
  await measure(page, '', 'item-view');
  await page.locator('a.live-name').first().click();
  await measure(page, '', 'athlete-page');
  await measure(page, `/m/${code}`, 'meeting-detail');
  await measure(page, `/h5/m/${code}`, 'meeting-detail');
  await measure(page, `/h5/${code}`, 'meeting-detail');
  await measure(page, '/h5/no/such/page', 'public-not-found');
  await measure(page, '/which/login', 'which-delegation');
  await measure(page, `/login?type=dlg&tmid=${meetingId}`, 'dlg-form');
  await page.context().close();
});

test("a delegation's phone pages have thumb-sized targets and their own light shell (390 px)", async ({ browser }) => {
  const { meetingId, code } = meeting;
  const delegations = await api<{ list: { contactMobile: string | null }[] }>(
    admin,
    'GET',
    `/api/v1/delegations?meetingId=${meetingId}&pageNum=1&pageSize=10`,
  );
  const mobile = delegations.list[0]?.contactMobile;
  expect(mobile).toBeTruthy();
  const page = await phone(browser);
  await page.goto('/#/which/login');
  await page.getByTestId('which-delegation').click();
  await page.getByTestId(`dlg-meeting-${code}`).getByRole('button').first().click();
  await page.getByTestId('dlg-mobile').fill(mobile!);
  await page.getByTestId('dlg-send-code').click();
  await page.getByTestId('dlg-code').fill(await latestCode(admin, mobile!, 'dlg-login'));
  await page.getByTestId('dlg-submit').click();
  await expect(page).toHaveURL(/#\/apply\/athlete/);

  // The delegation's own shell: its pages in a bar at the bottom, no console tabs, gear or bell.
  await expect(page.getByTestId('dlg-shell')).toBeVisible();
  await expect(page.locator('.admin-tags-bar')).toHaveCount(0);
  await expect(page.getByTestId('settings-button')).toHaveCount(0);
  await expect(page.getByTestId('notice-bell')).toHaveCount(0);

  await measure(page, '', 'athlete-add');
  for (const [tab, ready] of [
    ['coach', 'coach-add'],
    ['item', 'item-group'],
    ['file', 'file-table'],
    ['athlete', 'athlete-add'],
  ] as const) {
    await page.getByTestId(`dlg-tab-${tab}`).click();
    await expect(page).toHaveURL(new RegExp(`#/apply/${tab}`));
    await measure(page, '', ready);
  }
  await measure(page, '/dashboard', 'dashboard-welcome');
  await measure(page, '/profile', 'profile-page');
  await page.context().close();
});
