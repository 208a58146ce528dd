import { USER_TYPE } from '@baton/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { compRound, group, groupItem, meeting, meetingOfficial } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { type MeetingRow, meetingRole, meetingScope, requireMeeting } from '../meetings/access.js';
import { requirePublicLists } from '../public/service.js';

/**
 * Who does competition work in which meeting (DOMAIN.md "People and accounts"), enforced here
 * and nowhere else:
 * - 'manage' (start lists, bibs, schedule, records, making results official): root, admin and
 *   the committee admins of the meeting;
 * - 'officiate' (entering results): the managers, and officials (userType 40) assigned to the
 *   meeting as referees (comp_official, duty 'referee');
 * - 'view': the above, and the meeting's area users;
 * - 'callroom' (checking athletes in at the call room, issue 24, and reading the start lists for
 *   it): the managers, and officials assigned to the meeting with the duty 'call-room'. That duty
 *   gives nothing else, and a referee's duty gives no call-room work.
 * Anyone else, or a meeting out of reach: 404. Reaching a meeting with less than needed: 403.
 */
export type CompetitionNeed = 'view' | 'officiate' | 'manage' | 'callroom';

/** What each kind of access covers. */
const COVERS: Record<CompetitionNeed, readonly CompetitionNeed[]> = {
  manage: ['manage', 'officiate', 'view', 'callroom'],
  officiate: ['officiate', 'view'],
  view: ['view'],
  callroom: ['callroom'],
};

/** The duties of an official (userType 40) in a meeting: none when not assigned to it. */
async function dutiesIn(db: DbOrTx, u: CurrentUser, meetingId: number) {
  const rows = await db
    .select({ m: meeting, duty: meetingOfficial.duty })
    .from(meetingOfficial)
    .innerJoin(meeting, eq(meeting.id, meetingOfficial.meetingId))
    .where(and(eq(meetingOfficial.meetingId, meetingId), eq(meetingOfficial.userId, u.id)));
  return { meeting: rows[0]?.m, duties: new Set(rows.map((r) => r.duty)) };
}

export async function requireCompetition(
  db: DbOrTx,
  u: CurrentUser,
  meetingId: number,
  need: CompetitionNeed,
): Promise<{ meeting: MeetingRow; access: CompetitionNeed }> {
  if (u.userType === USER_TYPE.REFEREE && !u.isRoot) {
    const { meeting: m, duties } = await dutiesIn(db, u, meetingId);
    if (!m) throw notFound();
    const held: CompetitionNeed[] = [];
    if (duties.has('referee')) held.push('officiate');
    if (duties.has('call-room')) held.push('callroom');
    const access = held.find((a) => COVERS[a].includes(need));
    if (!access) throw new AppError('A0301');
    return { meeting: m, access };
  }
  if (meetingRole(u) === 'none') throw notFound();
  const { meeting: m, access } = await requireMeeting(db, u, meetingId, 'view');
  const have: CompetitionNeed = access === 'manage' ? 'manage' : 'view';
  if (!COVERS[have].includes(need)) throw new AppError('A0301');
  return { meeting: m, access: have };
}

/**
 * The meetings whose competition the caller may see ('all' for the administrators): the
 * audience of staff-only realtime frames. Delegations and users without a meeting role: none.
 */
export async function competitionReach(db: DbOrTx, u: CurrentUser): Promise<'all' | number[]> {
  if (u.delegation) return [];
  if (u.userType === USER_TYPE.REFEREE && !u.isRoot) {
    // Every duty: the call room refreshes on the same frames (they name ids and nothing more).
    const rows = await db
      .selectDistinct({ id: meetingOfficial.meetingId })
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

/**
 * A public page's group item: the meeting publishes its lists (`requirePublicLists`) and the
 * group item is one of its own; 404 otherwise.
 */
export async function requirePublicGroupItem(db: DbOrTx, meetingId: number, groupItemId: number): Promise<void> {
  await requirePublicLists(db, meetingId);
  const [gi] = await db
    .select({ id: groupItem.id })
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .where(and(eq(groupItem.id, groupItemId), eq(group.meetingId, meetingId)));
  if (!gi) throw notFound();
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
    timeZone: meeting.timeZone,
  };
  if (u.userType === USER_TYPE.REFEREE && !u.isRoot) {
    // The referees' meetings: a call-room official's duty gives no results entry nor start lists.
    const rows = await db
      .select(cols)
      .from(meetingOfficial)
      .innerJoin(meeting, eq(meeting.id, meetingOfficial.meetingId))
      .where(and(eq(meetingOfficial.userId, u.id), eq(meetingOfficial.duty, 'referee')))
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
