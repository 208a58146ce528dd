import type { DictDataForm, DictDataVO, DictForm, DictListaItem, DictPageVO, DictVO } from '@baton/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dict, dictData } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { call, expectGuarded, ok, useTokens } from '../users/testkit.js';

const t = useTestApp();
const tk = useTokens(t);

const counts = async () => ({
  dicts: (await t.database.db.select({ n: count() }).from(dict))[0]!.n,
  data: (await t.database.db.select({ n: count() }).from(dictData))[0]!.n,
});
const cache = async () => ok<DictVO[]>(await call(t, null, { method: 'GET', url: '/api/v1/dict/list' }));

describe('dictionaries', () => {
  it('refuses anonymous callers and users without sys:dict perms', async () => {
    await expectGuarded(t, tk, [
      { method: 'GET', url: '/api/v1/dict/page' },
      { method: 'GET', url: '/api/v1/dict/1/form' },
      { method: 'POST', url: '/api/v1/dict', payload: { dictCode: 'abc', name: 'x' } },
      { method: 'PUT', url: '/api/v1/dict/1', payload: { dictCode: 'abc', name: 'x', version: 1 } },
      { method: 'DELETE', url: '/api/v1/dict/1' },
      { method: 'GET', url: '/api/v1/dict-data/page?dictCode=gender' },
      { method: 'GET', url: '/api/v1/dict-data/1/form' },
      { method: 'POST', url: '/api/v1/dict-data', payload: { dictCode: 'gender', value: '9', label: 'x' } },
      {
        method: 'PUT',
        url: '/api/v1/dict-data/1',
        payload: { dictCode: 'gender', value: '9', label: 'x', version: 1 },
      },
      { method: 'DELETE', url: '/api/v1/dict-data/1' },
    ]);
    expect((await call(t, null, { method: 'GET', url: '/api/v1/dict/lista' })).status).toBe(401);
    expect((await call(t, null, { method: 'GET', url: '/api/v1/dict/list' })).status).toBe(200);
  });

  it('pages, lists for pickers, and keeps the cache list', async () => {
    const page = ok<{ list: DictPageVO[]; total: number }>(
      await call(t, tk.admin, { method: 'GET', url: '/api/v1/dict/page?keywords=GEND' }),
    );
    expect(page.list.map((d) => d.dictCode)).toEqual(['gender']);
    const lista = ok<DictListaItem[]>(await call(t, tk.committee, { method: 'GET', url: '/api/v1/dict/lista' }));
    expect(lista.find((d) => d.dictCode === 'gender')).toEqual({ dictCode: 'gender', name: '性别', nameEn: 'Gender' });
    expect((await cache()).find((d) => d.dictCode === 'gender')!.dictDataList.map((e) => e.value)).toEqual([
      '1',
      '2',
      '0',
    ]);
  });

  it('creates a dictionary and its entries; edits show in the cache list', async () => {
    const created = ok<DictForm>(
      await call(t, tk.admin, {
        method: 'POST',
        url: '/api/v1/dict',
        payload: { dictCode: 'shoe_size', name: '鞋码', nameEn: 'Shoe size' },
      }),
    );
    const dup = await call(
      t,
      tk.admin,
      { method: 'POST', url: '/api/v1/dict', payload: { dictCode: 'shoe_size', name: 'x' } },
      { 'accept-language': 'en' },
    );
    expect(dup.body?.msg).toBe('Invalid input: the dictionary code "shoe_size" is already used');
    const e1 = ok<DictDataForm>(
      await call(t, tk.admin, {
        method: 'POST',
        url: '/api/v1/dict-data',
        payload: { dictCode: 'shoe_size', value: '42', label: '42码', labelEn: 'EU 42', tagType: 'primary', sort: 2 },
      }),
    );
    ok(
      await call(t, tk.admin, {
        method: 'POST',
        url: '/api/v1/dict-data',
        payload: { dictCode: 'shoe_size', value: '41', label: '41码', sort: 1 },
      }),
    );
    const dupValue = await call(
      t,
      tk.admin,
      { method: 'POST', url: '/api/v1/dict-data', payload: { dictCode: 'shoe_size', value: '42', label: 'again' } },
      { 'accept-language': 'en' },
    );
    expect(dupValue.body?.msg).toBe('Invalid input: the dictionary "shoe_size" already has the value "42"');
    const entries = (await cache()).find((d) => d.dictCode === 'shoe_size')!;
    expect(entries.dictDataList.map((e) => e.value)).toEqual(['41', '42']);

    const edited = ok<DictDataForm>(
      await call(t, tk.admin, {
        method: 'PUT',
        url: `/api/v1/dict-data/${e1.id}`,
        payload: { ...e1, label: '四十二', status: 0 },
      }),
    );
    expect(edited.version).toBe(2);
    const stale = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/dict-data/${e1.id}`,
      payload: { ...e1, label: 'stale' },
    });
    expect([stale.status, stale.body?.code]).toEqual([409, 'A0409']);
    expect((await cache()).find((d) => d.dictCode === 'shoe_size')!.dictDataList.map((e) => e.value)).toEqual(['41']);

    const data = ok<{ list: DictDataVO[]; total: number }>(
      await call(t, tk.admin, { method: 'GET', url: '/api/v1/dict-data/page?dictCode=shoe_size' }),
    );
    expect(data.total).toBe(2);
    expect(
      ok<DictDataForm>(await call(t, tk.admin, { method: 'GET', url: `/api/v1/dict-data/${e1.id}/form` })).label,
    ).toBe('四十二');

    const form = ok<DictForm>(await call(t, tk.admin, { method: 'GET', url: `/api/v1/dict/${created.id}/form` }));
    const renamed = ok<DictForm>(
      await call(t, tk.admin, {
        method: 'PUT',
        url: `/api/v1/dict/${created.id}`,
        payload: { ...form, dictCode: 'shoe', status: 0 },
      }),
    );
    expect(renamed.dictCode).toBe('shoe');
    expect((await cache()).some((d) => d.dictCode === 'shoe')).toBe(false);
    const staleDict = await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/dict/${created.id}`,
      payload: { ...form, name: 'x' },
    });
    expect(staleDict.status).toBe(409);

    ok(await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/dict-data/${e1.id}` }));
    ok(await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/dict/${created.id}` }));
    expect((await t.database.db.select().from(dictData).where(eq(dictData.dictId, created.id))).length).toBe(0);
    expect((await call(t, tk.admin, { method: 'DELETE', url: `/api/v1/dict/${created.id}` })).status).toBe(404);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await counts();
    for (const payload of [
      {},
      { dictCode: 'Bad-Code', name: 'x' },
      { dictCode: "x'; drop table sys_dict;--", name: 'x' },
      { dictCode: 'ok_code', name: '' },
      { dictCode: 'ok_code', name: 'x'.repeat(51) },
      { dictCode: 'ok_code', name: 'x', remark: 'r'.repeat(501) },
      { dictCode: 'ok_code', name: 'x', status: 'on' },
    ]) {
      const r = await call(t, tk.admin, { method: 'POST', url: '/api/v1/dict', payload });
      expect([JSON.stringify(payload), r.status, r.body?.code]).toEqual([JSON.stringify(payload), 400, 'A0400']);
    }
    for (const payload of [
      { dictCode: 'gender', label: 'x' },
      { dictCode: 'nope_dict', value: '1', label: 'x' },
      { dictCode: 'gender', value: '1', label: 'x' },
      { dictCode: 'gender', value: 'v'.repeat(101), label: 'x' },
      { dictCode: 'gender', value: '9', label: 'x', tagType: 'rainbow' },
    ]) {
      const r = await call(t, tk.admin, { method: 'POST', url: '/api/v1/dict-data', payload });
      expect([JSON.stringify(payload), r.status, r.body?.code]).toEqual([JSON.stringify(payload), 400, 'A0400']);
    }
    expect(await counts()).toEqual(before);
  });
});
