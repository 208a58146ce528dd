/**
 * The call room (issue 24): the heats to call with their call times, a heat's starts with their
 * marks, marking by tap or by bib / bib QR code, the settings (managers), the re-draw of a
 * heat's lanes, first rounds checked in before seeding (检录后编排), and the call-room sheet.
 */
import type {
  CallRoomHeatVO,
  CallRoomMeetingVO,
  CallRoomQuery,
  CallRoomRoundVO,
  CallRoomSettingsBody,
  CallRoomVO,
  CheckInAnswer,
  CheckInState,
  EntryCheckInAnswer,
  EntryCheckInBody,
  RedrawLanesAnswer,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, request } from './request';

export const callRoomApi = {
  meetings: () => request<CallRoomMeetingVO[]>({ url: '/api/v1/competition/call-room/meetings', method: 'get' }),
  list: (meetingId: number, params: CallRoomQuery = {}) =>
    request<CallRoomVO>({ url: `/api/v1/competition/meetings/${meetingId}/call-room`, method: 'get', params }),
  heat: (heatId: number) =>
    request<CallRoomHeatVO>({ url: `/api/v1/competition/heats/${heatId}/call-room`, method: 'get' }),
  mark: (startId: number, state: CheckInState | null) =>
    request<CheckInAnswer>({ url: `/api/v1/competition/starts/${startId}/check-in`, method: 'put', data: { state } }),
  /** A bib typed, or what a bib's QR code reads, in the heat shown. */
  byCode: (heatId: number, code: string, state?: CheckInState) =>
    request<CheckInAnswer>({
      url: `/api/v1/competition/heats/${heatId}/check-in`,
      method: 'post',
      data: { code, ...(state ? { state } : {}) },
    }),
  settings: (meetingId: number, data: CallRoomSettingsBody) =>
    request<CallRoomMeetingVO>({ url: `/api/v1/competition/meetings/${meetingId}/call-room`, method: 'put', data }),
  /** Draw the heat's lanes again for the athletes still in it (the absent keep DNS, no lane). */
  redraw: (heatId: number, version: number) =>
    request<RedrawLanesAnswer>({
      url: `/api/v1/competition/heats/${heatId}/call-room/redraw`,
      method: 'post',
      data: { version },
    }),
  /** A first round checked in before seeding: its entries with their marks. */
  round: (roundId: number) =>
    request<CallRoomRoundVO>({ url: `/api/v1/competition/rounds/${roundId}/call-room`, method: 'get' }),
  markEntry: (roundId: number, data: EntryCheckInBody) =>
    request<EntryCheckInAnswer>({
      url: `/api/v1/competition/rounds/${roundId}/call-room/entries`,
      method: 'put',
      data,
    }),
  /** A bib typed, or what a bib's QR code reads, in a round not seeded yet. */
  entryByCode: (roundId: number, code: string, state?: CheckInState) =>
    request<EntryCheckInAnswer>({
      url: `/api/v1/competition/rounds/${roundId}/call-room/scan`,
      method: 'post',
      data: { code, ...(state ? { state } : {}) },
    }),
  sheet: (roundId: number, heatId?: number) =>
    blob(`/api/v1/competition/rounds/${roundId}/pdf/call-room`, heatId ? { heatId } : undefined),
};

export const callRoomQueries = {
  all: ['callroom'] as const,
  meetings: () =>
    queryOptions({ queryKey: [...callRoomQueries.all, 'meetings'], queryFn: callRoomApi.meetings, staleTime: 30_000 }),
  /** A meeting's heats to call, for every day and filter. */
  listOf: (meetingId: number | undefined) => [...callRoomQueries.all, 'list', meetingId] as const,
  list: (meetingId: number | undefined, day: string | undefined, all: boolean) =>
    queryOptions({
      queryKey: [...callRoomQueries.listOf(meetingId), day ?? '', all],
      queryFn: () => callRoomApi.list(meetingId!, { ...(day ? { day } : {}), ...(all ? { all } : {}) }),
    }),
  /** Every heat (a start list made again has new heats). */
  heats: () => [...callRoomQueries.all, 'heat'] as const,
  heat: (heatId: number | undefined) =>
    queryOptions({ queryKey: [...callRoomQueries.heats(), heatId], queryFn: () => callRoomApi.heat(heatId!) }),
  /** Every first round checked in before seeding. */
  rounds: () => [...callRoomQueries.all, 'round'] as const,
  round: (roundId: number | undefined) =>
    queryOptions({ queryKey: [...callRoomQueries.rounds(), roundId], queryFn: () => callRoomApi.round(roundId!) }),
};
