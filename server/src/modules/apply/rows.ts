import { type Column, getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';

/**
 * Whole rows read as `to_jsonb(table)` and decoded as Drizzle decodes the table's columns. The
 * hot statements of the registration writes read wide rows (the delegation with its meeting,
 * the group item with its item and group): selecting each as one JSON value keeps Drizzle's
 * query building small (listing 40 columns costs more than the round trip), and the statement
 * text stays fixed, so it can be prepared once per connection.
 */
type Decoder = [key: string, name: string, decode: (v: unknown) => unknown][];
const decoders = new WeakMap<Table, Decoder>();

function decoderOf(table: Table): Decoder {
  let d = decoders.get(table);
  if (d) return d;
  d = Object.entries(getTableColumns(table)).map(([key, c]) => {
    const col = c as Column;
    // JSON columns arrive parsed; a numeric kept as text would lose its digits through JSON.
    if (col.columnType === 'PgJson' || col.columnType === 'PgJsonb') return [key, col.name, (v: unknown) => v];
    if (col.columnType === 'PgNumeric') {
      throw new Error(`${getTableName(table)}.${col.name}: a text numeric cannot be read through to_jsonb`);
    }
    return [key, col.name, (v: unknown) => col.mapFromDriverValue(v)];
  });
  decoders.set(table, d);
  return d;
}

/** `to_jsonb(table)` in a select: the table's whole row (null for the missing side of an outer join). */
export const jsonRow = (table: Table) => sql<Record<string, unknown> | null>`to_jsonb(${table})`;

/** The row of `table` from its `to_jsonb` value, each column decoded as Drizzle would; null stays null. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown> | null): T['$inferSelect'] | null {
  if (json === null || json === undefined) return null;
  const out: Record<string, unknown> = {};
  for (const [key, name, decode] of decoderOf(table)) {
    const v = json[name];
    out[key] = v === null || v === undefined ? null : decode(v);
  }
  return out as T['$inferSelect'];
}
