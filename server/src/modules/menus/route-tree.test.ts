import type { RouteVO } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../../test/app.js';

const t = useTestApp();

async function routesOf(username: string): Promise<RouteVO[]> {
  const pair = await login(t, username);
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/menus/routes', headers: bearer(pair.accessToken) });
  expect(res.json().code).toBe('00000');
  return res.json().data;
}

const paths = (routes: RouteVO[]) => routes.map((r) => r.path);

describe('route tree', () => {
  it('gives admin every area with Layout catalogues and page components', async () => {
    const routes = await routesOf('admin');
    expect(paths(routes)).toEqual(['/meeting', '/audit', '/competition', '/base', '/system', '/demo']);
    const system = routes.find((r) => r.path === '/system')!;
    expect(system.component).toBe('Layout');
    expect(system.children.map((c) => c.component)).toContain('system/user/index');
    const user = system.children.find((c) => c.path === 'user')!;
    expect(user.meta).toMatchObject({ title: '用户管理', titleEn: 'Users', hidden: false, keepAlive: true });
    expect(system.children.find((c) => c.path === 'dict-data')!.meta.hidden).toBe(true);
  });

  it('keeps a three-level menu under Demo', async () => {
    const demo = (await routesOf('admin')).find((r) => r.path === '/demo')!;
    const level1 = demo.children.find((c) => c.path === 'multi-level')!;
    expect(level1.children[0]!.children[0]!.component).toBe('demo/multi-level/index');
  });

  it('gives root everything, including the delegation area', async () => {
    expect(paths(await routesOf('root'))).toEqual([
      '/meeting',
      '/apply',
      '/audit',
      '/competition',
      '/base',
      '/system',
      '/demo',
    ]);
  });

  it('filters by role: the committee sees meetings, audit, competition and base data only', async () => {
    const routes = await routesOf('committee');
    expect(paths(routes)).toEqual(['/meeting', '/audit', '/competition', '/base']);
    const pair = await login(t, 'committee');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/userProps/me', headers: bearer(pair.accessToken) });
    expect(me.json().data.perms).toContain('meeting:trackmeet:add');
    expect(me.json().data.perms).not.toContain('sys:user:add');
  });
});
