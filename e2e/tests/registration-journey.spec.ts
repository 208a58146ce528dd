import { idCheckChar } from '@baton/contracts';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { api, signInWithCode, uniqueMobile, uniqueName } from './comm-helpers';
import { test } from './fixtures';
import {
  adminPage,
  dialog,
  downloadTemplate,
  noSideScroll,
  pick,
  signInOnce,
  submitImport,
  toast,
  visible,
  writeSheet,
} from './helpers';

/**
 * Issue 5 "Done when", end to end through the UI, on a desktop and on a phone: a NEW delegation
 * signs in with the SMS code from the development outbox, enrols one athlete by ID number and
 * two by Excel, enters events until the per-athlete limit disables the others with its reason
 * (in the delegation's language: English on the desktop, Chinese on the phone), uploads a PDF and submits; the
 * committee returns the first athlete with a reason; the delegation sees it, fixes the English
 * name and submits again; the committee approves; the public query finds the athlete with the
 * ID number masked, and querytm and the meeting page list the entries. Delegation, committee
 * and visitor each have their own browser context.
 */

const MEETING_ID = 1;
const CODE = 'wrj2025';

interface Variant {
  name: string;
  viewport: { width: number; height: number };
  phone: boolean;
  /** The public frame: desktop pages under /home, mobile ones under /h5. */
  base: '/home' | '/h5';
  /** The delegation's UI language, and the texts the test expects in it. */
  lang: 'en' | 'zh-cn';
  gender: 'M' | 'F';
  text: {
    saved: string;
    imported: string;
    close: RegExp;
    limit: string;
    uploaded: (name: string) => string;
    submitted: RegExp;
  };
}

const VARIANTS: Variant[] = [
  {
    name: 'desktop',
    viewport: { width: 1440, height: 900 },
    phone: false,
    base: '/home',
    lang: 'en',
    gender: 'M',
    text: {
      saved: 'Saved',
      imported: '2 rows: 2 valid, 0 with errors, 2 imported',
      close: /^Close$/,
      limit: 'the most allowed',
      uploaded: (name) => `${name} uploaded`,
      submitted: /\d+ records submitted for audit/,
    },
  },
  {
    name: 'h5',
    viewport: { width: 390, height: 844 },
    phone: true,
    base: '/h5',
    lang: 'zh-cn',
    gender: 'F',
    text: {
      saved: '保存成功',
      imported: '共 2 行：有效 2 行，错误 0 行，已导入 2 行',
      close: /^关\s*闭$/,
      limit: '已达上限',
      uploaded: (name) => `已上传 ${name}`,
      submitted: /已提交 \d+ 条记录/,
    },
  },
];

interface Group {
  id: number;
  name: string;
  nameEn: string | null;
  gender: 'M' | 'F' | 'X';
  birthFrom: string;
  birthTo: string;
}
interface AuditAthlete {
  id: number;
  name: string;
  nameEn: string | null;
  idNumber: string;
  groupId: number;
  status: string;
  auditReason: string | null;
  entries: { groupItemId: number; itemName: string }[];
}

/** A valid GB 11643 number for a birth date and gender (random area order, so runs rarely meet). */
function idNumber(birth: string, gender: 'M' | 'F'): string {
  const order = Math.floor(Math.random() * 500) * 2 + (gender === 'M' ? 1 : 0);
  const first17 = `330381${birth.replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  return first17 + idCheckChar(first17);
}

/** A random day within a group's birth range. */
function birthIn(g: Group): string {
  const a = Date.parse(`${g.birthFrom.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${g.birthTo.slice(0, 10)}T00:00:00Z`);
  const days = Math.floor(Math.random() * ((b - a) / 86_400_000 + 1));
  return new Date(a + days * 86_400_000).toISOString().slice(0, 10);
}

async function newContext(browser: Browser, v: Variant, lang: Variant['lang'] = 'zh-cn'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: v.viewport,
    isMobile: v.phone,
    hasTouch: v.phone,
    locale: lang === 'en' ? 'en-US' : 'zh-CN',
  });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  return context;
}

/** A record of the delegation's athlete list: a table row on a desktop, a card on a phone. */
const athleteRow = (page: Page, name: string) =>
  visible(page.getByTestId('athlete-table'))
    .locator('tr.ant-table-row, [data-testid="apply-card"]')
    .filter({ hasText: name });

/** A record of the committee's audit list (cards are rows of the same table on a phone). */
const auditRow = (page: Page, name: string) =>
  page.getByTestId('audit-table').locator('tr.ant-table-row').filter({ hasText: name });

/** The audit list has loaded (its loading overlay would swallow clicks). */
async function auditSettled(page: Page) {
  await expect(page.getByTestId('audit-table').locator('.ant-spin-spinning')).toHaveCount(0);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

for (const v of VARIANTS) {
  test(`registration journey: sign-in, enrol, limits, file, submit, return, fix, approve, public lists (${v.name})`, async ({
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const stamp = `${v.name === 'h5' ? 'H' : 'D'}${Date.now().toString(36).slice(-5)}`;

    // ─── Setup: a delegation of this test's own, created by the administrator ──────────────
    const admin = await adminPage(browser);
    const mobile = uniqueMobile();
    const delegation = await api<{ id: number; name: string }>(admin, 'POST', '/api/v1/delegations', {
      meetingId: MEETING_ID,
      name: uniqueName(`旅程${v.name}队`),
      contactMobile: mobile,
    });
    const meeting = await api<{ groups: Group[] }>(admin, 'GET', `/api/v1/meetings/by-code/${CODE}`);
    const group = meeting.groups.find((g) => g.gender === v.gender)!;
    expect(group, `a ${v.gender} group in ${CODE}`).toBeTruthy();

    // ─── 1. The delegation signs in: /which/login → delegation → meeting → mobile → SMS code ─
    const dlgContext = await newContext(browser, v, v.lang);
    const dlg = await dlgContext.newPage();
    await dlg.goto('/#/which/login');
    await dlg.getByTestId('which-delegation').click();
    await dlg.getByTestId(`dlg-meeting-${CODE}`).getByRole('button').first().click();
    await expect(dlg.getByTestId('dlg-form')).toBeVisible();
    await signInWithCode(dlg, admin, mobile);
    await expect(visible(dlg.getByTestId('apply-delegation'))).toHaveText(delegation.name);
    if (v.phone) await noSideScroll(dlg);

    // ─── 2a. One athlete by ID number: birth date and gender come from the number ───────────
    const birth = birthIn(group);
    const id = idNumber(birth, v.gender);
    const firstName = `证号${stamp}`;
    await visible(dlg.getByTestId('athlete-add')).click();
    const form = dlg.getByTestId('athlete-form');
    await expect(form).toBeVisible();
    await form.getByTestId('athlete-name').fill(firstName);
    await form.getByTestId('athlete-id-number').fill(id);
    await expect(form.getByTestId('athlete-birth-date')).toHaveValue(birth);
    await expect(form.getByTestId('athlete-gender').locator(`input[value="${v.gender}"]`)).toBeChecked();
    // Exactly one group fits: it is chosen.
    await expect(form.getByTestId('athlete-group')).toContainText(v.lang === 'en' ? /U1[68]/ : group.name);
    await form.getByTestId('field-school').locator('input').fill('瑞安中学');
    await form.getByTestId('field-emergencyContact').locator('input').fill('王女士');
    await form.getByTestId('field-emergencyMobile').locator('input').fill('13912345678');
    await dlg.getByRole('dialog').filter({ has: form }).getByTestId('modal-ok').click();
    await expect(toast(dlg, v.text.saved)).toBeVisible();
    await expect(form).toBeHidden();
    await expect(athleteRow(dlg, firstName)).toBeVisible();

    // ─── 2b. Two more by Excel: the template's columns, a row report ────────────────────────
    await visible(dlg.getByTestId('athlete-import')).click();
    const box = dialog(dlg);
    const { headers } = await downloadTemplate(dlg, box);
    // The template speaks the user's language.
    expect(headers).toEqual(
      expect.arrayContaining(v.lang === 'en' ? ['Name', 'ID number', 'School'] : ['姓名', '证件号码', '学校']),
    );
    const byKey: Record<string, string[]> = {
      name: ['Name', '姓名'],
      idNumber: ['ID number', '证件号码'],
      school: ['School', '学校'],
      emergencyContact: ['Emergency contact', '紧急联系人'],
      emergencyMobile: ['Emergency mobile', '紧急联系电话'],
    };
    /** The values by key, under the template's headers (in its language). */
    const underHeaders = (values: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(values).flatMap(([k, value]) =>
          headers.filter((h) => byKey[k]!.includes(h)).map((h) => [h, value]),
        ),
      );
    const imported = [`导入甲${stamp}`, `导入乙${stamp}`];
    const file = await writeSheet(
      info,
      'athletes.xlsx',
      headers,
      imported.map((name) =>
        underHeaders({
          name,
          idNumber: idNumber(birthIn(group), v.gender),
          school: '玉海中学',
          emergencyContact: '林先生',
          emergencyMobile: '13987654321',
        }),
      ),
    );
    await box.locator('input[type=file]').setInputFiles(file);
    await submitImport(box, v.text.imported, v.text.close);
    for (const name of imported) await expect(athleteRow(dlg, name)).toBeVisible();
    if (v.phone) await noSideScroll(dlg);

    // ─── 3. Events: tick until the per-athlete limit disables the rest, saying why ───────────
    await dlg.goto('/#/apply/item');
    const panel = visible(dlg.getByTestId('item-athlete-panel'));
    // The athlete's group (the page opens on the first one).
    const groupLabel = v.lang === 'en' ? group.nameEn || group.name : group.name;
    const groupSwitch = visible(dlg.getByTestId('item-group'));
    if (v.phone) await pick(dlg, groupSwitch, groupLabel);
    else await groupSwitch.getByText(groupLabel, { exact: true }).click();
    await expect(panel).toBeVisible();
    await pick(dlg, visible(dlg.getByTestId('item-athlete')), firstName);
    await expect(visible(dlg.getByTestId('item-athlete'))).toContainText(firstName);
    const rows = panel.locator('[data-testid^="item-row-"]');
    const atLimit = panel.locator('[data-testid^="item-row-"][data-blocked="athleteFull"]');
    let entered = 0;
    for (let i = 0; i < 5 && (await atLimit.count()) === 0; i++) {
      const row = rows.nth(i);
      if (await row.locator('input[type=checkbox]').isDisabled()) continue;
      await row.getByTestId('item-toggle').click();
      // The entry is saved and the page has the new counts when its seed mark shows.
      await expect(row.getByTestId('seed-mark')).toBeVisible();
      entered += 1;
    }
    expect(entered).toBeGreaterThan(0);
    // At the limit the other events are disabled, each with the reason in the user's language.
    await expect(atLimit.first()).toBeVisible();
    await expect(atLimit.first().locator('input[type=checkbox]')).toBeDisabled();
    await expect(atLimit.first().getByTestId('item-block-reason')).toContainText(v.text.limit);
    if (v.phone) await noSideScroll(dlg);

    // ─── 4. A document ──────────────────────────────────────────────────────────────────────
    await dlg.goto('/#/apply/file');
    const files = visible(dlg.getByTestId('file-table'));
    await expect(files).toBeVisible();
    const pdfName = `insurance-${stamp}.pdf`;
    await files.locator('input[type=file]').setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: PDF });
    await expect(toast(dlg, v.text.uploaded(pdfName))).toBeVisible();
    await expect(files.getByText(pdfName)).toBeVisible();

    // ─── 5. Submit: the summary first, then confirm ─────────────────────────────────────────
    await visible(dlg.getByTestId('apply-submit')).click();
    const summary = dlg.getByRole('dialog').filter({ has: dlg.getByTestId('apply-summary') });
    await expect(summary.getByTestId('apply-lock-note')).toBeVisible();
    await expect(summary.getByTestId('modal-ok')).toBeEnabled();
    await summary.getByTestId('modal-ok').click();
    await expect(toast(dlg, v.text.submitted)).toBeVisible();
    await expect(summary).toBeHidden();
    await expect(visible(dlg.getByTestId('apply-submitted'))).toBeVisible();

    // ─── 6. The committee returns the first athlete with a reason ───────────────────────────
    const comContext = await newContext(browser, v);
    const com = await comContext.newPage();
    await signInOnce(com, 'committee');
    await com.goto(`/#/audit/athlete?meetingId=${MEETING_ID}&delegationId=${delegation.id}`);
    await expect(com.getByTestId('audit-table').locator('tr.ant-table-row')).toHaveCount(3);
    await auditSettled(com);
    await expect(auditRow(com, firstName)).toContainText('待审核');
    await auditRow(com, firstName).getByTestId('audit-row-return').click();
    const reason = `请补填英文姓名（${stamp}）`;
    const returnDialog = com.locator('.ant-modal').filter({ has: com.getByTestId('return-reason') });
    await expect(returnDialog).toBeVisible();
    await com.getByTestId('return-reason').fill(reason);
    await com.getByTestId('return-ok').click();
    await expect(returnDialog).toBeHidden({ timeout: 30_000 });
    await expect(toast(com, '已退回 1 条')).toBeVisible();
    await expect(auditRow(com, firstName)).toContainText('已退回');
    if (v.phone) await noSideScroll(com);

    // ─── 7. The delegation sees the reason, fixes the athlete and submits again ────────────
    await dlg.goto('/#/apply/athlete');
    const mine = athleteRow(dlg, firstName);
    await expect(mine.getByTestId('athlete-reason')).toContainText(reason);
    await mine.getByTestId('athlete-edit').click();
    await expect(form.getByTestId('athlete-returned-reason')).toContainText(reason);
    await form.getByTestId('athlete-name-en').fill(`Journey ${stamp}`);
    await dlg.getByRole('dialog').filter({ has: form }).getByTestId('modal-ok').click();
    await expect(toast(dlg, v.text.saved)).toBeVisible();
    await expect(form).toBeHidden();
    // The table shows the English name (a phone's card does not; the server check below covers it).
    if (!v.phone) await expect(athleteRow(dlg, firstName)).toContainText(`Journey ${stamp}`);
    await visible(dlg.getByTestId('apply-submit')).click();
    await expect(summary.getByTestId('modal-ok')).toBeEnabled();
    await summary.getByTestId('modal-ok').click();
    await expect(toast(dlg, v.text.submitted)).toBeVisible();
    await expect(athleteRow(dlg, firstName).getByTestId('athlete-reason')).toHaveCount(0);

    // ─── 8. The committee approves it ───────────────────────────────────────────────────────
    // Open the list afresh (a list already on screen keeps its rows until refreshed).
    const auditList = `/#/audit/athlete?meetingId=${MEETING_ID}&delegationId=${delegation.id}`;
    // What the database holds first: the athlete is submitted again.
    const again = await api<{ list: AuditAthlete[] }>(
      com,
      'GET',
      `/api/v1/audit/athletes/page?meetingId=${MEETING_ID}&delegationId=${delegation.id}&keywords=${encodeURIComponent(firstName)}&pageNum=1&pageSize=10`,
    );
    expect(again.list[0]?.status).toBe('submitted');
    // Then the list, loaded afresh: on CI's loaded two cores the list opened again from its tab
    // sometimes kept the rows it had, with no error shown (not yet explained; a known issue).
    await expect(async () => {
      await com.goto(auditList);
      await com.reload();
      await expect(auditRow(com, firstName)).toContainText('待审核', { timeout: 10_000 });
    }).toPass({ timeout: 45_000 });
    await auditSettled(com);
    await auditRow(com, firstName).getByTestId('audit-row-approve').click();
    await expect(toast(com, '已通过 1 条')).toBeVisible({ timeout: 30_000 });
    await expect(auditRow(com, firstName)).toContainText('已通过');
    const [record] = (
      await api<{ list: AuditAthlete[] }>(
        com,
        'GET',
        `/api/v1/audit/athletes/page?meetingId=${MEETING_ID}&delegationId=${delegation.id}&keywords=${encodeURIComponent(firstName)}&pageNum=1&pageSize=10`,
      )
    ).list;
    expect(record).toMatchObject({ name: firstName, nameEn: `Journey ${stamp}`, idNumber: id, status: 'approved' });
    expect(record!.entries.length).toBe(entered);

    // ─── 9. The public query finds the athlete, ID number masked ────────────────────────────
    const visitor = await (await newContext(browser, v)).newPage();
    await visitor.goto(`/#${v.base}/query`);
    await visitor.getByTestId('query-name').fill(firstName);
    await visitor.getByTestId('query-id-number').fill(id);
    await visitor.getByTestId('query-submit').click();
    const card = visitor.getByTestId('registration-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('reg-name')).toContainText(firstName);
    await expect(card).toContainText(delegation.name);
    await expect(card.getByTestId('reg-id')).toHaveText(`${id.slice(0, 3)}${'*'.repeat(11)}${id.slice(-4)}`);
    await expect(card.getByTestId('reg-item')).toHaveCount(entered);
    await expect(visitor.locator('body')).not.toContainText(id);
    if (v.phone) await noSideScroll(visitor);

    // ─── 10. querytm and the meeting page list the entries ──────────────────────────────────
    const entry = record!.entries[0]!;
    const showsEntry = async () => {
      await visitor.getByTestId('pick-group').selectOption(String(record!.groupId));
      await visitor.getByTestId('pick-item').selectOption(String(entry.groupItemId));
      await expect(
        visitor.getByTestId('entry-row').filter({ hasText: firstName }).filter({ hasText: delegation.name }),
      ).toBeVisible();
      if (v.phone) await noSideScroll(visitor);
    };
    await visitor.goto(`/#${v.base}/querytm?code=${CODE}`);
    await expect(visitor.getByTestId('delegation-row').filter({ hasText: delegation.name })).toContainText(/运动员 3/);
    await visitor.getByTestId('tab-entries').click();
    await showsEntry();

    await visitor.goto(`/#${v.base}/detail?code=${CODE}&tab=entries`);
    await expect(visitor.getByTestId('entries-panel')).toBeVisible();
    await showsEntry();

    await visitor.context().close();
    await comContext.close();
    await dlgContext.close();
    await admin.context().close();
  });
}
