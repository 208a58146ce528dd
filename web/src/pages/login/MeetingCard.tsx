import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import type { PublicMeetingCard } from '@baton/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { MeetingStatusTag } from '../../components/tags';
import { useBilingual } from '../../hooks/language';
import { meetingStampNoted } from '../../utils/meeting-format';
import './dlg.css';
import { LiteIcon } from '../../components/lite/icon';

/** `2025-10-01 – 2025-10-03`, or one day. */
export function meetingDates(m: Pick<PublicMeetingCard, 'startDate' | 'endDate'>): string {
  return m.startDate === m.endDate ? m.startDate : `${m.startDate} – ${m.endDate}`;
}

/**
 * A meeting as a card: name, status, dates, venue and (while entries are open) the deadline.
 * With `onChoose` the card body is one large button; `footer` holds further actions.
 */
export function MeetingCard({
  meeting,
  onChoose,
  footer,
  compact = false,
}: {
  meeting: PublicMeetingCard;
  onChoose?: () => void;
  footer?: ReactNode;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const bi = useBilingual();
  const body = (
    <>
      <div className="dlg-meeting-head">
        <span className="dlg-meeting-name">{bi(meeting.name, meeting.nameEn)}</span>
        <MeetingStatusTag status={meeting.status} />
      </div>
      <div className="dlg-meeting-facts">
        <span title={t('dlg.meeting.dates')}>
          <LiteIcon icon={CalendarOutlined} /> {meetingDates(meeting)}
        </span>
        {!compact && meeting.venue && (
          <span title={t('dlg.meeting.venue')}>
            <LiteIcon icon={EnvironmentOutlined} /> {meeting.venue}
          </span>
        )}
        {meeting.registrationOpen && (
          <span className="dlg-meeting-deadline">
            <LiteIcon icon={ClockCircleOutlined} />{' '}
            {t('dlg.meeting.deadline', {
              at: meetingStampNoted(meeting.regClosesAt, meeting.timeZone, (zone) =>
                t('common.meetingClock', { zone }),
              ),
            })}
          </span>
        )}
      </div>
    </>
  );
  return (
    <article className="dlg-meeting" data-testid={`dlg-meeting-${meeting.code}`}>
      {onChoose ? (
        <button
          type="button"
          className="dlg-meeting-main"
          onClick={onChoose}
          aria-label={`${t('dlg.meeting.choose')}: ${bi(meeting.name, meeting.nameEn)}`}
        >
          <div className="dlg-meeting-body">{body}</div>
          <LiteIcon icon={RightOutlined} className="dlg-meeting-go" />
        </button>
      ) : (
        <div className="dlg-meeting-main">
          <div className="dlg-meeting-body">{body}</div>
        </div>
      )}
      {footer && <div className="dlg-meeting-footer">{footer}</div>}
    </article>
  );
}
