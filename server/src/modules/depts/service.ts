import type { DeptBody, DeptForm, DeptUpdateBody, DeptVO, Lang, TreeOptionVO } from '@baton/contracts';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dept, user } from '../../db/schema/index.js';
import { badInput, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { buildTree, descendantsOf, optionTree, withAncestors } from '../../lib/tree.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';

type DeptRow = typeof dept.$inferSelect;

function toForm(d: DeptRow): DeptForm {
  return {
    id: d.id,
    parentId: d.parentId,
    name: d.name,
    nameEn: d.nameEn,
    code: d.code,
    sort: d.sort,
    status: d.status,
    version: d.version,
  };
}

const allDepts = (db: Db) => db.select().from(dept).orderBy(asc(dept.sort), asc(dept.id));

/** The department tree; keywords and status keep the matches with their ancestors. */
export async function deptTree(db: Db, q: { keywords?: string; status?: number }): Promise<DeptVO[]> {
  let rows = await allDepts(db);
  const kw = q.keywords?.trim().toLowerCase();
  if (kw || q.status !== undefined) {
    rows = withAncestors(
      rows,
      (d) =>
        (!kw || [d.name, d.nameEn, d.code].some((f) => f?.toLowerCase().includes(kw))) &&
        (q.status === undefined || d.status === q.status),
    );
  }
  return buildTree<DeptRow, DeptVO>(rows, (d, children) => {
    const { version: _v, ...rest } = toForm(d);
    return { ...rest, createdAt: iso(d.createdAt), children };
  });
}

export async function deptOptions(db: Db, lang: Lang): Promise<TreeOptionVO[]> {
  const rows = (await allDepts(db)).filter((d) => d.status === 1);
  return optionTree(rows, lang, (d) => ({ zh: d.name, en: d.nameEn }));
}

export async function deptForm(db: Db, id: number): Promise<DeptForm> {
  const [row] = await db.select().from(dept).where(eq(dept.id, id));
  if (!row) throw notFound();
  return toForm(row);
}

async function checkParent(db: Db, parentId: number | null, id?: number) {
  if (parentId === null) return;
  const [parent] = await db.select({ id: dept.id }).from(dept).where(eq(dept.id, parentId));
  if (!parent) throw badInput(`上级部门 ${parentId} 不存在`, `parent department ${parentId} does not exist`);
  if (id !== undefined) {
    const all = await db.select({ id: dept.id, parentId: dept.parentId }).from(dept);
    if (descendantsOf(all, [id]).has(parentId)) {
      throw badInput('上级部门不能是自己或自己的下级', 'a department cannot be its own ancestor');
    }
  }
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

export async function createDept(db: Db, body: DeptBody): Promise<DeptForm> {
  await checkParent(db, body.parentId ?? null);
  const [row] = await db
    .insert(dept)
    .values({
      parentId: body.parentId ?? null,
      name: body.name.trim(),
      nameEn: body.nameEn?.trim() ?? '',
      code: blank(body.code),
      sort: body.sort ?? 0,
      status: body.status ?? 1,
    })
    .returning();
  return toForm(row!);
}

export async function updateDept(db: Db, id: number, body: DeptUpdateBody) {
  const before = await deptForm(db, id);
  await checkParent(db, body.parentId ?? null, id);
  const updated = await db
    .update(dept)
    .set({
      parentId: body.parentId ?? null,
      name: body.name.trim(),
      nameEn: body.nameEn?.trim() ?? before.nameEn,
      code: body.code === undefined ? before.code : blank(body.code),
      sort: body.sort ?? before.sort,
      status: body.status ?? before.status,
      ...nextVersion(dept),
    })
    .where(sameVersion(dept, id, body.version))
    .returning();
  if (!updated.length) await staleOrMissing(db.select({ id: dept.id }).from(dept).where(eq(dept.id, id)));
  return { before, after: toForm(updated[0]!) };
}

/** Delete departments; one with sub-departments or users is refused, by name. */
export async function deleteDepts(db: Db, ids: number[]) {
  const rows = await db.select().from(dept).where(inArray(dept.id, ids));
  if (rows.length !== ids.length) throw notFound();
  for (const d of rows) {
    const [kids] = await db
      .select({ n: count() })
      .from(dept)
      .where(and(eq(dept.parentId, d.id), notInArray(dept.id, ids)));
    const childCount = kids?.n ?? 0;
    if (childCount > 0) {
      throw badInput(
        `部门“${d.name}”下还有 ${childCount} 个子部门，请先删除子部门`,
        `the department "${d.nameEn || d.name}" still has ${childCount} sub-department(s); delete them first`,
      );
    }
    const [members] = await db.select({ n: count() }).from(user).where(eq(user.deptId, d.id));
    const userCount = members?.n ?? 0;
    if (userCount > 0) {
      throw badInput(
        `部门“${d.name}”下还有 ${userCount} 个用户，请先移走这些用户`,
        `the department "${d.nameEn || d.name}" still has ${userCount} user(s); move them first`,
      );
    }
  }
  await db.delete(dept).where(inArray(dept.id, ids));
  return rows.map(toForm);
}
