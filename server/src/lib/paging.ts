import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

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

/** Parse `1,2,3` (already pattern-checked by the route schema) into ids. */
export const parseIds = (ids: string): number[] => [...new Set(ids.split(',').map(Number))];
