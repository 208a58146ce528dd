import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { type Client, code, countOf, data, multipartFile, signIn, xlsx } from '../meetings/testkit.js';

const t = useTestApp();
let admin: Client;
beforeAll(async () => {
  admin = await signIn(t, 'admin');
});

type Node = { id: number; code: string; level: number; version: number; children: Node[] };
const importFile = (file: Buffer, mode = '') =>
  admin.raw({ method: 'POST', url: `/api/v1/codes/import${mode ? `?mode=${mode}` : ''}`, ...multipartFile(file) });

describe('area codes', () => {
  it('ships one county with three sub-units, as a tree', async () => {
    const tree = data<Node[]>(await admin.get('/api/v1/codes'));
    const county = tree.find((n) => n.code === '330381')!;
    expect(county.level).toBe(1);
    expect(county.children.map((c) => c.code)).toEqual(['330381001', '330381002', '330381003']);
    const found = data<Node[]>(await admin.get('/api/v1/codes?keywords=锦湖'));
    expect(found[0]!.children.map((c) => c.code)).toEqual(['330381003']);
  });

  it('creates under a parent, refuses duplicates, and deletes only codes nothing hangs on', async () => {
    const tree = data<Node[]>(await admin.get('/api/v1/codes'));
    const county = tree.find((n) => n.code === '330381')!;
    const child = data<Node>(
      await admin.post('/api/v1/codes', { parentId: county.id, code: '330381004', name: '东山街道' }),
    );
    expect(child.level).toBe(2);
    expect((await admin.post('/api/v1/codes', { code: '330381004', name: 'dup' })).json().msg).toContain(
      'already exists',
    );
    expect((await admin.post('/api/v1/codes', { code: 'bad code!', name: 'x' })).statusCode).toBe(400);
    const held = await admin.del(`/api/v1/codes/${county.id}`);
    expect(held.json().msg).toMatch(/still has 4 sub-code/);
    const usedSub = county.children[0]!;
    expect((await admin.del(`/api/v1/codes/${usedSub.id}`)).json().msg).toMatch(/used by 1 delegation/);
    expect(code(await admin.del(`/api/v1/codes/${child.id}`))).toBe('00000');
  });

  it('imports all-or-nothing with a row report, or the valid rows only', async () => {
    expect((await admin.get('/api/v1/codes/template')).statusCode).toBe(200);
    const file = await xlsx(
      ['code', 'name', 'nameEn', 'parentCode'],
      [
        ['330302001', '五马街道', 'Wuma', '330302'],
        ['330302', '鹿城区', 'Lucheng', ''],
        ['330381', 'Dup', '', ''],
        ['330303001', 'Orphan', '', '330303'],
      ],
    );
    const n = await countOf(t, 'base_area_code');
    const report = data<{ imported: number; errors: { row: number; field: string }[] }>(await importFile(file));
    expect(report.imported).toBe(0);
    expect(report.errors).toEqual([
      expect.objectContaining({ row: 4, field: 'code' }),
      expect.objectContaining({ row: 5, field: 'parentCode' }),
    ]);
    expect(await countOf(t, 'base_area_code')).toBe(n);
    const partial = data<{ imported: number }>(await importFile(file, 'valid-only'));
    expect(partial.imported).toBe(2);
    const tree = data<Node[]>(await admin.get('/api/v1/codes?keywords=五马'));
    expect(tree[0]!.code).toBe('330302');
    expect(tree[0]!.children[0]!).toMatchObject({ code: '330302001', level: 2 });
  });

  it('refuses a file without the required columns', async () => {
    const res = await importFile(await xlsx(['foo'], [['bar']]));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('missing column');
  });

  it('exports in the import columns', async () => {
    const res = await admin.get('/api/v1/codes/export');
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});
