import type { StatsOverview, VisitTrend } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

export const getOverview = () => request<StatsOverview>({ url: '/api/v1/stats/overview', method: 'get' });

export const getVisitTrend = (days: number) =>
  request<VisitTrend>({ url: '/api/v1/stats/visit-trend', method: 'get', params: { days } });

export const statsQueries = {
  all: ['stats'] as const,
  overview: () => queryOptions({ queryKey: [...statsQueries.all, 'overview'], queryFn: getOverview }),
  visitTrend: (days: number) =>
    queryOptions({ queryKey: [...statsQueries.all, 'visit-trend', days], queryFn: () => getVisitTrend(days) }),
};
