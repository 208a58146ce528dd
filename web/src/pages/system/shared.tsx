import type { OptionVO, TreeOptionVO } from '@baton/contracts';
import { useCallback, useRef } from 'react';
import { useTranslation } from '../../app/i18n';
import { useAppStore } from '../../stores/app';
import { useDictStore } from '../../stores/dict';

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

export const useMobile = () => useAppStore((s) => s.device === 'mobile');

export interface TreeNodeData {
  value: number;
  title: string;
  key: number;
  children: TreeNodeData[];
}

/** Server tree options as antd Tree / TreeSelect data, labelled in the interface language. */
export function toTreeData(nodes: readonly TreeOptionVO[], en: boolean): TreeNodeData[] {
  return nodes.map((n) => ({
    value: n.value,
    key: n.value,
    title: (en ? n.labelEn || n.label : n.label || n.labelEn) ?? '',
    children: toTreeData(n.children ?? [], en),
  }));
}

export function toOptions(list: readonly OptionVO[], en: boolean) {
  return list.map((o) => ({ value: o.value, label: en ? o.labelEn || o.label : o.label || o.labelEn }));
}

/** Empty text as null, for nullable body fields. */
export const orNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/** After any dictionary change: the cache of spec §4 is cleared and reloaded, so tags everywhere follow. */
export function refreshDictCache(): void {
  void useDictStore
    .getState()
    .reload()
    .catch(() => undefined);
}

/**
 * The last non-null value: a dialog keeps the title and fields of the record it showed while its
 * closing animation runs (when the caller has already set its state back to null).
 */
export function useSticky<T>(value: T | null): T | null {
  const last = useRef(value);
  if (value !== null) last.current = value;
  return last.current;
}
