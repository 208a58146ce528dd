import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import { badInput } from './errors.js';

export interface PageParams {
  pageNum: number;
  pageSize: number;
}

export const limitOffset = (q: PageParams) => ({ limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });

/**
 * ORDER BY from an allow-list: the request names a key, the route maps keys to columns.
 * Unknown keys never reach here (the route schema lists them), and no SQL comes from text.
 */
export function orderFrom<K extends string>(
  columns: Record<K, AnyColumn>,
  sortKey: K | undefined,
  sortDir: 'asc' | 'desc' | undefined,
  fallback: SQL[],
): SQL[] {
  if (!sortKey) return fallback;
  const column = columns[sortKey];
  return [sortDir === 'desc' ? desc(column) : asc(column), ...fallback];
}

/** Parse `1,2,3` (already pattern-checked by the route schema) into ids; an id beyond int4 is refused. */
export function parseIds(ids: string): number[] {
  const list = [...new Set(ids.split(',').map(Number))];
  if (list.some((id) => id > 2_147_483_647)) throw badInput('编号超出范围', 'id out of range');
  return list;
}
