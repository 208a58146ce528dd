/**
 * The shared reads of the competition (issue 6): meetings the user works in, a meeting's
 * events with their rounds, one round with heats, results and trials. Each part of the
 * competition area adds its own calls in its own `competition-*.ts`.
 */
import type { CompetitionEventVO, CompetitionMeetingVO, RoundVO } from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

export const competitionApi = {
  meetings: () => request<CompetitionMeetingVO[]>({ url: '/api/v1/competition/meetings', method: 'get' }),
  events: (meetingId: number) =>
    request<CompetitionEventVO[]>({ url: `/api/v1/competition/meetings/${meetingId}/events`, method: 'get' }),
  round: (id: number) => request<RoundVO>({ url: `/api/v1/competition/rounds/${id}`, method: 'get' }),
};

/**
 * The shared reads as query options. A heat's standing sits under its round's key and a combined
 * event's standing under the meeting's events (`resultsQueries`), so refreshing the round or the
 * events refreshes them too.
 */
export const competitionQueries = {
  all: ['competition'] as const,
  meetings: () =>
    queryOptions({
      queryKey: [...competitionQueries.all, 'meetings'],
      queryFn: competitionApi.meetings,
      staleTime: 30_000,
    }),
  events: (meetingId: number | undefined) =>
    queryOptions({
      queryKey: [...competitionQueries.all, 'events', meetingId],
      queryFn: () => competitionApi.events(meetingId!),
    }),
  /** Every round (and every heat's standing): after "Generate all". */
  rounds: () => [...competitionQueries.all, 'round'] as const,
  round: (roundId: number | undefined) =>
    queryOptions({
      queryKey: [...competitionQueries.rounds(), roundId],
      queryFn: () => competitionApi.round(roundId!),
    }),
};
