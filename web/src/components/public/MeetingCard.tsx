import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import type { PublicMeetingCard } from '@baton/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { useBilingual } from '../../hooks/language';
import { formatDays } from '../../utils/meeting-format';
import { LiteIcon } from '../lite/icon';
import { MeetingStatusTag } from '../tags';
import { Countdown } from './Countdown';

/** A meeting's days and venue, as spans of a `pub-meta` line (cards, the meeting page's header). */
export function MeetingDaysVenue({ meeting }: { meeting: Pick<PublicMeetingCard, 'startDate' | 'endDate' | 'venue'> }) {
  const { i18n } = useTranslation();
  return (
    <>
      <span>
        <LiteIcon icon={CalendarOutlined} />
        {formatDays(meeting.startDate, meeting.endDate, i18n.language)}
      </span>
      {meeting.venue ? (
        <span>
          <LiteIcon icon={EnvironmentOutlined} />
          {meeting.venue}
        </span>
      ) : null}
    </>
  );
}

/** A meeting as a card (name, days, venue, status, the deadline while open); opens its page. */
export function MeetingCard({ meeting, to }: { meeting: PublicMeetingCard; to: string }) {
  const pick = useBilingual();
  return (
    <Link to={to} className="pub-card pub-meeting-card" data-testid={`meeting-card-${meeting.code}`}>
      <div className="pub-meeting-card-head">
        <h3>{pick(meeting.name, meeting.nameEn)}</h3>
        <MeetingStatusTag status={meeting.status} />
      </div>
      <div className="pub-meta">
        <MeetingDaysVenue meeting={meeting} />
      </div>
      <div className="pub-meeting-card-foot">
        {meeting.registrationOpen ? <Countdown until={meeting.regClosesAt} /> : <span />}
        <LiteIcon icon={RightOutlined} className="pub-chevron" />
      </div>
    </Link>
  );
}
