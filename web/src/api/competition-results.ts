/**
 * Results entry (issue 6): a heat's track results in one go, field trials one at a time, making
 * a heat official or reopening it, and the live standing of a heat. Writes answer the round.
 * Combined events (issue 23): a heat's hand timing, and the standing of a combined event.
 */
import type {
  CombinedStandingVO,
  HeatOfficialBody,
  HeatReopenBody,
  HeatResultsBody,
  HeatStandingVO,
  HeatTimingBody,
  ResultTrialBody,
  RoundVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { competitionQueries } from './competition';
import { request } from './request';

export const resultsApi = {
  saveHeat: (heatId: number, data: HeatResultsBody) =>
    request<RoundVO>({ url: `/api/v1/competition/heats/${heatId}/results`, method: 'put', data }),
  trial: (startId: number, data: ResultTrialBody) =>
    request<RoundVO>({ url: `/api/v1/competition/starts/${startId}/trials`, method: 'post', data }),
  deleteTrial: (startId: number, seq: number, version?: number) =>
    request<RoundVO>({
      url: `/api/v1/competition/starts/${startId}/trials/${seq}`,
      method: 'delete',
      params: { version },
    }),
  official: (heatId: number, data: HeatOfficialBody) =>
    request<RoundVO>({ url: `/api/v1/competition/heats/${heatId}/official`, method: 'post', data }),
  reopen: (heatId: number, data: HeatReopenBody) =>
    request<RoundVO>({ url: `/api/v1/competition/heats/${heatId}/reopen`, method: 'post', data }),
  standing: (heatId: number) =>
    request<HeatStandingVO>({ url: `/api/v1/competition/heats/${heatId}/standing`, method: 'get' }),
  /** A track heat's times were taken by hand (not once official). */
  timing: (heatId: number, data: HeatTimingBody) =>
    request<RoundVO>({ url: `/api/v1/competition/heats/${heatId}/timing`, method: 'put', data }),
  /** A combined event's standing: points per discipline, totals, places (TR 39.12). */
  combined: (groupItemId: number) =>
    request<CombinedStandingVO>({ url: `/api/v1/competition/events/${groupItemId}/combined`, method: 'get' }),
};

export const resultsQueries = {
  /** The standings of a round's heats (refetched after a write to the round). */
  standings: (roundId: number | undefined) => [...competitionQueries.round(roundId).queryKey, 'standing'] as const,
  /** The live standing of a heat, under its round's key: the live refresh of the round refreshes it too. */
  standing: (roundId: number | undefined, heatId: number | undefined) =>
    queryOptions({
      queryKey: [...resultsQueries.standings(roundId), heatId],
      queryFn: () => resultsApi.standing(heatId!),
    }),
  /**
   * A combined event's standing, under the meeting's events: the live refresh (a realtime
   * `competition` frame) and every results write, which refetch the events, refetch it too.
   */
  combined: (meetingId: number | undefined, groupItemId: number) =>
    queryOptions({
      queryKey: [...competitionQueries.events(meetingId).queryKey, 'combined', groupItemId],
      queryFn: () => resultsApi.combined(groupItemId),
    }),
};
