import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { signIn, toast } from './helpers';

/**
 * Issue 5, sports audit: a committee user opens the audit overview of the demo meeting, goes to
 * a delegation's athletes, returns one submitted athlete with a reason (the reason is required)
 * and approves another; the statuses follow in the list, in the detail and on the server.
 * Desktop (table, row buttons) and a 390 × 844 phone (cards, batch bar).
 *
 * The two athletes are registered and submitted for a demo delegation through the apply API,
 * acting as the committee (a meeting manager may act for a delegation). The delegations with
 * contact mobiles 13800000001 / …02 are this file's: the sign-in and apply specs use …03 / …04.
 */

const MEETING_ID = 1;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Envelope<T> {
  code: string;
  data: T;
  msg: string;
}
interface Field {
  key: string;
  kind: string;
  required: boolean;
  dictCode: string | null;
}
interface Group {
  id: number;
  gender: 'M' | 'F' | 'X';
  birthFrom: string;
  birthTo: string;
  fields: Field[];
}

/** GB 11643 check character of the first 17 digits. */
function checkChar(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return '10X98765432'[sum % 11]!;
}

/** A valid mainland ID number (Beijing, Dongcheng) for a birth date and gender, random order number. */
function idNumber(birthDate: string, gender: 'M' | 'F'): string {
  let order = Math.floor(Math.random() * 500) * 2;
  if (gender === 'M') order += 1;
  const first17 = `110101${birthDate.replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  return first17 + checkChar(first17);
}

/** A random date within the group's birth range, so that ID numbers rarely collide. */
function birthDateIn(from: string, to: string): string {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  const days = Math.floor(Math.random() * ((b - a) / 86_400_000 + 1));
  return new Date(a + days * 86_400_000).toISOString().slice(0, 10);
}

/** The API as the signed-in user (the token the page keeps). */
async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  const headers = { Authorization: token! };
  const call = async <T>(method: 'get' | 'post', url: string, init: Parameters<APIRequestContext['post']>[1] = {}) => {
    const res = await page.request[method](url, { ...init, headers: { ...headers, ...init.headers } });
    const body = (await res.json()) as Envelope<T>;
    expect(body.code, `${method} ${url}: ${body.msg}`).toBe('00000');
    return body.data;
  };
  return {
    get: <T>(url: string, params?: Record<string, string | number>) => call<T>('get', url, { params }),
    post: <T>(url: string, data: unknown) => call<T>('post', url, { data }),
    upload: async () =>
      (
        await call<{ id: string }>('post', '/api/v1/files', {
          multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG } },
        })
      ).id,
  };
}
type Api = Awaited<ReturnType<typeof api>>;

/** A value of a required field by its kind (uploads are real files). */
async function fieldValue(a: Api, f: Field): Promise<unknown> {
  switch (f.kind) {
    case 'number':
      return 40;
    case 'date':
      return '2010-01-01';
    case 'mobile':
      return '13900000000';
    case 'id_number':
      return idNumber('1990-01-01', 'M');
    case 'image':
    case 'file':
      return a.upload();
    case 'select': {
      const dicts = await a.get<{ dictCode: string; dictDataList: { value: string }[] }[]>('/api/v1/dict/list');
      return dicts.find((d) => d.dictCode === f.dictCode)?.dictDataList[0]?.value ?? 'x';
    }
    default:
      return 'E2E';
  }
}

/** Register two athletes of a demo delegation, each with an event, and submit them for audit. */
async function registerAndSubmit(page: Page, contactMobile: string, stamp: string) {
  const a = await api(page);
  const delegations = await a.get<{ list: { id: number; name: string; contactMobile: string }[] }>(
    '/api/v1/delegations',
    {
      meetingId: MEETING_ID,
      pageNum: 1,
      pageSize: 50,
    },
  );
  const delegation = delegations.list.find((d) => d.contactMobile === contactMobile)!;
  expect(delegation).toBeTruthy();
  const ctx = await a.get<{ groups: Group[]; athleteFields: Field[] }>('/api/v1/apply/context', {
    delegationId: delegation.id,
  });
  const group = ctx.groups.find((g) => g.gender === 'M' || g.gender === 'F')!;
  const gender = group.gender as 'M' | 'F';
  const items = await a.get<{
    items: { groupItemId: number; kind: string; relayLegs: number | null; remaining: number }[];
  }>('/api/v1/apply/items', { groupId: group.id, delegationId: delegation.id });
  const events = items.items.filter((i) => i.relayLegs === null && i.remaining >= 2);
  expect(events.length).toBeGreaterThan(0);

  const names = [`退回${stamp}`, `通过${stamp}`];
  for (const name of names) {
    const fields: Record<string, unknown> = {};
    for (const f of [...ctx.athleteFields, ...group.fields].filter((x) => x.required)) {
      fields[f.key] = await fieldValue(a, f);
    }
    const athlete = await a.post<{ id: number }>('/api/v1/apply/athletes', {
      delegationId: delegation.id,
      groupId: group.id,
      name,
      idType: '1',
      idNumber: idNumber(birthDateIn(group.birthFrom, group.birthTo), gender),
      photoFileId: await a.upload(),
      fields,
    });
    await a.post('/api/v1/apply/entries', {
      delegationId: delegation.id,
      athleteId: athlete.id,
      groupItemId: events[0]!.groupItemId,
    });
  }
  await a.post('/api/v1/apply/submit', { delegationId: delegation.id });
  return { delegation, names, api: a };
}

async function statusOnServer(a: Api, name: string) {
  const page = await a.get<{ list: { name: string; status: string; auditReason: string | null }[] }>(
    '/api/v1/audit/athletes/page',
    { meetingId: MEETING_ID, keywords: name, pageNum: 1, pageSize: 10 },
  );
  return page.list.find((r) => r.name === name);
}

async function signInAsCommittee(page: Page) {
  await signIn(page, 'committee');
  await expect(page).toHaveURL(/#\/dashboard/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** The overview of the demo meeting, then the chosen delegation's athletes, narrowed to this run's two. */
async function openDelegationAthletes(page: Page, delegationName: string, stamp: string) {
  await page.goto(`/#/audit/index?meetingId=${MEETING_ID}`);
  await expect(page.getByTestId('overview-table')).toBeVisible();
  await expect(page.getByTestId('overview-athletes')).toContainText(/\d/);
  await page.getByTestId('overview-delegation').filter({ hasText: delegationName }).first().click();
  await expect(page).toHaveURL(/#\/audit\/athlete\?.*delegationId=\d+/);
  await page.getByTestId('audit-search').getByRole('textbox').first().fill(stamp);
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(new RegExp(`keywords=${encodeURIComponent(stamp)}`));
  await expect(page.getByTestId('audit-table').locator('tr.ant-table-row')).toHaveCount(2);
  await settled(page);
}

/** The list has loaded (its loading overlay would swallow clicks). */
async function settled(page: Page) {
  await expect(page.getByTestId('audit-table').locator('.ant-spin-spinning')).toHaveCount(0);
}

async function giveReason(page: Page, reason: string) {
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('return-reason') });
  await expect(dialog).toBeVisible();
  // No reason: refused, nothing sent.
  await page.getByTestId('return-ok').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('请填写退回原因');
  await page.getByTestId('return-reason').fill(reason);
  await page.getByTestId('return-ok').click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/**
 * Signed in as the committee: a new delegation (contact `mobile`, names stamped `prefix`…) with two
 * athletes submitted, its athletes' list open. Returns the two names and the delegation's API.
 */
async function twoSubmitted(page: Page, mobile: string, prefix: string) {
  const stamp = `${prefix}${Date.now().toString().slice(-7)}`;
  await signInAsCommittee(page);
  const { delegation, names, api } = await registerAndSubmit(page, mobile, stamp);
  await openDelegationAthletes(page, delegation.name, stamp);
  const [toReturn, toApprove] = names as [string, string];
  return { toReturn, toApprove, a: api };
}

test('the committee returns one submitted athlete with a reason and approves another (desktop)', async ({ page }) => {
  test.setTimeout(120_000);
  const { toReturn, toApprove, a } = await twoSubmitted(page, '13800000001', 'D');
  const table = page.getByTestId('audit-table');
  const row = (name: string) => table.locator('tr.ant-table-row', { hasText: name });
  await expect(row(toReturn)).toContainText('待审核');
  await expect(row(toApprove)).toContainText('待审核');

  await row(toReturn).getByTestId('audit-row-return').click();
  await giveReason(page, '照片不清晰，请重新上传');
  await expect(toast(page, '已退回 1 条')).toBeVisible();
  await expect(row(toReturn)).toContainText('已退回');
  await expect(row(toReturn).getByTestId('audit-row-approve')).toHaveCount(0);

  await settled(page);
  await row(toApprove).getByTestId('audit-row-approve').click();
  await expect(toast(page, '已通过 1 条')).toBeVisible({ timeout: 30_000 });
  await expect(row(toApprove)).toContainText('已通过');

  expect(await statusOnServer(a, toReturn)).toMatchObject({
    status: 'returned',
    auditReason: '照片不清晰，请重新上传',
  });
  expect(await statusOnServer(a, toApprove)).toMatchObject({ status: 'approved', auditReason: null });

  // The detail shows the decision with its reason, and no decision buttons any more.
  await row(toReturn).getByTestId('audit-row-name').click();
  await expect(page.getByTestId('audit-detail')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('audit-decisions')).toContainText('照片不清晰，请重新上传');
  await expect(page.getByTestId('detail-approve')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the committee returns one athlete from the batch bar and approves another from its card', async ({ page }) => {
    test.setTimeout(120_000);
    const { toReturn, toApprove, a } = await twoSubmitted(page, '13800000002', 'M');
    const card = (name: string) => page.getByTestId('audit-table').locator('tr.ant-table-row', { hasText: name });
    await expect(card(toReturn).getByTestId('audit-card')).toBeVisible();
    await expect(card(toReturn)).toContainText('待审核');
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Select one card: the batch bar appears at the bottom of the screen.
    await card(toReturn).locator('input[type=checkbox]').check();
    const bar = page.getByTestId('audit-batch-bar');
    await expect(bar).toBeInViewport();
    await bar.getByTestId('audit-batch-return').click();
    await giveReason(page, '组别填写错误');
    await expect(toast(page, '已退回 1 条')).toBeVisible();
    await expect(card(toReturn)).toContainText('已退回');
    await expect(card(toReturn)).toContainText('组别填写错误');
    await expect(bar).toBeHidden();

    await settled(page);
    await card(toApprove).getByTestId('audit-row-approve').click();
    await expect(toast(page, '已通过 1 条')).toBeVisible({ timeout: 30_000 });
    await expect(card(toApprove)).toContainText('已通过');

    expect(await statusOnServer(a, toReturn)).toMatchObject({ status: 'returned', auditReason: '组别填写错误' });
    expect(await statusOnServer(a, toApprove)).toMatchObject({ status: 'approved' });
  });
});
