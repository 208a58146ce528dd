import { UserOutlined } from '@ant-design/icons';
import { APP_VERSION } from '@baton/contracts';
import { Avatar, Card, Col, Row, Space, Statistic, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { userTypeKey } from '../../utils/userType';

function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greetingMorning';
  if (hour < 18) return 'dashboard.greetingAfternoon';
  return 'dashboard.greetingEvening';
}

/** The console's first page: who is signed in, and which version runs. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const user = useUserStore((s) => s.userInfo);
  const name = user?.nickname || user?.username || '';
  const today = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'full' }).format(
    new Date(),
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
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
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card variant="borderless" style={{ height: '100%' }}>
            <Statistic title={t('dashboard.userType')} value={t(userTypeKey(user?.userType))} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card variant="borderless" style={{ height: '100%' }}>
            <Statistic title={t('dashboard.version')} value={`v${APP_VERSION}`} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card variant="borderless" style={{ height: '100%' }}>
            <Statistic title={t('dashboard.today')} value={today} />
          </Card>
        </Col>
      </Row>
      {user?.roles.length ? (
        <Card variant="borderless" title={t('dashboard.roles')} size="small">
          {user.roles.map((r) => (
            <Tag key={r} color="blue">
              {r}
            </Tag>
          ))}
        </Card>
      ) : null}
    </Space>
  );
}
