import { USER_TYPE } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { athlete, meeting, meetingOfficial, role, user, userRole } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { bearer, login, TEST_PASSWORD, type TestApp } from '../../test/app.js';

/** Test helpers of the meeting modules: extra accounts, a signed-in client, the demo meeting. */

/** Add an account with a role (password TEST_PASSWORD); returns its id. */
export async function addUser(t: TestApp, username: string, userType: number, roleCode: string): Promise<number> {
  const db = t.database.db;
  const [u] = await db
    .insert(user)
    .values({ username, nickname: username, passwordHash: await hashPassword(TEST_PASSWORD), userType })
    .returning({ id: user.id });
  const [r] = await db.select({ id: role.id }).from(role).where(eq(role.code, roleCode));
  await db.insert(userRole).values({ userId: u!.id, roleId: r!.id });
  return u!.id;
}

export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
  raw(opts: {
    method: 'POST' | 'GET';
    url: string;
    payload: string | Buffer;
    headers: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
}

/** A client signed in as `username` (English messages). */
export async function signIn(t: TestApp, username: string): Promise<Client> {
  return clientWithToken(t, (await login(t, username)).accessToken);
}

/** A client that sends `token` (messages in `lang`). */
export function clientWithToken(t: TestApp, token: string, lang = 'en'): Client {
  const headers = { ...bearer(token), 'accept-language': lang };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body ?? {}),
    put: (url, body) => send('PUT', url, body ?? {}),
    del: (url) => send('DELETE', url),
    raw: (opts) => t.app.inject({ ...opts, headers: { ...headers, ...opts.headers } }),
  };
}

/**
 * A client signed in as an official of another meeting only: a new meeting 'Other games' (`code`, `year`)
 * and a new account `username` (a referee's user type, `roleCode`), its official with `duty` (the column's default
 * when none).
 */
export async function officialOfOtherMeeting(
  t: TestApp,
  o: { code: string; year: number; username: string; roleCode: string; duty?: 'call-room' },
): Promise<Client> {
  const db = t.database.db;
  const [other] = await db
    .insert(meeting)
    .values({
      name: 'Other games',
      code: o.code,
      year: o.year,
      startDate: '2030-01-01',
      endDate: '2030-01-02',
      regOpensAt: new Date(),
      regClosesAt: new Date(),
      status: 'registration_open',
    })
    .returning({ id: meeting.id });
  const userId = await addUser(t, o.username, USER_TYPE.REFEREE, o.roleCode);
  await db.insert(meetingOfficial).values({ meetingId: other!.id, userId, ...(o.duty ? { duty: o.duty } : {}) });
  return signIn(t, o.username);
}

export async function demoMeetingId(t: TestApp): Promise<number> {
  const [m] = await t.database.db.select({ id: meeting.id }).from(meeting).where(eq(meeting.code, 'wrj2025'));
  return m!.id;
}

let idSeq = 0;
/** A registered athlete written straight to the table (registration is another module). */
export async function insertAthlete(
  t: TestApp,
  v: {
    meetingId: number;
    delegationId: number;
    groupId: number;
    status?: 'draft' | 'submitted' | 'approved' | 'returned';
  },
) {
  idSeq += 1;
  const [a] = await t.database.db
    .insert(athlete)
    .values({
      meetingId: v.meetingId,
      delegationId: v.delegationId,
      groupId: v.groupId,
      name: `Athlete ${idSeq}`,
      gender: 'M',
      idNumber: `TEST${process.pid}${idSeq}`,
      birthDate: '2011-05-01',
      status: v.status ?? 'draft',
    })
    .returning({ id: athlete.id });
  return a!.id;
}

export const countOf = async (t: TestApp, table: string, where = 'true'): Promise<number> => {
  const res = (await t.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]!.n);
};

export const code = (res: LightMyRequestResponse) => (res.json() as { code: string }).code;
export const data = <T = Record<string, unknown>>(res: LightMyRequestResponse) => (res.json() as { data: T }).data;

/** Each of these answers refuses the call for want of the permission: 403, A0301. */
export function expectForbidden(...answers: LightMyRequestResponse[]) {
  for (const res of answers) {
    expect(res.statusCode, res.body).toBe(403);
    expect(code(res)).toBe('A0301');
  }
}

/**
 * The body of a base-data module's "updates with a version and exports" test: a record made as
 * `names[0]` is updated to `names[1]` with the version read, refused A0409 when updated to
 * `names[2]` with that (now old) version, and the committee exports the list.
 */
export async function expectVersionedUpdateAndExport(
  admin: Client,
  committee: Client,
  base: string,
  names: [string, string, string],
) {
  const made = data<{ id: number; version: number }>(await admin.post(base, { name: names[0] }));
  expect(code(await admin.put(`${base}/${made.id}`, { name: names[1], version: made.version }))).toBe('00000');
  expect(code(await admin.put(`${base}/${made.id}`, { name: names[2], version: made.version }))).toBe('A0409');
  expect((await committee.get(`${base}/export`)).statusCode).toBe(200);
}

/** A multipart form with one file field `file` (and optional text fields). */
export function multipartFile(file: Buffer, filename = 'upload.xlsx', fields: Record<string, string> = {}) {
  const boundary = `----baton${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const head = Buffer.from(
    `${parts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An .xlsx with a header row and rows of text. */
export async function xlsx(headers: string[], rows: string[][]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
