import { FormOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { HOME_SECTIONS, MeetingCards, NoticeList } from '../../components/public/home';
import { usePublicHome } from '../../hooks/public';
import '../../components/public/parts.css';

/** /home/index: meetings by status (open for entries, in competition, finished), the notices, the ways in. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = usePublicHome();
  return (
    <div className="pub-stack">
      <section className="home-hero">
        <h1>{t('home.heroTitle')}</h1>
        <p>{t('home.heroSubtitle')}</p>
        <div className="pub-hero-actions">
          <Button
            size="large"
            icon={<SearchOutlined />}
            onClick={() => navigate('/home/query')}
            data-testid="home-find"
          >
            {t('public.home.findMine')}
          </Button>
          <Button
            size="large"
            ghost
            icon={<FormOutlined />}
            onClick={() => navigate('/home/enroll')}
            data-testid="home-enroll"
          >
            {t('public.home.delegationEntry')}
          </Button>
          <Button
            size="large"
            ghost
            icon={<UnorderedListOutlined />}
            onClick={() => navigate('/home/querytm')}
            data-testid="home-lists"
          >
            {t('public.home.lists')}
          </Button>
        </div>
      </section>
      <div className="pub-home-grid">
        <div className="pub-stack">
          {HOME_SECTIONS.map((section) => (
            <section key={section} className="pub-card pub-section" data-testid={`home-${section}`}>
              <h2>
                {t(`public.home.sections.${section}`)}
                {home.data ? <span className="pub-count">{home.data[section].length}</span> : null}
              </h2>
              {home.isLoading ? (
                <Skeleton active paragraph={{ rows: 2 }} />
              ) : (
                <MeetingCards section={section} meetings={home.data?.[section] ?? []} base="/home" />
              )}
            </section>
          ))}
        </div>
        <NoticeList notices={home.data?.notices} loading={home.isLoading} />
      </div>
    </div>
  );
}
