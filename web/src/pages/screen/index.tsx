import { LANGS, type Lang, type PublicLatestHeatVO } from '@baton/contracts';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { notPublished } from '../../api/public';
import { refreshPublicReads } from '../../api/public-reads';
import { affected, useLatestResults, useLiveCompetition, useNextHeats } from '../../hooks/live';
import { useAppStore } from '../../stores/app';
import { positiveId } from '../../utils/live-format';
import { type ScreenState, ScreenView } from './ScreenView';

/** Seconds a page stays: `?interval=` within these bounds, else the default. */
const INTERVAL = { min: 3, max: 120, default: 8 };
/**
 * A screen runs unattended for hours: once a minute its reads are asked again (a 304 mostly),
 * as the next heats move with the clock and a dropped channel must not freeze the screen.
 */
const REFRESH_MS = 60_000;

/** No heats (one array, so that the screen's pages are not rebuilt on every render). */
const NONE: PublicLatestHeatVO[] = [];

export function intervalSeconds(v: string | null): number {
  const n = Number(v);
  return v && Number.isFinite(n) ? Math.min(INTERVAL.max, Math.max(INTERVAL.min, n)) : INTERVAL.default;
}

/**
 * `/screen/:meetingId` (no sign-in; meetings that publish their lists): the big screen of the
 * venue or the announcer's view. `?lang=en|zh-cn` sets the language (the switch in the corner
 * too), `?theme=light` black on white, `?interval=` seconds a page.
 */
export default function ScreenPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const meetingId = positiveId(params.meetingId);
  const lang = search.get('lang');
  const setLanguage = useAppStore((s) => s.setLanguage);
  useEffect(() => {
    if (lang && (LANGS as readonly string[]).includes(lang)) setLanguage(lang as Lang);
  }, [lang, setLanguage]);

  const live = useLiveCompetition(meetingId);
  const next = useNextHeats(meetingId);
  const latest = useLatestResults(meetingId);
  useEffect(() => {
    if (meetingId === undefined) return undefined;
    const id = setInterval(() => refreshPublicReads((key) => affected(key, meetingId)), REFRESH_MS);
    return () => clearInterval(id);
  }, [meetingId]);

  const error = next.error ?? latest.error;
  const state: ScreenState =
    meetingId === undefined || (error !== undefined && notPublished(error))
      ? 'notPublished'
      : next.data && latest.data
        ? 'ready'
        : error !== undefined
          ? 'failed'
          : 'loading';
  return (
    <ScreenView
      state={state}
      meeting={next.data?.meeting}
      latest={latest.data ?? NONE}
      next={next.data?.heats ?? NONE}
      live={live}
      intervalMs={intervalSeconds(search.get('interval')) * 1_000}
      light={search.get('theme') === 'light'}
    />
  );
}
