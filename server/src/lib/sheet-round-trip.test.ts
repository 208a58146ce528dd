import type { ImportReport } from '@baton/contracts';
import { desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dept, meeting, oplog, role, user } from '../db/schema/index.js';
import { athleteFields, demoDelegations, demoGroups, idNumber } from '../modules/apply/testkit.js';
import { type Client, code, data, firstSheet, multipartFile, signIn, xlsxRows } from '../modules/meetings/testkit.js';
import { loginRequest, useTestApp } from '../test/app.js';

/**
 * Issues 22 and 25: the export of every list re-imports as it is — the file the export writes
 * goes back through the import unchanged (its extra columns reported as notices), with the same
 * rows: users (a generated password for each, answered once), delegations into another meeting,
 * athletes into a fresh delegation, area codes.
 */
const t = useTestApp();
let admin: Client;

beforeAll(async () => {
  admin = await signIn(t, 'admin');
});

const upload = (url: string, file: Buffer) => admin.raw({ method: 'POST', url, ...multipartFile(file) });

describe('exports re-import as they are', () => {
  it('users: the export (no passwords, role codes) imports back with the same rows and a password for each, once', async () => {
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
    const before = await xlsxRows(exported.rawPayload);
    expect(before.map((r) => r.Username)).toEqual(['rt-one', 'rt-two']);
    const ids = data<{ list: { id: number; username: string }[] }>(
      await admin.get(`/api/v1/users/page?deptId=${it1!.id}&keywords=rt-&pageSize=10`),
    ).list.map((u) => u.id);
    expect(code(await admin.del(`/api/v1/users/${ids.join(',')}`))).toBe('00000');

    const url = `/api/v1/users/import?deptId=${it1!.id}`;
    const preview = data<ImportReport>(await upload(`${url}&mode=preview`, exported.rawPayload));
    expect(preview.errors).toEqual([]);
    expect(preview).toMatchObject({ total: 2, valid: 2, invalid: 0, imported: 0 });
    expect(preview.passwords).toBeUndefined();
    expect(preview.notices).toEqual([
      '2 user(s) have no password: the import generates one for each, shown once after the import',
      'column F "Department" was not recognised and is ignored',
      'column H "Role names" was not recognised and is ignored',
      'column K "Created" was not recognised and is ignored',
    ]);
    const answer = await upload(url, exported.rawPayload);
    expect(answer.headers['cache-control']).toBe('no-store');
    const done = data<ImportReport>(answer);
    expect(done).toMatchObject({ total: 2, valid: 2, imported: 2, errors: [] });
    expect(done.notices![0]).toBe(
      '2 password(s) generated: they are shown this once only, download or hand them out now',
    );
    expect(done.passwords!.map((p) => [p.row, p.username])).toEqual([
      [2, 'rt-one'],
      [3, 'rt-two'],
    ]);
    const [one, two] = done.passwords!.map((p) => p.password);
    expect(one).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{4}-[a-km-np-zA-HJ-NP-Z2-9]{4}-[a-km-np-zA-HJ-NP-Z2-9]{4}$/);
    expect(one).not.toBe(two);
    // The enabled user signs in with the password handed out; only its hash is stored.
    expect((await loginRequest(t, 'rt-one', one!)).json().code).toBe('00000');
    expect((await loginRequest(t, 'rt-one', 'Passw0rd!')).json().code).not.toBe('00000');
    const [stored] = await t.database.db.select().from(user).where(eq(user.username, 'rt-one'));
    expect(stored!.passwordHash).not.toContain(one!);
    // The operation log names the users, never their passwords.
    const [logged] = await t.database.db
      .select()
      .from(oplog)
      .where(like(oplog.path, '/api/v1/users/import%'))
      .orderBy(desc(oplog.id))
      .limit(1);
    const line = JSON.stringify(logged);
    expect(line).toContain('rt-one');
    expect(line).not.toContain(one!);
    expect(line).not.toContain(two!);
    const again = await xlsxRows((await admin.get(`/api/v1/users/export?deptId=${it1!.id}&keywords=rt-`)).rawPayload);
    const stable = (rows: Record<string, string>[]) => rows.map(({ Created: _c, ...r }) => r);
    expect(stable(again)).toEqual(stable(before));
  });

  it('users: a Chinese export re-imports too; a password the sheet gives is kept, none generated', async () => {
    const [it1] = await t.database.db.select().from(dept).where(eq(dept.code, 'IT'));
    const zh = { 'accept-language': 'zh-cn' };
    expect(
      code(
        await admin.post('/api/v1/users', {
          username: 'rt-zh',
          nickname: '中文往返',
          password: 'Passw0rd!',
          gender: 2,
          userType: 20,
          status: 1,
          deptId: it1!.id,
          roleIds: [],
        }),
      ),
    ).toBe('00000');
    const exported = await admin.raw({
      method: 'GET',
      url: `/api/v1/users/export?deptId=${it1!.id}&keywords=rt-zh`,
      payload: '',
      headers: zh,
    });
    const before = await xlsxRows(exported.rawPayload);
    expect(before.map((r) => [r.用户名, r.性别, r.状态])).toEqual([['rt-zh', '女', '正常']]);
    const id = data<{ list: { id: number }[] }>(await admin.get('/api/v1/users/page?keywords=rt-zh')).list[0]!.id;
    expect(code(await admin.del(`/api/v1/users/${id}`))).toBe('00000');
    // The administrator adds a 密码 column before importing: that password is used.
    const ws = await firstSheet(exported.rawPayload);
    const last = ws.columnCount + 1;
    ws.getCell(1, last).value = '密码';
    ws.getCell(2, last).value = 'Chosen#2026';
    const form = multipartFile(Buffer.from(await ws.workbook.xlsx.writeBuffer()));
    const done = data<ImportReport>(
      await admin.raw({
        method: 'POST',
        url: `/api/v1/users/import?deptId=${it1!.id}`,
        ...form,
        headers: { ...form.headers, ...zh },
      }),
    );
    expect(done).toMatchObject({ total: 1, imported: 1, errors: [] });
    expect(done.passwords).toBeUndefined();
    expect((await loginRequest(t, 'rt-zh', 'Chosen#2026')).json().code).toBe('00000');
  });

  it('delegations: the export of a meeting imports into another meeting with the same rows', async () => {
    const [demo] = await t.database.db.select().from(meeting).where(eq(meeting.code, 'wrj2025'));
    const { id: _id, ...copy } = demo!;
    const [other] = await t.database.db
      .insert(meeting)
      .values({ ...copy, code: 'rt2025', name: '往返测试运动会' })
      .returning({ id: meeting.id });
    const exported = await admin.get(`/api/v1/delegations/export?meetingId=${demo!.id}`);
    const before = await xlsxRows(exported.rawPayload);
    expect(before.length).toBeGreaterThan(0);
    const url = `/api/v1/delegations/import?meetingId=${other!.id}`;
    const preview = data<ImportReport>(await upload(`${url}&mode=preview`, exported.rawPayload));
    expect(preview.errors).toEqual([]);
    expect(preview.sheet!.rows.map((r) => r.values.name)).toEqual(before.map((r) => r.Name));
    expect(preview.creates).toEqual([{ what: 'delegations', label: 'Delegations', count: before.length }]);
    const done = data<ImportReport>(await upload(url, exported.rawPayload));
    expect(done).toMatchObject({ total: before.length, imported: before.length, errors: [] });
    const after = await xlsxRows((await admin.get(`/api/v1/delegations/export?meetingId=${other!.id}`)).rawPayload);
    const cols = (rows: Record<string, string>[]) =>
      rows.map((r) => [r.Name, r['Short name'], r.Contact, r['Contact mobile'], r['Area code']]);
    expect(cols(after)).toEqual(cols(before));
  });

  it('athletes: the export of a delegation (in English) imports into a fresh delegation with the same records', async () => {
    const groups = await demoGroups(t);
    const boys = groups.get('U16 Boys')!;
    const girls = groups.get('U16 Girls')!;
    const [, , from, to] = (await demoDelegations(t)).map((d) => d.id);
    const people = [
      { g: boys, name: '往返甲', nameEn: 'Wang Fanjia', events: ['100', 'LJ'] },
      { g: girls, name: '往返乙', nameEn: null, events: ['100'] },
      { g: boys, name: '往返丙', nameEn: null, events: [] },
    ];
    for (const p of people) {
      const created = data<{ id: number }>(
        await admin.post('/api/v1/apply/athletes', {
          delegationId: from,
          groupId: p.g.id,
          name: p.name,
          nameEn: p.nameEn,
          idNumber: idNumber(p.g.birth, p.g.gender === 'F' ? 'F' : 'M'),
          fields: athleteFields(),
        }),
      );
      for (const e of p.events) {
        const res = await admin.post('/api/v1/apply/entries', {
          delegationId: from,
          athleteId: created.id,
          groupItemId: p.g.items.get(e),
        });
        expect(code(res), res.body).toBe('00000');
      }
    }
    const exportOf = async (d: number) =>
      xlsxRows((await admin.get(`/api/v1/apply/athletes/export?delegationId=${d}`)).rawPayload);
    const original = (await admin.get(`/api/v1/apply/athletes/export?delegationId=${from}`)).rawPayload;
    const before = await xlsxRows(original);
    expect(before.map((r) => [r.Name, r.Group, r['Event 1'], r['Event 2']])).toEqual([
      ['往返甲', 'U16 Boys', '100 m', 'Long jump'],
      ['往返乙', 'U16 Girls', '100 m', ''],
      ['往返丙', 'U16 Boys', '', ''],
    ]);
    // A person enters a meeting once: the records leave the first delegation, then arrive in the other.
    const ids = data<{ list: { id: number }[] }>(
      await admin.get(`/api/v1/apply/athletes/page?delegationId=${from}&pageSize=50`),
    ).list.map((a) => a.id);
    expect(code(await admin.del(`/api/v1/apply/athletes/${ids.join(',')}`))).toBe('00000');
    expect(await exportOf(from!)).toEqual([]);
    const url = `/api/v1/apply/athletes/import?delegationId=${to}`;
    const preview = data<ImportReport>(await upload(`${url}&mode=preview`, original));
    expect(preview.errors).toEqual([]);
    expect(preview.creates).toEqual([
      { what: 'athletes', label: 'Athletes', count: 3 },
      { what: 'entries', label: 'Entries', count: 3 },
    ]);
    const done = data<ImportReport>(await upload(url, original));
    expect(done).toMatchObject({ total: 3, imported: 3, errors: [] });
    expect(await exportOf(to!)).toEqual(before);
  });

  it('area codes: the export imports back with the same rows, parents before children', async () => {
    const root = data<{ id: number }>(
      await admin.post('/api/v1/codes', { code: 'RT9', name: '往返区', nameEn: 'Round trip' }),
    );
    const child = data<{ id: number }>(
      await admin.post('/api/v1/codes', { code: 'RT9-1', name: '往返一区', parentId: root.id }),
    );
    const exported = await admin.get('/api/v1/codes/export?keywords=RT9');
    const before = await xlsxRows(exported.rawPayload);
    expect(before.map((r) => r.Code)).toEqual(['RT9', 'RT9-1']);
    expect(code(await admin.del(`/api/v1/codes/${child.id}`))).toBe('00000');
    expect(code(await admin.del(`/api/v1/codes/${root.id}`))).toBe('00000');
    const preview = data<ImportReport>(await upload('/api/v1/codes/import?mode=preview', exported.rawPayload));
    expect(preview.errors).toEqual([]);
    expect(preview.notices).toEqual(['column E "Level" was not recognised and is ignored']);
    const done = data<ImportReport>(await upload('/api/v1/codes/import', exported.rawPayload));
    expect(done).toMatchObject({ total: 2, imported: 2, errors: [] });
    expect(await xlsxRows((await admin.get('/api/v1/codes/export?keywords=RT9')).rawPayload)).toEqual(before);
  });
});
