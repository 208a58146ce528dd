import AuditOutlined from '@ant-design/icons-svg/es/asn/AuditOutlined';
import CloudUploadOutlined from '@ant-design/icons-svg/es/asn/CloudUploadOutlined';
import LoginOutlined from '@ant-design/icons-svg/es/asn/LoginOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import OrderedListOutlined from '@ant-design/icons-svg/es/asn/OrderedListOutlined';
import UserAddOutlined from '@ant-design/icons-svg/es/asn/UserAddOutlined';
import UsergroupAddOutlined from '@ant-design/icons-svg/es/asn/UsergroupAddOutlined';
import { canSelfRegister, type PublicMeetingCard } from '@baton/contracts';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { refreshDlgMeetings, useDlgMeetings } from '../../../api/public';
import { useTranslation } from '../../../app/i18n';
import { LiteButton, LiteSkeleton } from '../../../components/lite';
import { LiteEmptyDefault } from '../../../components/lite/empty';
import { Countdown } from '../../../components/public/Countdown';
import { MeetingDaysVenue } from '../../../components/public/MeetingCard';
import { SelfRegisterOnDemand } from '../../../components/self-register/on-demand';
import { MeetingStatusTag } from '../../../components/tags';
import { useBilingual } from '../../../hooks/language';
import '../../../components/public/parts.css';
import './enroll.css';
import { LiteIcon } from '../../../components/lite/icon';

const STEPS = [
  { key: 'signIn', icon: MessageOutlined },
  { key: 'athletes', icon: UserAddOutlined },
  { key: 'events', icon: OrderedListOutlined },
  { key: 'files', icon: CloudUploadOutlined },
  { key: 'submit', icon: AuditOutlined },
] as const;

/**
 * /home/enroll and /h5/enroll: a delegation's way in — the meetings open for entries (each
 * leading to the delegation sign-in with that meeting chosen), how entering works, and
 * "register a new team" where the meeting allows it. Without antd (components/lite), like the
 * other phone pages: a team leader opening it on a phone downloads only this.
 */
export default function EnrollPage() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const navigate = useNavigate();
  const meetings = useDlgMeetings();
  const open = useMemo(() => (meetings.data ?? []).filter((m) => m.registrationOpen), [meetings.data]);
  const [registerFor, setRegisterFor] = useState<PublicMeetingCard | null>(null);

  return (
    <div className="enroll-page" data-testid="enroll-page">
      <header className="enroll-hero">
        <h1>{t('dlg.enroll.title')}</h1>
        <p>{t('dlg.enroll.subtitle')}</p>
      </header>

      <section className="enroll-section" aria-labelledby="enroll-open">
        <h2 id="enroll-open">{t('dlg.enroll.openTitle')}</h2>
        {meetings.isLoading ? (
          <div className="pub-card">
            <LiteSkeleton rows={3} />
          </div>
        ) : meetings.isError && !meetings.data ? (
          <div className="pub-card">
            <LiteEmptyDefault description={t('dlg.choose.loadFailed')}>
              <LiteButton size="large" onClick={refreshDlgMeetings}>
                {t('dlg.choose.retry')}
              </LiteButton>
            </LiteEmptyDefault>
          </div>
        ) : open.length === 0 ? (
          <div className="pub-card">
            <LiteEmptyDefault description={t('dlg.enroll.empty')} />
          </div>
        ) : (
          <div className="enroll-meetings">
            {open.map((m) => (
              <article key={m.id} className="pub-card enroll-meeting" data-testid={`dlg-meeting-${m.code}`}>
                <div className="pub-meeting-card-head">
                  <h3>{pick(m.name, m.nameEn)}</h3>
                  <MeetingStatusTag status={m.status} />
                </div>
                <div className="pub-meta">
                  <MeetingDaysVenue meeting={m} />
                </div>
                <Countdown until={m.regClosesAt} />
                <div className="enroll-actions">
                  <LiteButton
                    variant="primary"
                    size="large"
                    icon={<LiteIcon icon={LoginOutlined} />}
                    onClick={() => navigate(`/login?type=dlg&tmid=${m.id}`)}
                    data-testid={`enroll-sign-in-${m.code}`}
                  >
                    {t('dlg.enroll.signIn')}
                  </LiteButton>
                  {canSelfRegister(m) && (
                    <LiteButton
                      size="large"
                      variant="text"
                      icon={<LiteIcon icon={UsergroupAddOutlined} />}
                      onClick={() => setRegisterFor(m)}
                      data-testid={`enroll-self-register-${m.code}`}
                    >
                      {t('dlg.register.link')}
                    </LiteButton>
                  )}
                </div>
              </article>
            ))}
          </div>
        )}
      </section>

      <section className="enroll-section" aria-labelledby="enroll-steps">
        <h2 id="enroll-steps">{t('dlg.enroll.stepsTitle')}</h2>
        <ol className="enroll-steps">
          {STEPS.map(({ key, icon }, i) => (
            <li key={key}>
              <span className="enroll-step-no" aria-hidden>
                {i + 1}
              </span>
              <div>
                <strong>
                  <LiteIcon icon={icon} className="enroll-step-icon" />
                  {t(`dlg.enroll.steps.${key}`)}
                </strong>
                <span>{t(`dlg.enroll.steps.${key}Desc`)}</span>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <p className="enroll-signin-link">
        <Link to="/login?type=dlg">{t('dlg.enroll.alreadyIn')}</Link>
      </p>
      <SelfRegisterOnDemand meeting={registerFor} onClose={() => setRegisterFor(null)} />
    </div>
  );
}
