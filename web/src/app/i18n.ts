import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import zhCn from '../locales/zh-cn';
import { useAppStore } from '../stores/app';

void i18n.use(initReactI18next).init({
  resources: { 'zh-cn': { translation: zhCn }, en: { translation: en } },
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
