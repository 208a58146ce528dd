import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { code, countOf, data, expectForbidden, useClients } from '../meetings/testkit.js';

const t = useTestApp();
const { admin, committee } = useClients(t, 'admin', 'committee');

type Item = {
  id: number;
  code: string;
  kind: string;
  windMeasured: boolean;
  usesLanes: boolean;
  relayLegs: number | null;
  version: number;
};

describe('items', () => {
  it('ships the standard list with wind, lanes and relay legs', async () => {
    const page = data<{ list: Item[]; total: number }>(await committee.get('/api/v1/items?pageSize=100'));
    expect(page.total).toBeGreaterThanOrEqual(40);
    const by = new Map(page.list.map((i) => [i.code, i]));
    for (const c of ['100', '200', '100H', '110H', 'LJ', 'TJ']) expect(by.get(c)!.windMeasured, c).toBe(true);
    for (const c of ['400', '1500', 'HJ', 'SP']) expect(by.get(c)!.windMeasured, c).toBe(false);
    for (const c of ['100', '400', '400H', '4x100', '800']) expect(by.get(c)!.usesLanes, c).toBe(true);
    expect(by.get('1500')!.usesLanes).toBe(false);
    expect(by.get('4x400')!).toMatchObject({ kind: 'relay', relayLegs: 4 });
    expect(by.get('DEC')!.kind).toBe('combined');
  });

  it('filters by keywords and kind', async () => {
    const relays = data<{ list: Item[] }>(await committee.get('/api/v1/items?kind=relay&pageSize=50'));
    expect(relays.list.every((i) => i.kind === 'relay')).toBe(true);
    const hj = data<{ list: Item[] }>(await committee.get('/api/v1/items?keywords=跳高'));
    expect(hj.list.map((i) => i.code)).toContain('HJ');
    expect((await committee.get('/api/v1/items?kind=nope')).statusCode).toBe(400);
  });

  it('creates, updates with a version, deletes; refuses duplicates and bad input', async () => {
    const n = await countOf(t, 'base_item');
    for (const bad of [
      { code: '', name: 'x', kind: 'track', resultFormat: 'time' },
      { code: 'X1', name: 'x', kind: 'bogus', resultFormat: 'time' },
      { code: 'X1', name: 'x', kind: 'relay', resultFormat: 'time', relayLegs: 1 },
      { code: '100', name: 'dup', kind: 'track', resultFormat: 'time' },
    ]) {
      const res = await admin.post('/api/v1/items', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await countOf(t, 'base_item')).toBe(n);
    const created = data<Item>(
      await admin.post('/api/v1/items', {
        code: '4x50',
        name: '4×50米',
        kind: 'relay',
        resultFormat: 'time',
        usesLanes: true,
      }),
    );
    expect(created.relayLegs).toBe(4);
    const upd = await admin.put(`/api/v1/items/${created.id}`, {
      code: '4x50',
      name: '4×50米接力',
      kind: 'relay',
      resultFormat: 'time',
      relayLegs: 4,
      version: created.version,
    });
    expect(code(upd)).toBe('00000');
    const stale = await admin.put(`/api/v1/items/${created.id}`, {
      code: '4x50',
      name: 'x',
      kind: 'relay',
      resultFormat: 'time',
      version: created.version,
    });
    expect(code(stale)).toBe('A0409');
    expect(code(await admin.del(`/api/v1/items/${created.id}`))).toBe('00000');
  });

  it('refuses to delete an item a group offers', async () => {
    const by = data<{ list: Item[] }>(await committee.get('/api/v1/items?keywords=4x100'));
    const res = await admin.del(`/api/v1/items/${by.list[0]!.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/offered by \d+ group item/);
  });

  it('are base data: the committee reads them but writes none (meetings/base-data.ts)', async () => {
    const created = data<Item>(
      await admin.post('/api/v1/items', { code: 'RO1', name: 'Read-only', kind: 'track', resultFormat: 'time' }),
    );
    expectForbidden(
      await committee.post('/api/v1/items', {
        code: 'C1',
        name: 'By the committee',
        kind: 'track',
        resultFormat: 'time',
      }),
      await committee.put(`/api/v1/items/${created.id}`, {
        code: 'RO1',
        name: 'Changed',
        kind: 'field-distance',
        resultFormat: 'distance',
        version: created.version,
      }),
      await committee.del(`/api/v1/items/${created.id}`),
    );
    expect(data<Item>(await committee.get(`/api/v1/items/${created.id}/form`))).toMatchObject({
      code: 'RO1',
      kind: 'track',
      version: created.version,
    });
    expect(code(await admin.del(`/api/v1/items/${created.id}`))).toBe('00000');
  });

  it('exports', async () => {
    const res = await committee.get('/api/v1/items/export?kind=track');
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});
