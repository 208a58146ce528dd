import { expect, type Page } from '@playwright/test';
import { api } from './comm-helpers';
import { test } from './fixtures';
import {
  adminPage,
  dialog,
  downloadTemplate,
  noSideScroll,
  PHONE,
  pick,
  submitImport,
  toast,
  visible,
  writeSheet,
} from './helpers';

/**
 * Sports apply on a phone (issue 5): a delegation signs in with the SMS code of the demo
 * meeting, enrols an athlete by ID number (with a cropped photo) and two by Excel, enters
 * events until the limit disables the others (in Chinese, with the reason), uploads a PDF and
 * submits for audit; the records are then read-only.
 */

const MOBILE = '13800000004';

/** GB 11643: an ID number from its first 17 digits. */
function id18(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}

/** Sequence numbers of this run's people (odd: boys), so a retry does not meet its own. */
const RUN = (Date.now() % 400) + 50;

/** The `seq`-th boy of this run, born on `birth` (YYYY-MM-DD). */
function boyId(birth: string, seq: number): string {
  const order = String((RUN + seq) * 2 + 1).padStart(3, '0');
  return id18(`330381${birth.replaceAll('-', '')}${order}`);
}

interface OutboxPage {
  list: { id: number; text: string; purpose: string; createdAt: string }[];
}
const outbox = (admin: Page, target: string) =>
  api<OutboxPage>(admin, 'GET', `/api/v1/outbox/page?pageNum=1&pageSize=1&target=${target}`);

/**
 * A code may be sent to a mobile once a minute: wait out a code another test just asked for.
 * Answers the newest message's id, so the new code can be told from older ones.
 */
async function waitForResend(admin: Page, target: string): Promise<number> {
  const last = (await outbox(admin, target)).list[0];
  const wait = last ? Date.parse(last.createdAt) + 61_000 - Date.now() : 0;
  if (wait > 0) await admin.waitForTimeout(wait);
  return last?.id ?? 0;
}

/** The sign-in code sent after message `after`. */
async function newCode(admin: Page, target: string, after: number): Promise<string> {
  let code = '';
  await expect(async () => {
    const hit = (await outbox(admin, target)).list.find((m) => m.id > after && m.purpose === 'dlg-login');
    code = /\b(\d{6})\b/.exec(hit?.text ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 10_000 });
  return code;
}

test('a delegation enrols on a phone: ID number, Excel, events up to the limit, a document, submission', async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const page = await context.newPage();

  // ─── Sign in: /which/login → delegation → the demo meeting → mobile → SMS code ─────────
  await page.goto('/#/which/login');
  await page.getByTestId('which-delegation').click();
  await page.getByTestId('dlg-meeting-wrj2025').getByRole('button').first().click();
  await expect(page.getByTestId('dlg-form')).toBeVisible();
  const before = await waitForResend(admin, MOBILE);
  await page.getByTestId('dlg-mobile').fill(MOBILE);
  await page.getByTestId('dlg-send-code').click();
  await page.getByTestId('dlg-code').fill(await newCode(admin, MOBILE, before));
  await page.getByTestId('dlg-submit').click();
  await expect(page).toHaveURL(/#\/apply\/athlete/);
  await expect(visible(page.getByTestId('apply-header'))).toContainText('瑞安市田径协会代表队');
  await noSideScroll(page);

  // The 竞赛规程 the committee wrote is one tap away in the delegation's information.
  await visible(page.getByTestId('apply-info')).click();
  const infoForm = visible(page.getByTestId('apply-info-form'));
  await infoForm.getByText('竞赛规程', { exact: true }).click();
  await expect(infoForm.getByTestId('apply-regulations')).toContainText('一、竞赛日期和地点');
  await visible(page.getByTestId('modal-cancel')).click();
  await expect(infoForm).toBeHidden();

  const ctx = await api<{ groups: { name: string; gender: string; birthFrom: string }[] }>(
    page,
    'GET',
    '/api/v1/apply/context',
  );
  const boys = ctx.groups.find((g) => g.gender === 'M')!;
  const birth = `${boys.birthFrom.slice(0, 4)}-03-15`;
  const stamp = Date.now().toString(36).slice(-4);

  // ─── One athlete by ID number, with a photo cropped to 3:4 ────────────────────────────
  await visible(page.getByTestId('athlete-add')).click();
  const form = page.getByTestId('athlete-form');
  await expect(form).toBeVisible();
  const id = boyId(birth, 0);
  await form.getByTestId('athlete-name').fill(`手机${stamp}`);
  await form.getByTestId('athlete-id-number').fill(`${id.slice(0, 17)}${id[17] === '0' ? '1' : '0'}`);
  await expect(form.getByText('校验位不正确，请核对号码')).toBeVisible();
  await form.getByTestId('athlete-id-number').fill(id);
  await expect(form.getByTestId('athlete-birth-date')).toHaveValue(birth);
  await expect(form.getByTestId('athlete-birth-date')).toBeDisabled();
  await expect(form.getByTestId('athlete-gender').locator('input[value="M"]')).toBeChecked();
  // Exactly one group fits a boy of that age: it is chosen.
  await expect(form.getByTestId('athlete-group')).toContainText(boys.name);
  await form.getByTestId('field-school').locator('input').fill('瑞安中学');
  await form.getByTestId('field-emergencyContact').locator('input').fill('王女士');
  await form.getByTestId('field-emergencyMobile').locator('input').fill('13912345678');
  const png = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 1200;
    c.height = 900;
    const g = c.getContext('2d')!;
    g.fillStyle = '#2f6fde';
    g.fillRect(0, 0, 1200, 900);
    g.fillStyle = '#ffd9b3';
    g.beginPath();
    g.arc(600, 380, 220, 0, Math.PI * 2);
    g.fill();
    return c.toDataURL('image/png').split(',')[1]!;
  });
  await page
    .getByTestId('athlete-photo-input')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  const cropper = page.getByRole('dialog').filter({ has: page.getByTestId('photo-cropper') });
  await expect(cropper.getByTestId('photo-crop-canvas')).toBeVisible();
  await cropper.getByTestId('modal-ok').click();
  await expect(form.getByTestId('athlete-photo-img')).toBeVisible();
  const size = await form.getByTestId('athlete-photo-img').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  expect(size).toEqual([600, 800]);
  await page.getByRole('dialog').filter({ has: form }).getByTestId('modal-ok').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(form).toBeHidden();
  const cards = visible(page.getByTestId('athlete-table'));
  await expect(cards.getByTestId('apply-card').filter({ hasText: `手机${stamp}` })).toContainText(boys.name);
  await noSideScroll(page);

  // ─── Two more by Excel: the template's columns, a row report ──────────────────────────
  await visible(page.getByTestId('athlete-import')).click();
  const box = dialog(page);
  const { headers } = await downloadTemplate(page, box);
  expect(headers).toEqual(expect.arrayContaining(['姓名', '证件号码', '组别']));
  const imported = [`导入甲${stamp}`, `导入乙${stamp}`];
  const file = await writeSheet(
    info,
    'athletes.xlsx',
    headers,
    imported.map((name, i) => ({
      姓名: name,
      证件号码: boyId(birth, i + 1),
      学校: '玉海中学',
      紧急联系人: '林先生',
      紧急联系电话: '13987654321',
    })),
  );
  await box.locator('input[type=file]').setInputFiles(file);
  await submitImport(box, '共 2 行：有效 2 行，错误 0 行，已导入 2 行');
  for (const name of imported) await expect(cards.getByTestId('apply-card').filter({ hasText: name })).toBeVisible();

  // ─── Events: tick up to the limit; the others are then disabled, saying why ──────────
  await page.goto('/#/apply/item');
  await expect(visible(page.getByTestId('item-athlete-panel'))).toBeVisible();
  await pick(page, visible(page.getByTestId('item-athlete')), `手机${stamp}`);
  await noSideScroll(page);
  const panel = visible(page.getByTestId('item-athlete-panel'));
  const rows = panel.locator('[data-testid^="item-row-"]');
  const atLimit = panel.locator('[data-testid^="item-row-"][data-blocked="athleteFull"]');
  for (let i = 0; i < 5 && (await atLimit.count()) === 0; i++) {
    const row = rows.nth(i);
    if (await row.locator('input[type=checkbox]').isDisabled()) continue;
    await row.getByTestId('item-toggle').click();
    // Saved, and the page has the new counts, when the seed mark shows.
    await expect(row.getByTestId('seed-mark')).toBeVisible();
  }
  await expect(atLimit.first().locator('input[type=checkbox]')).toBeDisabled();
  await expect(atLimit.first().getByTestId('item-block-reason')).toContainText('已达上限');
  // A seed mark in the item's format.
  const entered = rows.filter({ has: page.getByTestId('seed-mark') }).first();
  await entered.getByTestId('seed-mark').fill('1:75');
  await expect(entered.getByTestId('seed-save')).toBeDisabled();
  await entered.getByTestId('seed-mark').fill('12.85');
  await entered.getByTestId('seed-save').click();
  await expect(toast(page, '报名成绩已保存')).toBeVisible();

  // ─── A document ───────────────────────────────────────────────────────────────────────
  await page.goto('/#/apply/file');
  const files = visible(page.getByTestId('file-table'));
  await expect(files).toBeVisible();
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  await files
    .locator('input[type=file]')
    .setInputFiles({ name: `保险单${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  await expect(toast(page, `已上传 保险单${stamp}.pdf`)).toBeVisible();
  await expect(files.getByTestId('apply-card').filter({ hasText: `保险单${stamp}.pdf` })).toBeVisible();
  await noSideScroll(page);

  // ─── Submit: the summary first, then the records lock ─────────────────────────────────
  await visible(page.getByTestId('apply-submit')).click();
  const summary = page.getByRole('dialog').filter({ has: page.getByTestId('apply-summary') });
  await expect(summary.getByTestId('apply-lock-note')).toContainText('锁定');
  await summary.getByTestId('modal-ok').click();
  await expect(toast(page, /已提交 \d+ 条记录/)).toBeVisible();
  await expect(visible(page.getByTestId('apply-status'))).toContainText('已提交');

  await page.goto('/#/apply/athlete');
  const mine = visible(page.getByTestId('athlete-table'))
    .getByTestId('apply-card')
    .filter({ hasText: `手机${stamp}` });
  await expect(mine).toContainText('待审核');
  await expect(mine.getByTestId('athlete-edit')).toContainText('查看');
  await expect(mine.getByTestId('athlete-delete')).toHaveCount(0);

  await context.close();
  await admin.context().close();
});
