import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { LiteSkeleton } from '../../../components/lite';
import { LatestResults } from '../../../components/public/live/panels';
import { useBilingual } from '../../../hooks/language';
import { useMeetingCode, usePublicBase, usePublicMeeting } from '../../../hooks/public';
import { PublicEmpty } from '../PublicEmpty';
import '../../../components/public/parts.css';
import { LiteIcon } from '../../../components/lite/icon';

/**
 * The track result page (spec §2): `/home/track-result?meetingId=` (or `?code=`), `/h5/track-result…` —
 * the meeting's latest official results, newest first, arriving live. Without antd, like the meeting page.
 */
export default function TrackResultPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const pick = useBilingual();
  const base = usePublicBase();
  const { code, resolving } = useMeetingCode(search.get('code'), search.get('meetingId'));
  const meeting = usePublicMeeting(code);
  if (resolving || meeting.isLoading) {
    return (
      <div className="pub-card">
        <LiteSkeleton rows={9} />
      </div>
    );
  }
  if (!meeting.data) return <PublicEmpty titleKey="public.routes.trackResult" emptyKey="public.detail.notFound" />;
  const m = meeting.data;
  const meetingHref = `${base}/detail?code=${encodeURIComponent(m.code)}`;
  return (
    <div className="pub-stack" data-testid="track-result">
      <div className="pub-card pub-item-head">
        <Link to={meetingHref} className="pub-back-link" data-testid="track-result-back">
          <LiteIcon icon={ArrowLeftOutlined} />
          {t('public.querytm.meetingPage')}
        </Link>
        <h1>{pick(m.name, m.nameEn)}</h1>
      </div>
      <div className="pub-card">
        <LatestResults
          meetingId={m.id}
          timeZone={m.timeZone}
          base={base}
          itemHref={(id) => `${base}/group-item?code=${encodeURIComponent(m.code)}&groupItemId=${id}`}
        />
      </div>
    </div>
  );
}
