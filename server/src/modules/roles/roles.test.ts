import type { RoleForm, RoleVO } from '@baton/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menu, role, roleMenu, user, userRole } from '../../db/schema/index.js';
import { bearer, login, TEST_PASSWORD, useTestApp } from '../../test/app.js';
import { call, expectGuarded, ok, useTokens } from '../users/testkit.js';

const t = useTestApp();
const tk = useTokens(t);

const roleCount = async () => (await t.database.db.select({ n: count() }).from(role))[0]!.n;
const body = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `角色 ${code}`,
  nameEn: `Role ${code}`,
  dataScope: 3,
  sort: 5,
  status: 1,
  ...extra,
});
const menuIdsByPerm = async (like: string) =>
  (await t.database.db.select({ id: menu.id }).from(menu).where(sql`${menu.perm} like ${like}`)).map((m) => m.id);

describe('roles', () => {
  it('refuses anonymous callers and users without sys:role perms', async () => {
    await expectGuarded(t, tk, [
      { method: 'GET', url: '/api/v1/roles/page' },
      { method: 'GET', url: '/api/v1/roles/1/form' },
      { method: 'POST', url: '/api/v1/roles', payload: body('X_ROLE') },
      { method: 'PUT', url: '/api/v1/roles/2', payload: { ...body('X_ROLE'), version: 1 } },
      { method: 'DELETE', url: '/api/v1/roles/5' },
      { method: 'GET', url: '/api/v1/roles/2/menuIds' },
      { method: 'PUT', url: '/api/v1/roles/2/menus', payload: { menuIds: [] } },
    ]);
    expect((await call(t, null, { method: 'GET', url: '/api/v1/roles/options' })).status).toBe(401);
  });

  it('pages, creates, reads, updates with version checks and lists options', async () => {
    const page = ok<{ list: RoleVO[]; total: number }>(
      await call(t, tk.admin, { method: 'GET', url: '/api/v1/roles/page?pageSize=50' }),
    );
    expect(page.list.map((r) => r.code)).toContain('ADMIN');
    expect(page.list.find((r) => r.code === 'ADMIN')!.userCount).toBe(1);
    const created = ok<RoleForm>(
      await call(t, tk.admin, { method: 'POST', url: '/api/v1/roles', payload: body('AUDITOR') }),
    );
    expect(created).toMatchObject({ code: 'AUDITOR', dataScope: 3, version: 1 });
    const dup = await call(
      t,
      tk.admin,
      { method: 'POST', url: '/api/v1/roles', payload: body('AUDITOR') },
      { 'accept-language': 'en' },
    );
    expect(dup.body?.msg).toBe('Invalid input: the role code "AUDITOR" is already used');
    const form = ok<RoleForm>(await call(t, tk.admin, { method: 'GET', url: `/api/v1/roles/${created.id}/form` }));
    expect(form).toEqual(created);
    const first = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/roles/${created.id}`,
      payload: { ...body('AUDITOR', { name: 'First' }), version: 1 },
    });
    expect(ok<RoleForm>(first).version).toBe(2);
    const stale = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/roles/${created.id}`,
      payload: { ...body('AUDITOR', { name: 'Second' }), version: 1 },
    });
    expect([stale.status, stale.body?.code]).toEqual([409, 'A0409']);
    expect((await t.database.db.select().from(role).where(eq(role.id, created.id)))[0]!.name).toBe('First');
    const options = ok<{ label: string }[]>(
      await call(t, tk.committee, { method: 'GET', url: '/api/v1/roles/options' }),
    );
    expect(options.map((o) => o.label)).toContain('First');
    expect(options.map((o) => o.label)).not.toContain('超级管理员');
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await roleCount();
    for (const payload of [
      {},
      body('lower'),
      body('A'),
      body("X'; DROP TABLE sys_role;--"),
      body('GOOD_CODE', { dataScope: 9 }),
      body('GOOD_CODE', { name: '' }),
      body('GOOD_CODE', { name: 'n'.repeat(51) }),
      body('GOOD_CODE', { sort: 'first' }),
      body('ROOT'),
    ]) {
      const r = await call(t, tk.admin, { method: 'POST', url: '/api/v1/roles', payload });
      expect([JSON.stringify(payload), r.status, r.body?.code]).toEqual([JSON.stringify(payload), 400, 'A0400']);
    }
    expect(await roleCount()).toBe(before);
  });

  it('refuses deleting ROOT and roles still held, saying how many users hold it', async () => {
    const rows = await t.database.db.select().from(role);
    const rootId = rows.find((r) => r.code === 'ROOT')!.id;
    const committeeId = rows.find((r) => r.code === 'COMMITTEE')!.id;
    expect((await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/roles/${rootId}` })).body?.code).toBe('A0400');
    const held = await call(
      t,
      tk.admin,
      { method: 'DELETE', url: `/api/v1/roles/${committeeId}` },
      { 'accept-language': 'en' },
    );
    expect(held.body?.msg).toContain('still held by 1 user');
    const temp = ok<RoleForm>(
      await call(t, tk.admin, { method: 'POST', url: '/api/v1/roles', payload: body('TEMP_ONE') }),
    );
    const temp2 = ok<RoleForm>(
      await call(t, tk.admin, { method: 'POST', url: '/api/v1/roles', payload: body('TEMP_TWO') }),
    );
    ok(await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/roles/${temp.id},${temp2.id}` }));
    expect((await t.database.db.select().from(role).where(eq(role.code, 'TEMP_ONE'))).length).toBe(0);
    expect((await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/roles/${temp.id}` })).status).toBe(404);
  });

  it('assigns menus: the holder sees the change at once; nobody grants what they do not hold', async () => {
    const db = t.database.db;
    const created = ok<RoleForm>(
      await call(t, tk.admin, { method: 'POST', url: '/api/v1/roles', payload: body('LOG_READER') }),
    );
    const logMenus = [
      ...(await menuIdsByPerm('sys:log:%')),
      ...(await db.select({ id: menu.id }).from(menu).where(eq(menu.path, 'log'))).map((m) => m.id),
      ...(await db.select({ id: menu.id }).from(menu).where(eq(menu.path, '/system'))).map((m) => m.id),
    ];
    const assigned = ok<number[]>(
      await call(t, tk.admin, {
        method: 'PUT',
        url: `/api/v1/roles/${created.id}/menus`,
        payload: { menuIds: logMenus },
      }),
    );
    expect(assigned.sort()).toEqual([...logMenus].sort());
    expect(
      ok<number[]>(await call(t, tk.admin, { method: 'GET', url: `/api/v1/roles/${created.id}/menuIds` })).sort(),
    ).toEqual([...logMenus].sort());
    const [committee] = await db.select().from(user).where(eq(user.username, 'committee'));
    await db.insert(userRole).values({ userId: committee!.id, roleId: created.id });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(tk.committee) });
    expect(me.json().data.perms).toContain('sys:log:query');
    const routes = await t.app.inject({ method: 'GET', url: '/api/v1/menus/routes', headers: bearer(tk.committee) });
    expect(JSON.stringify(routes.json().data)).toContain('system/log/index');

    // A role admin (holding only sys:role:* and the log menus) cannot grant sys:user:add.
    const [roleAdmin] = await db.insert(role).values({ code: 'ROLE_ADMIN', name: 'RA', dataScope: 4 }).returning();
    const raMenus = [...(await menuIdsByPerm('sys:role:%')), ...logMenus];
    await db.insert(roleMenu).values(raMenus.map((menuId) => ({ roleId: roleAdmin!.id, menuId })));
    await call(t, tk.admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: {
        username: 'ra',
        nickname: 'ra',
        password: TEST_PASSWORD,
        gender: 0,
        userType: 10,
        roleIds: [roleAdmin!.id],
      },
    });
    const ra = (await login(t, 'ra')).accessToken;
    const userAdd = await menuIdsByPerm('sys:user:add');
    const refused = await call(t, ra, {
      method: 'PUT',
      url: `/api/v1/roles/${created.id}/menus`,
      payload: { menuIds: [...logMenus, ...userAdd] },
    });
    expect([refused.status, refused.body?.code]).toEqual([403, 'A0301']);
    // Removing what they hold works; what they do not hold stays.
    await db.insert(roleMenu).values({ roleId: created.id, menuId: userAdd[0]! });
    const trimmed = ok<number[]>(
      await call(t, ra, {
        method: 'PUT',
        url: `/api/v1/roles/${created.id}/menus`,
        payload: { menuIds: logMenus.slice(1) },
      }),
    );
    expect(trimmed.sort()).toEqual([...logMenus.slice(1), userAdd[0]!].sort());
    const bad = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/roles/${created.id}/menus`,
      payload: { menuIds: [999999] },
    });
    expect(bad.body?.code).toBe('A0400');
  });
});
