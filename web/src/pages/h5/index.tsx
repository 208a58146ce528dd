import { AuditOutlined, FormOutlined, TrophyOutlined } from '@ant-design/icons';
import { Button, Card, List, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const FEATURES = [
  { key: 'enroll', icon: FormOutlined },
  { key: 'audit', icon: AuditOutlined },
  { key: 'result', icon: TrophyOutlined },
] as const;

/** /h5/home: the mobile home page. */
export default function H5HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <>
      <section className="h5-hero">
        <h1>{t('home.mobileTitle')}</h1>
        <p>{t('home.heroSubtitle')}</p>
        <Button block size="large" onClick={() => navigate('/which/login')}>
          {t('home.signIn')}
        </Button>
      </section>
      <Card variant="borderless" style={{ marginTop: 12 }}>
        <List
          dataSource={[...FEATURES]}
          renderItem={({ key, icon: Icon }) => (
            <List.Item>
              <List.Item.Meta
                avatar={<Icon style={{ fontSize: 24, color: token.colorPrimary }} />}
                title={t(`home.features.${key}Title`)}
                description={t(`home.features.${key}Desc`)}
              />
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
