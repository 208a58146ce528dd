import { useSyncExternalStore } from 'react';
import { useSettingsStore } from '../stores/settings';

const query = typeof window === 'undefined' ? null : window.matchMedia('(prefers-color-scheme: dark)');

function subscribe(cb: () => void) {
  query?.addEventListener('change', cb);
  return () => query?.removeEventListener('change', cb);
}

/** Whether the operating system prefers dark, followed live. */
export function useSystemDark(): boolean {
  return useSyncExternalStore(subscribe, () => query?.matches ?? false);
}

/** The effective theme: `auto` follows the operating system (spec §4). */
export function useIsDark(): boolean {
  const theme = useSettingsStore((s) => s.theme);
  const systemDark = useSystemDark();
  return theme === 'dark' || (theme === 'auto' && systemDark);
}
