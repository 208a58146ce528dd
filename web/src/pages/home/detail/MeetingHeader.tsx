import FormOutlined from '@ant-design/icons-svg/es/asn/FormOutlined';
import ScheduleOutlined from '@ant-design/icons-svg/es/asn/ScheduleOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import type { MeetingPublicVO } from '@baton/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { useIsDark } from '../../../app/theme';
import { LiteButton, LiteTag } from '../../../components/lite';
import { LiteIcon } from '../../../components/lite/icon';
import { Countdown } from '../../../components/public/Countdown';
import { MeetingDaysVenue } from '../../../components/public/MeetingCard';
import { MeetingStatusTag } from '../../../components/tags';
import { useBilingual } from '../../../hooks/language';
import type { PublicBase } from '../../../hooks/public';
import { meetingStamp, meetingStampNoted } from '../../../utils/meeting-format';

/** The meeting's header: name, status, days, venue, registration window, and the ways in. */
export function MeetingHeader({ meeting, base }: { meeting: MeetingPublicVO; base: PublicBase }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const navigate = useNavigate();
  const dark = useIsDark();
  const nature = pick(meeting.natureName, meeting.natureNameEn);
  return (
    <header className="pub-card pub-meeting-head" data-testid="meeting-header">
      <div className="pub-meeting-head-tags">
        <MeetingStatusTag status={meeting.status} />
        {nature ? (
          <LiteTag color="default" dark={dark}>
            {nature}
          </LiteTag>
        ) : null}
        {meeting.registrationOpen ? <Countdown until={meeting.regClosesAt} /> : null}
      </div>
      <h1 data-testid="meeting-name">{pick(meeting.name, meeting.nameEn)}</h1>
      <div className="pub-meta">
        <MeetingDaysVenue meeting={meeting} />
        <span data-testid="meeting-window">
          <LiteIcon icon={ScheduleOutlined} />
          {t('public.detail.window', {
            from: meetingStamp(meeting.regOpensAt, meeting.timeZone),
            to: meetingStampNoted(meeting.regClosesAt, meeting.timeZone, (zone) => t('common.meetingClock', { zone })),
          })}
        </span>
      </div>
      <div className="pub-actions">
        {meeting.registrationOpen ? (
          <LiteButton
            variant="primary"
            size="large"
            icon={<LiteIcon icon={FormOutlined} />}
            onClick={() => navigate(`${base}/enroll?code=${encodeURIComponent(meeting.code)}`)}
            data-testid="detail-enroll"
          >
            {t('public.detail.enroll')}
          </LiteButton>
        ) : null}
        <LiteButton
          size="large"
          icon={<LiteIcon icon={SearchOutlined} />}
          onClick={() => navigate(`${base}/query?meetingId=${meeting.id}`)}
          data-testid="detail-query"
        >
          {t('public.detail.findMine')}
        </LiteButton>
      </div>
    </header>
  );
}
