import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { createAreaLoader, type LocaleModule } from './locale-areas';
import { createI18n, type I18n, type TFunction, useTranslationOf } from './translate';

/** An instance of its own, its area strings fetched by the real loader from fake modules. */
function setup() {
  const lang = { current: 'zh-cn' };
  const fetched: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const strings: Record<string, Record<string, unknown>> = {
    'zh-cn': { title: '赛事 {{n}}' },
    en: { title: 'Meeting {{n}}' },
  };
  const lazy: Record<string, () => Promise<LocaleModule>> = {};
  for (const lng of ['zh-cn', 'en']) {
    lazy[`../locales/public/${lng}.ts`] = async () => {
      fetched.push(lng);
      await gate;
      return { default: strings[lng] ?? {} };
    };
  }
  const i18n = createI18n({ lng: 'zh-cn', fallbackLng: 'zh-cn', onMissing: (key) => areas.missing(key) });
  const areas = createAreaLoader(i18n, lazy, {}, () => lang.current);
  return { i18n, areas, lang, fetched, release };
}

/** What the component saw: each new `t` (from an effect on it) and each text rendered. */
interface Seen {
  ts: TFunction[];
  texts: string[];
  bump: () => void;
}
const newSeen = (): Seen => ({ ts: [], texts: [], bump: () => undefined });

function Title({ i18n, seen }: { i18n: I18n; seen: Seen }) {
  const { t } = useTranslationOf(i18n);
  const [n, setN] = useState(1);
  seen.bump = () => setN((v) => v + 1);
  useEffect(() => {
    seen.ts.push(t);
  }, [t, seen]);
  const text = t('public.title', { n });
  seen.texts.push(text);
  return <h1 data-testid="title">{text}</h1>;
}

describe('useTranslationOf', () => {
  it('re-renders when the strings of a missing key arrive, and when the language changes', async () => {
    const { i18n, lang, fetched, release } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen = newSeen();
    const screen = await render(<Title i18n={i18n} seen={seen} />);
    const title = screen.getByTestId('title');
    // The key first (the area is not there), its area fetched once, then the text.
    await expect.element(title).toHaveTextContent('public.title');
    expect(fetched).toEqual(['zh-cn']);
    release();
    await expect.element(title).toHaveTextContent('赛事 1');

    // A render for another reason keeps the same t (effects that depend on it do not run again).
    const ts = seen.ts.length;
    seen.bump();
    await expect.element(title).toHaveTextContent('赛事 2');
    expect(seen.ts).toHaveLength(ts);

    lang.current = 'en';
    await i18n.changeLanguage('en');
    // en's strings were not fetched: zh-cn's show meanwhile, and en's are fetched.
    await expect.element(title).toHaveTextContent('Meeting 2');
    expect(fetched).toEqual(['zh-cn', 'en']);
    expect(seen.ts.length).toBeGreaterThan(ts);
    // In development the late area is named, so the route can declare it.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('area "public" loaded late'));
    warn.mockRestore();
  });

  it('re-renders with the new language only once switchTo has brought its strings (no flash of keys)', async () => {
    const { i18n, areas, lang, fetched, release } = setup();
    release();
    await areas.ensure(['public']);
    const seen = newSeen();
    const screen = await render(<Title i18n={i18n} seen={seen} />);
    await expect.element(screen.getByTestId('title')).toHaveTextContent('赛事 1');

    lang.current = 'en';
    await areas.switchTo('en');
    expect(fetched).toEqual(['zh-cn', 'en']);
    // The strings came first: the page still shows zh-cn, and the first render in en has them.
    expect(seen.texts.at(-1)).toBe('赛事 1');
    await i18n.changeLanguage('en');
    expect(i18n.t('public.title', { n: 1 })).toBe('Meeting 1');
    await expect.element(screen.getByTestId('title')).toHaveTextContent('Meeting 1');
    expect(fetched).toEqual(['zh-cn', 'en']);
    expect(seen.texts.filter((x) => x.includes('public.title'))).toEqual([]);
  });
});
