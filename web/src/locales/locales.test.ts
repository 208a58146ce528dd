import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en';
import zhCn from './zh-cn';

/** Every key path of a messages object, sorted. */
function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj)
    .flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    .sort();
}

const dir = path.dirname(new URL(import.meta.url).pathname);
const areas = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('locales', () => {
  it('the shell has the same keys in zh-cn and en', () => {
    expect(keys(en)).toEqual(keys(zhCn));
  });

  it.each(areas)('area %s has the same keys in zh-cn and en, and no empty text', async (area) => {
    const zh = (await import(`./${area}/zh-cn.ts`)).default;
    const english = (await import(`./${area}/en.ts`)).default;
    expect(keys(english)).toEqual(keys(zh));
    for (const messages of [zh, english]) {
      const valueAt = (k: string) =>
        k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], messages);
      const empty = keys(messages).filter((k) => valueAt(k) === '');
      expect(empty).toEqual([]);
    }
  });
});
