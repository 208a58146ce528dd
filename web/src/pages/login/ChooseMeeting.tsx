import { SearchOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { canSelfRegister, type PublicMeetingCard } from '@baton/contracts';
import { Alert, Button, Empty, Input, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { MeetingCard } from './MeetingCard';

/** Whether a team may register itself for this meeting right now. */
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
  const [q, setQ] = useState('');
  const shown = useMemo(() => meetings.filter((m) => matches(m, q)), [meetings, q]);

  return (
    <div data-testid="dlg-choose">
      <h2 className="auth-form-title" style={{ marginBottom: 4 }}>
        {t('dlg.choose.title')}
      </h2>
      <p style={{ margin: '0 0 16px', opacity: 0.7 }}>{t('dlg.choose.subtitle')}</p>
      {notice && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} data-testid="dlg-notice" />}
      {meetings.length > 3 && (
        <Input
          size="large"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('dlg.choose.search')}
          aria-label={t('dlg.choose.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          style={{ marginBottom: 16 }}
          data-testid="dlg-search"
        />
      )}
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : failed ? (
        <Empty description={t('dlg.choose.loadFailed')}>
          <Button onClick={onRetry}>{t('dlg.choose.retry')}</Button>
        </Empty>
      ) : shown.length === 0 ? (
        <Empty
          description={meetings.length ? t('dlg.choose.noMatch', { q: q.trim() }) : t('dlg.choose.empty')}
          style={{ padding: '16px 0' }}
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
                  <Button
                    type="link"
                    icon={<UsergroupAddOutlined />}
                    onClick={() => onSelfRegister(m)}
                    style={{ paddingInline: 0 }}
                    data-testid={`dlg-self-register-${m.code}`}
                  >
                    {t('dlg.register.link')}
                  </Button>
                ) : undefined
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}
