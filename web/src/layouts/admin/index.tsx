import { USER_TYPE } from '@baton/contracts';
import { Drawer, Layout, theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import type { RouteHandle } from '../../app/meta';
import { Logo } from '../../components/Logo';
import { useAppStore } from '../../stores/app';
import { usePermissionStore } from '../../stores/permission';
import { useSettingsStore } from '../../stores/settings';
import { useTagsStore } from '../../stores/tags';
import { useUserStore } from '../../stores/user';
import { AppMain } from './AppMain';
import { DelegationShell } from './DelegationShell';
import { buildMenu, DASHBOARD_MENU, type MenuNode, menuTarget, topEntryFor } from './menu';
import { Breadcrumbs, NavTools, SidebarToggle } from './Navbar';
import { SideMenu } from './SideMenu';
import { TagsView } from './TagsView';
import './admin.css';

/**
 * The layout settings (its colour picker brings antd's Slider, InputNumber and Select, ~40 KB
 * gzip): fetched when first opened, not with the console's first page.
 */
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));

const SIDER_WIDTH = 220;
const SIDER_COLLAPSED = 64;

function firstLeaf(node: MenuNode): MenuNode {
  return node.children?.[0] ? firstLeaf(node.children[0]) : node;
}

/** Keep the window size in the app store (device, sidebar on mobile). */
function useScreenTracking() {
  const setScreen = useAppStore((s) => s.setScreen);
  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setScreen(window.innerWidth, window.innerHeight));
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, [setScreen]);
}

/** Every page the user opens becomes a tab. */
function useTagTracking() {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const addView = useTagsStore((s) => s.addView);
  useEffect(() => {
    const handle = matches.at(-1)?.handle as RouteHandle | undefined;
    if (!handle || handle.noTag) return;
    addView({
      path: pathname,
      fullPath: pathname + search,
      title: handle.title ?? '',
      titleEn: handle.titleEn ?? '',
      titleKey: handle.titleKey,
      affix: Boolean(handle.affix),
      keepAlive: Boolean(handle.keepAlive),
    });
  }, [pathname, search, matches, addView]);
}

export default function AdminLayout() {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const routes = usePermissionStore((s) => s.routes);
  const device = useAppStore((s) => s.device);
  const opened = useAppStore((s) => s.sidebarStatus === 'opened');
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const setActiveTop = useAppStore((s) => s.setActiveTopMenuPath);
  const { layout: chosenLayout, tagsView, fixedHeader, sidebarLogo } = useSettingsStore();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  useScreenTracking();
  useTagTracking();

  const delegation = useUserStore((s) => s.userInfo?.userType === USER_TYPE.DELEGATION);
  const mobile = device === 'mobile';
  // Top and mixed menus need the width of a desktop; a phone always gets the drawer menu.
  const layout = mobile ? 'left' : chosenLayout;
  const menu = useMemo(() => [DASHBOARD_MENU, ...buildMenu(routes)], [routes]);
  const topEntry = topEntryFor(menu, pathname);

  useEffect(() => {
    if (topEntry) setActiveTop(topEntry.path);
  }, [topEntry, setActiveTop]);

  // On a phone the menu is an overlay: close it once the user has picked a page.
  useEffect(() => {
    if (mobile && pathname) closeSidebar();
  }, [pathname, mobile, closeSidebar]);

  // A delegation on a phone: its own light shell (its pages at the bottom, no console tools).
  if (mobile && delegation) return <DelegationShell />;

  const siderMenu = layout === 'mix' ? (topEntry?.children ?? []) : menu;
  const showSider = layout === 'left' || (layout === 'mix' && siderMenu.length > 0);
  const collapsed = !opened;
  const surface = { background: token.colorBgContainer };
  const border = `1px solid ${token.colorBorderSecondary}`;

  const brand = (small: boolean) => (
    <Link to="/dashboard" className="admin-brand" style={{ color: token.colorText }}>
      <Logo size={30} withName={!small} />
    </Link>
  );

  const sideMenu = (
    <SideMenu nodes={siderMenu} mode="inline" collapsed={mobile ? false : collapsed && layout === 'left'} />
  );

  const tags = tagsView && (
    <div className="admin-tags-bar" style={{ ...surface, borderBottom: border }}>
      <TagsView />
    </div>
  );

  const navbar = (
    <div className="admin-navbar" style={{ borderBottom: border }}>
      {layout === 'left' ? (
        <>
          <SidebarToggle />
          {!mobile && <Breadcrumbs />}
          {mobile && brand(false)}
        </>
      ) : (
        <>
          {brand(false)}
          <div className="admin-topmenu">
            {layout === 'top' ? (
              <SideMenu nodes={menu} mode="horizontal" />
            ) : (
              <SideMenu
                nodes={menu}
                mode="horizontal"
                topLevelOnly
                selectedKey={topEntry?.path}
                onNavigate={(key) => {
                  const entry = menu.find((n) => n.path === key);
                  if (entry) navigate(menuTarget(firstLeaf(entry)));
                }}
              />
            )}
          </div>
        </>
      )}
      <NavTools
        onOpenSettings={() => {
          setSettingsUsed(true);
          setSettingsOpen(true);
        }}
      />
    </div>
  );

  const sider = showSider && !mobile && (
    <Layout.Sider
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED}
      collapsed={layout === 'left' && collapsed}
      trigger={null}
      className="admin-sider"
      style={{ ...surface, borderInlineEnd: border }}
    >
      {layout === 'left' && sidebarLogo && <div className="admin-sider-logo">{brand(collapsed)}</div>}
      <div className="admin-sider-menu">{sideMenu}</div>
    </Layout.Sider>
  );

  const mobileMenu = mobile && (
    <Drawer
      placement="left"
      open={opened}
      onClose={closeSidebar}
      size={SIDER_WIDTH + 20}
      closable={false}
      styles={{ body: { padding: 0 } }}
      data-testid="sidebar-drawer"
    >
      <div className="admin-sider-logo" style={{ borderBottom: border }}>
        {brand(false)}
      </div>
      {sideMenu}
    </Drawer>
  );

  const content = (
    <Layout.Content className="admin-content">
      <AppMain />
    </Layout.Content>
  );
  const fixed = fixedHeader ? ' is-fixed' : '';
  const settings = settingsUsed && (
    <Suspense fallback={null}>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Suspense>
  );

  if (layout === 'mix') {
    // The header spans the page; the sider (the active group's pages) sits below it.
    return (
      <Layout className="admin-layout layout-mix">
        <header className={`admin-header${fixed}`} style={surface}>
          {navbar}
        </header>
        <Layout hasSider={showSider} style={{ background: token.colorBgLayout }}>
          {sider}
          <Layout className="admin-body" style={{ background: token.colorBgLayout }}>
            {tags && <div className={`admin-header admin-subheader${fixed}`}>{tags}</div>}
            {content}
          </Layout>
        </Layout>
        {settings}
      </Layout>
    );
  }

  return (
    <Layout className={`admin-layout layout-${layout}`} hasSider={Boolean(sider)}>
      {sider}
      {mobileMenu}
      <Layout className="admin-body" style={{ background: token.colorBgLayout }}>
        <header className={`admin-header${fixed}`} style={surface}>
          {navbar}
          {tags}
        </header>
        {content}
      </Layout>
      {settings}
    </Layout>
  );
}
