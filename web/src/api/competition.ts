/**
 * The shared reads of the competition (issue 6): meetings the user works in, a meeting's
 * events with their rounds, one round with heats, results and trials. Each part of the
 * competition area adds its own calls in its own `competition-*.ts`.
 */
import type { CompetitionEventVO, CompetitionMeetingVO, RoundVO } from '@baton/contracts';
import { request } from './request';

export const competitionApi = {
  meetings: () => request<CompetitionMeetingVO[]>({ url: '/api/v1/competition/meetings', method: 'get' }),
  events: (meetingId: number) =>
    request<CompetitionEventVO[]>({ url: `/api/v1/competition/meetings/${meetingId}/events`, method: 'get' }),
  round: (id: number) => request<RoundVO>({ url: `/api/v1/competition/rounds/${id}`, method: 'get' }),
};
