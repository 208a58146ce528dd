import { Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { HOME_SECTIONS, HOME_WAYS, MeetingCards, NoticeList } from '../../components/public/home';
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
          {HOME_WAYS.map((w, i) => (
            <Button
              key={w.path}
              size="large"
              ghost={i > 0}
              icon={w.icon}
              onClick={() => navigate(`/home/${w.path}`)}
              data-testid={w.testId}
            >
              {t(`public.home.${w.label}`)}
            </Button>
          ))}
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
