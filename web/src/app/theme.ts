import { useMediaQuery } from '../hooks/media';
import { useSettingsStore } from '../stores/settings';

/** Whether the operating system prefers dark, followed live. */
export const useSystemDark = (): boolean => useMediaQuery('(prefers-color-scheme: dark)');

/** The effective theme: `auto` follows the operating system (spec §4). */
export function useIsDark(): boolean {
  const theme = useSettingsStore((s) => s.theme);
  const systemDark = useSystemDark();
  return theme === 'dark' || (theme === 'auto' && systemDark);
}
