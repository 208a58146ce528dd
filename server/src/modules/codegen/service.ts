import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { badInput, notFound } from '../../lib/errors.js';
import { type ColumnMeta, type GeneratedFile, generateFiles, type TableMeta } from './generate.js';

/**
 * Metadata of the application's own tables, read from `information_schema` of the current
 * schema. Every value from a request travels as a bound parameter: a table name is first
 * checked for shape, then looked up in the list the database gave — it is never SQL text.
 */

export interface TableInfo {
  name: string;
  comment: string;
  columnCount: number;
}

/** What a PostgreSQL identifier the application could have created looks like. */
export const TABLE_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** Rows of a raw `db.execute` on either driver (node-postgres and PGlite both answer `.rows`). */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  const r = (await result) as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

export async function listTables(db: Db): Promise<TableInfo[]> {
  const rows = await rowsOf<{ name: string; comment: string | null; column_count: number | string }>(
    db.execute(sql`
      select t.table_name as name,
             obj_description(c.oid, 'pg_class') as comment,
             (select count(*) from information_schema.columns col
               where col.table_schema = t.table_schema and col.table_name = t.table_name) as column_count
        from information_schema.tables t
        join pg_catalog.pg_namespace n on n.nspname = t.table_schema
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = t.table_name
       where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       order by t.table_name`),
  );
  return rows.map((r) => ({ name: r.name, comment: r.comment ?? '', columnCount: Number(r.column_count) }));
}

async function readColumns(db: Db, table: string): Promise<ColumnMeta[]> {
  const rows = await rowsOf<{
    name: string;
    data_type: string;
    udt_name: string;
    nullable: string;
    default_value: string | null;
    max_length: number | string | null;
    comment: string | null;
    is_pk: boolean | string;
  }>(
    db.execute(sql`
      select col.column_name as name,
             col.data_type as data_type,
             col.udt_name as udt_name,
             col.is_nullable as nullable,
             col.column_default as default_value,
             col.character_maximum_length as max_length,
             col_description(c.oid, col.ordinal_position::int) as comment,
             exists (
               select 1 from information_schema.table_constraints tc
                 join information_schema.key_column_usage k
                   on k.constraint_schema = tc.constraint_schema and k.constraint_name = tc.constraint_name
                  and k.table_name = tc.table_name
                where tc.table_schema = col.table_schema and tc.table_name = col.table_name
                  and tc.constraint_type = 'PRIMARY KEY' and k.column_name = col.column_name
             ) as is_pk
        from information_schema.columns col
        join pg_catalog.pg_namespace n on n.nspname = col.table_schema
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = col.table_name
       where col.table_schema = current_schema() and col.table_name = ${table}
       order by col.ordinal_position`),
  );
  return rows.map((r) => ({
    name: r.name,
    dataType: r.data_type,
    udtName: r.udt_name,
    nullable: r.nullable === 'YES',
    hasDefault: r.default_value !== null,
    maxLength: r.max_length === null ? null : Number(r.max_length),
    comment: r.comment ?? '',
    primaryKey: r.is_pk === true || r.is_pk === 't' || r.is_pk === 'true',
  }));
}

/** The Drizzle export naming a table in `db/schema`, so the generated service imports the real one. */
function schemaExportOf(table: string): { name: string; props: Record<string, string> } | null {
  for (const [exportName, value] of Object.entries(schema)) {
    if (is(value, PgTable) && getTableName(value) === table) {
      const props: Record<string, string> = {};
      for (const [key, column] of Object.entries(getTableColumns(value))) props[column.name] = key;
      return { name: exportName, props };
    }
  }
  return null;
}

/** Check the name, find it among the tables, read its columns: the metadata a preview needs. */
export async function tableMeta(db: Db, name: string): Promise<TableMeta> {
  if (!TABLE_NAME_PATTERN.test(name)) {
    throw badInput('表名格式不正确', 'not a valid table name');
  }
  const tables = await listTables(db);
  const found = tables.find((t) => t.name === name);
  if (!found) throw notFound();
  const columns = await readColumns(db, found.name);
  const drizzle = schemaExportOf(found.name);
  return {
    name: found.name,
    comment: found.comment,
    columns,
    schemaExport: drizzle?.name ?? null,
    props: drizzle?.props ?? {},
  };
}

export async function previewTable(db: Db, name: string): Promise<{ files: GeneratedFile[] }> {
  return { files: generateFiles(await tableMeta(db, name)) };
}
