import { USER_TYPE } from '@baton/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { compRound, meeting, meetingOfficial } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { type MeetingRow, meetingRole, meetingScope, requireMeeting } from '../meetings/access.js';

/**
 * Who does competition work in which meeting (DOMAIN.md "People and accounts"), enforced here
 * and nowhere else:
 * - 'manage' (start lists, bibs, schedule, records, making results official): root, admin and
 *   the committee admins of the meeting;
 * - 'officiate' (entering results): the managers, and referees (userType 40) assigned to the
 *   meeting (comp_official);
 * - 'view': the above, and the meeting's area users.
 * Anyone else, or a meeting out of reach: 404. Reaching a meeting with less than needed: 403.
 */
export type CompetitionNeed = 'view' | 'officiate' | 'manage';

const RANK: Record<CompetitionNeed, number> = { view: 0, officiate: 1, manage: 2 };

export async function requireCompetition(
  db: DbOrTx,
  u: CurrentUser,
  meetingId: number,
  need: CompetitionNeed,
): Promise<{ meeting: MeetingRow; access: CompetitionNeed }> {
  if (u.userType === USER_TYPE.REFEREE && !u.isRoot) {
    const [row] = await db
      .select({ m: meeting })
      .from(meetingOfficial)
      .innerJoin(meeting, eq(meeting.id, meetingOfficial.meetingId))
      .where(and(eq(meetingOfficial.meetingId, meetingId), eq(meetingOfficial.userId, u.id)));
    if (!row) throw notFound();
    if (RANK[need] > RANK.officiate) throw new AppError('A0301');
    return { meeting: row.m, access: 'officiate' };
  }
  if (meetingRole(u) === 'none') throw notFound();
  const { meeting: m, access } = await requireMeeting(db, u, meetingId, 'view');
  const have: CompetitionNeed = access === 'manage' ? 'manage' : 'view';
  if (RANK[need] > RANK[have]) throw new AppError('A0301');
  return { meeting: m, access: have };
}

/**
 * The meetings whose competition the caller may see ('all' for the administrators): the
 * audience of staff-only realtime frames. Delegations and users without a meeting role: none.
 */
export async function competitionReach(db: DbOrTx, u: CurrentUser): Promise<'all' | number[]> {
  if (u.delegation) return [];
  if (u.userType === USER_TYPE.REFEREE && !u.isRoot) {
    const rows = await db
      .select({ id: meetingOfficial.meetingId })
      .from(meetingOfficial)
      .where(eq(meetingOfficial.userId, u.id));
    return rows.map((r) => r.id);
  }
  const scope = await meetingScope(db, u);
  return scope.all ? 'all' : scope.meetingIds;
}

/** The meeting of a round, checked for `need`; 404 for an unknown round. */
export async function requireRound(db: DbOrTx, u: CurrentUser, roundId: number, need: CompetitionNeed) {
  const [r] = await db.select().from(compRound).where(eq(compRound.id, roundId));
  if (!r) throw notFound();
  const { meeting: m } = await requireCompetition(db, u, r.meetingId, need);
  return { round: r, meeting: m };
}

/** Meetings the caller may run competition work in, newest first. */
export async function competitionMeetings(db: DbOrTx, u: CurrentUser) {
  const cols = {
    id: meeting.id,
    name: meeting.name,
    nameEn: meeting.nameEn,
    code: meeting.code,
    status: meeting.status,
    startDate: meeting.startDate,
    endDate: meeting.endDate,
  };
  if (u.userType === USER_TYPE.REFEREE && !u.isRoot) {
    const rows = await db
      .select(cols)
      .from(meetingOfficial)
      .innerJoin(meeting, eq(meeting.id, meetingOfficial.meetingId))
      .where(eq(meetingOfficial.userId, u.id))
      .orderBy(sql`${meeting.startDate} desc`, meeting.id);
    return rows.map((r) => ({ ...r, access: 'officiate' as const }));
  }
  const scope = await meetingScope(db, u);
  if (!scope.all && !scope.manageIds.size) return [];
  const rows = await db
    .select(cols)
    .from(meeting)
    .where(scope.all ? undefined : inArray(meeting.id, [...scope.manageIds]))
    .orderBy(sql`${meeting.startDate} desc`, meeting.id);
  return rows.map((r) => ({ ...r, access: 'manage' as const }));
}
