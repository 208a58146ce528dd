import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/app.js';
import { type Client, data, signIn } from '../../../meetings/testkit.js';
import { windMeasuredByRule } from './wind.js';

/**
 * Wind-measured events by distance and kind, not from a short list. The rule text (WA Book C2.1
 * TR 17, TR 29) was not found in the stored copies of the rules; the worked examples follow the
 * sources that were (see wind.ts): races of 200 m or less, long jump and triple jump.
 */
describe('which events measure the wind (TR 17 / TR 29 — rule text not found, see wind.ts)', () => {
  const track = (code: string) => windMeasuredByRule({ code, kind: 'track' });

  it('races of 200 m or less: every sprint and sprint hurdle race — 50, 60, 80, 100, 150, 200 m, 60/80/100/110 m hurdles', () => {
    for (const c of ['50', '60', '80', '100', '150', '200', '60H', '80H', '100H', '110H', '200H']) {
      expect(track(c), c).toBe(true);
    }
  });

  it('not over 200 m, not relays, not road races', () => {
    for (const c of ['300', '400', '300H', '400H', '800', '10000']) expect(track(c), c).toBe(false);
    expect(windMeasuredByRule({ code: '4x100', kind: 'relay' })).toBe(false);
    expect(windMeasuredByRule({ code: '10kmR', kind: 'road' })).toBe(false);
    expect(track('SPRINT')).toBe(false); // no distance in the code: the owner sets it
  });

  it('horizontal jumps: long jump and triple jump; not the throws, not the vertical jumps', () => {
    expect(windMeasuredByRule({ code: 'LJ', kind: 'field-distance' })).toBe(true);
    expect(windMeasuredByRule({ code: 'tj', kind: 'field-distance' })).toBe(true);
    for (const c of ['SP', 'DT', 'HT', 'JT'])
      expect(windMeasuredByRule({ code: c, kind: 'field-distance' }), c).toBe(false);
    for (const c of ['HJ', 'PV']) expect(windMeasuredByRule({ code: c, kind: 'field-height' }), c).toBe(false);
  });
});

describe('the items API takes wind measurement from the rule', () => {
  const t = useTestApp();
  let admin: Client;
  beforeAll(async () => {
    admin = await signIn(t, 'admin');
  });
  type Item = { code: string; windMeasured: boolean };

  it('ships 50 m, 60 m and 80 m hurdles measured, relays not', async () => {
    const page = data<{ list: Item[] }>(await admin.get('/api/v1/items?pageSize=100'));
    const by = new Map(page.list.map((i) => [i.code, i.windMeasured]));
    for (const c of ['50', '60', '80H', '100', '200', '100H', '110H', 'LJ', 'TJ']) expect(by.get(c), c).toBe(true);
    for (const c of ['300', '400', '4x100', 'HJ', 'SP', '20kmW']) expect(by.get(c), c).toBe(false);
  });

  it('a new 150 m measures the wind unless the owner says otherwise', async () => {
    const made = data<Item>(
      await admin.post('/api/v1/items', {
        code: '150',
        name: '150米',
        nameEn: '150 m',
        kind: 'track',
        resultFormat: 'time',
      }),
    );
    expect(made.windMeasured).toBe(true);
    const indoor = data<Item>(
      await admin.post('/api/v1/items', {
        code: '60i',
        name: '室内60米',
        nameEn: '60 m indoor',
        kind: 'track',
        resultFormat: 'time',
        windMeasured: false,
      }),
    );
    expect(indoor.windMeasured).toBe(false);
  });
});
