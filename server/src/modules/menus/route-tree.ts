import type { RouteVO } from '@baton/contracts';
import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menu } from '../../db/schema/index.js';
import type { CurrentUser } from '../../plugins/auth.js';

type MenuRow = typeof menu.$inferSelect;

function toRoute(m: MenuRow, children: RouteVO[]): RouteVO {
  return {
    path: m.path ?? '',
    name: m.routeName ?? `menu${m.id}`,
    component: m.type === 'C' ? 'Layout' : (m.component ?? ''),
    redirect: m.redirect,
    meta: {
      title: m.title,
      titleEn: m.titleEn || m.title,
      icon: m.icon,
      hidden: m.hidden,
      keepAlive: m.keepAlive,
      alwaysShow: m.alwaysShow,
      params: m.params ?? null,
    },
    children,
  };
}

/**
 * The route tree of a user: catalogues and pages granted to any of the user's roles (all of
 * them for ROOT). A nested catalogue below the top level keeps its own component, if any.
 */
export async function routesFor(db: Db, u: CurrentUser): Promise<RouteVO[]> {
  const granted = u.isRoot
    ? undefined
    : sql`${menu.id} in (select rm.menu_id from sys_role_menu rm join sys_user_role ur on ur.role_id = rm.role_id
        join sys_role r on r.id = rm.role_id and r.status = 1 where ur.user_id = ${u.id})`;
  const rows = await db
    .select()
    .from(menu)
    .where(and(inArray(menu.type, ['C', 'M']), granted, ne(menu.path, '')))
    .orderBy(asc(menu.sort), asc(menu.id));

  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: number | null, depth: number): RouteVO[] =>
    (byParent.get(parentId) ?? []).map((m) => {
      const route = toRoute(m, build(m.id, depth + 1));
      if (m.type === 'C' && depth > 0) route.component = m.component ?? 'Layout';
      return route;
    });
  // Catalogues without any granted page are left out: they would lead nowhere.
  const prune = (list: RouteVO[]): RouteVO[] =>
    list
      .map((r) => ({ ...r, children: prune(r.children) }))
      .filter((r) => r.component !== 'Layout' || r.children.length > 0);
  return prune(build(null, 0));
}
