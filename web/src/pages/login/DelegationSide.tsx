import { canSelfRegister, type PublicMeetingCard } from '@baton/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { refreshDlgMeetings, useDlgMeetings } from '../../api/public';
import { useTranslation } from '../../app/i18n';
import { LiteButton, LiteSkeleton, LiteSpin } from '../../components/lite';
import { SelfRegisterOnDemand } from '../../components/self-register/on-demand';
import { DelegationLoginForm } from './DelegationLogin';

/** The meeting chooser comes when needed: a link from a meeting's page has chosen it already. */
const ChooseMeeting = lazy(async () => ({ default: (await import('./ChooseMeeting')).ChooseMeeting }));

/** The delegation's side of the page: the meeting chooser or the sign-in form for one meeting. */
export default function DelegationSide({
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
    if (meetings.data && wanted && !picked) {
      setNotice(t('dlg.choose.unknown'));
      edit((p) => {
        p.delete('tmid');
        p.delete('code');
      });
    }
  }, [meetings.data, wanted, picked, edit, t]);

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
        <LiteSpin />
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
        <Suspense fallback={<LiteSkeleton rows={4} />}>
          <ChooseMeeting
            meetings={list}
            loading={meetings.isLoading}
            failed={meetings.isError && !meetings.data}
            onRetry={refreshDlgMeetings}
            notice={notice}
            onChoose={choose}
            onSelfRegister={setRegisterFor}
          />
        </Suspense>
      )}
      <div className="auth-links" style={{ marginTop: picked ? 4 : 20 }}>
        <Link to="/which/login">{t('dlg.form.otherWays')}</Link>
        {picked && canSelfRegister(picked) && (
          <LiteButton variant="link" onClick={() => setRegisterFor(picked)} data-testid="dlg-self-register">
            {t('dlg.register.link')}
          </LiteButton>
        )}
      </div>
      <SelfRegisterOnDemand meeting={registerFor} onClose={() => setRegisterFor(null)} />
    </>
  );
}
