import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n';
import './live.css';

/** The "live" dot: green while the realtime channel is open (results arrive by themselves). */
export function LiveBadge({ live }: { live: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`live-badge${live ? ' live-on' : ''}`}
      data-testid="live-badge"
      data-live={live ? 'on' : 'off'}
      title={t(live ? 'public.live.onHint' : 'public.live.offHint')}
    >
      <i aria-hidden />
      {t(live ? 'comp.live' : 'public.live.offline')}
    </span>
  );
}

/** The title line of a live area: a heading and the live dot. */
export function LiveTitle({ children, live }: { children: ReactNode; live: boolean }) {
  return (
    <div className="live-title">
      <h2>{children}</h2>
      <LiveBadge live={live} />
    </div>
  );
}
