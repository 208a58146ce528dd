import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { dept, role, user, userRole } from '../../db/schema/index.js';
import { descendantsOf } from '../../lib/tree.js';
import type { CurrentUser } from '../../plugins/auth.js';

/**
 * Data scope of a caller over users: the union of the scopes of the caller's enabled roles
 * (1 all, 2 department and below, 3 own department, 4 self). ROOT sees everything.
 */
export interface UserScope {
  all: boolean;
  /** Departments whose users the caller sees. */
  deptIds: Set<number>;
  /** The caller, always visible to themselves. */
  selfId: number;
}

export async function userScope(db: DbOrTx, caller: CurrentUser): Promise<UserScope> {
  const scope: UserScope = { all: caller.isRoot, deptIds: new Set(), selfId: caller.id };
  if (scope.all) return scope;
  const rows = await db
    .selectDistinct({ dataScope: role.dataScope })
    .from(userRole)
    .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.status, 1)))
    .where(eq(userRole.userId, caller.id));
  const scopes = new Set(rows.map((r) => r.dataScope));
  if (scopes.has(1)) return { ...scope, all: true };
  if (caller.deptId !== null) {
    if (scopes.has(2)) {
      const all = await db.select({ id: dept.id, parentId: dept.parentId }).from(dept);
      for (const id of descendantsOf(all, [caller.deptId])) scope.deptIds.add(id);
    } else if (scopes.has(3)) {
      scope.deptIds.add(caller.deptId);
    }
  }
  return scope;
}

/** The WHERE part limiting sys_user rows to the scope (undefined: no limit). */
export function scopeCondition(scope: UserScope): SQL | undefined {
  if (scope.all) return undefined;
  const ids = [...scope.deptIds];
  return ids.length ? sql`(${inArray(user.deptId, ids)} or ${eq(user.id, scope.selfId)})` : eq(user.id, scope.selfId);
}

/** May the caller place users in this department (create, move, import)? */
export function deptInScope(scope: UserScope, deptId: number | null): boolean {
  if (scope.all) return true;
  return deptId !== null && scope.deptIds.has(deptId);
}
