import {
  type Lang,
  ROOT_ROLE,
  type RoleBody,
  type RoleForm,
  type RoleOptionVO,
  type RolePageQuery,
  type RoleUpdateBody,
  type RoleVO,
} from '@baton/contracts';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menu, role, roleMenu, userRole } from '../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../lib/errors.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { iso, isUniqueViolation, likeAny } from '../../lib/sql.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';

const SORT = { code: role.code, name: role.name, sort: role.sort, createdAt: role.createdAt };
const codeTaken = (code: string) => badInput(`角色编码“${code}”已存在`, `the role code "${code}" is already used`);
const userCountSql = sql<number>`(select count(*)::int from sys_user_role ur where ur.role_id = ${role.id})`;

export async function pageRoles(db: Db, q: RolePageQuery) {
  const where: SQL[] = [];
  const kw = likeAny(q.keywords, [role.code, role.name, role.nameEn]);
  if (kw) where.push(kw);
  if (q.status !== undefined) where.push(eq(role.status, q.status));
  const cond = and(...where);
  const [total] = await db.select({ n: count() }).from(role).where(cond);
  const rows = await db
    .select({
      id: role.id,
      code: role.code,
      name: role.name,
      nameEn: role.nameEn,
      dataScope: role.dataScope,
      sort: role.sort,
      status: role.status,
      userCount: userCountSql,
      createdAt: role.createdAt,
    })
    .from(role)
    .where(cond)
    .orderBy(...orderFrom(SORT, q.sortKey, q.sortDir, [asc(role.sort), asc(role.id)]))
    .limit(limitOffset(q).limit)
    .offset(limitOffset(q).offset);
  const list: RoleVO[] = rows.map((r) => ({ ...r, userCount: Number(r.userCount), createdAt: iso(r.createdAt) }));
  return { list, total: total?.n ?? 0 };
}

/** Enabled roles for pickers; ROOT is offered to ROOT callers only. */
export async function roleOptions(db: Db, caller: CurrentUser, lang: Lang): Promise<RoleOptionVO[]> {
  const rows = await db
    .select({ id: role.id, code: role.code, name: role.name, nameEn: role.nameEn })
    .from(role)
    .where(and(eq(role.status, 1), caller.isRoot ? undefined : ne(role.code, ROOT_ROLE)))
    .orderBy(asc(role.sort), asc(role.id));
  return rows.map((r) => ({
    value: r.id,
    label: lang === 'en' ? r.nameEn || r.name : r.name,
    labelEn: r.nameEn || r.name,
    code: r.code,
  }));
}

export async function roleForm(db: Db, id: number): Promise<RoleForm> {
  const [row] = await db
    .select({
      id: role.id,
      code: role.code,
      name: role.name,
      nameEn: role.nameEn,
      dataScope: role.dataScope,
      sort: role.sort,
      status: role.status,
      version: role.version,
    })
    .from(role)
    .where(eq(role.id, id));
  if (!row) throw notFound();
  return row;
}

async function codeExists(db: Db, code: string, exceptId?: number) {
  const rows = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.code, code), exceptId ? ne(role.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function createRole(db: Db, body: RoleBody): Promise<RoleForm> {
  if (body.code === ROOT_ROLE || (await codeExists(db, body.code))) throw codeTaken(body.code);
  try {
    const [row] = await db
      .insert(role)
      .values({
        code: body.code,
        name: body.name,
        nameEn: body.nameEn ?? '',
        dataScope: body.dataScope,
        sort: body.sort ?? 0,
        status: body.status ?? 1,
      })
      .returning({ id: role.id });
    return roleForm(db, row!.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(body.code);
    throw err;
  }
}

export async function updateRole(db: Db, caller: CurrentUser, id: number, body: RoleUpdateBody) {
  const before = await roleForm(db, id);
  if (before.code === ROOT_ROLE) {
    if (!caller.isRoot) throw new AppError('A0301');
    if (body.code !== ROOT_ROLE || (body.status ?? 1) !== 1 || body.dataScope !== 1) {
      throw badInput('超级管理员角色的编码、状态和数据权限不能修改', 'the ROOT role keeps its code, status and scope');
    }
  } else if (body.code === ROOT_ROLE) {
    throw codeTaken(body.code);
  }
  if (await codeExists(db, body.code, id)) throw codeTaken(body.code);
  try {
    const updated = await db
      .update(role)
      .set({
        code: body.code,
        name: body.name,
        nameEn: body.nameEn ?? before.nameEn,
        dataScope: body.dataScope,
        sort: body.sort ?? before.sort,
        status: body.status ?? before.status,
        ...nextVersion(role),
      })
      .where(sameVersion(role, id, body.version))
      .returning({ id: role.id });
    if (!updated.length) await staleOrMissing(db.select({ id: role.id }).from(role).where(eq(role.id, id)));
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(body.code);
    throw err;
  }
  return { before, after: await roleForm(db, id) };
}

/** Delete roles; ROOT and roles still held by users are refused (the message says how many). */
export async function deleteRoles(db: Db, ids: number[]) {
  const rows = await db
    .select({ id: role.id, code: role.code, name: role.name, users: userCountSql })
    .from(role)
    .where(inArray(role.id, ids));
  if (rows.length !== ids.length) throw notFound();
  for (const r of rows) {
    if (r.code === ROOT_ROLE) throw badInput('超级管理员角色不能删除', 'the ROOT role cannot be deleted');
    const n = Number(r.users);
    if (n > 0) {
      throw badInput(
        `角色“${r.name}”仍有 ${n} 个用户，请先取消分配`,
        `the role "${r.code}" is still held by ${n} user${n === 1 ? '' : 's'}; unassign it first`,
      );
    }
  }
  await db.delete(role).where(inArray(role.id, ids));
  return rows;
}

export async function roleMenuIds(db: Db, id: number): Promise<number[]> {
  await roleForm(db, id);
  const rows = await db
    .select({ menuId: roleMenu.menuId })
    .from(roleMenu)
    .where(eq(roleMenu.roleId, id))
    .orderBy(asc(roleMenu.menuId));
  return rows.map((r) => r.menuId);
}

/** Menus the caller holds through their enabled roles. */
async function heldMenuIds(db: Db, caller: CurrentUser): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ menuId: roleMenu.menuId })
    .from(roleMenu)
    .innerJoin(role, and(eq(role.id, roleMenu.roleId), eq(role.status, 1)))
    .innerJoin(userRole, eq(userRole.roleId, role.id))
    .where(eq(userRole.userId, caller.id));
  return new Set(rows.map((r) => r.menuId));
}

/**
 * Replace the menus of a role. A non-ROOT caller grants and removes only menus they hold
 * themselves; the role's other menus are left as they were.
 */
export async function assignMenus(db: Db, caller: CurrentUser, id: number, menuIds: number[]) {
  const target = await roleForm(db, id);
  if (target.code === ROOT_ROLE) {
    throw badInput('超级管理员角色拥有全部权限，无需分配', 'the ROOT role holds every permission already');
  }
  const wanted = [...new Set(menuIds)];
  if (wanted.length) {
    const found = await db.select({ id: menu.id }).from(menu).where(inArray(menu.id, wanted));
    const missing = wanted.filter((m) => !found.some((f) => f.id === m));
    if (missing.length) throw badInput(`菜单不存在：${missing.join(', ')}`, `no such menu: ${missing.join(', ')}`);
  }
  const before = await roleMenuIds(db, id);
  let next = wanted;
  if (!caller.isRoot) {
    const held = await heldMenuIds(db, caller);
    const notHeld = wanted.filter((m) => !held.has(m) && !before.includes(m));
    if (notHeld.length) {
      throw new AppError(
        'A0301',
        {},
        {
          zh: `不能授予您自己没有的权限（菜单 ${notHeld.join(', ')}）`,
          en: `you cannot grant permissions you do not hold (menus ${notHeld.join(', ')})`,
        },
      );
    }
    // Menus outside the caller's own set stay as they were.
    next = [...new Set([...wanted, ...before.filter((m) => !held.has(m))])];
  }
  await db.transaction(async (tx) => {
    await tx.delete(roleMenu).where(eq(roleMenu.roleId, id));
    if (next.length) await tx.insert(roleMenu).values(next.map((menuId) => ({ roleId: id, menuId })));
    await tx.update(role).set({ updatedAt: new Date() }).where(eq(role.id, id));
  });
  return { role: target, before, after: await roleMenuIds(db, id) };
}
