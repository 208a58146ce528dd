import type { MenuForm, MenuVO, RouteVO, TreeOptionVO } from '@baton/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menu, roleMenu } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { call, expectGuarded, ok, useTokens } from '../users/testkit.js';

const t = useTestApp();
const tk = useTokens(t);

const menuCount = async () => (await t.database.db.select({ n: count() }).from(menu))[0]!.n;
const idOfPath = async (path: string) =>
  (await t.database.db.select({ id: menu.id }).from(menu).where(eq(menu.path, path)))[0]!.id;
const flat = (nodes: { children: unknown[] }[]): unknown[] =>
  nodes.flatMap((n) => [n, ...flat(n.children as { children: unknown[] }[])]);

describe('menus', () => {
  it('refuses anonymous callers and users without sys:menu perms', async () => {
    await expectGuarded(t, tk, [
      { method: 'GET', url: '/api/v1/menus' },
      { method: 'GET', url: '/api/v1/menus/1/form' },
      { method: 'POST', url: '/api/v1/menus', payload: { type: 'C', title: 'x', path: '/x' } },
      { method: 'PUT', url: '/api/v1/menus/1', payload: { type: 'C', title: 'x', path: '/x', version: 1 } },
      { method: 'DELETE', url: '/api/v1/menus/1' },
    ]);
    expect((await call(t, null, { method: 'GET', url: '/api/v1/menus/options' })).status).toBe(401);
  });

  it('lists the whole tree, and filters by keywords keeping ancestors', async () => {
    const tree = ok<MenuVO[]>(await call(t, tk.admin, { method: 'GET', url: '/api/v1/menus' }));
    expect(flat(tree).length).toBe(await menuCount());
    const filtered = ok<MenuVO[]>(
      await call(t, tk.admin, { method: 'GET', url: '/api/v1/menus?keywords=sys:user:import' }),
    );
    expect(filtered.map((m) => m.path)).toEqual(['/system']);
    expect(filtered[0]!.children.map((m) => m.path)).toEqual(['user']);
    expect(filtered[0]!.children[0]!.children.map((m) => m.perm)).toEqual(['sys:user:import']);
  });

  it('gives options as a tree; onlyParent leaves buttons out', async () => {
    const all = ok<TreeOptionVO[]>(await call(t, tk.committee, { method: 'GET', url: '/api/v1/menus/options' }));
    const parents = ok<TreeOptionVO[]>(
      await call(t, tk.admin, { method: 'GET', url: '/api/v1/menus/options?onlyParent=true' }),
    );
    const buttons = (await t.database.db.select().from(menu).where(eq(menu.type, 'B'))).length;
    expect(flat(all).length - flat(parents).length).toBe(buttons);
    expect(parents[0]).toHaveProperty('value');
    expect(parents[0]).toHaveProperty('label');
  });

  it('creates, edits and deletes menus; the route tree follows at once', async () => {
    const system = await idOfPath('/system');
    const page = ok<MenuForm>(
      await call(t, tk.admin, {
        method: 'POST',
        url: '/api/v1/menus',
        payload: {
          parentId: system,
          type: 'M',
          routeName: 'Audit2',
          title: '审计',
          titleEn: 'Audit trail',
          path: 'audit-trail',
          component: 'system/audit/index',
          icon: 'AuditOutlined',
          sort: 99,
          keepAlive: true,
          params: { tab: 'all' },
        },
      }),
    );
    const button = ok<MenuForm>(
      await call(t, tk.admin, {
        method: 'POST',
        url: '/api/v1/menus',
        payload: { parentId: page.id, type: 'B', title: '查看', perm: 'sys:audit:query' },
      }),
    );
    await t.database.db.insert(roleMenu).values([
      { roleId: 2, menuId: page.id },
      { roleId: 2, menuId: button.id },
    ]);
    const routes = async () => ok<RouteVO[]>(await call(t, tk.admin, { method: 'GET', url: '/api/v1/menus/routes' }));
    const findAudit = (r: RouteVO[]) => r.find((x) => x.path === '/system')!.children.find((c) => c.name === 'Audit2');
    expect(findAudit(await routes())?.meta).toMatchObject({ title: '审计', params: { tab: 'all' }, keepAlive: true });

    const edited = ok<MenuForm>(
      await call(t, tk.admin, {
        method: 'PUT',
        url: `/api/v1/menus/${page.id}`,
        payload: { ...page, title: '审计日志', hidden: true, version: page.version },
      }),
    );
    expect(edited.version).toBe(page.version + 1);
    expect(findAudit(await routes())?.meta).toMatchObject({ title: '审计日志', hidden: true });
    const stale = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/menus/${page.id}`,
      payload: { ...page, title: 'Other' },
    });
    expect([stale.status, stale.body?.code]).toEqual([409, 'A0409']);

    // Never its own ancestor.
    const cycle = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/menus/${system}`,
      payload: {
        ...ok<MenuForm>(await call(t, tk.admin, { method: 'GET', url: `/api/v1/menus/${system}/form` })),
        parentId: page.id,
      },
    });
    expect(cycle.body?.code).toBe('A0400');
    const self = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/menus/${page.id}`,
      payload: { ...edited, parentId: page.id },
    });
    expect(self.body?.code).toBe('A0400');

    ok(await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/menus/${page.id}` }));
    expect((await t.database.db.select().from(menu).where(eq(menu.id, button.id))).length).toBe(0);
    expect(findAudit(await routes())).toBeUndefined();
    expect((await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/menus/${page.id}` })).status).toBe(404);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await menuCount();
    const system = await idOfPath('/system');
    const buttonId = (await t.database.db.select().from(menu).where(eq(menu.type, 'B')).limit(1))[0]!.id;
    for (const payload of [
      {},
      { type: 'X', title: 'x', path: '/x' },
      { type: 'C', title: '', path: '/x' },
      { type: 'C', title: 'x'.repeat(51), path: '/x' },
      { type: 'C', title: 'x' },
      { type: 'M', title: 'x', path: 'x', parentId: system },
      { type: 'B', title: 'x', parentId: system },
      { type: 'B', title: 'x', parentId: system, perm: 'Sys:User' },
      { type: 'B', title: 'x', parentId: system, perm: "sys:user'; drop table sys_menu;--" },
      { type: 'B', title: 'x', parentId: buttonId, perm: 'sys:x:y' },
      { type: 'C', title: 'x', path: '/x', parentId: 999999 },
      { type: 'C', title: 'x', path: '/x', hidden: 'maybe' },
      { type: 'C', title: 'x', path: '/x', params: 'a=b' },
      { type: 'C', title: 'x', path: '/x', params: { 'bad key!': 'v' } },
      { type: 'M', title: 'x', path: 'x', component: '<script>' },
    ]) {
      const r = await call(t, tk.admin, { method: 'POST', url: '/api/v1/menus', payload });
      expect([JSON.stringify(payload), r.status, r.body?.code]).toEqual([JSON.stringify(payload), 400, 'A0400']);
    }
    expect(await menuCount()).toBe(before);
  });
});
