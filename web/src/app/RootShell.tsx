import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useParams, useRouteError, useSearchParams } from 'react-router';
import { useAppStore } from '../stores/app';
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
      <Spin size="large" />
    </div>
  );
}

/** A page that failed to load (a missing chunk after a release, a crash): offer a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 16 }}>
      <Result
        status="warning"
        title={t('error.pageError')}
        subTitle={t('error.pageErrorDesc')}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </Button>,
          <Button key="home" href="#/">
            {t('common.backHome')}
          </Button>,
        ]}
      />
    </div>
  );
}
