import type { Lang, MenuBody, MenuForm, MenuUpdateBody, MenuVO, TreeOptionVO } from '@baton/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menu } from '../../db/schema/index.js';
import { badInput, notFound } from '../../lib/errors.js';
import { buildTree, descendantsOf, optionTree, withAncestors } from '../../lib/tree.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';

type MenuRow = typeof menu.$inferSelect;

function toForm(m: MenuRow): MenuForm {
  return {
    id: m.id,
    parentId: m.parentId,
    type: m.type,
    routeName: m.routeName,
    title: m.title,
    titleEn: m.titleEn,
    path: m.path,
    component: m.component,
    redirect: m.redirect,
    icon: m.icon,
    perm: m.perm,
    sort: m.sort,
    hidden: m.hidden,
    keepAlive: m.keepAlive,
    alwaysShow: m.alwaysShow,
    params: m.params ?? null,
    version: m.version,
  };
}

const allMenus = (db: Db) => db.select().from(menu).orderBy(asc(menu.sort), asc(menu.id));

/** The whole menu tree; with keywords, the matching menus and their ancestors. */
export async function menuTree(db: Db, keywords: string | undefined): Promise<MenuVO[]> {
  let rows = await allMenus(db);
  const kw = keywords?.trim().toLowerCase();
  if (kw) {
    rows = withAncestors(rows, (m) =>
      [m.title, m.titleEn, m.perm, m.path, m.routeName, m.component].some((f) => f?.toLowerCase().includes(kw)),
    );
  }
  return buildTree<MenuRow, MenuVO>(rows, (m, children) => {
    const { version: _v, ...rest } = toForm(m);
    return { ...rest, children };
  });
}

/** Menus as picker options; `onlyParent` keeps catalogues and pages (what a menu can hang under). */
export async function menuOptions(db: Db, onlyParent: boolean, lang: Lang): Promise<TreeOptionVO[]> {
  const rows = (await allMenus(db)).filter((m) => !onlyParent || m.type !== 'B');
  return optionTree(rows, lang, (m) => ({ zh: m.title, en: m.titleEn }));
}

export async function menuForm(db: Db, id: number): Promise<MenuForm> {
  const [row] = await db.select().from(menu).where(eq(menu.id, id));
  if (!row) throw notFound();
  return toForm(row);
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** Rules across fields: parent kind, no cycles, what each type needs. */
async function checkMenu(db: Db, body: MenuBody, id?: number) {
  const parentId = body.parentId ?? null;
  if (parentId !== null) {
    const [parent] = await db.select({ id: menu.id, type: menu.type }).from(menu).where(eq(menu.id, parentId));
    if (!parent) throw badInput(`上级菜单 ${parentId} 不存在`, `parent menu ${parentId} does not exist`);
    if (parent.type === 'B') throw badInput('按钮下不能再有菜单', 'a button cannot have children');
    if (id !== undefined) {
      const all = await db.select({ id: menu.id, parentId: menu.parentId }).from(menu);
      if (descendantsOf(all, [id]).has(parentId)) {
        throw badInput('上级菜单不能是自己或自己的下级', 'a menu cannot be its own ancestor');
      }
    }
  }
  if (body.type === 'B' && !blank(body.perm)) {
    throw badInput('按钮必须有权限标识', 'a button needs a permission string');
  }
  if (body.type !== 'B' && !blank(body.path))
    throw badInput('目录和菜单必须有路由路径', 'a catalogue or page needs a path');
  if (body.type === 'M' && !blank(body.component)) throw badInput('菜单必须有组件路径', 'a page needs a component');
  if (id !== undefined && body.type === 'B') {
    const [child] = await db.select({ id: menu.id }).from(menu).where(eq(menu.parentId, id)).limit(1);
    if (child) throw badInput('有下级的菜单不能改为按钮', 'a menu with children cannot become a button');
  }
}

function values(body: MenuBody) {
  const isButton = body.type === 'B';
  return {
    parentId: body.parentId ?? null,
    type: body.type,
    routeName: isButton ? null : blank(body.routeName),
    title: body.title.trim(),
    titleEn: body.titleEn?.trim() ?? '',
    path: isButton ? null : blank(body.path),
    component: isButton ? null : blank(body.component),
    redirect: isButton ? null : blank(body.redirect),
    icon: blank(body.icon),
    perm: blank(body.perm),
    sort: body.sort ?? 0,
    hidden: body.hidden ?? false,
    keepAlive: body.keepAlive ?? false,
    alwaysShow: body.alwaysShow ?? false,
    params: body.params && Object.keys(body.params).length ? body.params : null,
  };
}

export async function createMenu(db: Db, body: MenuBody): Promise<MenuForm> {
  await checkMenu(db, body);
  const [row] = await db.insert(menu).values(values(body)).returning();
  return toForm(row!);
}

export async function updateMenu(db: Db, id: number, body: MenuUpdateBody) {
  const before = await menuForm(db, id);
  await checkMenu(db, body, id);
  const updated = await db
    .update(menu)
    .set({ ...values(body), ...nextVersion(menu) })
    .where(sameVersion(menu, id, body.version))
    .returning();
  if (!updated.length) await staleOrMissing(db.select({ id: menu.id }).from(menu).where(eq(menu.id, id)));
  return { before, after: toForm(updated[0]!) };
}

/** Delete a menu with everything below it (grants go with them). */
export async function deleteMenu(db: Db, id: number) {
  const before = await menuForm(db, id);
  const all = await db.select({ id: menu.id, parentId: menu.parentId }).from(menu);
  const ids = [...descendantsOf(all, [id])];
  await db.delete(menu).where(inArray(menu.id, ids));
  return { before, ids };
}
