import { idCheckChar } from '@baton/contracts';
import { type Browser, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, groupWithItems, openMeeting, signInWithCode, uniqueMobile, uniqueName } from './comm-helpers';
import { adminPage, PHONE, visible } from './helpers';

/** The data and the sheet of the school-style import (apply-import.spec.ts). */

/** A GB 11643 ID number for a boy born on `birth` (YYYY-MM-DD), random order so runs rarely meet. */
export function boyId(birth: string): string {
  const order = Math.floor(Math.random() * 500) * 2 + 1;
  const first17 = `330381${birth.replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  return first17 + idCheckChar(first17);
}

/** The boys' group of the import and limits meetings. */
export const BOYS_U18 = {
  name: '少年男子组',
  nameEn: 'Boys U18',
  gender: 'M',
  birthFrom: '2010-01-01',
  birthTo: '2014-12-31',
} as const;

export interface Setup {
  meetingId: number;
  meetingName: string;
  delegationName: string;
  mobile: string;
}

/** A meeting open for registration with one boys' group and two events, and a delegation. */
async function setUp(admin: Page, stamp: string): Promise<Setup> {
  const meetingName = `导入测试运动会${stamp}`;
  const meetingId = await openMeeting(admin, { name: meetingName, code: `imp${stamp}`, maxEventsPerAthlete: 3 });
  await groupWithItems(admin, { meetingId, ...BOYS_U18 }, ['100', 'LJ']);
  const mobile = uniqueMobile();
  const delegationName = uniqueName('实验中学');
  await api(admin, 'POST', '/api/v1/delegations', {
    meetingId,
    name: delegationName,
    leaderName: '王老师',
    contactMobile: mobile,
  });
  return { meetingId, meetingName, delegationName, mobile };
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
  await signInWithCode(page, admin, s.mobile);
  await expect(visible(page.getByTestId('apply-delegation'))).toHaveText(s.delegationName);
  return page;
}

/** What the server holds for the leader of `page`: each of `athletes`, entered for exactly its events. */
export async function expectAthleteEntries(page: Page, athletes: { name: string; events: string[] }[]) {
  const list = await api<{ list: { name: string; idNumber: string; entries: { itemName: string }[] }[] }>(
    page,
    'GET',
    '/api/v1/apply/athletes/page?pageNum=1&pageSize=10',
  );
  const byName = new Map(list.list.map((a) => [a.name, a]));
  for (const a of athletes) {
    const got = byName.get(a.name);
    expect(got, a.name).toBeTruthy();
    expect(got!.entries.map((e) => e.itemName).sort()).toEqual([...a.events].sort());
  }
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A test's own import meeting (setUp) made by a signed-in administrator, and its delegation's
 * leader signed in (signInAsLeader, on a phone unless told): the run's stamp, both pages, the setup.
 */
export async function leaderOfNewMeeting(browser: Browser, viewport = PHONE, lang: 'zh-cn' | 'en' = 'zh-cn') {
  const stamp = Date.now().toString(36).slice(-6);
  const admin = await adminPage(browser);
  const s = await setUp(admin, stamp);
  const leader = await signInAsLeader(browser, admin, s, viewport, lang);
  return { stamp, admin, s, leader };
}
