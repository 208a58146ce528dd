import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { InfoCard } from '../login/InfoCard';

export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <InfoCard
      icon={<UserAddOutlined style={{ color: 'var(--baton-primary)' }} />}
      title={t('register.title')}
      body={t('register.body')}
      back={t('register.backToLogin')}
    />
  );
}
