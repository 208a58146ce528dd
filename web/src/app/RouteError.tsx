import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from './i18n';

/** A page that failed to load (a missing chunk after a release, a crash): offer a reload. */
/** Rendered by `RouteError` (its own chunk: antd's Result and its pictures are not on the first load). */
export default function RouteError() {
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
