import { beaconVisit } from '../api/stats';
import type { AppRouter } from '../app/router-instance';

/**
 * Page views for the dashboard's visit trend: one record per settled navigation to a new path,
 * at most one a second (the latest path of a burst wins), sent in the background — a failure
 * is ignored and a navigation never waits for it.
 */
const MIN_GAP_MS = 1000;
let lastPath = '';
let lastSent = 0;
let pending: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function flush() {
  timer = undefined;
  if (pending === null) return;
  const path = pending;
  pending = null;
  lastSent = Date.now();
  beaconVisit(path);
}

export function noteVisit(path: string): void {
  if (!path || path === lastPath) return;
  lastPath = path;
  pending = path.slice(0, 300);
  const wait = lastSent + MIN_GAP_MS - Date.now();
  if (wait <= 0) flush();
  else if (timer === undefined) timer = setTimeout(flush, wait);
}

/** Follow a router: its current page, then every navigation that settles. */
export function trackVisits(router: AppRouter): () => void {
  if (router.state.initialized && router.state.navigation.state === 'idle') noteVisit(router.state.location.pathname);
  return router.subscribe((s) => {
    if (s.navigation.state === 'idle') noteVisit(s.location.pathname);
  });
}
