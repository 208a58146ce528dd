import { useCallback, useSyncExternalStore } from 'react';

const lists = new Map<string, MediaQueryList>();

function mediaList(media: string): MediaQueryList | null {
  if (typeof window === 'undefined') return null;
  let list = lists.get(media);
  if (!list) {
    list = window.matchMedia(media);
    lists.set(media, list);
  }
  return list;
}

/**
 * Whether a CSS media query matches, followed live (the viewport, the system's dark mode, its
 * reduced-motion setting). One `MediaQueryList` per query for the whole app.
 */
export function useMediaQuery(media: string): boolean {
  const list = mediaList(media);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(subscribe, () => list?.matches ?? false);
}

/**
 * Whether the system asks for reduced motion: antd's transitions are then off (AntdFrame). The
 * public pages' own components need no script for it: their CSS has `prefers-reduced-motion`
 * rules (lite.css, live.css).
 */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
