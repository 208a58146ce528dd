import type { RouteVO } from '@baton/contracts';

/** One entry of the sidebar / top menu, with its full path. */
export interface MenuNode {
  path: string;
  title: string;
  titleEn: string;
  titleKey?: string;
  icon?: string | null;
  /** Query parameters the entry opens its page with (meta.params). */
  params?: Record<string, string> | null;
  children?: MenuNode[];
}

export const joinPath = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/+$/, '')}/${child}`.replace(/\/{2,}/g, '/');

export const DASHBOARD_MENU: MenuNode = {
  path: '/dashboard',
  title: '',
  titleEn: '',
  titleKey: 'route.dashboard',
  icon: 'DashboardOutlined',
};

/**
 * The visible menu: hidden entries dropped; a group with one visible child shows that child
 * in its place unless the group says `alwaysShow`; a group with no visible child is dropped.
 */
export function buildMenu(tree: readonly RouteVO[], base = '/'): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of tree) {
    if (node.meta?.hidden) continue;
    const path = joinPath(base, node.path);
    const own: MenuNode = {
      path,
      title: node.meta?.title ?? node.name,
      titleEn: node.meta?.titleEn ?? node.name,
      icon: node.meta?.icon,
      params: node.meta?.params,
    };
    if (node.children?.length) {
      const children = buildMenu(node.children, path);
      if (children.length === 0) continue;
      const only = children[0];
      if (children.length === 1 && only && !node.meta?.alwaysShow && !only.children) {
        out.push({ ...only, icon: only.icon || own.icon });
      } else {
        out.push({ ...own, children });
      }
    } else {
      out.push(own);
    }
  }
  return out;
}

/** The chain of route nodes (hidden ones included) leading to `pathname`, for the breadcrumb. */
export function routeChain(tree: readonly RouteVO[], pathname: string, base = '/'): RouteVO[] {
  for (const node of tree) {
    const path = joinPath(base, node.path);
    if (path === pathname) return [node];
    if (node.children?.length && pathname.startsWith(`${path}/`)) {
      const rest = routeChain(node.children, pathname, path);
      if (rest.length) return [node, ...rest];
    }
  }
  return [];
}

/** Paths of the groups that contain `pathname` (the submenus to open). */
export function openKeysFor(menu: readonly MenuNode[], pathname: string): string[] {
  for (const node of menu) {
    if (node.path === pathname) return [];
    if (node.children) {
      const inner = openKeysFor(node.children, pathname);
      if (inner.length || node.children.some((c) => c.path === pathname)) return [node.path, ...inner];
    }
  }
  return [];
}

/** The top-level entry that holds `pathname` (mix layout). */
export function topEntryFor(menu: readonly MenuNode[], pathname: string): MenuNode | undefined {
  return menu.find((n) => n.path === pathname || pathname.startsWith(`${n.path}/`));
}

export function menuTarget(node: MenuNode): string {
  if (!node.params || Object.keys(node.params).length === 0) return node.path;
  return `${node.path}?${new URLSearchParams(node.params).toString()}`;
}
