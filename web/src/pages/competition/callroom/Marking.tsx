import { ArrowLeftOutlined, ScanOutlined } from '@ant-design/icons';
import type { CallRoomStartVO, CheckInState } from '@baton/contracts';
import { Button, Card, Input, Space, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';
import { Scanner } from './Scanner';

/** What the heats and the rounds checked in before seeding share: the touch row and the bib tools. */

export const STATE_KEY = (s: CheckInState | null) => s ?? 'none';

/** "101 张三" / "瑞中 A": how an athlete or team is named in a message. */
export const who = (s: { bib: string | null; name: string }) => [s.bib, s.name].filter(Boolean).join(' ');

/**
 * Marking by tap or by code: `mark(send, key)` sends a mark (the row `key` busy meanwhile), hands
 * the answer on and returns what `said` announced, or `null` when it failed (shown by the request layer).
 */
export function useMark<A, K>(onAnswer: (a: A) => void, said: (a: A) => string) {
  const [busy, setBusy] = useState<K | null>(null);
  const mark = async (send: () => Promise<A>, key?: K) => {
    if (key !== undefined) setBusy(key);
    try {
      const a = await send();
      onAnswer(a);
      return said(a);
    } catch {
      return null;
    } finally {
      if (key !== undefined) setBusy(null);
    }
  };
  return { busy, mark };
}

/** One athlete (or relay team) as a large touch row: lane or order, bib, name and delegation, its mark. */
export function MarkRow({
  number,
  bib,
  name,
  nameEn,
  delegationName,
  members,
  state,
  badge,
  note,
  busy,
  disabled,
  onTap,
  testId,
}: {
  number: ReactNode;
  bib: string | null;
  name: string;
  nameEn: string | null;
  delegationName: string;
  members: CallRoomStartVO['members'];
  state: CheckInState | null;
  /** Under the mark (DNS on the start row). */
  badge?: ReactNode;
  /** A warning under the name. */
  note?: ReactNode;
  busy: boolean;
  disabled: boolean;
  onTap: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const key = STATE_KEY(state);
  return (
    <button
      type="button"
      className={`callroom-start is-${key}`}
      onClick={onTap}
      disabled={disabled || busy}
      aria-busy={busy}
      data-testid={testId}
      data-bib={bib ?? ''}
      data-state={key}
    >
      <span className="callroom-start-lane">{number}</span>
      <span className="callroom-start-bib">{bib ?? ''}</span>
      <span className="callroom-start-who">
        <strong>{pick(name, nameEn)}</strong>
        <span>{delegationName}</span>
        {members.length ? (
          <span>
            {members
              .filter((m) => m.leg !== null)
              .map((m) => [m.bib, m.name].filter(Boolean).join(' '))
              .join(' · ')}
          </span>
        ) : null}
        {note ? <span className="callroom-start-note">{note}</span> : null}
      </span>
      <span className="callroom-start-state" data-testid={`${testId}-state`}>
        {t(`callroom.state.${key}`)}
        {badge ? <em>{badge}</em> : null}
      </span>
    </button>
  );
}

/**
 * The camera scanner and a bib to type: each code goes to `onCode`, which answers the text to
 * show under the camera picture (null when refused: the request layer showed why).
 */
export function BibTools({
  onCode,
  scannerHint,
  children,
}: {
  onCode: (code: string) => Promise<string | null>;
  scannerHint: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [bib, setBib] = useState('');
  const [scanning, setScanning] = useState(false);
  const [last, setLast] = useState<string | null>(null);
  const typed = async () => {
    const code = bib.trim();
    if (!code) return;
    if (await onCode(code)) setBib('');
  };
  return (
    <>
      <div className="callroom-tools">
        <Button
          type="primary"
          icon={<ScanOutlined />}
          onClick={() => setScanning(true)}
          className="callroom-touch"
          data-testid="callroom-scan"
        >
          {t('callroom.scan')}
        </Button>
        <Space.Compact className="callroom-bib">
          <Input
            value={bib}
            onChange={(e) => setBib(e.target.value)}
            onPressEnter={() => void typed()}
            placeholder={t('callroom.bibPlaceholder')}
            inputMode="numeric"
            maxLength={20}
            aria-label={t('callroom.bib')}
            className="callroom-touch"
            data-testid="callroom-bib"
          />
          <Button onClick={() => void typed()} className="callroom-touch" data-testid="callroom-bib-ok">
            {t('callroom.checkIn')}
          </Button>
        </Space.Compact>
        {children}
      </div>
      <Scanner
        open={scanning}
        hint={scannerHint}
        onClose={() => setScanning(false)}
        last={last}
        onCode={(code) => {
          void onCode(code).then((text) => {
            if (text) setLast(text);
          });
        }}
      />
    </>
  );
}

/**
 * A call-room panel (a heat, or a first round checked in before seeding): back to the list on a
 * phone, the event and round with its times, the counts of present / late / absent / unmarked,
 * then the panel's own notes, tools and rows.
 */
export function PanelFrame({
  testId,
  loading,
  onBack,
  title,
  subtitle,
  counts,
  children,
}: {
  testId: string;
  loading: boolean;
  onBack?: () => void;
  title: ReactNode;
  subtitle: ReactNode;
  counts: Record<'present' | 'late' | 'absent' | 'unmarked', number>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" className="callroom-panel" data-testid={testId}>
      <Spin spinning={loading}>
        <div className="callroom-panel-head">
          {onBack && (
            <Button
              icon={<ArrowLeftOutlined />}
              onClick={onBack}
              className="callroom-touch"
              data-testid="callroom-back"
            >
              {t('callroom.back')}
            </Button>
          )}
          <div className="callroom-panel-title">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            <Typography.Text type="secondary">{subtitle}</Typography.Text>
          </div>
        </div>
        <div className="callroom-counts" data-testid="callroom-counts">
          {(['present', 'late', 'absent', 'unmarked'] as const).map((k) => (
            <span key={k} className={`callroom-count is-${k}`}>
              <b>{counts[k]}</b> {t(`callroom.summary.${k}`)}
            </span>
          ))}
        </div>
        {children}
      </Spin>
    </Card>
  );
}
