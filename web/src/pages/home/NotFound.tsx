import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { LiteEmptyDefault } from '../../components/lite/empty';
import { LiteCard } from '../../components/lite/tabs';
import { usePublicBase } from '../../hooks/public';
import '../../components/public/parts.css';

/**
 * The public "not found" (an address that matches no page, an unknown meeting code): what
 * happened, in the frame the visitor is in, and the ways on — the meetings, the queries.
 */
export function PublicNotFound({ descKey = 'public.notFound.desc' }: { descKey?: string }) {
  const { t } = useTranslation();
  const base = usePublicBase();
  const links = [
    { to: base === '/h5' ? '/h5/home' : '/home/index', key: 'meetings', primary: true },
    { to: `${base}/query`, key: 'query', primary: false },
    { to: `${base}/querytm`, key: 'querytm', primary: false },
  ] as const;
  return (
    <div data-testid="public-not-found">
      <LiteCard title={t('public.notFound.title')}>
        <LiteEmptyDefault description={t(descKey)}>
          <nav className="pub-not-found-links">
            {links.map((l) => (
              <Link
                key={l.key}
                to={l.to}
                className={`lite-btn lite-btn-lg${l.primary ? ' lite-btn-primary' : ''}`}
                data-testid={`not-found-${l.key}`}
              >
                <span>{t(`public.notFound.${l.key}`)}</span>
              </Link>
            ))}
          </nav>
        </LiteEmptyDefault>
      </LiteCard>
    </div>
  );
}

/** The route of an unmatched public address. */
export default function NotFoundPage() {
  return <PublicNotFound />;
}
