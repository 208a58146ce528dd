import {
  AuditOutlined,
  CloudUploadOutlined,
  LoginOutlined,
  MessageOutlined,
  OrderedListOutlined,
  UserAddOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { PublicMeetingCard } from '@baton/contracts';
import { Button, Empty, Skeleton, theme } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { canSelfRegister } from '../../login/ChooseMeeting';
import { MeetingCard } from '../../login/MeetingCard';
import { SelfRegisterDialog } from '../../login/SelfRegister';
import { useDlgMeetings } from '../../login/sign-in';
import './enroll.css';

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
 * "register a new team" where the meeting allows it.
 */
export default function EnrollPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const meetings = useDlgMeetings();
  const open = useMemo(() => (meetings.data ?? []).filter((m) => m.registrationOpen), [meetings.data]);
  const [registerFor, setRegisterFor] = useState<PublicMeetingCard | null>(null);
  const vars = {
    '--enroll-primary': token.colorPrimary,
    '--enroll-muted': token.colorTextSecondary,
    '--enroll-card': token.colorBgContainer,
    '--enroll-border': token.colorBorderSecondary,
  } as CSSProperties;

  return (
    <div className="enroll-page" style={vars} data-testid="enroll-page">
      <header className="enroll-hero">
        <h1>{t('dlg.enroll.title')}</h1>
        <p>{t('dlg.enroll.subtitle')}</p>
      </header>

      <section className="enroll-section" aria-labelledby="enroll-open">
        <h2 id="enroll-open">{t('dlg.enroll.openTitle')}</h2>
        {meetings.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : meetings.isError ? (
          <Empty description={t('dlg.choose.loadFailed')} className="enroll-empty">
            <Button size="large" onClick={() => void meetings.refetch()}>
              {t('dlg.choose.retry')}
            </Button>
          </Empty>
        ) : open.length === 0 ? (
          <Empty description={t('dlg.enroll.empty')} className="enroll-empty" />
        ) : (
          <div className="enroll-meetings">
            {open.map((m) => (
              <MeetingCard
                key={m.id}
                meeting={m}
                footer={
                  <div className="enroll-actions">
                    <Button
                      type="primary"
                      size="large"
                      icon={<LoginOutlined />}
                      onClick={() => navigate(`/login?type=dlg&tmid=${m.id}`)}
                      data-testid={`enroll-sign-in-${m.code}`}
                    >
                      {t('dlg.enroll.signIn')}
                    </Button>
                    {canSelfRegister(m) && (
                      <Button
                        size="large"
                        type="text"
                        icon={<UsergroupAddOutlined />}
                        onClick={() => setRegisterFor(m)}
                        style={{ color: token.colorPrimary }}
                        data-testid={`enroll-self-register-${m.code}`}
                      >
                        {t('dlg.register.link')}
                      </Button>
                    )}
                  </div>
                }
              />
            ))}
          </div>
        )}
      </section>

      <section className="enroll-section" aria-labelledby="enroll-steps">
        <h2 id="enroll-steps">{t('dlg.enroll.stepsTitle')}</h2>
        <ol className="enroll-steps">
          {STEPS.map(({ key, icon: Icon }, i) => (
            <li key={key}>
              <span className="enroll-step-no" aria-hidden>
                {i + 1}
              </span>
              <div>
                <strong>
                  <Icon style={{ color: token.colorPrimary, marginInlineEnd: 6 }} />
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
      <SelfRegisterDialog meeting={registerFor} onClose={() => setRegisterFor(null)} />
    </div>
  );
}
