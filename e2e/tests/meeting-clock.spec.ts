import { expect, type Page } from '@playwright/test';
import { api, openMeeting, uniqueName } from './comm-helpers';
import { test } from './fixtures';
import { signInOnce } from './helpers';

/**
 * Issue 25, one clock per meeting: a browser in New York (UTC−5 in winter) sees a meeting's
 * registration deadline on the meeting's clock (Asia/Shanghai, GMT+8, the server's zone new
 * meetings take) everywhere — the public meeting page, the delegation's sign-in card and the
 * console's meeting list — labelled with that clock, and the console's form takes the times
 * typed on the meeting's clock; a meeting given London's zone in the form is on London's.
 */
test.use({ timezoneId: 'America/New_York', locale: 'zh-CN' });

/** `YYYY-MM-DD HH:mm` of an instant on a zone's clock, worked out here (independent of the app). */
function stampIn(timeZone: string, iso: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
const shanghai = (iso: string) => stampIn('Asia/Shanghai', iso);

/** Signed in as admin: a fresh stamp, a meeting code `prefix` + stamp, and the day 20 days from now (YYYY-MM-DD). */
async function asAdminWithStamp(page: Page, prefix: string) {
  await signInOnce(page, 'admin');
  const stamp = uniqueName('');
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  return { stamp, code: `${prefix}${stamp}`, day };
}
const london = (iso: string) => stampIn('Europe/London', iso);

test('every page shows a meeting time on the meeting clock, labelled, in a browser set to another zone', async ({
  page,
  browser,
}) => {
  const { stamp, code, day } = await asAdminWithStamp(page, 'clk');
  // 00:54 UTC: 08:54 in Shanghai, 19:54 the evening before in New York.
  const closes = `${day}T00:54:00.000Z`;
  const meetingId = await openMeeting(page, {
    name: `时钟测试运动会${stamp}`,
    nameEn: `Clock Games ${stamp}`,
    code,
    regClosesAt: closes,
    allowSelfRegistration: true,
  });
  const expected = shanghai(closes);
  expect(expected.endsWith('08:54')).toBe(true);

  // The console's meeting list.
  await page.goto('/#/meeting/trackmeet');
  const row = page.getByTestId('meeting-table').locator('tr', { hasText: code });
  await page.getByTestId('meeting-search').getByRole('textbox').first().fill(code);
  await page.getByTestId('search-submit').click();
  await expect(row).toContainText(`${expected} (赛事当地时间 GMT+8)`);
  // The form shows and reads the window on the meeting's clock.
  await row.getByTestId('meeting-edit').click();
  await expect(page.getByTestId('meeting-reg-closes')).toHaveValue(expected.replace(' ', 'T'));
  await expect(page.getByTestId('meeting-form')).toContainText('赛事当地时间 GMT+8');
  await page.getByTestId('meeting-reg-closes').fill(`${day}T09:30`);
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/v1/meetings/${meetingId}`) && r.request().method() === 'PUT',
  );
  await page.getByTestId('modal-ok').click();
  expect((await saved).status()).toBe(200);
  const after = await api<{ regClosesAt: string }>(page, 'GET', `/api/v1/meetings/${meetingId}/form`);
  // 09:30 typed in New York's browser means 09:30 in Shanghai: 01:30 UTC.
  expect(new Date(after.regClosesAt).toISOString()).toBe(`${day}T01:30:00.000Z`);
  const nowShown = `${day} 09:30`;

  // A visitor in New York: the public meeting page and the delegation's sign-in card.
  const visitor = await (await browser.newContext({ timezoneId: 'America/New_York', locale: 'zh-CN' })).newPage();
  await visitor.goto(`/#/m/${code}`);
  await expect(visitor.getByTestId('meeting-window')).toContainText(`${nowShown} (赛事当地时间 GMT+8)`);
  await visitor.goto('/#/login?type=dlg');
  await expect(visitor.getByTestId('dlg-choose')).toBeVisible();
  // The search shows only when there are many meetings to choose from.
  if (await visitor.getByTestId('dlg-search').isVisible()) await visitor.getByTestId('dlg-search').fill(code);
  await expect(visitor.getByTestId(`dlg-meeting-${code}`)).toContainText(`${nowShown} (赛事当地时间 GMT+8)`);
  await visitor.context().close();
});

test('a meeting in London: its zone chosen in the form, its window typed and shown on London’s clock', async ({
  page,
  browser,
}) => {
  const { stamp, code, day } = await asAdminWithStamp(page, 'ldn');
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  await page.goto('/#/meeting/trackmeet');
  await expect(page.getByTestId('meeting-table')).toBeVisible();
  await page.getByTestId('meeting-add').click();
  const form = page.getByTestId('meeting-form');
  await form.getByTestId('meeting-name').fill(`伦敦时钟运动会${stamp}`);
  await form.getByTestId('meeting-name-en').fill(`London Clock Games ${stamp}`);
  await form.getByTestId('meeting-code').fill(code);
  await form.getByTestId('meeting-start').fill('2030-06-01');
  await form.getByTestId('meeting-end').fill('2030-06-02');
  // A new meeting starts on the server's zone (China out of the box); London is searched for and chosen.
  await expect(form.getByTestId('meeting-time-zone')).toContainText('Asia/Shanghai (GMT+8)');
  await form.getByTestId('meeting-time-zone').click();
  await page.keyboard.type('london');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^Europe\/London \(GMT/ })
    .first()
    .click();
  await expect(form.getByTestId('meeting-time-zone')).toContainText('Europe/London (GMT');
  await form.getByTestId('meeting-reg-opens').fill(`${yesterday}T08:00`);
  await form.getByTestId('meeting-reg-closes').fill(`${day}T09:30`);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/meetings') && r.request().method() === 'POST');
  await page.getByTestId('modal-ok').click();
  expect((await created).status()).toBe(200);
  const found = await api<{ list: { id: number; code: string }[] }>(page, 'GET', `/api/v1/meetings?keywords=${code}`);
  const id = found.list.find((m) => m.code === code)!.id;
  const saved = await api<{ timeZone: string; regClosesAt: string }>(page, 'GET', `/api/v1/meetings/${id}/form`);
  expect(saved.timeZone).toBe('Europe/London');
  // 09:30 typed in a New York browser for a London meeting means 09:30 in London.
  expect(london(saved.regClosesAt)).toBe(`${day} 09:30`);
  await api(page, 'POST', `/api/v1/meetings/${id}/status`, { to: 'registration_open' });

  // A visitor in New York sees the deadline at 09:30, labelled with London's offset (the browser's own words for it).
  const visitor = await (await browser.newContext({ timezoneId: 'America/New_York', locale: 'zh-CN' })).newPage();
  await visitor.goto(`/#/m/${code}`);
  const offset = await visitor.evaluate(
    (at) =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' })
        .formatToParts(new Date(at))
        .find((p) => p.type === 'timeZoneName')?.value,
    saved.regClosesAt,
  );
  await expect(visitor.getByTestId('meeting-window')).toContainText(`${day} 09:30 (赛事当地时间 ${offset})`);
  await visitor.context().close();
});
