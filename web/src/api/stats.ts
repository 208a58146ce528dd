import type { StatsOverview, VisitTrend } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

export const getOverview = () => request<StatsOverview>({ url: '/api/v1/stats/overview', method: 'get' });

export const getVisitTrend = (days: number) =>
  request<VisitTrend>({ url: '/api/v1/stats/visit-trend', method: 'get', params: { days } });

export const recordVisit = (path: string) =>
  request<null>({ url: '/api/v1/stats/visit', method: 'post', data: { path } });

/**
 * Count a page view in the background: not through the request layer, because a failed count
 * (rate limit, server restarting) must stay silent and must never hold up the page.
 */
export function beaconVisit(path: string): void {
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

export const statsQueries = {
  all: ['stats'] as const,
  overview: () => queryOptions({ queryKey: [...statsQueries.all, 'overview'], queryFn: getOverview }),
  visitTrend: (days: number) =>
    queryOptions({ queryKey: [...statsQueries.all, 'visit-trend', days], queryFn: () => getVisitTrend(days) }),
};
