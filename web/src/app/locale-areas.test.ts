import { describe, expect, it, vi } from 'vitest';
import { createAreaLoader, type LocaleModule } from './locale-areas';

function setup(lang = { current: 'zh-cn' }) {
  const added: [string, object][] = [];
  const sink = { addResourceBundle: (lng: string, _ns: string, res: object) => added.push([lng, res]) };
  const calls: string[] = [];
  const lazy: Record<string, () => Promise<LocaleModule>> = {};
  for (const area of ['public', 'dlg', 'system']) {
    for (const lng of ['zh-cn', 'en']) {
      lazy[`../locales/${area}/${lng}.ts`] = () => {
        calls.push(`${lng}/${area}`);
        return Promise.resolve({ default: { title: `${area} ${lng}` } });
      };
    }
  }
  const loader = createAreaLoader(sink, lazy, {}, () => lang.current);
  return { loader, added, calls, lang };
}

describe('locale areas', () => {
  it('loads only the areas asked for, in the current language, once', async () => {
    const { loader, added, calls } = setup();
    await loader.ensure(['public', 'nope']);
    await loader.ensure(['public']);
    expect(calls).toEqual(['zh-cn/public']);
    expect(added).toEqual([['zh-cn', { public: { title: 'public zh-cn' } }]]);
    await loader.ensure('all');
    expect(calls.sort()).toEqual(['zh-cn/dlg', 'zh-cn/public', 'zh-cn/system']);
  });

  it('brings every area in use along when the language changes', async () => {
    const { loader, calls, lang } = setup();
    await loader.ensure(['dlg']);
    lang.current = 'en';
    await loader.switchTo('en');
    expect(calls).toEqual(['zh-cn/dlg', 'en/dlg']);
  });

  it('fetches the area of a missing key, and nothing for other keys', async () => {
    const { loader, calls } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    loader.missing('system.user.title');
    loader.missing('route.login');
    loader.missing('nodot');
    await Promise.resolve();
    expect(calls).toEqual(['zh-cn/system']);
    warn.mockRestore();
  });

  it('tries a failed fetch again', async () => {
    let fail = true;
    const sink = { addResourceBundle: vi.fn() };
    const loader = createAreaLoader(
      sink,
      {
        '../locales/public/zh-cn.ts': () =>
          fail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: { a: 'b' } }),
      },
      {},
      () => 'zh-cn',
    );
    await expect(loader.ensure(['public'])).rejects.toThrow('offline');
    fail = false;
    await loader.ensure(['public']);
    expect(sink.addResourceBundle).toHaveBeenCalledWith('zh-cn', 'translation', { public: { a: 'b' } }, true, true);
  });
});
