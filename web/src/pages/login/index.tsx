import { lazy, Suspense, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { areas, useTranslation } from '../../app/i18n';
import { AuthCard, AuthFrame } from '../../components/auth/AuthFrame';
import { LogoMark } from '../../components/Logo';
import { LiteSegmented, LiteSpin } from '../../components/lite';
import { safeRedirect } from './sign-in';

/**
 * The delegation's side (meeting chooser, SMS sign-in, self-registration) loads only when chosen,
 * with the strings of its code fields and of its meeting cards (a meeting's status).
 */
const DelegationSide = lazy(
  async () => (await Promise.all([import('./DelegationSide'), areas.ensure(['comm', 'public'])]))[0],
);
/** The administrators' form, likewise: a team leader on a phone does not download it. */
const AdminLoginForm = lazy(async () => ({ default: (await import('./AdminLogin')).AdminLoginForm }));

type LoginType = 'admin' | 'dlg';

/** Where each kind of account lands after signing in, unless `?redirect=` says otherwise. */
const HOME: Record<LoginType, string> = { admin: '/dashboard', dlg: '/apply/athlete' };

/**
 * /login: the administrators' form, or with `?type=dlg` the delegation's — first the meeting
 * (chosen from a list, or preselected by `?tmid=` or `?code=`), then mobile and SMS code.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const type: LoginType = search.get('type') === 'dlg' ? 'dlg' : 'admin';
  const redirect = safeRedirect(search.get('redirect'), HOME[type]);

  const edit = useCallback(
    (change: (p: URLSearchParams) => void) =>
      setSearch(
        (p) => {
          const next = new URLSearchParams(p);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const setType = (next: LoginType) =>
    edit((p) => {
      if (next === 'dlg') p.set('type', 'dlg');
      else for (const key of ['type', 'tmid', 'code']) p.delete(key);
    });

  const choosing = type === 'dlg' && !search.get('tmid') && !search.get('code');

  return (
    <AuthFrame wide={choosing}>
      <AuthCard>
        <div className="auth-card-head" style={choosing ? { marginBottom: 20 } : undefined}>
          <LogoMark size={choosing ? 40 : 52} />
          <h1>Baton</h1>
          <span style={{ color: 'var(--ant-color-text-secondary)' }}>{t('app.tagline')}</span>
        </div>
        <LiteSegmented<LoginType>
          value={type}
          onChange={setType}
          options={[
            { value: 'admin', label: <span data-testid="login-tab-admin">{t('dlg.tabs.admin')}</span> },
            { value: 'dlg', label: <span data-testid="login-tab-dlg">{t('dlg.tabs.delegation')}</span> },
          ]}
          style={{ marginBottom: 20 }}
          aria-label={t('route.login')}
        />
        <Suspense
          fallback={
            <div style={{ display: 'grid', placeItems: 'center', padding: 32 }}>
              <LiteSpin />
            </div>
          }
        >
          {type === 'dlg' ? (
            <DelegationSide search={search} edit={edit} redirect={redirect} />
          ) : (
            <AdminLoginForm redirect={redirect} />
          )}
        </Suspense>
      </AuthCard>
    </AuthFrame>
  );
}
