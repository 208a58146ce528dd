import { MOBILE_BREAKPOINT_PX } from '@baton/contracts';
import { useMediaQuery } from '../../hooks/media';

/**
 * Whether the viewport is phone-sized (below the 992-px breakpoint), live. The public pages
 * use it where one route serves both frames (`/m/:code`); the admin layout keeps its own
 * `device` in the app store.
 */
export const useNarrow = (): boolean => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
