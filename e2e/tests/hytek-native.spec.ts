import { expect } from '@playwright/test';
import iconv from 'iconv-lite';
import { api, signInWithCode, uniqueMobile, uniqueName } from './comm-helpers';
import { committeeOnDemo } from './competition-helpers';
import { test } from './fixtures';
import { adminPage } from './helpers';

/**
 * Issue 22: a Hy-Tek entry file as Hy-Tek Meet Manager writes it on a Chinese Windows — GBK,
 * CRLF, 25-field I records without an ID number, a D record — imported by the committee on the
 * exchange page: the report says the file was read as GBK, the athlete is created, and the
 * audit list and the delegation's athlete list show that it has no ID number yet. The spec
 * makes its own delegation (names unique per run), so it depends on no other spec's data.
 */
test('a GBK Hy-Tek file without ID numbers creates the athlete; lists show it has no ID yet', async ({
  page,
  browser,
}) => {
  const demo = await committeeOnDemo(page);
  const teamName = uniqueName('海泰克中学');
  const mobile = uniqueMobile();
  const team = await api<{ id: number }>(page, 'POST', '/api/v1/delegations', {
    meetingId: demo.id,
    name: teamName,
    contactMobile: mobile,
  });
  // U16 of the demo meeting: born 15 or 14 years before the meeting's year.
  const year = Number(demo.startDate.slice(0, 4)) - 15;
  const given = [...Date.now().toString().slice(-4)].map((d) => '零壹贰叁肆伍陆柒捌玖'[Number(d)]).join('');
  const i = ['I', '欧阳', given, '', 'F', `03/15/${year}`, '', teamName, '', '', ...Array<string>(15).fill('')];
  const d = ['D', '欧阳', given, '', 'F', `03/15/${year}`, '', teamName, '', '', '100', '13.45', 'M', '2'];
  const text = `${[i.join(';'), [...d, ...Array<string>(6).fill('')].join(';')].join('\r\n')}\r\n`;
  const gbk = iconv.encode(text, 'gbk');

  await page.goto(`/#/competition/exchange?meetingId=${demo.id}`);
  await expect(page.getByTestId('exchange-page')).toBeVisible();
  await expect(page.getByTestId('exchange-encoding')).toBeVisible();
  await page
    .locator('input[type=file][accept=".txt,.csv"]')
    .setInputFiles({ name: 'entries.txt', mimeType: 'text/plain', buffer: gbk });
  await page.getByTestId('exchange-hytek-import').click();
  await expect(page.getByTestId('exchange-hytek-encoding')).toContainText('GBK');
  await expect(page.getByTestId('exchange-hytek-encoding')).toContainText('GB18030');

  const name = `欧阳${given}`;
  const list = await api<{ list: { name: string; idNumber: string | null }[] }>(
    page,
    'GET',
    `/api/v1/apply/athletes/page?pageNum=1&pageSize=10&delegationId=${team.id}`,
  );
  expect(list.list).toEqual([expect.objectContaining({ name, idNumber: null })]);

  // The audit list of the meeting shows it next to the name.
  await page.goto(`/#/audit/athlete?meetingId=${demo.id}&keywords=${encodeURIComponent(name)}`);
  const audit = page.getByRole('row').filter({ hasText: name });
  await expect(audit.getByTestId('no-id-number')).toBeVisible();

  // The delegation signs in (SMS code from the development outbox): its list shows the tag
  // where the number would be, and the athlete's form says the number is still to be given.
  const admin = await adminPage(browser);
  const leader = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await leader.goto('/#/which/login');
  await leader.getByTestId('which-delegation').click();
  await leader.getByTestId('dlg-meeting-wrj2025').getByRole('button').first().click();
  await signInWithCode(leader, admin, mobile);
  const row = leader.getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('no-id-number')).toBeVisible();
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(leader.getByTestId('athlete-no-id-number')).toBeVisible();
  await leader.context().close();
  await admin.context().close();
});
