import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { LiteButton, LiteSegmented, LiteSkeleton } from '../../components/lite';
import { HOME_SECTIONS, HOME_WAYS, type HomeSection, MeetingCards, NoticeList } from '../../components/public/home';
import { usePublicHome } from '../../hooks/public';
import '../../components/public/parts.css';

/**
 * /h5/home: the phone home page — the ways in, meetings by status (one status at a time), notices.
 * Without antd (components/lite), like the h5 frame: the first page of a phone visit stays small.
 */
export default function H5HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = usePublicHome();
  const [section, setSection] = useState<HomeSection>('open');
  return (
    <div className="pub-stack">
      <section className="h5-hero">
        <h1>{t('home.mobileTitle')}</h1>
        <p>{t('home.heroSubtitle')}</p>
        <div className="pub-h5-actions">
          {HOME_WAYS.slice(0, 2).map((w, i) => (
            <LiteButton
              key={w.path}
              size="large"
              block
              variant={i ? 'ghost' : 'default'}
              icon={w.icon}
              onClick={() => navigate(`/h5/${w.path}`)}
              data-testid={w.testId}
            >
              {t(`public.home.${w.label}`)}
            </LiteButton>
          ))}
        </div>
      </section>
      <LiteSegmented<HomeSection>
        value={section}
        onChange={setSection}
        options={HOME_SECTIONS.map((s) => ({
          value: s,
          label: (
            <span data-testid={`home-tab-${s}`}>
              {t(`public.home.short.${s}`)}
              {home.data?.[s].length ? ` ${home.data[s].length}` : ''}
            </span>
          ),
        }))}
      />
      <div data-testid={`home-${section}`}>
        {home.isLoading ? (
          <div className="pub-card">
            <LiteSkeleton rows={3} />
          </div>
        ) : (
          <MeetingCards section={section} meetings={home.data?.[section] ?? []} base="/h5" />
        )}
      </div>
      <NoticeList notices={home.data?.notices} loading={home.isLoading} />
    </div>
  );
}
