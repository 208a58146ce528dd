import { ConfigProvider, type ThemeConfig } from 'antd';
import { useMemo } from 'react';
import { Link, NavLink, useMatches } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { handleTitle, lastHandle } from '../../app/meta';
import { LangSwitch } from '../../components/LangSwitch';
import { Logo } from '../../components/Logo';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import { usePermissionStore } from '../../stores/permission';
import { AppMain } from './AppMain';
import { MenuIcon } from './icons';
import { buildMenu, type MenuNode, menuTarget } from './menu';
import { UserMenu } from './UserMenu';
import './delegation-shell.css';

/** At most this many pages in the bottom bar (a delegation has four: athletes, coaches, events, files). */
const MAX_TABS = 5;

/** 44 px for every antd control in the shell (issue 25: targets for thumbs); styles/touch.css does the rest. */
const TOUCH_THEME: ThemeConfig = {
  token: { controlHeight: 44, controlHeightSM: 44, controlHeightLG: 48 },
  components: {
    Pagination: { itemSize: 44, itemSizeSM: 44 },
    Tabs: { horizontalItemPadding: '12px 0' },
  },
};

function leaves(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));
}

/**
 * A delegation's frame on a phone: a slim top bar (brand, the page's title, language, theme,
 * the account menu) and its pages in a bar at the bottom, as the public phone frame has them —
 * in place of the console's sidebar drawer, tabs bar, layout gear and notice bell.
 */
export function DelegationShell() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const routes = usePermissionStore((s) => s.routes);
  const matches = useMatches();
  const tabs = useMemo(() => leaves(buildMenu(routes)).slice(0, MAX_TABS), [routes]);
  const title = handleTitle(lastHandle(matches), i18n.language, t);
  const home = tabs[0] ? menuTarget(tabs[0]) : '/dashboard';
  return (
    <ConfigProvider theme={TOUCH_THEME}>
      <div className="dlg-shell touch" data-testid="dlg-shell">
        <header className="dlg-shell-header">
          <Link to={home} className="dlg-shell-brand" aria-label={t('route.dashboard')}>
            <Logo size={26} withName={false} />
          </Link>
          <h1 className="dlg-shell-title">{title}</h1>
          <div className="dlg-shell-tools">
            <LangSwitch />
            <ThemeSwitch variant="toggle" />
            <UserMenu compact />
          </div>
        </header>
        <main className="dlg-shell-main">
          <AppMain />
        </main>
        <nav
          className="dlg-shell-tabbar"
          aria-label={t('navbar.dlgPages')}
          style={{ ['--tabs' as string]: tabs.length }}
        >
          {tabs.map((tab) => (
            <NavLink
              key={tab.path}
              to={menuTarget(tab)}
              className="dlg-shell-tab"
              data-testid={`dlg-tab-${tab.path.split('/').pop()}`}
            >
              <MenuIcon name={tab.icon} />
              <span>{(en ? tab.titleEn || tab.title : tab.title || tab.titleEn) || t(tab.titleKey ?? '')}</span>
            </NavLink>
          ))}
        </nav>
      </div>
    </ConfigProvider>
  );
}
