import { LANGS } from '@baton/contracts';
import { useAppStore } from '../stores/app';
import { type AreaLoader, createAreaLoader, type LocaleModule } from './locale-areas';
import { createI18n, type I18n, type TFunction, useTranslationOf } from './translate';

/**
 * Shell strings (`locales/zh-cn.ts`, `locales/en.ts`: top-level keys) are wanted by every page;
 * area strings live in `locales/<area>/zh-cn.ts` and `locales/<area>/en.ts` (default export) and
 * become `t('<area>.…')`. Each file is its own small chunk, fetched per language: the shell of the
 * current language from the start, an area when a route that needs it loads (`router.tsx`:
 * `page(load, areas)` waits for both), so a page downloads neither the other language nor the
 * strings of pages it is not. `locales.test.ts` checks both languages match.
 */
const lazyAreas = import.meta.glob<LocaleModule>(['../locales/*/*.ts', '../locales/*.ts', '!**/*.test.ts']);

/**
 * Component tests render pages straight away, without the router that would load their areas:
 * there every area is in from the start. (A dead branch in a build: the modules are dropped.)
 */
const eagerAreas: Record<string, LocaleModule> =
  import.meta.env.MODE === 'test'
    ? import.meta.glob<LocaleModule>(['../locales/*/*.ts', '../locales/*.ts', '!**/*.test.ts'], { eager: true })
    : {};

const i18n: I18n = createI18n({
  lng: useAppStore.getState().language,
  fallbackLng: 'zh-cn',
  // The safety net for a key of an area the route did not declare: fetch the area, then re-render.
  onMissing: (key) => areas.missing(key),
});

export const areas: AreaLoader = createAreaLoader(i18n, lazyAreas, eagerAreas, () => useAppStore.getState().language);
for (const lang of LANGS) i18n.addResources(lang, areas.preloaded(lang));

// The shell of the current language, from the start (every route waits for it; see `page()`).
areas.ensure([]).catch(() => undefined);

const htmlLang = (lang: string) => (lang === 'en' ? 'en' : 'zh-CN');
document.documentElement.lang = htmlLang(i18n.language);

useAppStore.subscribe((state, prev) => {
  if (state.language === prev.language) return;
  const lang = state.language;
  // Switch once the areas already shown are there in the new language (no flash of keys).
  void areas.switchTo(lang).then(() => {
    if (useAppStore.getState().language !== lang) return;
    void i18n.changeLanguage(lang);
    document.documentElement.lang = htmlLang(lang);
  });
});

/** `const { t, i18n } = useTranslation()`: the component re-renders when the language changes or strings arrive. */
export function useTranslation() {
  return useTranslationOf(i18n);
}

export type { TFunction };
export default i18n;
