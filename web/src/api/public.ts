/**
 * The public pages' calls (issue 5, no sign-in): the home lists, a meeting's page by its code,
 * its public lists (counts, delegations, entries) and the registration query. Lists of entries
 * and delegations answer A0404 when the meeting does not publish them. The code for the query
 * by mobile is the delegation sign-in's (`sendDlgCode` in api/dlg.ts).
 */
import type {
  MeetingPublicVO,
  PublicCountsVO,
  PublicDelegationVO,
  PublicEntriesQuery,
  PublicEntryVO,
  PublicHomeVO,
  PublicQueryBody,
  PublicQueryByMobileBody,
  PublicRegistrationVO,
} from '@baton/contracts';
import { request } from './request';

const BASE = '/api/v1/public';

export const publicApi = {
  home: () => request<PublicHomeVO>({ url: `${BASE}/home`, method: 'get' }),
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
};
