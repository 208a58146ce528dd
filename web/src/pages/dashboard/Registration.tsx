import { AuditOutlined, FormOutlined, TrophyOutlined } from '@ant-design/icons';
import type { RegistrationStatsVO } from '@baton/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Select, Space, Tag, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { auditQueries } from '../../api/audit';
import { useTranslation } from '../../app/i18n';
import { DictTag } from '../../components/crud/Dict';
import { useBilingual } from '../../hooks/language';
import { usePerm } from '../../hooks/usePerm';
import { Chart, type ChartSpec } from './Chart';

type MeetingStats = RegistrationStatsVO['meetings'][number];
const FIGURES = ['delegations', 'athletes', 'coaches', 'entries', 'backlog'] as const;

/** The registration figures of the meetings in the user's scope, and the chosen meeting's charts. */
export function useRegistrationStats(enabled: boolean) {
  const [meetingId, setMeetingId] = useState<number | undefined>(undefined);
  const query = useQuery({
    ...auditQueries.registrationStats(meetingId),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const meetings = query.data?.meetings ?? [];
  const chosen = meetings.find((m) => m.id === meetingId) ?? meetings[0];
  return { query, meetings, chosen, setMeetingId };
}
export type RegistrationState = ReturnType<typeof useRegistrationStats>;

/** One meeting's figures in a compact grid; the chosen one is outlined. */
function MeetingFigures({ m, chosen, onChoose }: { m: MeetingStats; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const { token } = theme.useToken();
  const can = usePerm();
  return (
    <div
      style={{
        padding: 12,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${chosen ? token.colorPrimary : token.colorBorderSecondary}`,
      }}
      data-testid="reg-meeting"
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8, flexWrap: 'wrap' }}>
        <Typography.Link strong onClick={onChoose} style={{ flex: '1 1 auto', minWidth: 0 }} ellipsis>
          {pick(m.name, m.nameEn)}
        </Typography.Link>
        <DictTag dictCode="meeting_status" value={m.status} />
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 4, textAlign: 'center' }}>
        {FIGURES.map((f) => (
          <div key={f}>
            <div
              style={{
                fontSize: 18,
                fontWeight: 600,
                color: f === 'backlog' && m.backlog > 0 ? token.colorWarning : undefined,
              }}
              data-testid={`reg-${f}`}
            >
              {m[f]}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`audit.dashboard.${f}`)}
            </Typography.Text>
          </div>
        ))}
      </div>
      {m.backlog > 0 && can('audit:record:query') && (
        <Link to={`/audit/index?meetingId=${m.id}`} style={{ display: 'inline-block', marginTop: 8 }}>
          <AuditOutlined /> {t('audit.dashboard.openAudit')}
        </Link>
      )}
    </div>
  );
}

/** The side card: every meeting's delegations / athletes / coaches / entries / backlog. */
export function RegistrationMeetingsCard({ state }: { state: RegistrationState }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { query, meetings, chosen, setMeetingId } = state;
  return (
    <Card
      variant="borderless"
      title={t('audit.dashboard.meetings')}
      loading={query.isLoading}
      style={{ height: '100%' }}
      styles={{ body: { maxHeight: 420, overflowY: 'auto' } }}
      data-testid="reg-meetings"
    >
      {meetings.length === 0 ? (
        <Empty
          image={<TrophyOutlined style={{ fontSize: 48, color: token.colorTextQuaternary }} />}
          styles={{ image: { height: 56 } }}
          description={t('audit.dashboard.noMeetings')}
        />
      ) : (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {meetings.map((m) => (
            <MeetingFigures key={m.id} m={m} chosen={m.id === chosen?.id} onChoose={() => setMeetingId(m.id)} />
          ))}
        </Space>
      )}
    </Card>
  );
}

/** For a delegation account: where its own registration is. */
export function DelegationCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card
      variant="borderless"
      title={t('audit.dashboard.delegationTitle')}
      style={{ height: '100%' }}
      data-testid="dashboard-delegation"
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <FormOutlined style={{ fontSize: 40, color: token.colorPrimary }} />
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('audit.dashboard.delegationBody')}
        </Typography.Paragraph>
        <Link to="/apply/athlete">
          <Button type="primary" size="large" icon={<FormOutlined />} data-testid="dashboard-apply">
            {t('audit.dashboard.delegationGo')}
          </Button>
        </Link>
      </Space>
    </Card>
  );
}

/** The chosen meeting's charts: registrations per day, athletes per group, entries per event. */
export function RegistrationCharts({ state }: { state: RegistrationState }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const { token } = theme.useToken();
  const { query, meetings, chosen, setMeetingId } = state;
  const data = query.data;

  const perDay = useMemo<ChartSpec>(() => {
    const days = data?.perDay ?? [];
    return {
      kind: 'line',
      labels: days.map((d) => d.date.slice(5)),
      legend: true,
      points: days.length <= 31,
      series: [
        {
          name: t('audit.dashboard.perDayAthletes'),
          data: days.map((d) => d.athletes),
          color: token.colorPrimary,
          area: 0.12,
        },
        { name: t('audit.dashboard.perDayEntries'), data: days.map((d) => d.entries), color: '#f59e0b', area: 0.08 },
      ],
    };
  }, [data, t, token.colorPrimary]);

  const byGroup = useMemo<ChartSpec>(() => {
    const rows = data?.byGroup ?? [];
    return {
      kind: 'bar',
      labels: rows.map((r) => pick(r.name, r.nameEn)),
      series: [{ name: t('audit.dashboard.athletes'), data: rows.map((r) => r.athletes), color: '#14b8a6' }],
    };
  }, [data, pick, t]);

  const items = data?.byItem ?? [];
  const byItem = useMemo<ChartSpec>(() => {
    // Horizontal bars, most entries on top: long event names stay readable on a phone.
    const rows = [...items].sort((a, b) => b.entries - a.entries);
    return {
      kind: 'bar',
      horizontal: true,
      labels: rows.map((r) => pick(r.name, r.nameEn)),
      series: [{ name: t('audit.dashboard.entries'), data: rows.map((r) => r.entries), color: '#8b5cf6' }],
    };
  }, [items, pick, t]);

  if (!chosen) return null;
  const empty = (data?.perDay.length ?? 0) === 0 && (data?.byGroup.length ?? 0) === 0 && items.length === 0;

  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          {t('audit.dashboard.title')}
          <Tag>{pick(chosen.name, chosen.nameEn)}</Tag>
        </Space>
      }
      extra={
        meetings.length > 1 ? (
          <Select
            size="small"
            value={chosen.id}
            onChange={setMeetingId}
            options={meetings.map((m) => ({ value: m.id, label: pick(m.name, m.nameEn) }))}
            style={{ width: 220, maxWidth: '60vw' }}
            aria-label={t('audit.dashboard.meeting')}
            data-testid="reg-meeting-select"
          />
        ) : undefined
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
      data-testid="reg-charts"
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.dashboard.noData')} />
      ) : (
        <Row gutter={[16, 24]}>
          <Col xs={24} xl={12}>
            <Typography.Text strong>{t('audit.dashboard.perDay')}</Typography.Text>
            <Chart
              spec={perDay}
              height={280}
              loading={query.isFetching}
              testId="reg-per-day"
              ariaLabel={t('audit.dashboard.perDay')}
            />
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Text strong>{t('audit.dashboard.byGroup')}</Typography.Text>
            <Chart
              spec={byGroup}
              height={280}
              loading={query.isFetching}
              testId="reg-by-group"
              ariaLabel={t('audit.dashboard.byGroup')}
            />
          </Col>
          <Col xs={24}>
            <Typography.Text strong>{t('audit.dashboard.byItem')}</Typography.Text>
            <Chart
              spec={byItem}
              height={Math.max(200, items.length * 26 + 24)}
              loading={query.isFetching}
              testId="reg-by-item"
              ariaLabel={t('audit.dashboard.byItem')}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
