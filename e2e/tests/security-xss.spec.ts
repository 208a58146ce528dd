import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { signIn } from './helpers';

/**
 * Issue 8, stored XSS: script payloads are stored through the API wherever users type text that
 * others see — a notice's rich text and title, a meeting's name and remark, a delegation's name,
 * an athlete's name — and then every page that shows them is opened, in the console and in the
 * public pages, including the operation-log viewer that shows the writes' before/after.
 *
 * Two layers are checked separately: nothing ran (no dialog, no `window.__xss` marker, no CSP
 * violation), and the DOM holds no trace of the payloads' active parts (no `on…` attribute, no
 * `<script>` of ours, no `javascript:` URL) — so a sanitiser failure is caught even though the
 * CSP would still block it.
 */

const MARK = `x${Date.now().toString(36)}`;
/** Every payload sets window.__xss (or opens a dialog) if it ever runs. */
const PAYLOADS = [
  `<script>window.__xss='${MARK}';alert(1)</script>`,
  `<img src=x onerror="window.__xss='${MARK}';alert(2)">`,
  `<a href="javascript:window.__xss='${MARK}';alert(3)">click ${MARK}</a>`,
  `<svg onload="window.__xss='${MARK}'"><animate onbegin="alert(4)"/></svg>`,
  `<iframe src="javascript:alert(5)"></iframe><form action="javascript:alert(6)"><button>go</button></form>`,
];
const RICH = `<p>Safe text ${MARK}</p>${PAYLOADS.join('')}<p><a href="https://example.org/${MARK}">ok link</a></p>`;
const PLAIN = `${MARK}<img src=x onerror=alert(7)><script>alert(8)</script>`;

interface Envelope<T> {
  code: string;
  data: T;
  msg: string;
}

async function api(request: APIRequestContext, token: string) {
  const call = async <T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const res = await request[method](url, { headers: { Authorization: token }, data });
    const body = (await res.json()) as Envelope<T>;
    expect(body.code, `${method} ${url}: ${body.msg}`).toBe('00000');
    return body.data;
  };
  return call;
}

/** Watch a page for anything a payload would do if it ran. */
function watch(page: Page) {
  const fired: string[] = [];
  page.on('dialog', (d) => {
    fired.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load|run)/i.test(m.text())) fired.push(`csp: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (e.message.includes(MARK)) fired.push(`error: ${e.message}`);
  });
  return fired;
}

/** The active traces of the payloads in the DOM (should be none). */
async function traces(page: Page): Promise<string[]> {
  return page.evaluate((mark) => {
    const out: string[] = [];
    if ((window as unknown as { __xss?: string }).__xss) out.push('window.__xss set');
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const a of Array.from(el.attributes)) {
        const v = a.value.trim().toLowerCase();
        if (a.name.startsWith('on') && /alert|__xss/.test(a.value)) out.push(`${el.tagName} ${a.name}`);
        if (
          /^(href|src|action|formaction|xlink:href)$/.test(a.name) &&
          v.replace(/\s/g, '').startsWith('javascript:')
        ) {
          out.push(`${el.tagName} ${a.name}=${a.value.slice(0, 40)}`);
        }
      }
      if (el.tagName === 'SCRIPT' && el.textContent?.includes(mark)) out.push('script element');
      if (el.tagName === 'IFRAME' && el.getAttribute('src')?.includes('javascript')) out.push('iframe');
    }
    return out;
  }, MARK);
}

async function visit(page: Page, url: string, expectText: string | RegExp) {
  await page.goto(url);
  await expect(page.locator('body')).toContainText(expectText, { timeout: 30_000 });
  expect(await traces(page), url).toEqual([]);
}

test('stored script payloads never run, in the console or the public pages', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  const fired = watch(admin);
  await signIn(admin);
  await expect(admin.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  const token = (await admin.evaluate(() => localStorage.getItem('accessToken')))!;
  const call = await api(admin.request, token);

  // 1. A published notice whose title and rich text carry the payloads.
  const noticeId = await call<number>('post', '/api/v1/notices', {
    title: `Notice ${PLAIN}`,
    content: RICH,
    type: 1,
    level: 'L',
    targetType: 1,
  });
  await call('put', `/api/v1/notices/${noticeId}/publish`, {});
  // 2. A public meeting named with a payload, with a payload remark.
  const code = `xss${Date.now().toString(36)}`;
  const now = Date.now();
  const meetingId = await call<number>('post', '/api/v1/meetings', {
    name: `Meeting ${PLAIN}`.slice(0, 100),
    code,
    // The latest start of every spec's meetings: the console's list (newest start first) shows
    // it on its first page however many meetings other specs made.
    year: 2031,
    startDate: '2031-05-01',
    endDate: '2031-05-03',
    regOpensAt: new Date(now - 86_400_000).toISOString(),
    regClosesAt: new Date(now + 30 * 86_400_000).toISOString(),
  }).then((v) => (typeof v === 'number' ? v : (v as unknown as { id: number }).id));
  await call('put', `/api/v1/meetings/${meetingId}/remark`, { html: RICH });
  await call('post', `/api/v1/meetings/${meetingId}/status`, { to: 'registration_open' });
  // 3. A delegation of the demo meeting named with a payload, and 4. its athlete.
  const mobile = `139${String(now).slice(-8)}`;
  const delegation = await call<{ id: number }>('post', '/api/v1/delegations', {
    meetingId: 1,
    name: `Team ${PLAIN}`.slice(0, 100),
    contactMobile: mobile,
  });
  const ctx = await call<{ groups: { id: number; gender: string; birthFrom: string }[] }>(
    'get',
    `/api/v1/apply/context?delegationId=${delegation.id}`,
  );
  const group = ctx.groups.find((g) => g.gender === 'M')!;
  const first17 = `110101${group.birthFrom.slice(0, 4)}0615${String(100 + (now % 400) * 2 + 1).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const check = '10X98765432'[[...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0) % 11]!;
  const athleteName = `A${MARK}<img src=x onerror=alert(9)>`.slice(0, 50);
  const athlete = await admin.request.post('/api/v1/apply/athletes', {
    headers: { Authorization: token },
    data: {
      delegationId: delegation.id,
      groupId: group.id,
      name: athleteName,
      idNumber: first17 + check,
      fields: { school: `School ${PLAIN}`.slice(0, 50), emergencyContact: 'P', emergencyMobile: '13900000000' },
    },
  });
  // The name rules may refuse markup outright; if stored, it must render inert.
  const athleteStored = ((await athlete.json()) as Envelope<unknown>).code === '00000';

  // The console pages that show them.
  await visit(admin, `/#/myNotice?id=${noticeId}`, `Safe text ${MARK}`);
  await expect(admin.getByRole('link', { name: 'ok link' })).toHaveAttribute('href', `https://example.org/${MARK}`);
  await visit(admin, '/#/system/notice', `Notice ${MARK}`);
  await visit(admin, '/#/meeting/trackmeet', `Meeting ${MARK}`);
  // The delegation's name shows on its athletes' audit rows and on the public pages below.
  if (athleteStored) {
    await visit(admin, `/#/audit/athlete?meetingId=1&delegationId=${delegation.id}`, `A${MARK}`);
  }
  // The operation-log viewer: the newest writes' before/after hold the payloads.
  await visit(admin, '/#/system/log', /./);
  for (const i of [0, 1, 2]) {
    await admin.getByTestId('oplog-detail').nth(i).click();
    await expect(admin.getByTestId('oplog-drawer')).toBeVisible();
    expect(await traces(admin), `oplog detail ${i}`).toEqual([]);
    await admin.keyboard.press('Escape');
    await expect(admin.getByTestId('oplog-drawer')).toBeHidden();
  }
  expect(fired).toEqual([]);

  // The public pages, signed out, desktop and phone.
  await publicPages(browser, code, { width: 1440, height: 900 });
  await publicPages(browser, code, { width: 390, height: 844 });
});

async function publicPages(browser: Browser, code: string, viewport: { width: number; height: number }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  const fired = watch(page);
  await visit(page, '/#/home/index', `Notice ${MARK}`);
  await visit(page, `/#/home/detail?code=${code}`, `Safe text ${MARK}`);
  await expect(page.getByTestId('meeting-remark').getByRole('link', { name: 'ok link' })).toBeVisible();
  await visit(page, `/#/home/querytm?code=wrj2025`, /./);
  expect(fired).toEqual([]);
  await page.context().close();
}
