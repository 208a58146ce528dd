import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import UsergroupAddOutlined from '@ant-design/icons-svg/es/asn/UsergroupAddOutlined';
import { canSelfRegister, type PublicMeetingCard } from '@baton/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { LiteButton, LiteSkeleton } from '../../components/lite';
import { LiteEmptyDefault } from '../../components/lite/empty';
import { LiteInput } from '../../components/lite/field';
import { LiteIcon } from '../../components/lite/icon';
import { MeetingCard } from './MeetingCard';

/** Whether the meeting matches the search (name, English name, code or venue). */
function matches(m: PublicMeetingCard, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [m.name, m.nameEn, m.code, m.venue].some((s) => s.toLowerCase().includes(needle));
}

/** The choose-meeting view of the delegation sign-in: a searchable list of meeting cards. */
export function ChooseMeeting({
  meetings,
  loading,
  failed,
  onRetry,
  notice,
  onChoose,
  onSelfRegister,
}: {
  meetings: PublicMeetingCard[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** Shown above the list, e.g. when the preselected meeting is not available. */
  notice?: string | null;
  onChoose: (m: PublicMeetingCard) => void;
  onSelfRegister: (m: PublicMeetingCard) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const shown = useMemo(() => meetings.filter((m) => matches(m, q)), [meetings, q]);

  return (
    <div data-testid="dlg-choose">
      <h2 className="auth-form-title" style={{ marginBottom: 4 }}>
        {t('dlg.choose.title')}
      </h2>
      <p style={{ margin: '0 0 16px', opacity: 0.7 }}>{t('dlg.choose.subtitle')}</p>
      {notice && (
        <div className="auth-notice" role="alert" data-testid="dlg-notice">
          <LiteIcon icon={ExclamationCircleFilled} />
          <span>{notice}</span>
        </div>
      )}
      {meetings.length > 3 && (
        <LiteInput
          id={`${id}-search`}
          type="search"
          icon={<LiteIcon icon={SearchOutlined} />}
          placeholder={t('dlg.choose.search')}
          aria-label={t('dlg.choose.search')}
          value={q}
          onChange={setQ}
          className="dlg-search"
          data-testid="dlg-search"
        />
      )}
      {loading ? (
        <LiteSkeleton rows={4} />
      ) : failed ? (
        <LiteEmptyDefault description={t('dlg.choose.loadFailed')}>
          <LiteButton onClick={onRetry}>{t('dlg.choose.retry')}</LiteButton>
        </LiteEmptyDefault>
      ) : shown.length === 0 ? (
        <LiteEmptyDefault
          description={meetings.length ? t('dlg.choose.noMatch', { q: q.trim() }) : t('dlg.choose.empty')}
        />
      ) : (
        <div className="dlg-meeting-list">
          {shown.map((m) => (
            <MeetingCard
              key={m.id}
              meeting={m}
              onChoose={() => onChoose(m)}
              footer={
                canSelfRegister(m) ? (
                  <LiteButton
                    variant="link"
                    icon={<LiteIcon icon={UsergroupAddOutlined} />}
                    onClick={() => onSelfRegister(m)}
                    data-testid={`dlg-self-register-${m.code}`}
                  >
                    {t('dlg.register.link')}
                  </LiteButton>
                ) : undefined
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}
