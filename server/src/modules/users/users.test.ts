import type { ImportReport, UserForm, UserPageVO } from '@baton/contracts';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dept, menu, oplog, role, roleMenu, user, userRole } from '../../db/schema/index.js';
import { readXlsx } from '../../lib/excel.js';
import { bearer, login, loginRequest, TEST_PASSWORD, useTestApp } from '../../test/app.js';
import { firstSheet } from '../meetings/testkit.js';
import { call, expectGuarded, fileUpload, ok, useTokens } from './testkit.js';

const t = useTestApp();
const tk = useTokens(t);
/** `PUT /users/:id` as the holder of `token`. */
const putUser = (token: string, id: number, payload: object) =>
  call(t, token, { method: 'PUT', url: `/api/v1/users/${id}`, payload });
const depts = new Map<string, number>();

beforeAll(async () => {
  for (const d of await t.database.db.select().from(dept)) depts.set(d.code ?? d.name, d.id);
});

const userCount = async () => (await t.database.db.select({ n: count() }).from(user))[0]!.n;
const roleId = async (code: string) =>
  (await t.database.db.select({ id: role.id }).from(role).where(eq(role.code, code)))[0]!.id;

function newUser(username: string, extra: Record<string, unknown> = {}) {
  return {
    username,
    nickname: `N ${username}`,
    password: 'Passw0rd!',
    gender: 1,
    userType: 10,
    deptId: depts.get('COMPETITION'),
    roleIds: [],
    ...extra,
  };
}

/** A role (code, name, data scope) with the user-management permissions (sys:user:* and the user page): its id. */
async function userManagerRole(values: { code: string; name: string; dataScope: number }): Promise<number> {
  const db = t.database.db;
  const [made] = await db.insert(role).values(values).returning({ id: role.id });
  const perms = await db
    .select({ id: menu.id })
    .from(menu)
    .where(sql`${menu.perm} like 'sys:user:%' or ${menu.path} = 'user'`);
  await db.insert(roleMenu).values(perms.map((m) => ({ roleId: made!.id, menuId: m.id })));
  return made!.id;
}

async function createUser(username: string, extra: Record<string, unknown> = {}): Promise<UserForm> {
  return ok<UserForm>(
    await call(t, tk.admin, { method: 'POST', url: '/api/v1/users', payload: newUser(username, extra) }),
  );
}

describe('permissions', () => {
  it('refuses anonymous callers and users without sys:user perms on every admin endpoint', async () => {
    await expectGuarded(t, tk, [
      { method: 'GET', url: '/api/v1/users/page' },
      { method: 'GET', url: '/api/v1/users/1/form' },
      { method: 'POST', url: '/api/v1/users', payload: newUser('zed') },
      { method: 'PUT', url: '/api/v1/users/1', payload: { ...newUser('zed'), version: 1 } },
      { method: 'DELETE', url: '/api/v1/users/3' },
      { method: 'PUT', url: '/api/v1/users/3/password/reset?password=abcdef' },
      { method: 'GET', url: '/api/v1/users/template' },
      { method: 'GET', url: '/api/v1/users/export' },
      { method: 'POST', url: '/api/v1/users/import?deptId=1' },
      { method: 'GET', url: '/api/v1/users/getUser?username=admin' },
    ]);
  });

  it('answers the signed-in endpoints to anyone signed in, and 401 to anonymous callers', async () => {
    for (const url of ['/api/v1/users/options', '/api/v1/users/profile', '/api/v1/userProps/me']) {
      expect((await call(t, null, { method: 'GET', url })).body?.code).toBe('A0230');
      ok(await call(t, tk.committee, { method: 'GET', url }));
    }
    const put = await call(t, null, { method: 'PUT', url: '/api/v1/users/password', payload: {} });
    expect(put.status).toBe(401);
  });
});

describe('users CRUD', () => {
  it('creates, reads and lists a user with roles and department, never exposing the password', async () => {
    const committeeRole = await roleId('COMMITTEE');
    const created = await createUser('alice', {
      userType: 20,
      roleIds: [committeeRole],
      mobile: '13800000001',
    });
    expect(created).toMatchObject({ username: 'alice', roleIds: [committeeRole], deptId: depts.get('COMPETITION') });
    expect(JSON.stringify(created)).not.toMatch(/password/i);
    const form = ok<UserForm>(await call(t, tk.admin, { method: 'GET', url: `/api/v1/users/${created.id}/form` }));
    expect(form).toEqual(created);

    const page = ok<{ list: UserPageVO[]; total: number }>(
      await call(t, tk.admin, { method: 'GET', url: '/api/v1/users/page?keywords=ALIC' }),
    );
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ username: 'alice', deptName: '竞赛部', roleNames: '组委会' });
    const byMobile = ok<{ total: number }>(
      await call(t, tk.admin, { method: 'GET', url: '/api/v1/users/page?keywords=13800000001' }),
    );
    expect(byMobile.total).toBe(1);

    const [logged] = await t.database.db
      .select()
      .from(oplog)
      .where(eq(oplog.path, '/api/v1/users'))
      .orderBy(desc(oplog.id))
      .limit(1);
    expect(logged).toMatchObject({ module: 'users', method: 'POST', target: String(created.id), status: 200 });
    expect(JSON.stringify(logged!.after)).toContain('alice');
    expect(JSON.stringify(logged!.after)).not.toMatch(/scrypt|passwordHash/);
  });

  it('filters by department (and below), status, created between, and sorts', async () => {
    await createUser('bob', { deptId: depts.get('REFEREES'), status: 0 });
    const all = (url: string) =>
      call(t, tk.admin, { method: 'GET', url }).then((r) => ok<{ list: UserPageVO[]; total: number }>(r));
    const baton = await all(`/api/v1/users/page?deptId=${depts.get('BATON')}&pageSize=100`);
    expect(baton.list.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'root', 'committee', 'bob']));
    const refs = await all(`/api/v1/users/page?deptId=${depts.get('REFEREES')}`);
    // The demo referee account belongs to the officials' department too.
    expect(refs.list.map((u) => u.username).sort()).toEqual(['bob', 'referee']);
    const disabled = await all('/api/v1/users/page?status=0');
    expect(disabled.list.map((u) => u.username)).toEqual(['bob']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await all(`/api/v1/users/page?createTimeStart=2000-01-01&createTimeEnd=2000-12-31`)).total).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await all(`/api/v1/users/page?createTimeStart=${today}&createTimeEnd=${tomorrow}`)).total).toBeGreaterThan(
      3,
    );
    const sorted = await all('/api/v1/users/page?sortKey=username&sortDir=asc&pageSize=3');
    expect(sorted.list.map((u) => u.username)).toEqual(['admin', 'alice', 'bob']);
    expect(sorted.total).toBeGreaterThan(3);
    const paged = await all('/api/v1/users/page?sortKey=username&sortDir=asc&pageSize=2&pageNum=2');
    expect(paged.list.map((u) => u.username)).toEqual(['bob', 'committee']);
    // A SQL-looking keyword is just text.
    expect((await all(`/api/v1/users/page?keywords=${encodeURIComponent("' or 1=1 --")}`)).total).toBe(0);
    expect((await all(`/api/v1/users/page?keywords=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('refuses an unknown sort key', async () => {
    const r = await call(t, tk.admin, { method: 'GET', url: '/api/v1/users/page?sortKey=passwordHash' });
    expect(r.status).toBe(400);
    expect(r.body?.code).toBe('A0400');
  });

  it('says clearly that a username is taken, in any case', async () => {
    const before = await userCount();
    const r = await call(
      t,
      tk.admin,
      { method: 'POST', url: '/api/v1/users', payload: newUser('ALICE') },
      { 'accept-language': 'en' },
    );
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 'A0400', data: null, msg: 'Invalid input: the username "ALICE" is already taken' });
    expect(await userCount()).toBe(before);
  });

  it('refuses bad input with a 400 envelope and writes nothing', async () => {
    const before = await userCount();
    const bad: unknown[] = [
      {},
      { ...newUser('carol'), password: undefined },
      { ...newUser('carol'), password: '123' },
      { ...newUser('carol'), username: "x'; drop table sys_user; --" },
      { ...newUser('carol'), nickname: 'n'.repeat(51) },
      { ...newUser('carol'), gender: 'male' },
      { ...newUser('carol'), roleIds: 'ADMIN' },
      { ...newUser('carol'), mobile: '12345' },
      { ...newUser('carol'), email: 'not-an-email' },
      { ...newUser('carol'), userType: 42 },
      { ...newUser('carol'), deptId: 999_999 },
      { ...newUser('carol'), roleIds: [999_999] },
      { ...newUser('carol'), nickname: 'bell\u0007' },
    ];
    for (const payload of bad) {
      const r = await call(t, tk.admin, { method: 'POST', url: '/api/v1/users', payload });
      expect([JSON.stringify(payload), r.status, r.body?.code]).toEqual([JSON.stringify(payload), 400, 'A0400']);
    }
    expect(await userCount()).toBe(before);
  });

  it('keeps the first of two updates made from the same version (optimistic locking)', async () => {
    const carol = await createUser('carol');
    const first = await putUser(tk.admin, carol.id, { ...carol, nickname: 'First', version: carol.version });
    expect(ok<UserForm>(first).version).toBe(carol.version + 1);
    const second = await putUser(tk.admin, carol.id, { ...carol, nickname: 'Second', version: carol.version });
    expect(second.status).toBe(409);
    expect(second.body?.code).toBe('A0409');
    const [row] = await t.database.db.select().from(user).where(eq(user.id, carol.id));
    expect(row!.nickname).toBe('First');
    const missing = await putUser(tk.admin, 999999, { ...carol, version: 1 });
    expect(missing.status).toBe(404);
  });

  it('refuses a role that does not fit the user type (committee role + admin type), in both languages', async () => {
    const before = await userCount();
    const mismatch = {
      method: 'POST' as const,
      url: '/api/v1/users',
      payload: newUser('mallory', { userType: 10, roleIds: [await roleId('COMMITTEE')] }),
    };
    const en = await call(t, tk.admin, mismatch, { 'accept-language': 'en' });
    expect([en.status, en.body?.code]).toEqual([400, 'A0400']);
    expect(en.body?.msg).toMatch(/role "Committee" does not fit the user type "Administrator"/);
    const zh = await call(t, tk.admin, mismatch, { 'accept-language': 'zh-CN' });
    expect(zh.body?.msg).toMatch(/角色“组委会”与用户类型“系统管理员”不符/);
    // The other way round, and on update too.
    const adminRole = await call(t, tk.admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: newUser('mallory', { userType: 20, roleIds: [await roleId('ADMIN')] }),
    });
    expect([adminRole.status, adminRole.body?.code]).toEqual([400, 'A0400']);
    const fine = await createUser('mallory', { userType: 20, roleIds: [await roleId('COMMITTEE')] });
    const promote = await putUser(tk.admin, fine.id, { ...fine, userType: 10 });
    expect([promote.status, promote.body?.code]).toEqual([400, 'A0400']);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, fine.id));
    expect(row!.userType).toBe(20);
    expect(await userCount()).toBe(before + 1);
  });

  it('has no default user type: a user without one is refused', async () => {
    const before = await userCount();
    const { userType: _type, ...noType } = newUser('typeless');
    const r = await call(t, tk.admin, { method: 'POST', url: '/api/v1/users', payload: noType });
    expect([r.status, r.body?.code]).toEqual([400, 'A0400']);
    expect(r.body?.msg).toContain('userType');
    expect(await userCount()).toBe(before);
  });

  it('lets only administrators and root make administrators', async () => {
    const managers = await userManagerRole({ code: 'USER_MANAGERS', name: '用户管理员', dataScope: 1 });
    await createUser('oscar', { password: TEST_PASSWORD, userType: 20, roleIds: [managers] });
    const oscar = (await login(t, 'oscar')).accessToken;
    const before = await userCount();
    const admin = await call(
      t,
      oscar,
      { method: 'POST', url: '/api/v1/users', payload: newUser('peggy', { userType: 10, roleIds: [] }) },
      { 'accept-language': 'en' },
    );
    expect([admin.status, admin.body?.code]).toEqual([400, 'A0400']);
    expect(admin.body?.msg).toMatch(/only an administrator/);
    expect(await userCount()).toBe(before);
    ok(await call(t, oscar, { method: 'POST', url: '/api/v1/users', payload: newUser('peggy', { userType: 40 }) }));
  });

  it('refuses granting ROOT unless the caller is ROOT, and changing one’s own roles', async () => {
    const rootRole = await roleId('ROOT');
    const r = await call(t, tk.admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: newUser('dave', { roleIds: [rootRole] }),
    });
    expect(r.body?.code).toBe('A0400');
    const [admin] = await t.database.db.select().from(user).where(eq(user.username, 'admin'));
    const form = ok<UserForm>(await call(t, tk.admin, { method: 'GET', url: `/api/v1/users/${admin!.id}/form` }));
    const self = await putUser(tk.admin, admin!.id, { ...form, roleIds: [] });
    expect(self.body?.code).toBe('A0400');
    // Admin may not edit the root user at all.
    const [root] = await t.database.db.select().from(user).where(eq(user.username, 'root'));
    const rootForm = ok<UserForm>(await call(t, tk.root, { method: 'GET', url: `/api/v1/users/${root!.id}/form` }));
    const edit = await putUser(tk.admin, root!.id, { ...rootForm, nickname: 'pwned' });
    expect(edit.status).toBe(403);
    const reset = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/users/${root!.id}/password/reset?password=hijack1`,
    });
    expect(reset.status).toBe(403);
  });

  it('deletes several users, but never oneself or root', async () => {
    /** How many of these users the table holds. */
    const stored = async (ids: number[]) =>
      (await t.database.db.select().from(user).where(inArray(user.id, ids))).length;
    const a = await createUser('erin');
    const b = await createUser('frank');
    const [admin] = await t.database.db.select().from(user).where(eq(user.username, 'admin'));
    const [root] = await t.database.db.select().from(user).where(eq(user.username, 'root'));
    const self = await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/users/${a.id},${admin!.id}` });
    expect(self.body?.code).toBe('A0400');
    const rootDel = await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/users/${root!.id}` });
    expect(rootDel.body?.code).toBe('A0400');
    expect(await stored([a.id, b.id])).toBe(2);
    ok(await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/users/${a.id},${b.id}` }));
    expect(await stored([a.id, b.id])).toBe(0);
    expect((await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/users/${a.id}` })).status).toBe(404);
    expect((await call(t, tk.admin, { method: 'DELETE', url: '/api/v1/users/1;drop' })).status).toBe(400);
  });

  it('resets a password: the user is signed out everywhere and signs in with the new one', async () => {
    const g = await createUser('grace', { password: TEST_PASSWORD });
    const pair = await login(t, 'grace');
    ok(await call(t, pair.accessToken, { method: 'GET', url: '/api/v1/users/profile' }));
    const short = await call(t, tk.admin, { method: 'PUT', url: `/api/v1/users/${g.id}/password/reset?password=123` });
    expect(short.body?.code).toBe('A0400');
    ok(await call(t, tk.admin, { method: 'PUT', url: `/api/v1/users/${g.id}/password/reset?password=NewPass-1` }));
    expect((await call(t, pair.accessToken, { method: 'GET', url: '/api/v1/users/profile' })).status).toBe(401);
    expect((await loginRequest(t, 'grace', TEST_PASSWORD)).json().code).toBe('A0210');
    expect((await loginRequest(t, 'grace', 'NewPass-1')).json().code).toBe('00000');
  });

  it('finds a user by username and lists options', async () => {
    const found = ok<{ username: string }>(
      await call(t, tk.admin, { method: 'GET', url: '/api/v1/users/getUser?username=ALICE' }),
    );
    expect(found.username).toBe('alice');
    expect((await call(t, tk.admin, { method: 'GET', url: '/api/v1/users/getUser?username=nobody' })).status).toBe(404);
    const options = ok<{ value: number; label: string }[]>(
      await call(t, tk.admin, { method: 'GET', url: '/api/v1/users/options' }),
    );
    expect(options.some((o) => o.label.includes('alice'))).toBe(true);
    // Disabled users are not offered.
    expect(options.some((o) => o.label.includes('(bob)'))).toBe(false);
  });
});

describe('profile and own password', () => {
  it('reads and updates one’s own nickname, gender and avatar only', async () => {
    const h = await createUser('heidi', { password: TEST_PASSWORD });
    const pair = await login(t, 'heidi');
    const me = ok<{ username: string; deptName: string }>(
      await call(t, pair.accessToken, { method: 'GET', url: '/api/v1/users/profile' }),
    );
    expect(me).toMatchObject({ username: 'heidi', deptName: '竞赛部' });
    const updated = ok<{ nickname: string; avatar: string }>(
      await call(t, pair.accessToken, {
        method: 'PUT',
        url: '/api/v1/users/profile',
        payload: { nickname: 'Heidi H', gender: 2, avatar: '', mobile: '13900000000', username: 'hacked' },
      }),
    );
    expect(updated).toMatchObject({ nickname: 'Heidi H', avatar: null });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, h.id));
    expect(row).toMatchObject({ username: 'heidi', mobile: null, gender: 2 });
    const bad = await call(t, pair.accessToken, {
      method: 'PUT',
      url: '/api/v1/users/profile',
      payload: { nickname: 'x'.repeat(60), gender: 1 },
    });
    expect(bad.status).toBe(400);
  });

  it('changes one’s own password after checking the old one; other sessions end', async () => {
    await createUser('ivan', { password: TEST_PASSWORD });
    const one = await login(t, 'ivan');
    const two = await login(t, 'ivan');
    const wrong = await call(t, one.accessToken, {
      method: 'PUT',
      url: '/api/v1/users/password',
      payload: { oldPassword: 'nope-nope', newPassword: 'Another-1' },
    });
    expect(wrong.body?.code).toBe('A0400');
    ok(
      await call(t, one.accessToken, {
        method: 'PUT',
        url: '/api/v1/users/password',
        payload: { oldPassword: TEST_PASSWORD, newPassword: 'Another-1' },
      }),
    );
    ok(await call(t, one.accessToken, { method: 'GET', url: '/api/v1/users/profile' }));
    expect((await call(t, two.accessToken, { method: 'GET', url: '/api/v1/users/profile' })).status).toBe(401);
    expect((await loginRequest(t, 'ivan', 'Another-1')).json().code).toBe('00000');
  });
});

describe('data scope', () => {
  it('limits a role of scope "own department" to that department’s users', async () => {
    const scoped = await userManagerRole({ code: 'COMP_OFFICE', name: '竞赛部管理', dataScope: 3 });
    await createUser('judy', { password: TEST_PASSWORD, roleIds: [scoped] });
    const judy = (await login(t, 'judy')).accessToken;

    const page = ok<{ list: UserPageVO[]; total: number }>(
      await call(t, judy, { method: 'GET', url: '/api/v1/users/page?pageSize=100' }),
    );
    expect(page.list.length).toBeGreaterThan(1);
    expect(new Set(page.list.map((u) => u.deptName))).toEqual(new Set(['竞赛部']));
    expect(page.list.map((u) => u.username)).not.toContain('admin');

    const [admin] = await t.database.db.select().from(user).where(eq(user.username, 'admin'));
    expect((await call(t, judy, { method: 'GET', url: `/api/v1/users/${admin!.id}/form` })).status).toBe(404);
    const put = await putUser(judy, admin!.id, { ...newUser('admin'), version: 1 });
    expect(put.status).toBe(404);
    expect((await call(t, judy, { method: 'DELETE', url: `/api/v1/users/${admin!.id}` })).status).toBe(404);
    expect((await call(t, judy, { method: 'GET', url: '/api/v1/users/getUser?username=admin' })).status).toBe(404);
    // Nor can they place a user outside their department.
    const outside = await call(t, judy, {
      method: 'POST',
      url: '/api/v1/users',
      payload: newUser('kim', { deptId: depts.get('IT') }),
    });
    expect(outside.body?.code).toBe('A0400');
    const exported = await call(t, judy, { method: 'GET', url: '/api/v1/users/export' });
    const { rows } = await readXlsx(exported.res.rawPayload);
    expect(rows.length).toBe(page.total);
  });
});

describe('Excel', () => {
  async function workbook(headers: string[], rows: string[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Users');
    sheet.addRow(headers);
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const importUrl = (mode?: string) => `/api/v1/users/import?deptId=${depts.get('IT')}${mode ? `&mode=${mode}` : ''}`;
  const upload = (file: Buffer, url = importUrl(), lang = 'en') => {
    const form = fileUpload('file', 'users.xlsx', file);
    return t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(tk.admin), 'accept-language': lang },
    });
  };

  it('exports the current filter without password hashes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/export?deptId=${depts.get('COMPETITION')}`,
      headers: { ...bearer(tk.admin), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="users-\d{8}\.xlsx"/);
    const { headers, rows } = await readXlsx(res.rawPayload);
    expect(headers).toContain('Username');
    expect(rows.map((r) => r.values.Username)).toContain('alice');
    expect(rows.every((r) => r.values.Department === 'Competition office')).toBe(true);
    expect(res.rawPayload.toString('latin1')).not.toContain('scrypt');
  });

  it('downloads a template that round-trips through the import', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/template', headers: bearer(tk.admin) });
    expect(res.statusCode).toBe(200);
    const sheet = await firstSheet(res.rawPayload);
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(headers).toEqual(['用户名', '昵称', '密码', '性别', '手机号码', '邮箱', '用户类型', '角色编码', '状态']);
    sheet.addRow(['tmpl1', '模板一', 'Secret-1', '女', '13700000001', 't1@example.com', '20', 'COMMITTEE', '正常']);
    const filled = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
    const res2 = await upload(filled, importUrl(), 'zh');
    const report = ok<ImportReport>({ status: res2.statusCode, body: res2.json() });
    expect(report).toEqual({
      total: 1,
      valid: 1,
      invalid: 0,
      imported: 1,
      errors: [],
      creates: [{ what: 'users', label: '用户', count: 1 }],
    });
    const [row] = await t.database.db.select().from(user).where(eq(user.username, 'tmpl1'));
    expect(row).toMatchObject({ nickname: '模板一', gender: 2, userType: 20, deptId: depts.get('IT'), status: 1 });
    const roles = await t.database.db.select().from(userRole).where(eq(userRole.userId, row!.id));
    expect(roles.map((r) => r.roleId)).toEqual([await roleId('COMMITTEE')]);
    expect((await loginRequest(t, 'tmpl1', 'Secret-1')).json().code).toBe('00000');
  });

  const headers = [
    'Username',
    'Nickname',
    'Password',
    'Gender',
    'Mobile',
    'Email',
    'User type',
    'Role codes',
    'Status',
  ];

  it('writes nothing when one row is bad, and reports the row and field', async () => {
    const before = await userCount();
    const file = await workbook(headers, [
      ['imp1', 'One', 'Secret-1', 'Male', '', '', '40', '', ''],
      ['imp2', 'Two', 'Secret-2', 'Female', '123', '', '40', 'NOPE', ''],
      ['IMP1', 'Dup', 'Secret-3', '', '', '', '40', '', ''],
      ['alice', 'Taken', 'Secret-4', '', '', '', '40', '', ''],
      ['imp5', 'Five', 'Secret-5', '', '', '', '20', 'COMMITTEE', 'Enabled'],
      ['imp6', 'Six', 'Secret-6', '', '', '', '', '', ''],
      ['imp7', 'Seven', 'Secret-7', '', '', '', '10', 'COMMITTEE', ''],
    ]);
    const res = await upload(file);
    expect(res.statusCode).toBe(200);
    const report = res.json().data as ImportReport;
    expect(report).toMatchObject({ total: 7, valid: 2, invalid: 5, imported: 0 });
    expect(report.errors).toEqual([
      { row: 3, field: 'Mobile', message: 'not a valid mobile number' },
      { row: 3, field: 'Role codes', message: 'no role with code "NOPE"' },
      { row: 4, field: 'Username', message: 'duplicate of row 2' },
      { row: 5, field: 'Username', message: 'the username "alice" already exists' },
      { row: 7, field: 'User type', message: 'the user type is required' },
      { row: 8, field: 'Role codes', message: 'the role "COMMITTEE" does not fit the user type 10' },
    ]);
    expect(await userCount()).toBe(before);

    const partial = await upload(file, importUrl('valid-only'));
    expect(partial.json().data).toMatchObject({ total: 7, valid: 2, invalid: 5, imported: 2 });
    expect(await userCount()).toBe(before + 2);
    const names = (
      await t.database.db
        .select()
        .from(user)
        .where(inArray(user.username, ['imp1', 'imp5']))
    ).map((u) => u.username);
    expect(names.sort()).toEqual(['imp1', 'imp5']);
  });

  it('refuses what is not the template: wrong columns, not a file, no rows', async () => {
    const noCols = await upload(await workbook(['Name', 'Age'], [['x', '1']]));
    expect(noCols.statusCode).toBe(400);
    expect(noCols.json().msg).toContain('missing column(s): Username');
    const empty = await upload(await workbook(headers, []));
    expect(empty.json().code).toBe('A0400');
    const notXlsx = await upload(Buffer.from('username,password\nx,y'));
    expect(notXlsx.json().msg).toContain('not an Excel');
    const noDept = await upload(
      await workbook(headers, [['zz', '', 'Secret-1']]),
      '/api/v1/users/import?deptId=999999',
    );
    expect(noDept.json().msg).toContain('department 999999 does not exist');
    const noFile = await call(t, tk.admin, { method: 'POST', url: importUrl(), payload: { file: 'text' } });
    expect(noFile.status).toBe(400);
  });
});
