/**
 * Start lists (issue 6): make a round's heats (or every event's first round at once), draw again, move a competitor, the round's
 * settings, publish / unpublish, and the round's log. Reads of the round: `competitionApi.round`.
 */
import type {
  CompLogVO,
  RoundDrawBody,
  RoundPublishBody,
  RoundSettingsBody,
  RoundVO,
  StartListGenerateAllBody,
  StartListGenerateBody,
  StartListJobVO,
  StartMoveBody,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

export const startListApi = {
  generate: (groupItemId: number, data: StartListGenerateBody) =>
    request<RoundVO>({ url: `/api/v1/competition/events/${groupItemId}/start-list`, method: 'post', data }),
  /** "Generate all": the first round of every event of the meeting not made yet. */
  /** "Generate all" as a job: answers it at once; `generateAllJob` tells how far it is, then what it made. */
  generateAll: (meetingId: number, data: StartListGenerateAllBody) =>
    request<StartListJobVO>({
      url: `/api/v1/competition/meetings/${meetingId}/start-lists`,
      method: 'post',
      data,
    }),
  generateAllJob: (meetingId: number, jobId: string) =>
    request<StartListJobVO>({
      url: `/api/v1/competition/meetings/${meetingId}/start-lists/jobs/${encodeURIComponent(jobId)}`,
      method: 'get',
    }),
  draw: (roundId: number, data: RoundDrawBody) =>
    request<RoundVO>({ url: `/api/v1/competition/rounds/${roundId}/draw`, method: 'post', data }),
  move: (startId: number, data: StartMoveBody) =>
    request<RoundVO>({ url: `/api/v1/competition/starts/${startId}/move`, method: 'post', data }),
  settings: (roundId: number, data: RoundSettingsBody) =>
    request<RoundVO>({ url: `/api/v1/competition/rounds/${roundId}`, method: 'put', data }),
  publish: (roundId: number, data: RoundPublishBody) =>
    request<RoundVO>({ url: `/api/v1/competition/rounds/${roundId}/publish`, method: 'post', data }),
  unpublish: (roundId: number, data: RoundPublishBody) =>
    request<RoundVO>({ url: `/api/v1/competition/rounds/${roundId}/unpublish`, method: 'post', data }),
  log: (roundId: number) => request<CompLogVO[]>({ url: `/api/v1/competition/rounds/${roundId}/log`, method: 'get' }),
};

export const startListQueries = {
  all: ['start-list'] as const,
  log: (roundId: number | undefined) =>
    queryOptions({ queryKey: [...startListQueries.all, 'log', roundId], queryFn: () => startListApi.log(roundId!) }),
};
