import type { PublicMeetingCard } from '@baton/contracts';
import { Button, Segmented, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LogoMark } from '../../components/Logo';
import { AdminLoginForm } from './AdminLogin';
import { AuthCard, AuthFrame } from './AuthFrame';
import { ChooseMeeting, canSelfRegister } from './ChooseMeeting';
import { DelegationLoginForm } from './DelegationLogin';
import { SelfRegisterDialog } from './SelfRegister';
import { safeRedirect, useDlgMeetings } from './sign-in';

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
          <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
        </div>
        <Segmented<LoginType>
          block
          size="large"
          value={type}
          onChange={setType}
          options={[
            { value: 'admin', label: <span data-testid="login-tab-admin">{t('dlg.tabs.admin')}</span> },
            { value: 'dlg', label: <span data-testid="login-tab-dlg">{t('dlg.tabs.delegation')}</span> },
          ]}
          style={{ marginBottom: 20 }}
          aria-label={t('route.login')}
        />
        {type === 'dlg' ? (
          <DelegationSide search={search} edit={edit} redirect={redirect} />
        ) : (
          <AdminLoginForm redirect={redirect} />
        )}
      </AuthCard>
    </AuthFrame>
  );
}

/** The delegation's side of the page: the meeting chooser or the sign-in form for one meeting. */
function DelegationSide({
  search,
  edit,
  redirect,
}: {
  search: URLSearchParams;
  edit: (change: (p: URLSearchParams) => void) => void;
  redirect: string;
}) {
  const { t } = useTranslation();
  const meetings = useDlgMeetings();
  const [registerFor, setRegisterFor] = useState<PublicMeetingCard | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = meetings.data ?? [];
  const tmid = Number(search.get('tmid')) || null;
  const code = search.get('code');
  const picked = list.find((m) => (tmid ? m.id === tmid : code !== null && m.code === code.toLowerCase()));
  const wanted = tmid !== null || code !== null;

  // A preselected meeting that is not (or no longer) open for sign-in: back to the chooser.
  useEffect(() => {
    if (meetings.isSuccess && wanted && !picked) {
      setNotice(t('dlg.choose.unknown'));
      edit((p) => {
        p.delete('tmid');
        p.delete('code');
      });
    }
  }, [meetings.isSuccess, wanted, picked, edit, t]);

  const choose = (m: PublicMeetingCard) => {
    setNotice(null);
    edit((p) => {
      p.delete('code');
      p.set('tmid', String(m.id));
    });
  };

  if (wanted && !picked && !meetings.isError) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', padding: 32 }}>
        <Spin />
      </div>
    );
  }

  return (
    <>
      {picked ? (
        <DelegationLoginForm
          key={picked.id}
          meeting={picked}
          redirect={redirect}
          onChangeMeeting={() =>
            edit((p) => {
              p.delete('tmid');
              p.delete('code');
            })
          }
        />
      ) : (
        <ChooseMeeting
          meetings={list}
          loading={meetings.isLoading}
          failed={meetings.isError}
          onRetry={() => void meetings.refetch()}
          notice={notice}
          onChoose={choose}
          onSelfRegister={setRegisterFor}
        />
      )}
      <div className="auth-links" style={{ marginTop: picked ? 4 : 20 }}>
        <Link to="/which/login">{t('dlg.form.otherWays')}</Link>
        {picked && canSelfRegister(picked) && (
          <Button
            type="link"
            onClick={() => setRegisterFor(picked)}
            style={{ padding: 0, height: 'auto' }}
            data-testid="dlg-self-register"
          >
            {t('dlg.register.link')}
          </Button>
        )}
      </div>
      <SelfRegisterDialog meeting={registerFor} onClose={() => setRegisterFor(null)} />
    </>
  );
}
