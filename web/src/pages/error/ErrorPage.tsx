import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';

export function ErrorPage({ status }: { status: '401' | '404' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status === '401' ? '403' : '404'}
      title={status}
      subTitle={
        <>
          <div style={{ fontSize: 16, marginBottom: 4 }}>{t(`error.${status}Title`)}</div>
          <div>{t(`error.${status}Desc`)}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')} data-testid="back-home">
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
