import FormOutlined from '@ant-design/icons-svg/es/asn/FormOutlined';
import NotificationOutlined from '@ant-design/icons-svg/es/asn/NotificationOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import type { PublicHomeVO, PublicMeetingCard } from '@baton/contracts';
import { useTranslation } from '../../app/i18n';
import type { PublicBase } from '../../hooks/public';
import { localDay } from '../../utils/meeting-format';
import { LiteEmpty, LiteSkeleton } from '../lite';
import { LiteIcon } from '../lite/icon';
import { MeetingCard } from './MeetingCard';

export const HOME_SECTIONS = ['open', 'competing', 'finished'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** The ways in from a home page's hero (`/home/…`, `/h5/…`); the phone shows the first two. */
export const HOME_WAYS = [
  { path: 'query', icon: <LiteIcon icon={SearchOutlined} />, label: 'findMine', testId: 'home-find' },
  { path: 'enroll', icon: <LiteIcon icon={FormOutlined} />, label: 'delegationEntry', testId: 'home-enroll' },
  { path: 'querytm', icon: <LiteIcon icon={UnorderedListOutlined} />, label: 'lists', testId: 'home-lists' },
] as const;

/** The meetings of one status as cards, or what to expect when there are none. */
export function MeetingCards({
  section,
  meetings,
  base,
}: {
  section: HomeSection;
  meetings: readonly PublicMeetingCard[];
  base: PublicBase;
}) {
  const { t } = useTranslation();
  if (meetings.length === 0) {
    return <p className="pub-empty-line">{t(`public.home.empty.${section}`)}</p>;
  }
  return (
    <div className="pub-grid">
      {meetings.map((m) => (
        <MeetingCard key={m.id} meeting={m} to={`${base}/detail?code=${encodeURIComponent(m.code)}`} />
      ))}
    </div>
  );
}

/**
 * The published notices, title and day. Reading one needs signing in (notices are addressed
 * to users), so the public list shows no link.
 */
export function NoticeList({ notices, loading }: { notices: PublicHomeVO['notices'] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="pub-card pub-section" data-testid="home-notices">
      <h2>
        <LiteIcon icon={NotificationOutlined} /> {t('public.home.notices')}
      </h2>
      {loading ? (
        <LiteSkeleton rows={3} />
      ) : !notices?.length ? (
        <LiteEmpty description={t('public.home.noNotices')} />
      ) : (
        <ul className="pub-notices">
          {notices.map((n) => (
            <li key={n.id} data-testid="notice-row">
              <span className="pub-notice-title">{n.title}</span>
              <time className="pub-muted" dateTime={n.publishedAt}>
                {localDay(n.publishedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
