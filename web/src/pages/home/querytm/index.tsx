import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { LiteSkeleton } from '../../../components/lite';
import { LiteEmptyDefault } from '../../../components/lite/empty';
import { LiteTabs } from '../../../components/lite/tabs';
import { CountsBar, DelegationRows } from '../../../components/public/delegations';
import { EntriesPanel, PublicListsGate } from '../../../components/public/lists';
import { MeetingCard } from '../../../components/public/MeetingCard';
import { MeetingStatusTag } from '../../../components/tags';
import { useBilingual } from '../../../hooks/language';
import { type PublicBase, usePublicBase, usePublicMeeting, usePublicMeetings } from '../../../hooks/public';
import { formatDays } from '../../../utils/meeting-format';
import { PublicEmpty } from '../PublicEmpty';
import '../../../components/public/parts.css';
import { LiteIcon } from '../../../components/lite/icon';

const TABS = ['delegations', 'entries'] as const;
type Tab = (typeof TABS)[number];

/** No meeting chosen yet: every public meeting as a card that opens its lists. */
function Chooser({ base }: { base: PublicBase }) {
  const { t } = useTranslation();
  const { meetings, loading } = usePublicMeetings();
  return (
    <div className="pub-stack" data-testid="querytm-chooser">
      <section className="pub-card pub-section">
        <h1 className="pub-title">{t('public.querytm.title')}</h1>
        <p className="pub-muted">{t('public.querytm.choose')}</p>
      </section>
      {loading ? (
        <div className="pub-card">
          <LiteSkeleton />
        </div>
      ) : meetings.length === 0 ? (
        <div className="pub-card">
          <LiteEmptyDefault description={t('public.querytm.none')} />
        </div>
      ) : (
        <div className="pub-grid">
          {meetings.map((m) => (
            <MeetingCard key={m.id} meeting={m} to={`${base}/querytm?code=${encodeURIComponent(m.code)}`} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * `/home/querytm?code=`, `/h5/querytm`: a meeting's public lists — its figures, delegations
 * with their numbers, and the entries of each group item (`?list=` the item shown). Built
 * without antd (components/lite), like the meeting page: a phone does not download it.
 */
export default function QuerytmPage() {
  const { t, i18n } = useTranslation();
  const pick = useBilingual();
  const base = usePublicBase();
  const [search, setSearch] = useSearchParams();
  const code = search.get('code');
  const meeting = usePublicMeeting(code);

  if (!code) return <Chooser base={base} />;
  if (meeting.isLoading) {
    return (
      <div className="pub-card">
        <LiteSkeleton rows={8} />
      </div>
    );
  }
  if (!meeting.data) return <PublicEmpty titleKey="route.querytm" emptyKey="public.detail.notFound" />;
  const m = meeting.data;
  const tab: Tab = search.get('tab') === 'entries' ? 'entries' : 'delegations';
  const set = (changes: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className="pub-stack" data-testid="querytm-page">
      <section className="pub-card pub-section">
        <Link to={`${base}/querytm`} className="pub-back-link" data-testid="querytm-change">
          <LiteIcon icon={ArrowLeftOutlined} /> {t('public.querytm.change')}
        </Link>
        <div className="pub-meeting-card-head">
          <h1 className="pub-title" data-testid="querytm-meeting">
            {pick(m.name, m.nameEn)}
          </h1>
          <MeetingStatusTag status={m.status} />
        </div>
        <div className="pub-meta">
          <span>
            <LiteIcon icon={CalendarOutlined} />
            {formatDays(m.startDate, m.endDate, i18n.language)}
          </span>
          <Link to={`${base}/detail?code=${encodeURIComponent(m.code)}`} data-testid="querytm-detail">
            {t('public.querytm.meetingPage')} <LiteIcon icon={RightOutlined} />
          </Link>
        </div>
      </section>
      <PublicListsGate meetingId={m.id}>
        {(counts) => (
          <>
            <CountsBar counts={counts} />
            <LiteTabs<Tab>
              className="pub-tabs"
              active={tab}
              onChange={(key) => set({ tab: key === 'delegations' ? null : key })}
              items={TABS.map((key) => ({
                key,
                label: <span data-testid={`tab-${key}`}>{t(`public.querytm.tabs.${key}`)}</span>,
              }))}
            >
              {/* Only the open tab renders (and fetches). */}
              <div className="pub-card">
                {tab === 'delegations' ? (
                  <DelegationRows meetingId={m.id} />
                ) : (
                  <EntriesPanel
                    meeting={m}
                    groupItemId={Number(search.get('list')) || undefined}
                    onChange={(id) => set({ list: String(id) })}
                  />
                )}
              </div>
            </LiteTabs>
          </>
        )}
      </PublicListsGate>
      <Link to={`${base}/query?meetingId=${m.id}`} className="pub-back-link" style={{ alignSelf: 'center' }}>
        <LiteIcon icon={SearchOutlined} /> {t('public.querytm.findMine')}
      </Link>
    </div>
  );
}
