import { type ReactNode, useEffect } from 'react';
import { useSettingsStore } from '../stores/settings';
import { useIsDark } from './theme';

/**
 * What every page has: the dark class and the theme colour on <html> (for the CSS
 * variables of global.css). antd's ConfigProvider and App, and the query cache, live in
 * `AntdFrame`, around only the routes that use antd, so the pages without it (the h5 frame and
 * home) load neither antd nor TanStack Query.
 */
export function Providers({ children }: { children: ReactNode }) {
  const themeColor = useSettingsStore((s) => s.themeColor);
  const dark = useIsDark();

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);

  useEffect(() => {
    // For what lives outside antd (the progress bar, the lite widgets, the layouts' own CSS).
    document.documentElement.style.setProperty('--baton-primary', themeColor);
  }, [themeColor]);

  return children;
}
