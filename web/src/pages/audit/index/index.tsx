import { IdcardOutlined, ReloadOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { AuditOverviewRow } from '@baton/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Input,
  Row,
  Space,
  Spin,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { auditQueries } from '../../../api/audit';
import { useTranslation } from '../../../app/i18n';
import { DictTag } from '../../../components/crud';
import { MeetingPicker, NoMeeting, useMeetingSelection } from '../../../components/MeetingPicker';
import { useMobile } from '../../../hooks/useMobile';
import { StatusBar, StatusLegend } from '../shared';

type Counts = AuditOverviewRow['athletes'];

function listPath(kind: 'athlete' | 'coach', meetingId: number, extra: Record<string, string | number> = {}) {
  const q = new URLSearchParams({ meetingId: String(meetingId) });
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  return `/audit/${kind}?${q.toString()}`;
}

function TotalCard({
  title,
  icon,
  counts,
  link,
  testId,
}: {
  title: string;
  icon: ReactNode;
  counts: Counts | undefined;
  link: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" style={{ height: '100%' }} data-testid={testId}>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <Statistic title={title} value={counts?.total ?? 0} prefix={icon} />
          <Statistic
            title={t('audit.waiting')}
            value={counts?.submitted ?? 0}
            styles={{ content: { textAlign: 'right' } }}
          />
        </div>
        {counts && <StatusBar counts={counts} />}
        <Link to={link}>{t('audit.openWaiting')}</Link>
      </Space>
    </Card>
  );
}

/** Sports audit → Overview: totals of the chosen meeting and the progress of every delegation. */
export default function AuditOverviewPage() {
  const { t, i18n } = useTranslation();
  const mobile = useMobile();
  const selection = useMeetingSelection();
  const { meetingId } = selection;
  const [keywords, setKeywords] = useState('');

  const overview = useQuery({
    // The server names the areas in the interface language: another language asks again.
    ...auditQueries.overview(meetingId, keywords, i18n.language),
    enabled: Boolean(meetingId),
    placeholderData: keepPreviousData,
  });
  const data = overview.data;
  const rows = data?.delegations ?? [];

  const athletesLink = (r: AuditOverviewRow) => listPath('athlete', meetingId!, { delegationId: r.delegationId });
  const coachesLink = (r: AuditOverviewRow) => listPath('coach', meetingId!, { delegationId: r.delegationId });

  const columns: TableColumnsType<AuditOverviewRow> = [
    {
      title: t('audit.delegation'),
      key: 'name',
      render: (_, r) => (
        <Link to={athletesLink(r)} data-testid="overview-delegation">
          {r.delegationName}
        </Link>
      ),
    },
    { title: t('audit.area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    {
      title: t('crud.status'),
      dataIndex: 'status',
      render: (v: string) => <DictTag dictCode="delegation_status" value={v} />,
    },
    {
      title: t('audit.athletes'),
      key: 'athletes',
      width: 220,
      render: (_, r) => (
        <Link to={athletesLink(r)}>
          <StatusBar counts={r.athletes} />
        </Link>
      ),
    },
    {
      title: t('audit.coaches'),
      key: 'coaches',
      width: 220,
      render: (_, r) => (
        <Link to={coachesLink(r)}>
          <StatusBar counts={r.coaches} />
        </Link>
      ),
    },
    { title: t('audit.entries'), dataIndex: 'entries', align: 'right' },
  ];

  const phoneList =
    rows.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
    ) : (
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {rows.map((r) => (
          <Card key={r.delegationId} size="small" data-testid="overview-card">
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginBottom: 4 }}>
              <Link to={athletesLink(r)} style={{ fontSize: 16, fontWeight: 600 }} data-testid="overview-delegation">
                {r.delegationName}
              </Link>
              <DictTag dictCode="delegation_status" value={r.status} />
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[r.areaName, t('audit.entriesCount', { count: r.entries })].filter(Boolean).join(' · ')}
            </Typography.Text>
            <Row gutter={12} style={{ marginTop: 8 }}>
              <Col span={12}>
                <Link to={athletesLink(r)} style={{ display: 'block', paddingBlock: 4 }}>
                  <Typography.Text style={{ fontSize: 12 }}>{t('audit.athletes')}</Typography.Text>
                  <StatusBar counts={r.athletes} />
                </Link>
              </Col>
              <Col span={12}>
                <Link to={coachesLink(r)} style={{ display: 'block', paddingBlock: 4 }}>
                  <Typography.Text style={{ fontSize: 12 }}>{t('audit.coaches')}</Typography.Text>
                  <StatusBar counts={r.coaches} />
                </Link>
              </Col>
            </Row>
          </Card>
        ))}
      </Space>
    );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="audit-overview">
      <MeetingPicker selection={selection} />
      {meetingId ? (
        <>
          <Row gutter={[12, 12]}>
            <Col xs={24} md={8}>
              <Card variant="borderless" style={{ height: '100%' }} data-testid="overview-delegations">
                <Statistic
                  title={t('audit.delegations')}
                  value={data?.totals.delegations ?? 0}
                  prefix={<TeamOutlined />}
                  loading={overview.isLoading}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('audit.backlog', {
                    count: (data?.totals.athletes.submitted ?? 0) + (data?.totals.coaches.submitted ?? 0),
                  })}
                </Typography.Text>
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <TotalCard
                title={t('audit.athletes')}
                icon={<UserOutlined />}
                counts={data?.totals.athletes}
                link={listPath('athlete', meetingId, { status: 'submitted' })}
                testId="overview-athletes"
              />
            </Col>
            <Col xs={24} md={8}>
              <TotalCard
                title={t('audit.coaches')}
                icon={<IdcardOutlined />}
                counts={data?.totals.coaches}
                link={listPath('coach', meetingId, { status: 'submitted' })}
                testId="overview-coaches"
              />
            </Col>
          </Row>
          <Card
            variant="borderless"
            title={t('audit.progressTitle')}
            extra={mobile ? undefined : <StatusLegend />}
            styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
            data-testid="overview-table"
          >
            <Space wrap style={{ marginBottom: 12, width: '100%' }}>
              <Input.Search
                allowClear
                placeholder={t('audit.overviewKeywords')}
                onSearch={(v) => setKeywords(v.trim())}
                style={{ width: 280, maxWidth: 'calc(100vw - 80px)' }}
                data-testid="overview-keywords"
              />
              <Button icon={<ReloadOutlined />} onClick={() => void overview.refetch()}>
                {t('audit.refresh')}
              </Button>
              {mobile && <StatusLegend />}
            </Space>
            {mobile ? (
              <Spin spinning={overview.isFetching}>{phoneList}</Spin>
            ) : (
              <Table<AuditOverviewRow>
                size="middle"
                rowKey="delegationId"
                columns={columns}
                dataSource={rows}
                loading={overview.isFetching}
                pagination={rows.length > 20 ? { pageSize: 20, size: 'small' } : false}
                scroll={{ x: 'max-content' }}
              />
            )}
          </Card>
        </>
      ) : (
        <NoMeeting loading={selection.loading} />
      )}
    </Space>
  );
}
