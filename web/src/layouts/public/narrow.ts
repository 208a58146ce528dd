import { MOBILE_BREAKPOINT_PX } from '@baton/contracts';
import { useSyncExternalStore } from 'react';

const query = typeof window === 'undefined' ? null : window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
const subscribe = (onChange: () => void) => {
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/**
 * Whether the viewport is phone-sized (below the 992-px breakpoint), live. The public pages
 * use it where one route serves both frames (`/m/:code`); the admin layout keeps its own
 * `device` in the app store.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => query?.matches ?? false);
}
