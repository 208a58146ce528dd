import { idCheckChar } from '@baton/contracts';
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, latestCode, uniqueMobile, uniqueName } from './comm-helpers';

/** The data and the sheet of the school-style import (apply-import.spec.ts). */

export const PHONE = { width: 390, height: 844 };
export const visible = (l: Locator) => l.filter({ visible: true });

/** A GB 11643 ID number for a boy born on `birth` (YYYY-MM-DD), random order so runs rarely meet. */
export function boyId(birth: string): string {
  const order = Math.floor(Math.random() * 500) * 2 + 1;
  const first17 = `330381${birth.replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  return first17 + idCheckChar(first17);
}

export interface Setup {
  meetingId: number;
  meetingName: string;
  delegationName: string;
  mobile: string;
}

/** A meeting open for registration with one boys' group and two events, and a delegation. */
export async function setUp(admin: Page, stamp: string): Promise<Setup> {
  const now = Date.now();
  const meetingName = `导入测试运动会${stamp}`;
  const meeting = await api<{ id: number }>(admin, 'POST', '/api/v1/meetings', {
    name: meetingName,
    code: `imp${stamp}`,
    year: 2030,
    startDate: '2030-06-01',
    endDate: '2030-06-02',
    regOpensAt: new Date(now - 86_400_000).toISOString(),
    regClosesAt: new Date(now + 30 * 86_400_000).toISOString(),
    maxEventsPerAthlete: 3,
  });
  await api(admin, 'POST', `/api/v1/meetings/${meeting.id}/status`, { to: 'registration_open' });
  const group = await api<{ id: number }>(admin, 'POST', '/api/v1/groups', {
    meetingId: meeting.id,
    name: '少年男子组',
    nameEn: 'Boys U18',
    gender: 'M',
    birthFrom: '2010-01-01',
    birthTo: '2014-12-31',
  });
  const items = await api<{ list: { id: number; code: string }[] }>(
    admin,
    'GET',
    '/api/v1/items?pageNum=1&pageSize=200',
  );
  for (const code of ['100', 'LJ']) {
    const it = items.list.find((i) => i.code === code);
    expect(it, `item ${code} in the base data`).toBeTruthy();
    await api(admin, 'POST', '/api/v1/group-items', { groupId: group.id, itemId: it!.id });
  }
  const mobile = uniqueMobile();
  const delegationName = uniqueName('实验中学');
  await api(admin, 'POST', '/api/v1/delegations', {
    meetingId: meeting.id,
    name: delegationName,
    leaderName: '王老师',
    contactMobile: mobile,
  });
  return { meetingId: meeting.id, meetingName, delegationName, mobile };
}

/**
 * The school's sheet. Row 1 title, row 2 unit and leader, rows 3–4 the header (姓名, 性别, 号码,
 * 出生日期 merged over both rows; 项目 over 项目一 | 项目二), then one row per athlete.
 */
export async function schoolSheet(s: Setup, athletes: { name: string; id: string; birth: string; events: string[] }[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('报名表');
  ws.getCell('A1').value = `${s.meetingName}报名表`;
  ws.mergeCells('A1:F1');
  ws.getCell('A2').value = `单位：${s.delegationName}    领队：王老师    联系电话：${s.mobile}`;
  ws.mergeCells('A2:F2');
  ['姓名', '性别', '号码', '出生日期'].forEach((h, i) => {
    const col = String.fromCharCode(65 + i);
    ws.getCell(`${col}3`).value = h;
    ws.mergeCells(`${col}3:${col}4`);
  });
  ws.getCell('E3').value = '项目';
  ws.mergeCells('E3:F3');
  ws.getCell('E4').value = '项目一';
  ws.getCell('F4').value = '项目二';
  athletes.forEach((a, i) => {
    const row = ws.getRow(5 + i);
    const [y, m, d] = a.birth.split('-').map(Number);
    row.values = [a.name, '男', a.id, `${y}年${m}月${d}日`, a.events[0] ?? '', a.events[1] ?? ''];
    // The ID as text, as a school that set the column to text has it.
    row.getCell(3).numFmt = '@';
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function signInAsLeader(
  browser: Browser,
  admin: Page,
  s: Setup,
  viewport = PHONE,
  lang: 'zh-cn' | 'en' = 'zh-cn',
  theme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const phone = viewport.width < 600;
  const context = await browser.newContext({
    viewport,
    isMobile: phone,
    hasTouch: phone,
    locale: lang === 'en' ? 'en-US' : 'zh-CN',
  });
  await context.addInitScript(
    ([l, th]) => {
      localStorage.setItem('language', l);
      localStorage.setItem('theme', th);
    },
    [lang, theme] as const,
  );
  const page = await context.newPage();
  await page.goto(`/#/login?type=dlg&tmid=${s.meetingId}`);
  await expect(page.getByTestId('dlg-form')).toBeVisible();
  await page.getByTestId('dlg-mobile').fill(s.mobile);
  await page.getByTestId('dlg-send-code').click();
  await expect(page.getByTestId('dlg-send-code')).toBeDisabled();
  await page.getByTestId('dlg-code').fill(await latestCode(admin, s.mobile, 'dlg-login'));
  await page.getByTestId('dlg-submit').click();
  await expect(page).toHaveURL(/#\/apply\/athlete/);
  await expect(visible(page.getByTestId('apply-delegation'))).toHaveText(s.delegationName);
  return page;
}

export async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
