import { APP_VERSION } from '@baton/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { useNarrow } from '../../layouts/public/narrow';
import { LangSwitch } from '../LangSwitch';
import { Logo } from '../Logo';
import { ThemeSwitch } from '../ThemeSwitch';
import './auth.css';

/**
 * The frame of the sign-in pages: brand bar, language and theme switches, a centred card. Without
 * antd (the theme's colours are CSS variables), so the sign-in page can do without it.
 */
export function AuthFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  // On a phone (a team leader signing in), thumb-sized controls (styles/touch.css).
  const narrow = useNarrow();
  return (
    <div className={narrow ? 'auth-page touch' : 'auth-page'}>
      <header className="auth-topbar">
        <Link to="/home/index" className="auth-brand">
          <Logo size={28} />
        </Link>
        <div className="auth-tools">
          <LangSwitch />
          <ThemeSwitch variant="toggle" />
        </div>
      </header>
      <main className={wide ? 'auth-main auth-main-wide' : 'auth-main'}>{children}</main>
      <footer className="auth-footer">
        {t('app.copyright', { year: new Date().getFullYear(), version: APP_VERSION })}
      </footer>
    </div>
  );
}

export function AuthCard({ children }: { children: ReactNode }) {
  return <section className="auth-card">{children}</section>;
}
