import type { AppRouter } from '../app/router-instance';

/**
 * Page views for the dashboard's visit trend: one record per settled navigation to a new path,
 * at most one a second (the latest path of a burst wins), sent in the background — a failure
 * is ignored and a navigation never waits for it. The stats module's visit route is called from
 * here, not from api/stats.ts: this file is in the entry chunk every phone page downloads, the
 * dashboard's queries are not.
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

/**
 * Count a page view in the background: not through the request layer, because a failed count
 * (rate limit, server restarting) must stay silent and must never hold up the page.
 */
function beaconVisit(path: string): void {
  try {
    void fetch('/api/v1/stats/visit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path }),
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // no fetch (very old browser): nothing to count
  }
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
