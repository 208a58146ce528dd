import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A public list page with nothing published in it yet. */
export function PublicEmpty({ titleKey, emptyKey }: { titleKey: string; emptyKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = window.location.hash.startsWith('#/h5') ? '/h5/home' : '/home/index';
  return (
    <Card title={t(titleKey)} variant="borderless">
      <Empty description={t(emptyKey)} style={{ padding: '32px 0' }}>
        <Button onClick={() => navigate(home)}>{t('common.backHome')}</Button>
      </Empty>
    </Card>
  );
}
