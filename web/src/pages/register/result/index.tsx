import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { AuthCard, AuthFrame } from '../../../components/auth/AuthFrame';

/** /user/register-result: the account exists; sign in with it. */
export default function RegisterResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const username = search.get('username')?.slice(0, 32) ?? '';
  return (
    <AuthFrame>
      <AuthCard>
        <Result
          status="success"
          style={{ padding: '8px 0' }}
          title={<span data-testid="register-result-title">{t('comm.register.resultTitle')}</span>}
          subTitle={username ? t('comm.register.resultBody', { username }) : t('comm.register.resultBodyNoName')}
          extra={
            <Button type="primary" onClick={() => navigate('/login')} data-testid="register-result-login">
              {t('comm.register.toLogin')}
            </Button>
          }
        />
      </AuthCard>
    </AuthFrame>
  );
}
