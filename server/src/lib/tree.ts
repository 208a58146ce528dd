/** Trees of rows with `id` and `parentId` (departments, menus, area codes, customers). */
import type { Lang, TreeOptionVO } from '@baton/contracts';

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

/**
 * Rows as a tree of picker options (departments, menus): the label in the request's language,
 * the English name falling back to the Chinese one where it is empty.
 */
export function optionTree<T extends { id: number; parentId: number | null }>(
  rows: T[],
  lang: Lang,
  names: (row: T) => { zh: string; en: string },
): TreeOptionVO[] {
  return buildTree<T, TreeOptionVO>(rows, (row, children) => {
    const { zh, en } = names(row);
    return { value: row.id, label: lang === 'en' ? en || zh : zh, labelEn: en || zh, children };
  });
}
