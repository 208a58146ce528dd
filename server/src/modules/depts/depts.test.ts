import type { DeptForm, DeptVO, TreeOptionVO } from '@baton/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dept } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { call, expectGuarded, ok, useTokens } from '../users/testkit.js';

const t = useTestApp();
const tk = useTokens(t);

const deptCount = async () => (await t.database.db.select({ n: count() }).from(dept))[0]!.n;
const idOf = async (code: string) => (await t.database.db.select().from(dept).where(eq(dept.code, code)))[0]!.id;

describe('departments', () => {
  it('refuses anonymous callers and users without sys:dept perms', async () => {
    await expectGuarded(t, tk, [
      { method: 'GET', url: '/api/v1/dept' },
      { method: 'GET', url: '/api/v1/dept/1/form' },
      { method: 'POST', url: '/api/v1/dept', payload: { name: 'x' } },
      { method: 'PUT', url: '/api/v1/dept/1', payload: { name: 'x', version: 1 } },
      { method: 'DELETE', url: '/api/v1/dept/1' },
    ]);
    expect((await call(t, null, { method: 'GET', url: '/api/v1/dept/options' })).status).toBe(401);
  });

  it('gives the tree, filtered with ancestors, and options', async () => {
    const tree = ok<DeptVO[]>(await call(t, tk.admin, { method: 'GET', url: '/api/v1/dept' }));
    expect(tree.map((d) => d.code)).toEqual(['BATON']);
    expect(tree[0]!.children.map((d) => d.code)).toEqual(['COMMITTEE', 'COMPETITION', 'REFEREES', 'IT']);
    const filtered = ok<DeptVO[]>(
      await call(t, tk.admin, { method: 'GET', url: `/api/v1/dept?keywords=${encodeURIComponent('裁判')}` }),
    );
    expect(filtered[0]!.children.map((d) => d.code)).toEqual(['REFEREES']);
    const options = ok<TreeOptionVO[]>(await call(t, tk.committee, { method: 'GET', url: '/api/v1/dept/options' }));
    expect(options[0]!.children.length).toBe(4);
  });

  it('creates, updates with version checks, refuses cycles', async () => {
    const it_ = await idOf('IT');
    const created = ok<DeptForm>(
      await call(t, tk.admin, {
        method: 'POST',
        url: '/api/v1/dept',
        payload: { parentId: it_, name: '运维组', nameEn: 'Ops', code: 'OPS' },
      }),
    );
    expect(created).toMatchObject({ parentId: it_, name: '运维组', version: 1 });
    const first = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/dept/${created.id}`,
      payload: { ...created, name: 'First' },
    });
    expect(ok<DeptForm>(first).version).toBe(2);
    const second = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/dept/${created.id}`,
      payload: { ...created, name: 'Second' },
    });
    expect([second.status, second.body?.code]).toEqual([409, 'A0409']);
    expect((await t.database.db.select().from(dept).where(eq(dept.id, created.id)))[0]!.name).toBe('First');
    const itForm = ok<DeptForm>(await call(t, tk.admin, { method: 'GET', url: `/api/v1/dept/${it_}/form` }));
    const cycle = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/dept/${it_}`,
      payload: { ...itForm, parentId: created.id },
    });
    expect(cycle.body?.code).toBe('A0400');
  });

  it('refuses deleting a department with sub-departments or users, naming it', async () => {
    const en = { 'accept-language': 'en' };
    const baton = await idOf('BATON');
    const withKids = await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/dept/${baton}` }, en);
    expect(withKids.body?.msg).toContain('"Baton" still has 4 sub-department(s)');
    const committee = await idOf('COMMITTEE');
    const withUsers = await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/dept/${committee}` }, en);
    expect(withUsers.body?.msg).toContain('"Organising committee" still has 1 user(s)');
    const a = ok<DeptForm>(await call(t, tk.admin, { method: 'POST', url: '/api/v1/dept', payload: { name: 'A' } }));
    const b = ok<DeptForm>(
      await call(t, tk.admin, { method: 'POST', url: '/api/v1/dept', payload: { name: 'B', parentId: a.id } }),
    );
    ok(await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/dept/${a.id},${b.id}` }));
    expect((await t.database.db.select().from(dept).where(eq(dept.id, a.id))).length).toBe(0);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await deptCount();
    for (const payload of [
      {},
      { name: '' },
      { name: 'x'.repeat(51) },
      { name: 'x', parentId: 999999 },
      { name: 'x', parentId: 'top' },
      { name: 'x', code: "x'; drop table sys_dept;--" },
      { name: 'x', status: 7 },
    ]) {
      const r = await call(t, tk.admin, { method: 'POST', url: '/api/v1/dept', payload });
      expect([JSON.stringify(payload), r.status, r.body?.code]).toEqual([JSON.stringify(payload), 400, 'A0400']);
    }
    expect(await deptCount()).toBe(before);
  });
});
