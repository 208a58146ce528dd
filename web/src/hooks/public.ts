import type { PublicMeetingCard } from '@baton/contracts';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { publicApi } from '../api/public';
import { usePublicRead } from '../api/public-reads';
import { useNarrow } from '../layouts/public/narrow';

export type PublicBase = '/home' | '/h5';

/** The frame the visitor is in, so links stay in it: `/h5` on mobile pages, `/home` on desktop ones. */
export function usePublicBase(): PublicBase {
  const { pathname } = useLocation();
  const narrow = useNarrow();
  if (pathname.startsWith('/h5')) return '/h5';
  if (pathname.startsWith('/home')) return '/home';
  return narrow ? '/h5' : '/home';
}

/** The home page's lists (meetings by status, notices): shared by the pickers of every public page. */
export function usePublicHome(enabled = true) {
  return usePublicRead(['public', 'home'], publicApi.home, { staleMs: 60_000, enabled });
}

/** Every public meeting, open ones first (the meeting pickers). */
export function usePublicMeetings(): { meetings: PublicMeetingCard[]; loading: boolean } {
  const home = usePublicHome();
  const meetings = useMemo(
    () => (home.data ? [...home.data.open, ...home.data.competing, ...home.data.finished] : []),
    [home.data],
  );
  return { meetings, loading: home.isLoading };
}

/** A meeting's page data by its code (`GET /api/v1/meetings/by-code/{code}`). */
export function usePublicMeeting(code: string | null) {
  return usePublicRead(['public', 'meeting', code?.toLowerCase()], () => publicApi.meeting(code!), {
    enabled: Boolean(code),
  });
}

/** The meeting's code from `?code=`, or from `?id=` through the public meeting lists. */
export function useMeetingCode(code: string | null, id: string | null): { code: string | null; resolving: boolean } {
  const needsLookup = !code && Boolean(id);
  const home = usePublicHome(needsLookup);
  if (code) return { code, resolving: false };
  if (!needsLookup) return { code: null, resolving: false };
  const all = home.data ? [...home.data.open, ...home.data.competing, ...home.data.finished] : [];
  const found = all.find((m) => String(m.id) === id);
  return { code: found?.code ?? null, resolving: home.isLoading };
}
