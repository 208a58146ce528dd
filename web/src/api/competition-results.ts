/**
 * Results entry (issue 6): a heat's track results in one go, field trials one at a time, making
 * a heat official or reopening it, and the live standing of a heat. Writes answer the round.
 */
import type {
  HeatOfficialBody,
  HeatReopenBody,
  HeatResultsBody,
  HeatStandingVO,
  ResultTrialBody,
  RoundVO,
} from '@baton/contracts';
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
};
