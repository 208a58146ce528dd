import { ClockCircleOutlined, IdcardOutlined, SendOutlined } from '@ant-design/icons';
import type { ApplyContextVO } from '@baton/contracts';
import { Alert, Button, Card, Flex, Skeleton, Space, Statistic, Tag, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { DictTag } from '../../components/crud';
import { useBilingual } from '../../hooks/language';
import { useMobile } from '../../hooks/useMobile';
import { usePerm } from '../../hooks/usePerm';
import { meetingStampNoted } from '../../utils/meeting-format';
import { DelegationInfoModal } from './DelegationInfoModal';
import { SubmitModal } from './SubmitModal';
import { formatDuration, readOnlyReason, useApplyContext, useNow } from './shared';

/** Registration window: "closes in 3 d 4 h", "opens in …" or "closed", red in the last day. */
function Deadline({ ctx }: { ctx: ApplyContextVO }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const now = useNow();
  const opens = Date.parse(ctx.meeting.regOpensAt);
  const closes = Date.parse(ctx.meeting.regClosesAt);
  const at = meetingStampNoted(ctx.meeting.regClosesAt, ctx.meeting.timeZone, (zone) =>
    t('common.meetingClock', { zone }),
  );
  let text: string;
  let color = token.colorTextSecondary;
  if (now < opens) text = t('apply.header.opensIn', { time: formatDuration(opens - now, t) });
  else if (now < closes && ctx.meeting.registrationOpen) {
    text = t('apply.header.closesIn', { time: formatDuration(closes - now, t) });
    color = closes - now < 86_400_000 ? token.colorError : token.colorWarningText;
  } else text = t('apply.header.closed');
  return (
    <Tooltip title={t('apply.header.deadlineAt', { at })}>
      <span style={{ color, whiteSpace: 'nowrap' }} data-testid="apply-deadline">
        <ClockCircleOutlined /> {text}
      </span>
    </Tooltip>
  );
}

/**
 * The top of every apply page: meeting and delegation, the registration countdown, status and
 * counts, why the records are read-only (or the committee's reason for returning them), and the
 * "delegation information" and "submit for audit" actions.
 */
export function ApplyHeader() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const mobile = useMobile();
  const can = usePerm();
  const { ctx, delegationId, query } = useApplyContext();
  const [dialog, setDialog] = useState<'info' | 'submit' | null>(null);

  if (!ctx) {
    return (
      <Card variant="borderless" data-testid="apply-header">
        {query.isError ? (
          <Alert type="error" showIcon title={t('apply.header.loadFailed')} />
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </Card>
    );
  }
  const { meeting, delegation, counts } = ctx;
  const reason = readOnlyReason(ctx, t);
  const cap = (n: number, max: number | null) => (max ? `${n} / ${max}` : String(n));
  const stats = [
    { key: 'athletes', value: cap(counts.athletes, meeting.maxAthletes) },
    { key: 'coaches', value: cap(counts.coaches, meeting.maxCoaches) },
    { key: 'entries', value: String(counts.entries) },
    { key: 'relays', value: String(counts.relays) },
    { key: 'files', value: String(counts.files) },
  ];
  const button = mobile ? ({ block: true, size: 'large' } as const) : {};

  return (
    <Card variant="borderless" data-testid="apply-header" styles={{ body: { padding: mobile ? 12 : 20 } }}>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="flex-start" gap={12} wrap>
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={mobile ? 5 : 4} style={{ margin: 0 }} data-testid="apply-meeting">
              {bi(meeting.name, meeting.nameEn)}
            </Typography.Title>
            <Space wrap size={[8, 4]} style={{ marginTop: 4 }}>
              <Typography.Text strong data-testid="apply-delegation">
                {delegation.name}
              </Typography.Text>
              <span data-testid="apply-status">
                <DictTag dictCode="delegation_status" value={delegation.status} />
              </span>
              {!ctx.writable && <Tag color="default">{t('apply.header.readOnlyTag')}</Tag>}
              <Deadline ctx={ctx} />
            </Space>
          </div>
          <Flex gap={8} wrap vertical={mobile} style={mobile ? { width: '100%' } : undefined}>
            <Button icon={<IdcardOutlined />} onClick={() => setDialog('info')} data-testid="apply-info" {...button}>
              {t('apply.header.info')}
            </Button>
            {can('apply:submit') && (
              <Tooltip title={reason}>
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  disabled={!ctx.writable}
                  onClick={() => setDialog('submit')}
                  data-testid="apply-submit"
                  {...button}
                >
                  {t('apply.header.submit')}
                </Button>
              </Tooltip>
            )}
          </Flex>
        </Flex>
        <Flex wrap gap={mobile ? 8 : 32} className="apply-stats" data-testid="apply-counts">
          {stats.map((s) => (
            <Statistic
              key={s.key}
              title={t(`apply.header.counts.${s.key}`)}
              value={s.value}
              styles={{ content: { fontSize: mobile ? 18 : 22 } }}
              style={mobile ? { flex: '1 0 28%' } : undefined}
            />
          ))}
        </Flex>
        {reason && <Alert type="info" showIcon title={reason} data-testid="apply-readonly" />}
        {!reason && delegation.status === 'submitted' && (
          <Alert type="info" showIcon title={t('apply.header.submittedNote')} data-testid="apply-submitted" />
        )}
        {delegation.status === 'returned' && delegation.reviewReason && (
          <Alert
            type="warning"
            showIcon
            title={t('apply.returnedReason', { reason: delegation.reviewReason })}
            data-testid="apply-returned"
          />
        )}
      </Flex>
      <DelegationInfoModal
        ctx={ctx}
        delegationId={delegationId}
        open={dialog === 'info'}
        onClose={() => setDialog(null)}
      />
      <SubmitModal
        delegationId={delegationId}
        open={dialog === 'submit'}
        onClose={() => setDialog(null)}
        onOpenInfo={() => setDialog('info')}
      />
    </Card>
  );
}
