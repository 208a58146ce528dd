import { USER_TYPE } from '@baton/contracts';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { meeting, meetingAdmin, meetingAreaUser } from '../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../lib/errors.js';
import type { CurrentUser } from '../../plugins/auth.js';

/**
 * Who reaches which meeting (DOMAIN.md "People and accounts"), enforced in the services:
 * - root and admin (userType 99 / 10, or the ROOT role): every meeting, to manage;
 * - committee (20): the meetings they administer (meet_meeting_admin), to manage;
 * - county (60) and county sub-unit (70): the meetings they are assigned to (meet_area_user),
 *   to view, and there only the delegations of their areas (an area includes its sub-areas);
 * - anyone else: nothing. An id outside the caller's reach answers 404, so existence is not revealed.
 */
export type MeetingAccess = 'view' | 'manage';
export type MeetingRole = 'all' | 'committee' | 'area' | 'none';

export type MeetingRow = typeof meeting.$inferSelect;

export function meetingRole(u: CurrentUser): MeetingRole {
  if (u.isRoot || u.userType === USER_TYPE.ROOT || u.userType === USER_TYPE.ADMIN) return 'all';
  if (u.userType === USER_TYPE.COMMITTEE) return 'committee';
  if (u.userType === USER_TYPE.COUNTY || u.userType === USER_TYPE.COUNTY_SUB) return 'area';
  return 'none';
}

export interface MeetingScope {
  all: boolean;
  /** Meetings the caller reaches (ignored when `all`). */
  meetingIds: number[];
  /** Meetings the caller may change. */
  manageIds: Set<number>;
}

/** The meetings a caller reaches, for filtering lists. */
export async function meetingScope(db: DbOrTx, u: CurrentUser): Promise<MeetingScope> {
  const role = meetingRole(u);
  if (role === 'all') return { all: true, meetingIds: [], manageIds: new Set() };
  if (role === 'committee') {
    const rows = await db
      .select({ id: meetingAdmin.meetingId })
      .from(meetingAdmin)
      .where(eq(meetingAdmin.userId, u.id));
    const ids = rows.map((r) => r.id);
    return { all: false, meetingIds: ids, manageIds: new Set(ids) };
  }
  if (role === 'area') {
    const rows = await db
      .selectDistinct({ id: meetingAreaUser.meetingId })
      .from(meetingAreaUser)
      .where(eq(meetingAreaUser.userId, u.id));
    return { all: false, meetingIds: rows.map((r) => r.id), manageIds: new Set() };
  }
  return { all: false, meetingIds: [], manageIds: new Set() };
}

/** WHERE part limiting a meeting id column to the scope (undefined: no limit). */
export function scopeCondition(scope: MeetingScope, column: AnyColumn): SQL | undefined {
  if (scope.all) return undefined;
  return scope.meetingIds.length ? inArray(column, scope.meetingIds) : sql`false`;
}

export const accessOf = (scope: MeetingScope, meetingId: number): MeetingAccess =>
  scope.all || scope.manageIds.has(meetingId) ? 'manage' : 'view';

/**
 * The meeting, if the caller reaches it for `need`. Unknown or out of reach: 404. An area
 * user reaching it only to view, asked to change it: 403.
 */
export async function requireMeeting(
  db: DbOrTx,
  u: CurrentUser,
  meetingId: number,
  need: MeetingAccess,
): Promise<{ meeting: MeetingRow; access: MeetingAccess }> {
  const [row] = await db.select().from(meeting).where(eq(meeting.id, meetingId));
  if (!row) throw notFound();
  const role = meetingRole(u);
  if (role === 'all') return { meeting: row, access: 'manage' };
  if (role === 'committee') {
    const [admin] = await db
      .select({ id: meetingAdmin.userId })
      .from(meetingAdmin)
      .where(and(eq(meetingAdmin.meetingId, meetingId), eq(meetingAdmin.userId, u.id)));
    if (!admin) throw notFound();
    return { meeting: row, access: 'manage' };
  }
  if (role === 'area') {
    const [assigned] = await db
      .select({ id: meetingAreaUser.userId })
      .from(meetingAreaUser)
      .where(and(eq(meetingAreaUser.meetingId, meetingId), eq(meetingAreaUser.userId, u.id)))
      .limit(1);
    if (!assigned) throw notFound();
    if (need === 'manage') throw new AppError('A0301');
    return { meeting: row, access: 'view' };
  }
  throw notFound();
}

/**
 * The areas whose delegations an area user sees in a meeting: those assigned, with every
 * area below them. `null` for callers not limited by area.
 */
export async function areaScope(db: DbOrTx, u: CurrentUser, meetingId: number): Promise<number[] | null> {
  if (meetingRole(u) !== 'area') return null;
  const rows = await rowsOf<{ id: number }>(
    db.execute(sql`with recursive a(id) as (
        select area_code_id from meet_area_user where meeting_id = ${meetingId} and user_id = ${u.id}
        union
        select c.id from base_area_code c join a on c.parent_id = a.id
      ) select id from a`),
  );
  return rows.map((r) => Number(r.id));
}

/** WHERE part limiting an area column to an area scope (undefined: no limit). */
export function areaCondition(areas: number[] | null, column: AnyColumn): SQL | undefined {
  if (areas === null) return undefined;
  return areas.length ? inArray(column, areas) : sql`false`;
}

// ─── Helpers shared by the base-data and meeting modules ────────────────────────────────

/** Rows of a raw `db.execute` on either driver (node-postgres and PGlite both answer `.rows`). */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  const r = (await result) as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
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

export const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
export const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : iso(d));

/** A real calendar date `YYYY-MM-DD` (not 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

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

/** A message in the request's language. */
export const say = (lang: string, zh: string, en: string) => (lang === 'en' ? en : zh);

/** The export cap: an export of the current filter never pulls more than this many rows. */
export const EXPORT_MAX_ROWS = 20_000;

/** The uploaded file of a multipart form (fields attached to the body as key values). */
export function uploadedFile(body: unknown, name = 'file'): Buffer {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  const file = Array.isArray(value) ? value[0] : value;
  if (!Buffer.isBuffer(file) || file.length === 0) {
    throw badInput('请选择要导入的 Excel 文件', 'choose an Excel file to import (form field "file")');
  }
  return file;
}

export interface ImportColumn {
  key: string;
  zh: string;
  en: string;
  required: boolean;
}

/**
 * Spreadsheet rows keyed by column key; a header may be the key or its zh/en title.
 * A required column missing from the header row refuses the whole file.
 */
export function keyedRows(
  sheet: { headers: string[]; rows: { row: number; values: Record<string, string> }[] },
  columns: readonly ImportColumn[],
): { row: number; values: Record<string, string> }[] {
  const byHeader = new Map<string, string>();
  for (const c of columns) {
    for (const h of [c.key, c.zh, c.en]) byHeader.set(h.trim().toLowerCase(), c.key);
  }
  const present = new Set(sheet.headers.map((h) => byHeader.get((h ?? '').trim().toLowerCase())).filter(Boolean));
  const missing = columns.filter((c) => c.required && !present.has(c.key));
  if (missing.length) {
    throw badInput(
      `缺少列：${missing.map((c) => c.zh).join('、')}`,
      `missing column(s): ${missing.map((c) => c.en).join(', ')}`,
    );
  }
  return sheet.rows.map((r) => {
    const values: Record<string, string> = {};
    for (const [header, text] of Object.entries(r.values)) {
      const key = byHeader.get(header.trim().toLowerCase());
      if (key && !(key in values && values[key])) values[key] = text;
    }
    return { row: r.row, values };
  });
}

/** The columns of an import template, titled in the request's language (either is accepted back). */
export function templateColumns(columns: readonly ImportColumn[], lang: string) {
  return columns.map((c) => ({
    header: say(lang, c.zh, c.en),
    key: c.key,
    width: 20,
    value: () => null,
  }));
}
