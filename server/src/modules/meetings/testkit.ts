import { USER_TYPE } from '@baton/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import {
  athlete,
  delegation,
  group,
  groupItem,
  meeting,
  meetingAdmin,
  meetingField,
  meetingOfficial,
  role,
  user,
  userRole,
} from '../../db/schema/index.js';
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

/**
 * Clients signed in as `usernames` (English messages) on the suite's app (`useTestApp`), one after another
 * by a `beforeAll` of the calling suite registered after the ones before this call. The clients can be
 * taken at once (`const { admin } = useClients(t, 'admin')`); their requests, in a hook or a test, go
 * out as the signed-in account (before the sign-in they throw).
 */
export function useClients<const N extends string>(t: TestApp, ...usernames: N[]): Record<N, Client> {
  const signedIn = new Map<string, Client>();
  beforeAll(async () => {
    for (const username of usernames) signedIn.set(username, await signIn(t, username));
  });
  const live = (username: string): Client => {
    const c = signedIn.get(username);
    if (!c) throw new Error('useClients: the clients are signed in by beforeAll; use them in a hook or a test');
    return c;
  };
  const client = (u: string): Client => ({
    get: (url) => live(u).get(url),
    post: (url, body) => live(u).post(url, body),
    put: (url, body) => live(u).put(url, body),
    del: (url) => live(u).del(url),
    raw: (opts) => live(u).raw(opts),
  });
  return Object.fromEntries(usernames.map((u) => [u, client(u)])) as Record<N, Client>;
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
 * A meeting beside the demo one, written straight to the table: 'Other meeting', in 2030, its registration
 * open since a day ago for 30 days; `v` changes any of it. Returns its id.
 */
export async function meetingBeside(
  t: TestApp,
  v: Partial<typeof meeting.$inferInsert> & { code: string },
): Promise<number> {
  const day = 24 * 3600 * 1000;
  const [m] = await t.database.db
    .insert(meeting)
    .values({
      name: 'Other meeting',
      year: 2025,
      startDate: '2030-01-01',
      endDate: '2030-01-02',
      regOpensAt: new Date(Date.now() - day),
      regClosesAt: new Date(Date.now() + 30 * day),
      status: 'registration_open',
      ...v,
    })
    .returning({ id: meeting.id });
  return m!.id;
}

/** A new account `username` (a committee user) that administers meeting `meetingId`; returns its id. */
export async function addMeetingCommittee(t: TestApp, meetingId: number, username: string): Promise<number> {
  const userId = await addUser(t, username, USER_TYPE.COMMITTEE, 'COMMITTEE');
  await t.database.db.insert(meetingAdmin).values({ meetingId, userId });
  return userId;
}

/** A client signed in as a new committee account `username` that administers no meeting. */
export async function committeeOfNoMeeting(t: TestApp, username: string): Promise<Client> {
  await addUser(t, username, USER_TYPE.COMMITTEE, 'COMMITTEE');
  return signIn(t, username);
}

/**
 * A client signed in as the committee of another meeting only: a new meeting 'Meeting 2' (`code`, in 2030,
 * a draft) administered by a new committee account `username`.
 */
export async function committeeOfOtherMeeting(t: TestApp, code: string, username: string): Promise<Client> {
  const meetingId = await meetingBeside(t, {
    name: 'Meeting 2',
    code,
    startDate: '2030-02-01',
    endDate: '2030-02-02',
    regOpensAt: new Date('2030-01-01T00:00:00Z'),
    regClosesAt: new Date('2030-01-20T00:00:00Z'),
    status: 'draft',
  });
  await addMeetingCommittee(t, meetingId, username);
  return signIn(t, username);
}

/**
 * A client signed in as an official of another meeting only: a new meeting 'Other games' (code
 * `other-<username>`) and a new account `username` with a referee's user type, its official as a
 * referee (role REFEREE) or on the call-room duty (role CALL_ROOM).
 */
export async function officialOfOtherMeeting(
  t: TestApp,
  username: string,
  duty: 'referee' | 'call-room',
): Promise<Client> {
  const meetingId = await meetingBeside(t, {
    name: 'Other games',
    code: `other-${username}`,
    regOpensAt: new Date(),
    regClosesAt: new Date(),
  });
  const userId = await addUser(t, username, USER_TYPE.REFEREE, duty === 'call-room' ? 'CALL_ROOM' : 'REFEREE');
  await t.database.db.insert(meetingOfficial).values({ meetingId, userId, ...(duty === 'call-room' ? { duty } : {}) });
  return signIn(t, username);
}

export async function demoMeetingId(t: TestApp): Promise<number> {
  const [m] = await t.database.db.select({ id: meeting.id }).from(meeting).where(eq(meeting.code, 'wrj2025'));
  return m!.id;
}

/**
 * A copy of meeting `fromId` with `code` and `name` (given the original's name): its fields, its groups
 * (in their order, each changed by `changeGroup`) with their events, and its delegations (invited, without
 * accounts); the committee user administers it. Returns its id.
 */
export async function copyMeeting(
  t: TestApp,
  fromId: number,
  o: {
    code: string;
    name: (name: string) => string;
    changeGroup?: (g: typeof group.$inferSelect) => Partial<typeof group.$inferInsert>;
  },
): Promise<number> {
  const db = t.database.db;
  const [m] = await db.select().from(meeting).where(eq(meeting.id, fromId));
  const { id: _id, ...rest } = m!;
  const [copy] = await db
    .insert(meeting)
    .values({ ...rest, code: o.code, name: o.name(m!.name) })
    .returning({ id: meeting.id });
  const id = copy!.id;
  const fields = await db.select().from(meetingField).where(eq(meetingField.meetingId, fromId));
  await db.insert(meetingField).values(fields.map((f) => ({ ...f, meetingId: id })));
  const [committeeUser] = await db.select({ id: user.id }).from(user).where(eq(user.username, 'committee'));
  await db.insert(meetingAdmin).values({ meetingId: id, userId: committeeUser!.id });
  const groups = await db
    .select()
    .from(group)
    .where(eq(group.meetingId, fromId))
    .orderBy(asc(group.sort), asc(group.id));
  for (const g of groups) {
    const { id: gid, ...g2 } = g;
    const [ng] = await db
      .insert(group)
      .values({ ...g2, meetingId: id, ...o.changeGroup?.(g) })
      .returning({ id: group.id });
    const items = await db.select().from(groupItem).where(eq(groupItem.groupId, gid));
    await db.insert(groupItem).values(items.map(({ id: _i, ...gi }) => ({ ...gi, groupId: ng!.id })));
  }
  const dels = await db.select().from(delegation).where(eq(delegation.meetingId, fromId));
  await db
    .insert(delegation)
    .values(dels.map(({ id: _d, userId: _u, ...d }) => ({ ...d, meetingId: id, status: 'invited' as const })));
  return id;
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

/** The first sheet of an .xlsx (its workbook: `sheet.workbook`). */
export async function firstSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

/** The rows of an .xlsx's first sheet as text, by its row-1 headers. */
export async function xlsxRows(file: Buffer): Promise<Record<string, string>[]> {
  const ws = await firstSheet(file);
  const headers = (ws.getRow(1).values as string[]).slice(1);
  const out: Record<string, string>[] = [];
  ws.eachRow((r, n) => {
    if (n > 1) out.push(Object.fromEntries(headers.map((h, i) => [h, String(r.getCell(i + 1).value ?? '')])));
  });
  return out;
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
