import { Menu, type MenuProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { MenuIcon } from './icons';
import { type MenuNode, menuTarget, openKeysFor } from './menu';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[], label: (n: MenuNode) => string, flat = false): Item[] {
  return nodes.map((n) => ({
    key: n.path,
    icon: <MenuIcon name={n.icon} />,
    label: label(n),
    children: !flat && n.children ? toItems(n.children, label) : undefined,
  }));
}

export function useMenuLabel() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  return useCallback(
    (n: { title: string; titleEn: string; titleKey?: string }) =>
      n.titleKey ? t(n.titleKey) : en ? n.titleEn || n.title : n.title || n.titleEn,
    [t, en],
  );
}

function findNode(nodes: readonly MenuNode[], path: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.path === path) return n;
    const inner = n.children && findNode(n.children, path);
    if (inner) return inner;
  }
  return undefined;
}

interface SideMenuProps {
  nodes: readonly MenuNode[];
  mode: 'inline' | 'horizontal';
  collapsed?: boolean;
  /** Only the top level, each entry opening its first page (mix layout's header). */
  topLevelOnly?: boolean;
  selectedKey?: string;
  onNavigate?: (path: string) => void;
  dark?: boolean;
}

export function SideMenu({ nodes, mode, collapsed, topLevelOnly, selectedKey, onNavigate, dark }: SideMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const label = useMenuLabel();
  const items = useMemo(() => toItems(nodes, label, topLevelOnly), [nodes, label, topLevelOnly]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(nodes, pathname));

  useEffect(() => {
    if (mode === 'inline') setOpenKeys((keys) => [...new Set([...keys, ...openKeysFor(nodes, pathname)])]);
  }, [pathname, nodes, mode]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (onNavigate) return onNavigate(key);
    const node = findNode(nodes, key);
    navigate(node ? menuTarget(node) : key);
  };

  return (
    <Menu
      mode={mode}
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={[selectedKey ?? pathname]}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={onClick}
      style={{ borderInlineEnd: 'none', background: 'transparent', flex: 1, minWidth: 0 }}
    />
  );
}
