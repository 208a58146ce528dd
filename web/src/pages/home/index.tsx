import { AuditOutlined, FormOutlined, TrophyOutlined } from '@ant-design/icons';
import { Button, Card, Space, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const FEATURES = [
  { key: 'enroll', icon: FormOutlined },
  { key: 'audit', icon: AuditOutlined },
  { key: 'result', icon: TrophyOutlined },
] as const;

/** /home/index: what Baton is, and the way in. */
export default function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <>
      <section className="home-hero">
        <h1>{t('home.heroTitle')}</h1>
        <p>{t('home.heroSubtitle')}</p>
        <Space wrap>
          <Button size="large" onClick={() => navigate('/which/login')} data-testid="home-sign-in">
            {t('home.signIn')}
          </Button>
          <Button size="large" ghost onClick={() => navigate('/home/enroll')}>
            {t('home.goEnroll')}
          </Button>
        </Space>
      </section>
      <div className="home-features">
        {FEATURES.map(({ key, icon: Icon }) => (
          <Card key={key} variant="borderless">
            <Icon style={{ fontSize: 28, color: token.colorPrimary }} />
            <h3 style={{ margin: '12px 0 6px' }}>{t(`home.features.${key}Title`)}</h3>
            <p style={{ margin: 0, color: token.colorTextSecondary }}>{t(`home.features.${key}Desc`)}</p>
          </Card>
        ))}
      </div>
    </>
  );
}
