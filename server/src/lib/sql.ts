import * as drizzle from 'drizzle-orm';
import { type AnyColumn, gte, lt, type SQL, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { badInput } from './errors.js';

/** Small query helpers shared by the modules. */

/** Rows of a raw `db.execute` on either driver (node-postgres and PGlite both answer `.rows`). */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  const r = (await result) as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

const dialect = new PgDialect();
const preparedNames = new Set<string>();

/**
 * A statement on the hot path of a busy request, written once: `query` (a `sql` template whose
 * values are `sql.placeholder(name)`s, each with its cast) is turned into SQL text here, once, not
 * on every call; on PostgreSQL it runs as the named prepared statement `name`, so each pooled
 * connection parses and plans it once and then sends only its values. PGlite runs it as any
 * statement. Rows come back raw (column names as written, the driver's types), as `db.execute`'s.
 * A name stands for one text: two statements must never share a name.
 */
export function preparedSql<V extends object, R>(name: string, query: SQL) {
  claimName(name);
  const built = dialect.sqlToQuery(query);
  return (db: DbOrTx, values: V): Promise<R[]> =>
    rowsOf<R>(db._.session.prepareQuery(built, undefined, name, false).execute(values as Record<string, unknown>));
}

function claimName(name: string) {
  if (preparedNames.has(name)) throw new Error(`prepared statement ${name} is defined twice`);
  preparedNames.add(name);
}

/** Drizzle's own ordering of a selection's columns (what its selects map rows by): exported, but not typed. */
const { orderSelectedFields } = drizzle as unknown as {
  orderSelectedFields: (fields: Record<string, unknown>) => SelectedFieldsOrdered;
};

/** Builds selects without a database, for `preparedSelect`. */
export const queryBuilder = new QueryBuilder();

/** What `preparedSelect` reads of a select built by `queryBuilder` (Drizzle keeps it internal). */
interface BuiltSelect {
  getSQL(): SQL;
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: Record<string, boolean>;
}

/**
 * A Drizzle select on the hot path of a busy request, written once, like `preparedSql`: `query`
 * (built with `queryBuilder`, its values `sql.placeholder(name)`s) becomes SQL text and a column
 * mapping here, not on every call (building them cost a third of a millisecond of CPU per
 * registration write); it runs as the named prepared statement `name` on PostgreSQL. Rows come
 * back mapped as the select's own `execute` maps them.
 */
export function preparedSelect<Q extends { _: { result: unknown } }, V extends object>(name: string, query: Q) {
  claimName(name);
  const select = query as unknown as BuiltSelect;
  const built = dialect.sqlToQuery(select.getSQL());
  const fields = orderSelectedFields(select.config.fields);
  return (db: DbOrTx, values: V): Promise<Q['_']['result']> => {
    const prepared = db._.session.prepareQuery(built, fields, name, true);
    (prepared as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap = select.joinsNotNullableMap;
    return prepared.execute(values as Record<string, unknown>) as Promise<Q['_']['result']>;
  };
}

/** The SQLSTATE of a database error, however the driver wrapped it. */
export function pgCode(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The constraint a database error names, if any. */
export function pgConstraint(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';

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

export const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
export const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : iso(d));

/** A real calendar date `YYYY-MM-DD` (not 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
