import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { InfoCard } from './InfoCard';

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  return (
    <InfoCard
      icon={<KeyOutlined style={{ color: 'var(--baton-primary)' }} />}
      title={t('forgetPassword.title')}
      body={t('forgetPassword.body')}
      back={t('forgetPassword.backToLogin')}
    />
  );
}
