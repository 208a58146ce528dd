import { describe, expect, it, vi } from 'vitest';
import { createAreaLoader, type LocaleModule } from './locale-areas';

function setup(lang = { current: 'zh-cn' }) {
  const added: [string, object][] = [];
  const sink = { addResources: (lng: string, res: object) => added.push([lng, res]) };
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
    const sink = { addResources: vi.fn() };
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
    expect(sink.addResources).toHaveBeenCalledWith('zh-cn', { public: { a: 'b' } });
  });

  it('brings the shell of the current language with every ensure and switch', async () => {
    const added: [string, object][] = [];
    const calls: string[] = [];
    const sink = { addResources: (lng: string, res: object) => added.push([lng, res]) };
    const lazy: Record<string, () => Promise<LocaleModule>> = {};
    for (const lng of ['zh-cn', 'en']) {
      lazy[`../locales/${lng}.ts`] = () => {
        calls.push(`${lng}/shell`);
        return Promise.resolve({ default: { route: { login: `login ${lng}` } } });
      };
      lazy[`../locales/dlg/${lng}.ts`] = () => {
        calls.push(`${lng}/dlg`);
        return Promise.resolve({ default: { title: `dlg ${lng}` } });
      };
    }
    const lang = { current: 'zh-cn' };
    const loader = createAreaLoader(sink, lazy, {}, () => lang.current);
    expect(loader.names).toEqual(['dlg']);

    await loader.ensure([]);
    expect(calls).toEqual(['zh-cn/shell']);
    // The shell's keys are top-level ones, not under an area.
    expect(added).toEqual([['zh-cn', { route: { login: 'login zh-cn' } }]]);

    await loader.ensure(['dlg']);
    lang.current = 'en';
    await loader.switchTo('en');
    expect(calls.sort()).toEqual(['en/dlg', 'en/shell', 'zh-cn/dlg', 'zh-cn/shell']);
    // The shell is not a key area: a missing `route.…` key fetches nothing.
    loader.missing('route.other');
    await Promise.resolve();
    expect(calls).toHaveLength(4);
  });

  it('starts in another language with its own shell only (both languages hold the same keys)', async () => {
    const calls: string[] = [];
    const lazy: Record<string, () => Promise<LocaleModule>> = {};
    for (const lng of ['zh-cn', 'en']) {
      lazy[`../locales/${lng}.ts`] = () => {
        calls.push(lng);
        return Promise.resolve({ default: { app: { title: lng } } });
      };
    }
    const loader = createAreaLoader({ addResources: vi.fn() }, lazy, {}, () => 'en');
    await loader.ensure(['public']);
    expect(calls).toEqual(['en']);
  });

  it('puts the eagerly bundled shell at the top level and areas under their names', () => {
    const loader = createAreaLoader(
      { addResources: vi.fn() },
      {},
      {
        '../locales/en.ts': { default: { app: { title: 'Baton' } } },
        '../locales/public/en.ts': { default: { hero: 'Hi' } },
      },
      () => 'en',
    );
    expect(loader.preloaded('en')).toEqual({ app: { title: 'Baton' }, public: { hero: 'Hi' } });
    expect(loader.preloaded('zh-cn')).toEqual({});
  });
});
