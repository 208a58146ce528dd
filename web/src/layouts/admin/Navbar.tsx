import {
  FontSizeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button, Dropdown, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { handleTitle, lastHandle } from '../../app/meta';
import { LangSwitch } from '../../components/LangSwitch';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import { SIZES, type SizeMode, useAppStore } from '../../stores/app';
import { usePermissionStore } from '../../stores/permission';
import { routeChain } from './menu';
import { NoticeBell } from './NoticeBell';
import { UserMenu } from './UserMenu';

export function SidebarToggle() {
  const { t } = useTranslation();
  const opened = useAppStore((s) => s.sidebarStatus === 'opened');
  const toggle = useAppStore((s) => s.toggleSidebar);
  return (
    <Button
      type="text"
      icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      onClick={toggle}
      aria-label={t('navbar.toggleSidebar')}
      title={t('navbar.toggleSidebar')}
      aria-expanded={opened}
      data-testid="sidebar-toggle"
    />
  );
}

export function Breadcrumbs() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const routes = usePermissionStore((s) => s.routes);
  const en = i18n.language === 'en';

  const items = useMemo(() => {
    const home = { key: '/dashboard', title: <Link to="/dashboard">{t('route.dashboard')}</Link> };
    if (pathname === '/dashboard') return [{ key: 'dashboard', title: t('route.dashboard') }];
    const chain = routeChain(routes, pathname);
    if (chain.length) {
      return [
        home,
        ...chain.map((n, i) => ({
          key: `${i}-${n.path}`,
          title: (en ? n.meta?.titleEn || n.meta?.title : n.meta?.title || n.meta?.titleEn) || n.name,
        })),
      ];
    }
    const title = handleTitle(lastHandle(matches), i18n.language, t);
    return title ? [home, { key: pathname, title }] : [home];
  }, [pathname, routes, matches, en, t, i18n.language]);

  return <Breadcrumb items={items} />;
}

function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = full ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        data-testid="fullscreen-toggle"
        onClick={() =>
          (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {})
        }
      />
    </Tooltip>
  );
}

function SizeSelect() {
  const { t } = useTranslation();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: <span data-testid={`size-${s}`}>{t(`navbar.sizes.${s}`)}</span> })),
        onClick: ({ key }) => setSize(key as SizeMode),
      }}
    >
      <Button
        type="text"
        icon={<FontSizeOutlined />}
        aria-label={t('navbar.size')}
        title={t('navbar.size')}
        data-testid="size-switch"
      />
    </Dropdown>
  );
}

/** The tools on the right of the header. */
export function NavTools({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  return (
    <div className="admin-tools">
      {!mobile && <FullscreenToggle />}
      <LangSwitch />
      {!mobile && <SizeSelect />}
      <ThemeSwitch />
      <NoticeBell />
      <Button
        type="text"
        icon={<SettingOutlined />}
        onClick={onOpenSettings}
        aria-label={t('navbar.settings')}
        title={t('navbar.settings')}
        data-testid="settings-button"
      />
      <UserMenu compact={mobile} />
    </div>
  );
}
