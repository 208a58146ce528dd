import { USER_TYPE } from '@baton/contracts';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { meeting, meetingAdmin, meetingAreaUser } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql.js';
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
