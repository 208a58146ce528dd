import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { code, data, expectForbidden, expectVersionedUpdateAndExport, useClients } from '../meetings/testkit.js';

const t = useTestApp();
const { admin, committee } = useClients(t, 'admin', 'committee');

type Cust = { id: number; name: string; version: number; parentId: number | null; children: Cust[] };

describe('customers', () => {
  it('is a tree with sub-customers and contacts', async () => {
    const tree = data<Cust[]>(await committee.get('/api/v1/customers'));
    expect(tree.length).toBeGreaterThanOrEqual(4);
    const assoc = tree.find((c) => c.children.length > 0)!;
    expect(assoc.children[0]!.parentId).toBe(assoc.id);
    const found = data<Cust[]>(await committee.get('/api/v1/customers?keywords=俱乐部'));
    expect(found).toHaveLength(1);
    expect(found[0]!.children).toHaveLength(1);
  });

  it('validates contacts and the parent, and never makes a cycle', async () => {
    expect((await admin.post('/api/v1/customers', { name: 'X', contactMobile: '123' })).statusCode).toBe(400);
    expect((await admin.post('/api/v1/customers', { name: 'X', parentId: 999999 })).statusCode).toBe(400);
    const top = data<Cust>(await admin.post('/api/v1/customers', { name: 'Top club', contactMobile: '13912345678' }));
    const sub = data<Cust>(await admin.post('/api/v1/customers', { name: 'Sub club', parentId: top.id }));
    const cycle = await admin.put(`/api/v1/customers/${top.id}`, {
      name: 'Top club',
      parentId: sub.id,
      version: top.version,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().msg).toContain('own sub-customer');
    const held = await admin.del(`/api/v1/customers/${top.id}`);
    expect(held.json().msg).toContain('1 sub-customer');
    expect(code(await admin.del(`/api/v1/customers/${sub.id},${top.id}`))).toBe('00000');
  });

  it('updates with a version and exports', async () => {
    await expectVersionedUpdateAndExport(admin, committee, '/api/v1/customers', ['Versioned', 'V2', 'V3']);
  });

  it('are base data: the committee reads them but writes none (meetings/base-data.ts)', async () => {
    const c = data<Cust>(await admin.post('/api/v1/customers', { name: 'Read-only club' }));
    expectForbidden(
      await committee.post('/api/v1/customers', { name: 'By the committee' }),
      await committee.put(`/api/v1/customers/${c.id}`, { name: 'Changed', version: c.version }),
      await committee.del(`/api/v1/customers/${c.id}`),
    );
    expect(data<Cust>(await committee.get(`/api/v1/customers/${c.id}/form`))).toMatchObject({
      name: 'Read-only club',
      version: c.version,
    });
  });
});
