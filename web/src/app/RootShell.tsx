import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useParams, useSearchParams } from 'react-router';
import { LiteSpin } from '../components/lite';
import { useAppStore } from '../stores/app';
import { useTranslation } from './i18n';
import { handleTitle, lastHandle } from './meta';

/** Top of the route tree: document title and scroll reset on every navigation (spec §2). */
export function RootShell() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const params = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const siteTitle = useAppStore((s) => s.title);

  const pageTitle = params.title || search.get('title') || handleTitle(lastHandle(matches), i18n.language, t);
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${siteTitle}` : siteTitle;
  }, [pageTitle, siteTitle]);

  useEffect(() => {
    // Reset on every new path; the admin layout's scrolling area listens to the same change.
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);

  return <Outlet />;
}

export function RouteFallback() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <LiteSpin />
    </div>
  );
}

/**
 * Without antd when even the error page's chunk cannot be fetched (the server has a new release
 * and the old chunks are gone): the same offer, in plain markup.
 */
function PlainRouteError() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 16 }}>
      <div style={{ textAlign: 'center' }}>
        <h2>{t('error.pageError')}</h2>
        <p>{t('error.pageErrorDesc')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>{' '}
        <a href="#/">{t('common.backHome')}</a>
      </div>
    </div>
  );
}

/** A page that failed to load (a missing chunk after a release, a crash): offer a reload. */
const RouteErrorView = lazy(() =>
  Promise.all([import('./RouteError'), import('./AntdFrame')])
    .then(([{ default: View }, { default: Frame }]) => ({
      default: () => (
        <Frame>
          <View />
        </Frame>
      ),
    }))
    .catch(() => ({ default: PlainRouteError })),
);

export function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}
