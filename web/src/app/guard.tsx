import type { RouteVO } from '@baton/contracts';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { usePermissionStore } from '../stores/permission';
import { isLoggedIn } from '../stores/user';
import type { RouteHandle } from './meta';
import { isConsolePath, isWhitelisted } from './paths';
import { getRouter } from './router-instance';
import { clearSession, loadSession, loginPath } from './session';

const joinPath = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/+$/, '')}/${child}`.replace(/\/{2,}/g, '/');

function firstVisibleLeaf(node: RouteVO, base: string): string | undefined {
  for (const child of node.children ?? []) {
    if (child.meta?.hidden) continue;
    const full = joinPath(base, child.path);
    if (!child.children?.length) return full;
    const deeper = firstVisibleLeaf(child, full);
    if (deeper) return deeper;
  }
  return undefined;
}

/**
 * The server's route tree as flat routes under the admin layout: every page gets its full
 * path (so the layout, its tabs and its kept-alive pages stay mounted across menu groups),
 * and every group redirects to its `redirect` or its first visible page.
 */
export function toRouteObjects(tree: readonly RouteVO[], base = '/'): RouteObject[] {
  const out: RouteObject[] = [];
  for (const node of tree) {
    const full = joinPath(base, node.path);
    const handle: RouteHandle = {
      title: node.meta?.title,
      titleEn: node.meta?.titleEn,
      icon: node.meta?.icon,
      hidden: node.meta?.hidden,
      keepAlive: node.meta?.keepAlive,
    };
    if (node.children?.length) {
      const target = node.redirect || firstVisibleLeaf(node, full);
      if (target && target !== full) out.push({ path: full.slice(1), handle, loader: () => redirect(target) });
      out.push(...toRouteObjects(node.children, full));
    } else if (node.component && node.component !== 'Layout') {
      const component = node.component;
      out.push({
        path: full.slice(1),
        handle,
        // The map of every page (and its chunk list) is itself loaded only when a menu page opens.
        lazy: async () => {
          const { notFoundPage, resolvePage } = await import('./component-map');
          const load = resolvePage(component) ?? notFoundPage;
          return { Component: (await load()).default };
        },
      });
    }
  }
  return out;
}

/**
 * The navigation guard (spec §2), run before every navigation. It always ends on a page or
 * on the login page: a failed route load clears the session and goes to login.
 */
export const guardState = { loading: false };

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  if (isWhitelisted(url.pathname)) return null;
  if (!isLoggedIn()) {
    if (isConsolePath(url.pathname)) throw redirect(loginPath(target));
    // Not a console address: a public page (`/h5/<code>`), or the public "not found".
    return null;
  }
  if (usePermissionStore.getState().routesLoaded) return null;
  guardState.loading = true;
  try {
    const { routes } = await loadSession();
    getRouter().patchRoutes('main', toRouteObjects(routes));
  } catch {
    clearSession();
    throw redirect(loginPath(target));
  } finally {
    guardState.loading = false;
  }
  // Run the navigation again, now that the user's routes are part of the router.
  throw redirect(target);
}
