import type { PublicRegistrationVO } from '@baton/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { LiteSegmented, LiteSkeleton } from '../../../components/lite';
import { ByIdForm } from './ByIdForm';
import { Results } from './Results';
import '../../../components/public/parts.css';

const ByMobileForm = lazy(() => import('./ByMobileForm'));

type Mode = 'id' | 'mobile';

/**
 * `/home/query`, `/h5/query`: an athlete or parent finds a registration by name and ID number,
 * or a delegation by its contact mobile and an SMS code; ID and phone come back masked.
 * `?meetingId=` preselects the meeting. Built without antd (components/lite), like the meeting
 * page: a phone does not download it, nor TanStack Query until the query by mobile is chosen.
 */
export default function QueryPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const meetingId = Number(search.get('meetingId')) || null;
  const [mode, setMode] = useState<Mode>('id');
  const [found, setFound] = useState<PublicRegistrationVO[] | null>(null);
  const answer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (found) answer.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [found]);

  return (
    <div className="pub-narrow pub-stack" data-testid="query-page">
      <section className="pub-card pub-section">
        <h1 className="pub-title">{t('public.query.title')}</h1>
        <p className="pub-muted">{t('public.query.subtitle')}</p>
        <LiteSegmented<Mode>
          value={mode}
          onChange={(m) => {
            setMode(m);
            setFound(null);
          }}
          options={[
            { value: 'id', label: <span data-testid="query-by-id">{t('public.query.byId')}</span> },
            { value: 'mobile', label: <span data-testid="query-by-mobile">{t('public.query.byMobile')}</span> },
          ]}
          aria-label={t('public.query.title')}
          style={{ margin: '12px 0 20px' }}
        />
        {mode === 'id' ? (
          <ByIdForm meetingId={meetingId} onFound={setFound} />
        ) : (
          <Suspense fallback={<LiteSkeleton rows={5} />}>
            <ByMobileForm meetingId={meetingId} onFound={setFound} />
          </Suspense>
        )}
      </section>
      <div ref={answer} aria-live="polite">
        {found ? <Results found={found} /> : null}
      </div>
    </div>
  );
}
