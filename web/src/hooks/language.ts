import { useCallback } from 'react';
import { useTranslation } from '../app/i18n';

/** True in English: picks `nameEn` / `labelEn` / `titleEn` over the Chinese text. */
export function useEn(): boolean {
  const { i18n } = useTranslation();
  return i18n.language === 'en';
}

/** `(zh, en) => text` in the interface language, falling back to the other language when empty. */
export function useBilingual() {
  const en = useEn();
  return useCallback(
    (zh: string | null | undefined, english: string | null | undefined) => (en ? english || zh : zh || english) ?? '',
    [en],
  );
}
