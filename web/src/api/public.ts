/**
 * The public pages' calls (issue 5, no sign-in): the home lists, a meeting's page by its code,
 * its public lists (counts, delegations, entries) and the registration query. Lists of entries
 * and delegations answer A0404 when the meeting does not publish them. The code for the query
 * by mobile is the delegation sign-in's (`sendDlgCode` in api/dlg.ts).
 *
 * `competition`: the published start lists and official results (issue 6), answering A0404
 * too when the meeting keeps its lists private.
 */

import type {
  CombinedStandingVO,
  CompetitionEventVO,
  MeetingPublicVO,
  PublicAthleteVO,
  PublicCountsVO,
  PublicDelegationVO,
  PublicEntriesQuery,
  PublicEntryVO,
  PublicHomeVO,
  PublicLatestHeatVO,
  PublicMeetingCard,
  PublicNextVO,
  PublicQueryBody,
  PublicQueryByMobileBody,
  PublicRegistrationVO,
  RoundVO,
  TeamScoresVO,
} from '@baton/contracts';
import type { Envelope } from './envelope';
import { refreshPublicReads, usePublicRead } from './public-reads';
import { request } from './request';

const BASE = '/api/v1/public';
const COMP = `${BASE}/competition`;
/**
 * The competition reads are cacheable for 2 s (server ETag + max-age); a refetch after a live
 * frame must not be answered from the browser's cache, so it asks to revalidate.
 */
const revalidate = (fresh: boolean) => (fresh ? { 'Cache-Control': 'no-cache' } : undefined);

/** Whether a public list call failed because the meeting does not publish its lists (A0404). */
export const notPublished = (error: unknown) => (error as Envelope | null)?.code === 'A0404';

export const publicApi = {
  home: () => request<PublicHomeVO>({ url: `${BASE}/home`, method: 'get' }),
  /** Meetings a delegation can sign in to (registration open or closed, in competition). */
  dlgMeetings: () => request<PublicMeetingCard[]>({ url: '/api/v2/dlg/meetings', method: 'get' }),
  /** The meeting's page (meetings past draft): header, remarks, groups and their items. */
  meeting: (code: string) =>
    request<MeetingPublicVO>({ url: `/api/v1/meetings/by-code/${encodeURIComponent(code)}`, method: 'get' }),
  counts: (meetingId: number) =>
    request<PublicCountsVO>({ url: `${BASE}/meetings/${meetingId}/counts`, method: 'get' }),
  delegations: (meetingId: number) =>
    request<PublicDelegationVO[]>({ url: `${BASE}/meetings/${meetingId}/delegations`, method: 'get' }),
  entries: (meetingId: number, params: PublicEntriesQuery) =>
    request<PublicEntryVO[]>({ url: `${BASE}/meetings/${meetingId}/entries`, method: 'get', params }),
  /** Find a registration by name and ID number; the answer masks ID and phone. */
  query: (data: PublicQueryBody) => request<PublicRegistrationVO[]>({ url: `${BASE}/query`, method: 'post', data }),
  /** Find a delegation's registrations by its contact mobile (SM2-encrypted) and the SMS code. */
  queryByMobile: (data: PublicQueryByMobileBody) =>
    request<PublicRegistrationVO[]>({ url: `${BASE}/query/by-mobile`, method: 'post', data }),
  competition: {
    /** Every group item in schedule order with its published rounds. */
    events: (meetingId: number, fresh = false) =>
      request<CompetitionEventVO[]>({ url: `${COMP}/${meetingId}/events`, method: 'get', headers: revalidate(fresh) }),
    /** A group item's published rounds: heats, start rows, results of official heats. */
    rounds: (meetingId: number, groupItemId: number, fresh = false) =>
      request<RoundVO[]>({
        url: `${COMP}/${meetingId}/rounds`,
        method: 'get',
        params: { groupItemId },
        headers: revalidate(fresh),
      }),
    /** The latest official heats, newest first. */
    results: (meetingId: number, fresh = false) =>
      request<PublicLatestHeatVO[]>({ url: `${COMP}/${meetingId}/results`, method: 'get', headers: revalidate(fresh) }),
    /** A combined event's standing from its official heats. */
    combined: (meetingId: number, groupItemId: number, fresh = false) =>
      request<CombinedStandingVO>({
        url: `${COMP}/${meetingId}/combined`,
        method: 'get',
        params: { groupItemId },
        headers: revalidate(fresh),
      }),
    /** The meeting's names and its next published heats (start lists, soonest first): the big screen. */
    next: (meetingId: number, fresh = false) =>
      request<PublicNextVO>({ url: `${COMP}/${meetingId}/next`, method: 'get', headers: revalidate(fresh) }),
    scores: (meetingId: number, fresh = false) =>
      request<TeamScoresVO>({ url: `${COMP}/${meetingId}/scores`, method: 'get', headers: revalidate(fresh) }),
    /** An athlete's card; the meeting may be left out (the bib's QR code names the athlete only). */
    athlete: (athleteId: number, meetingId?: number, fresh = false) =>
      request<PublicAthleteVO>({
        url: meetingId ? `${COMP}/${meetingId}/athlete` : `${COMP}/athlete`,
        method: 'get',
        params: { athleteId },
        headers: revalidate(fresh),
      }),
  },
};

const DLG_MEETINGS_KEY = ['dlg-meetings'] as const;

/** The meetings a delegation can sign in to, as the enrol and sign-in pages read them (shared, kept 30 s). */
export const useDlgMeetings = () => usePublicRead(DLG_MEETINGS_KEY, publicApi.dlgMeetings);

/** Read them again (a "Retry" after a failed read). */
export const refreshDlgMeetings = () => refreshPublicReads((key) => key[0] === DLG_MEETINGS_KEY[0]);
