import { expect, type Page } from '@playwright/test';

/** Call the API from a signed-in page with its own token (as the web app would). */
export async function api<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const res = await page.evaluate(
    async ({ method, url, body }) => {
      const headers: Record<string, string> = { Authorization: localStorage.getItem('accessToken') ?? '' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const r = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return r.json();
    },
    { method, url, body },
  );
  expect(res.code, JSON.stringify(res)).toBe('00000');
  return res.data as T;
}

/**
 * The delegation sign-in form open on `page`: the mobile typed, a code asked for (the button then waits) and
 * read from the development outbox as `admin`, and the delegation signed in on its athletes page.
 */
export async function signInWithCode(page: Page, admin: Page, mobile: string) {
  await page.getByTestId('dlg-mobile').fill(mobile);
  await page.getByTestId('dlg-send-code').click();
  await expect(page.getByTestId('dlg-send-code')).toBeDisabled();
  await page.getByTestId('dlg-code').fill(await latestCode(admin, mobile, 'dlg-login'));
  await page.getByTestId('dlg-submit').click();
  await expect(page).toHaveURL(/#\/apply\/athlete/);
}

/** The newest code the development outbox holds for a target (read as an administrator). */
export async function latestCode(adminPage: Page, target: string, purpose?: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const page = await api<{ list: { text: string; purpose: string }[] }>(
      adminPage,
      'GET',
      `/api/v1/outbox/page?pageNum=1&pageSize=5&target=${encodeURIComponent(target)}`,
    );
    const hit = page.list.find((m) => !purpose || m.purpose === purpose);
    code = /\b(\d{6})\b/.exec(hit?.text ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 10_000 });
  return code;
}

/** A mobile number nobody else in this run has. */
export function uniqueMobile(): string {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return `139${n}`;
}

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Create a plain console user (no roles) through the API as the signed-in administrator. */
export async function createUser(
  adminPage: Page,
  username: string,
  password: string,
  nickname = username,
  extra: { email?: string; mobile?: string } = {},
) {
  return api<unknown>(adminPage, 'POST', '/api/v1/users', {
    username,
    nickname,
    gender: 0,
    userType: 20,
    roleIds: [],
    password,
    ...extra,
  });
}

/**
 * A meeting of the test's own, made through the API and opened for registration: 2030-06-01 to
 * 06-02, registration open since a day ago for 30 days. `fields` names it and adds or overrides
 * (limits, options, the window). Its id.
 */
export async function openMeeting(
  admin: Page,
  fields: { name: string; code: string } & Record<string, unknown>,
): Promise<number> {
  const now = Date.now();
  const meeting = await api<{ id: number }>(admin, 'POST', '/api/v1/meetings', {
    year: 2030,
    startDate: '2030-06-01',
    endDate: '2030-06-02',
    regOpensAt: new Date(now - 86_400_000).toISOString(),
    regClosesAt: new Date(now + 30 * 86_400_000).toISOString(),
    ...fields,
  });
  await api(admin, 'POST', `/api/v1/meetings/${meeting.id}/status`, { to: 'registration_open' });
  return meeting.id;
}

/** A group of a meeting, made through the API, with the base-data items of these codes: the group's id and its group items' ids. */
export async function groupWithItems(
  admin: Page,
  group: { meetingId: number; name: string; nameEn: string; gender: 'M' | 'F'; birthFrom: string; birthTo: string },
  codes: string[],
): Promise<{ groupId: number; groupItemIds: number[] }> {
  const made = await api<{ id: number }>(admin, 'POST', '/api/v1/groups', group);
  const items = await api<{ list: { id: number; code: string }[] }>(
    admin,
    'GET',
    '/api/v1/items?pageNum=1&pageSize=200',
  );
  const groupItemIds: number[] = [];
  for (const code of codes) {
    const it = items.list.find((i) => i.code === code);
    expect(it, `item ${code} in the base data`).toBeTruthy();
    groupItemIds.push(
      (await api<{ id: number }>(admin, 'POST', '/api/v1/group-items', { groupId: made.id, itemId: it!.id })).id,
    );
  }
  return { groupId: made.id, groupItemIds };
}
