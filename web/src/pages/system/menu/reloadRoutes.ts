import { toRouteObjects } from '../../../app/guard';
import { getRouter } from '../../../app/router-instance';
import { loadSession } from '../../../app/session';

/**
 * After a menu (or a role of one's own) changes: fetch the signed-in user's info and route tree
 * again, so the sidebar, breadcrumbs and button permissions follow without a page reload. New
 * pages are patched into the router; routes that disappeared stay until the next sign-in.
 */
export async function reloadRoutes(): Promise<void> {
  const { routes } = await loadSession();
  getRouter().patchRoutes('main', toRouteObjects(routes));
}
