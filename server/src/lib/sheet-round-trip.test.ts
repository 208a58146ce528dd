import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, meeting, role } from '../db/schema/index.js';
import { type Client, code, data, multipartFile, signIn } from '../modules/meetings/testkit.js';
import { makeTestApp, type TestApp } from '../test/app.js';

/**
 * Issue 22: the export of every list re-imports as it is — the file the export writes goes back
 * through the import unchanged (its extra columns reported as notices), with the same rows.
 */
let t: TestApp;
let admin: Client;

type Report = {
  total: number;
  valid: number;
  invalid: number;
  imported: number;
  errors: { row: number; field: string; message: string }[];
  notices?: string[];
  creates?: { what: string; count: number }[];
  sheet?: { headerRow: number; rows: { row: number; values: Record<string, string> }[] };
};

beforeAll(async () => {
  t = await makeTestApp();
  admin = await signIn(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const upload = (url: string, file: Buffer) => admin.raw({ method: 'POST', url, ...multipartFile(file) });

/** The rows of an .xlsx as text, by header (row 1). */
async function sheetRows(file: Buffer): Promise<Record<string, string>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as string[]).slice(1);
  const out: Record<string, string>[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    out.push(Object.fromEntries(headers.map((h, i) => [h, String(r.getCell(i + 1).value ?? '')])));
  });
  return out;
}

describe('exports re-import as they are', () => {
  it('users: the export (no passwords, role codes) imports back with the same rows', async () => {
    const [it1] = await t.database.db.select().from(dept).where(eq(dept.code, 'IT'));
    const [committeeRole] = await t.database.db.select().from(role).where(eq(role.code, 'COMMITTEE'));
    for (const [username, gender] of [
      ['rt-one', 1],
      ['rt-two', 2],
    ] as const) {
      const res = await admin.post('/api/v1/users', {
        username,
        nickname: `往返 ${username}`,
        password: 'Passw0rd!',
        gender,
        mobile: gender === 1 ? '13700000011' : null,
        email: `${username}@example.com`,
        userType: 20,
        status: gender === 1 ? 1 : 0,
        deptId: it1!.id,
        roleIds: [committeeRole!.id],
      });
      expect(code(res)).toBe('00000');
    }
    const exported = await admin.get(`/api/v1/users/export?deptId=${it1!.id}&keywords=rt-`);
    const before = await sheetRows(exported.rawPayload);
    expect(before.map((r) => r.Username)).toEqual(['rt-one', 'rt-two']);
    const ids = data<{ list: { id: number; username: string }[] }>(
      await admin.get(`/api/v1/users/page?deptId=${it1!.id}&keywords=rt-&pageSize=10`),
    ).list.map((u) => u.id);
    expect(code(await admin.del(`/api/v1/users/${ids.join(',')}`))).toBe('00000');

    const url = `/api/v1/users/import?deptId=${it1!.id}`;
    const preview = data<Report>(await upload(`${url}&mode=preview`, exported.rawPayload));
    expect(preview.errors).toEqual([]);
    expect(preview).toMatchObject({ total: 2, valid: 2, invalid: 0, imported: 0 });
    expect(preview.notices).toEqual([
      '2 user(s) have no password: they can sign in once an administrator resets it',
      'column F "Department" was not recognised and is ignored',
      'column H "Role names" was not recognised and is ignored',
      'column K "Created" was not recognised and is ignored',
    ]);
    const done = data<Report>(await upload(url, exported.rawPayload));
    expect(done).toMatchObject({ total: 2, valid: 2, imported: 2, errors: [] });
    const again = await sheetRows((await admin.get(`/api/v1/users/export?deptId=${it1!.id}&keywords=rt-`)).rawPayload);
    const stable = (rows: Record<string, string>[]) => rows.map(({ Created: _c, ...r }) => r);
    expect(stable(again)).toEqual(stable(before));
  });

  it('delegations: the export of a meeting imports into another meeting with the same rows', async () => {
    const [demo] = await t.database.db.select().from(meeting).where(eq(meeting.code, 'wrj2025'));
    const { id: _id, ...copy } = demo!;
    const [other] = await t.database.db
      .insert(meeting)
      .values({ ...copy, code: 'rt2025', name: '往返测试运动会' })
      .returning({ id: meeting.id });
    const exported = await admin.get(`/api/v1/delegations/export?meetingId=${demo!.id}`);
    const before = await sheetRows(exported.rawPayload);
    expect(before.length).toBeGreaterThan(0);
    const url = `/api/v1/delegations/import?meetingId=${other!.id}`;
    const preview = data<Report>(await upload(`${url}&mode=preview`, exported.rawPayload));
    expect(preview.errors).toEqual([]);
    expect(preview.sheet!.rows.map((r) => r.values.name)).toEqual(before.map((r) => r.Name));
    expect(preview.creates).toEqual([{ what: 'delegations', label: 'Delegations', count: before.length }]);
    const done = data<Report>(await upload(url, exported.rawPayload));
    expect(done).toMatchObject({ total: before.length, imported: before.length, errors: [] });
    const after = await sheetRows((await admin.get(`/api/v1/delegations/export?meetingId=${other!.id}`)).rawPayload);
    const cols = (rows: Record<string, string>[]) =>
      rows.map((r) => [r.Name, r['Short name'], r.Contact, r['Contact mobile'], r['Area code']]);
    expect(cols(after)).toEqual(cols(before));
  });

  it('area codes: the export imports back with the same rows, parents before children', async () => {
    const root = data<{ id: number }>(
      await admin.post('/api/v1/codes', { code: 'RT9', name: '往返区', nameEn: 'Round trip' }),
    );
    const child = data<{ id: number }>(
      await admin.post('/api/v1/codes', { code: 'RT9-1', name: '往返一区', parentId: root.id }),
    );
    const exported = await admin.get('/api/v1/codes/export?keywords=RT9');
    const before = await sheetRows(exported.rawPayload);
    expect(before.map((r) => r.Code)).toEqual(['RT9', 'RT9-1']);
    expect(code(await admin.del(`/api/v1/codes/${child.id}`))).toBe('00000');
    expect(code(await admin.del(`/api/v1/codes/${root.id}`))).toBe('00000');
    const preview = data<Report>(await upload('/api/v1/codes/import?mode=preview', exported.rawPayload));
    expect(preview.errors).toEqual([]);
    expect(preview.notices).toEqual(['column E "Level" was not recognised and is ignored']);
    const done = data<Report>(await upload('/api/v1/codes/import', exported.rawPayload));
    expect(done).toMatchObject({ total: 2, imported: 2, errors: [] });
    expect(await sheetRows((await admin.get('/api/v1/codes/export?keywords=RT9')).rawPayload)).toEqual(before);
  });
});
