import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** /myNotice: the notices sent to the signed-in user. */
export default function MyNoticePage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={t('notice.title')}>
      <Empty description={t('notice.empty')} style={{ padding: '32px 0' }} />
    </Card>
  );
}
