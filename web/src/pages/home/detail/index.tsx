import { lazy, type ReactNode, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { LiteSkeleton } from '../../../components/lite';
import { LiteTabs } from '../../../components/lite/tabs';
import { useMeetingCode, usePublicBase, usePublicMeeting } from '../../../hooks/public';
import { PublicNotFound } from '../NotFound';
import { MeetingHeader } from './MeetingHeader';
import { Overview } from './Overview';
import '../../../components/public/parts.css';

// The other tabs and a group item's view come when opened: a meeting link's first load is its overview.
const EntriesPanel = lazy(() => import('../../../components/public/lists').then((m) => ({ default: m.EntriesPanel })));
const DelegationsPanel = lazy(() =>
  import('../../../components/public/delegations').then((m) => ({ default: m.DelegationsPanel })),
);
const EventsBoard = lazy(() =>
  import('../../../components/public/live/panels').then((m) => ({ default: m.EventsBoard })),
);
const LatestResults = lazy(() =>
  import('../../../components/public/live/panels').then((m) => ({ default: m.LatestResults })),
);
const ScoresPanel = lazy(() =>
  import('../../../components/public/live/panels').then((m) => ({ default: m.ScoresPanel })),
);
// From the group item page's module, so the view and that page are one chunk (one fetch on either page).
const ItemView = lazy(() => import('../group-item').then((m) => ({ default: m.ItemView })));

const TABS = ['overview', 'entries', 'delegations', 'startLists', 'results', 'scores'] as const;
type Tab = (typeof TABS)[number];

const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * A meeting's public page: `/home/detail?code=` (or `?id=`), `/h5/detail`, and the short link
 * `/m/:code`. `?tab=` picks a tab, `?list=` the entry list shown, `?item=` opens one group
 * item's page (entries, start list, results). Built without antd (components/lite), so a phone
 * opening a meeting's link does not download it, nor TanStack Query (api/public-reads.ts).
 */
export default function DetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const base = usePublicBase();
  const { code, resolving } = useMeetingCode(params.code ?? search.get('code'), search.get('id'));
  const meeting = usePublicMeeting(code);

  const set = (changes: Record<string, string | number | null>, replace = false) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace },
    );

  if (resolving || meeting.isLoading) {
    return (
      <div className="pub-card">
        <LiteSkeleton rows={9} />
      </div>
    );
  }
  if (!code || !meeting.data) return <PublicNotFound descKey="public.detail.notFound" />;
  const m = meeting.data;

  const itemId = positiveId(search.get('item'));
  if (itemId) {
    return (
      <Suspense fallback={<LiteSkeleton rows={9} />}>
        <ItemView
          meeting={m}
          groupItemId={itemId}
          onPick={(id) => set({ item: id })}
          onBack={() => set({ item: null })}
        />
      </Suspense>
    );
  }

  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'overview';
  const itemHref = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('item', String(id));
    return `?${next.toString()}`;
  };
  const content: Record<Tab, () => ReactNode> = {
    overview: () => <Overview meeting={m} itemHref={itemHref} />,
    entries: () => (
      <EntriesPanel
        meeting={m}
        groupItemId={positiveId(search.get('list'))}
        onChange={(id) => set({ list: id }, true)}
      />
    ),
    delegations: () => <DelegationsPanel meetingId={m.id} />,
    startLists: () => <EventsBoard meetingId={m.id} timeZone={m.timeZone} itemHref={itemHref} />,
    results: () => <LatestResults meetingId={m.id} timeZone={m.timeZone} base={base} itemHref={itemHref} />,
    scores: () => <ScoresPanel meetingId={m.id} />,
  };

  return (
    <div className="pub-stack" data-testid="meeting-detail">
      <MeetingHeader meeting={m} base={base} />
      <LiteTabs<Tab>
        className="pub-tabs"
        active={tab}
        onChange={(key) => set({ tab: key === 'overview' ? null : key }, true)}
        items={TABS.map((key) => ({
          key,
          label: <span data-testid={`tab-${key}`}>{t(`public.detail.tabs.${key}`)}</span>,
        }))}
      >
        {/* Only the open tab renders (and fetches). */}
        {tab === 'overview' ? (
          content[tab]()
        ) : (
          <div className="pub-card">
            <Suspense fallback={<LiteSkeleton rows={5} />}>{content[tab]()}</Suspense>
          </div>
        )}
      </LiteTabs>
    </div>
  );
}
