import { APP_VERSION, APP_YEAR } from '@baton/contracts';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { LangSwitch } from '../../components/LangSwitch';
import { Logo } from '../../components/Logo';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import './auth.css';

/** The frame of the sign-in pages: brand bar, language and theme switches, a centred card. */
export function AuthFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className="auth-page" style={{ color: token.colorText }}>
      <header className="auth-topbar">
        <Link to="/home/index" className="auth-brand" style={{ color: token.colorText }}>
          <Logo size={28} />
        </Link>
        <div className="auth-tools">
          <LangSwitch />
          <ThemeSwitch variant="toggle" />
        </div>
      </header>
      <main className={wide ? 'auth-main auth-main-wide' : 'auth-main'}>{children}</main>
      <footer className="auth-footer" style={{ color: token.colorTextTertiary }}>
        {t('app.copyright', { year: APP_YEAR, version: APP_VERSION })}
      </footer>
    </div>
  );
}

export function AuthCard({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      className="auth-card"
      style={{
        background: token.colorBgContainer,
        borderColor: token.colorBorderSecondary,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      {children}
    </section>
  );
}
