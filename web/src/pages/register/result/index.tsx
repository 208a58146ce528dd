import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { AuthResult } from '../../../components/auth/AuthResult';

/** /user/register-result: the account exists; sign in with it. */
export default function RegisterResultPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const username = search.get('username')?.slice(0, 32) ?? '';
  return (
    <AuthResult
      title={t('comm.register.resultTitle')}
      subTitle={username ? t('comm.register.resultBody', { username }) : t('comm.register.resultBodyNoName')}
      titleTestId="register-result-title"
      buttonTestId="register-result-login"
    />
  );
}
