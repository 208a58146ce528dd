import { type AnyColumn, gte, lt, type SQL, sql } from 'drizzle-orm';
import { badInput } from '../../lib/errors.js';

/**
 * Helpers shared by the system-management modules (users, roles, menus, departments,
 * dictionaries, configuration, logs).
 */

/** `ILIKE '%kw%'` on any of the columns, the keyword's own % _ \ taken literally. */
export function likeAny(keywords: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const kw = keywords?.trim();
  if (!kw) return undefined;
  const pattern = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}

function parseBound(text: string, end: boolean): Date {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const d = new Date(dateOnly ? `${text}T00:00:00` : text.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) throw badInput(`日期无效：${text}`, `invalid date: ${text}`);
  // A date-only end bound includes the whole day.
  if (dateOnly && end) d.setDate(d.getDate() + 1);
  return d;
}

/** `created between` filters: start inclusive, end exclusive (a date-only end means that whole day). */
export function createdBetween(column: AnyColumn, start: string | undefined, end: string | undefined): SQL[] {
  const out: SQL[] = [];
  if (start) out.push(gte(column, parseBound(start, false)));
  if (end) {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(end);
    out.push(dateOnly ? lt(column, parseBound(end, true)) : sql`${column} <= ${parseBound(end, true)}`);
  }
  return out;
}

/** A unique-index violation from PostgreSQL or PGlite, however the driver wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** Rows with `id` and `parentId` as a forest, in the given order; orphans become roots. */
export function buildTree<T extends { id: number; parentId: number | null }, N>(
  rows: T[],
  make: (row: T, children: N[]) => N,
): N[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, T[]>();
  for (const r of rows) {
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(r);
    byParent.set(parent, list);
  }
  const seen = new Set<number>();
  const build = (parent: number | null): N[] =>
    (byParent.get(parent) ?? []).filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => make(r, build(r.id)));
  return build(null);
}

/** Ids of `rootId` and everything below it, from (id, parentId) pairs. */
export function descendantsOf(rows: { id: number; parentId: number | null }[], rootIds: number[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId === null) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r.id);
    children.set(r.parentId, list);
  }
  const out = new Set<number>();
  const stack = [...rootIds];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Keep the rows matching `keep`, with all their ancestors (a filtered tree stays a tree). */
export function withAncestors<T extends { id: number; parentId: number | null }>(
  rows: T[],
  keep: (r: T) => boolean,
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const wanted = new Set<number>();
  for (const r of rows) {
    if (!keep(r)) continue;
    let cur: T | undefined = r;
    while (cur && !wanted.has(cur.id)) {
      wanted.add(cur.id);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
  }
  return rows.filter((r) => wanted.has(r.id));
}
