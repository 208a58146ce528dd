import type { UIMatch } from 'react-router';

/** What a route tells the shell about itself (kept in React Router's `handle`). */
export interface RouteHandle {
  /** i18n key of the title, for the app's own pages. */
  titleKey?: string;
  /** Server-provided titles (menu routes). */
  title?: string;
  titleEn?: string;
  icon?: string | null;
  hidden?: boolean;
  keepAlive?: boolean;
  /** Pinned in the tags view. */
  affix?: boolean;
  /** Never shown as a tab (helpers such as /redirect). */
  noTag?: boolean;
}

type Translate = (key: string) => string;

export function handleTitle(handle: RouteHandle | undefined, lang: string, t: Translate): string {
  if (!handle) return '';
  if (handle.titleKey) return t(handle.titleKey);
  return (lang === 'en' ? handle.titleEn || handle.title : handle.title || handle.titleEn) ?? '';
}

export function lastHandle(matches: readonly UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as RouteHandle | undefined;
    if (h && (h.titleKey || h.title || h.titleEn || h.noTag)) return h;
  }
  return undefined;
}
