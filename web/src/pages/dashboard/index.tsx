import {
  EyeOutlined,
  LoginOutlined,
  NotificationOutlined,
  TeamOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { APP_VERSION, ROOT_ROLE, USER_TYPE } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Col, Row, Segmented, Space, Statistic, Tag, Typography, theme } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { statsQueries } from '../../api/stats';
import { useTranslation } from '../../app/i18n';
import { usePerm } from '../../hooks/usePerm';
import { useUserStore } from '../../stores/user';
import { userTypeKey } from '../../utils/userType';
import { Chart, type ChartSpec } from './Chart';
import { DelegationCard, RegistrationCharts, RegistrationMeetingsCard, useRegistrationStats } from './Registration';

function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greetingMorning';
  if (hour < 18) return 'dashboard.greetingAfternoon';
  return 'dashboard.greetingEvening';
}

const RANGES = [7, 30, 90] as const;
type Range = (typeof RANGES)[number];

function StatCard({
  title,
  value,
  icon,
  color,
  loading,
  footer,
  testId,
}: {
  title: string;
  value: number | undefined;
  icon: ReactNode;
  color: string;
  loading: boolean;
  footer?: ReactNode;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Card variant="borderless" style={{ height: '100%' }} data-testid={testId}>
      <div style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 12 }}>
        <Statistic title={title} value={value ?? 0} loading={loading} />
        <span
          style={{
            flex: 'none',
            width: 44,
            height: 44,
            borderRadius: 12,
            display: 'grid',
            placeItems: 'center',
            fontSize: 20,
            color,
            background: `color-mix(in srgb, ${color} 14%, transparent)`,
          }}
        >
          {icon}
        </span>
      </div>
      {footer && (
        <div style={{ marginTop: 8, fontSize: 12, color: token.colorTextTertiary, minHeight: 20 }}>{footer}</div>
      )}
    </Card>
  );
}

/** Who may see the registration figures (the meetings in their scope): auditors and meeting managers. */
const REGISTRATION_PERMS = ['audit:record:query', 'meeting:trackmeet:query'] as const;

/**
 * The console's first page: who is signed in, the figures that exist today, the visit trend, and
 * the registration figures of the user's meetings (a delegation account gets a way to its own
 * registration instead: it never calls the committee's endpoints).
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const user = useUserStore((s) => s.userInfo);
  const name = user?.nickname || user?.username || '';
  const [days, setDays] = useState<Range>(7);
  const can = usePerm();
  const delegation = user?.userType === USER_TYPE.DELEGATION;
  // The site-wide figures (users, sign-ins, visits, connections) are the administrators' only (403 for others).
  const siteAdmin =
    user?.userType === USER_TYPE.ROOT || user?.userType === USER_TYPE.ADMIN || !!user?.roles.includes(ROOT_ROLE);
  const showRegistration = !delegation && can(REGISTRATION_PERMS);
  const registration = useRegistrationStats(showRegistration);
  const today = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'full' }).format(
    new Date(),
  );

  // The site's own figures are the console's business, not a delegation's.
  const overview = useQuery({
    ...statsQueries.overview(),
    refetchInterval: 60_000,
    enabled: siteAdmin,
  });
  const trend = useQuery({ ...statsQueries.visitTrend(days), enabled: !delegation });
  const o = overview.data;

  const spec = useMemo<ChartSpec>(() => {
    const d = trend.data;
    return {
      kind: 'line',
      labels: (d?.dates ?? []).map((s) => s.slice(5)),
      legend: true,
      smooth: true,
      points: days <= 30,
      series: [
        { name: t('comm.dashboard.pv'), data: d?.pv ?? [], color: token.colorPrimary, area: 0.12 },
        { name: t('comm.dashboard.uv'), data: d?.uv ?? [], color: '#14b8a6', area: 0.08 },
      ],
    };
  }, [trend.data, days, t, token.colorPrimary]);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="dashboard">
      <Card variant="borderless" data-testid="dashboard-welcome">
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
          <Avatar
            size={64}
            src={user?.avatar || undefined}
            icon={<UserOutlined />}
            style={{ background: token.colorPrimary }}
          />
          <div style={{ flex: 1, minWidth: 200 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(greetingKey(new Date().getHours()), { name })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.intro')}</Typography.Text>
          </div>
          <Space wrap size={[8, 8]}>
            <Tag>{t(userTypeKey(user?.userType))}</Tag>
            {user?.roles.map((r) => (
              <Tag key={r} color="blue">
                {r}
              </Tag>
            ))}
            <Tag>{`v${APP_VERSION}`}</Tag>
          </Space>
        </div>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {today}
        </Typography.Text>
      </Card>

      {delegation ? (
        <DelegationCard />
      ) : (
        <>
          {siteAdmin && (
            <Row gutter={[16, 16]}>
              <Col xs={12} md={8} xl={4}>
                <StatCard
                  testId="stat-users"
                  title={t('comm.dashboard.users')}
                  value={o?.userCount}
                  loading={overview.isLoading}
                  icon={<TeamOutlined />}
                  color={token.colorPrimary}
                />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <StatCard
                  testId="stat-logins"
                  title={t('comm.dashboard.loginsToday')}
                  value={o?.loginsToday}
                  loading={overview.isLoading}
                  icon={<LoginOutlined />}
                  color="#8b5cf6"
                />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <StatCard
                  testId="stat-notices"
                  title={t('comm.dashboard.notices')}
                  value={o?.noticesPublished}
                  loading={overview.isLoading}
                  icon={<NotificationOutlined />}
                  color="#f59e0b"
                />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <StatCard
                  testId="stat-online"
                  title={t('comm.dashboard.online')}
                  value={o?.onlineUsers}
                  loading={overview.isLoading}
                  icon={<WifiOutlined />}
                  color="#10b981"
                  footer={o ? t('comm.dashboard.sockets', { count: o.onlineSockets }) : null}
                />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <StatCard
                  testId="stat-pv"
                  title={t('comm.dashboard.pvToday')}
                  value={o?.pvToday}
                  loading={overview.isLoading}
                  icon={<EyeOutlined />}
                  color="#0ea5e9"
                />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <StatCard
                  testId="stat-uv"
                  title={t('comm.dashboard.uvToday')}
                  value={o?.uvToday}
                  loading={overview.isLoading}
                  icon={<UserOutlined />}
                  color="#14b8a6"
                />
              </Col>
            </Row>
          )}

          <Row gutter={[16, 16]}>
            <Col xs={24} xl={showRegistration ? 16 : 24}>
              <Card
                variant="borderless"
                title={t('comm.dashboard.trend')}
                extra={
                  <Segmented<Range>
                    size="small"
                    value={days}
                    onChange={setDays}
                    options={RANGES.map((r) => ({ value: r, label: t('comm.dashboard.days', { count: r }) }))}
                    data-testid="trend-range"
                  />
                }
              >
                <Chart
                  spec={spec}
                  loading={trend.isFetching}
                  height={320}
                  testId="visit-trend-chart"
                  ariaLabel={t('comm.dashboard.trend')}
                />
              </Card>
            </Col>
            {showRegistration && (
              <Col xs={24} xl={8}>
                <RegistrationMeetingsCard state={registration} />
              </Col>
            )}
          </Row>
        </>
      )}
      {showRegistration && <RegistrationCharts state={registration} />}
    </Space>
  );
}
