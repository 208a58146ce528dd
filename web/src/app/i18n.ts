import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import zhCn from '../locales/zh-cn';
import { useAppStore } from '../stores/app';

/**
 * Area strings live beside the shell's: `locales/<area>/zh-cn.ts` and `locales/<area>/en.ts`
 * (default export) become `t('<area>.…')`. `locales.test.ts` checks both languages match.
 */
const areaModules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.ts', { eager: true });
const areas: Record<'zh-cn' | 'en', Record<string, Record<string, unknown>>> = { 'zh-cn': {}, en: {} };
for (const [file, mod] of Object.entries(areaModules)) {
  const match = /\/locales\/([\w-]+)\/(zh-cn|en)\.ts$/.exec(file);
  if (match) areas[match[2] as 'zh-cn' | 'en'][match[1]!] = mod.default;
}

void i18n.use(initReactI18next).init({
  resources: {
    'zh-cn': { translation: { ...zhCn, ...areas['zh-cn'] } },
    en: { translation: { ...en, ...areas.en } },
  },
  lng: useAppStore.getState().language,
  fallbackLng: 'zh-cn',
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

const htmlLang = (lang: string) => (lang === 'en' ? 'en' : 'zh-CN');
document.documentElement.lang = htmlLang(i18n.language);

useAppStore.subscribe((state, prev) => {
  if (state.language !== prev.language) {
    void i18n.changeLanguage(state.language);
    document.documentElement.lang = htmlLang(state.language);
  }
});

export default i18n;
