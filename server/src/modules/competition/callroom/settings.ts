import { type CallRoomMeetingVO, USER_TYPE } from '@baton/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { compLog, meeting, meetingOfficial } from '../../../db/schema/index.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { meetingScope } from '../../meetings/access.js';
import { requireCompetition } from '../access.js';

/**
 * The call room's meetings and settings (issue 24; the call room: service.ts): the meetings a
 * caller does call-room work in, and the managers' settings of a meeting's call room.
 */

const meetingColumns = {
  id: meeting.id,
  name: meeting.name,
  nameEn: meeting.nameEn,
  code: meeting.code,
  startDate: meeting.startDate,
  endDate: meeting.endDate,
  timeZone: meeting.timeZone,
  leadMinutes: meeting.callRoomLead,
  beforeSeeding: meeting.callRoomBeforeSeeding,
};

/** The meetings the caller does call-room work in, newest first (managers: theirs; officials: their duty's). */
export async function callRoomMeetings(db: DbOrTx, u: CurrentUser): Promise<CallRoomMeetingVO[]> {
  const order = [sql`${meeting.startDate} desc`, asc(meeting.id)];
  if (u.userType === USER_TYPE.REFEREE && !u.isRoot) {
    const rows = await db
      .select(meetingColumns)
      .from(meetingOfficial)
      .innerJoin(meeting, eq(meeting.id, meetingOfficial.meetingId))
      .where(and(eq(meetingOfficial.userId, u.id), eq(meetingOfficial.duty, 'call-room')))
      .orderBy(...order);
    return rows.map((r) => ({ ...r, manage: false }));
  }
  // Area users view a meeting but do no call-room work (the 'callroom' need is not theirs).
  if (u.delegation) return [];
  const scope = await meetingScope(db, u);
  if (!scope.all && !scope.manageIds.size) return [];
  const rows = await db
    .select(meetingColumns)
    .from(meeting)
    .where(scope.all ? undefined : inArray(meeting.id, [...scope.manageIds]))
    .orderBy(...order);
  return rows.map((r) => ({ ...r, manage: true }));
}

/**
 * The managers' call-room settings: how long before its start a heat is called, and whether first
 * rounds are checked in before seeding (检录后编排, before-seeding.ts). Each change is logged.
 */
export async function setCallRoomSettings(
  db: Db,
  u: CurrentUser,
  meetingId: number,
  body: { leadMinutes?: number; beforeSeeding?: boolean },
) {
  return db.transaction(async (tx) => {
    const { meeting: m } = await requireCompetition(tx, u, meetingId, 'manage');
    const leadMinutes = body.leadMinutes ?? m.callRoomLead;
    const beforeSeeding = body.beforeSeeding ?? m.callRoomBeforeSeeding;
    await tx
      .update(meeting)
      .set({ callRoomLead: leadMinutes, callRoomBeforeSeeding: beforeSeeding })
      .where(eq(meeting.id, meetingId));
    const logs = [
      leadMinutes !== m.callRoomLead && { action: 'call-room-lead', detail: { from: m.callRoomLead, to: leadMinutes } },
      beforeSeeding !== m.callRoomBeforeSeeding && {
        action: 'call-room-before-seeding',
        detail: { from: m.callRoomBeforeSeeding, to: beforeSeeding },
      },
    ].filter((l) => l !== false);
    if (logs.length) await tx.insert(compLog).values(logs.map((l) => ({ meetingId, ...l, userId: u.id })));
    const vo: CallRoomMeetingVO = {
      id: m.id,
      name: m.name,
      nameEn: m.nameEn,
      code: m.code,
      startDate: m.startDate,
      endDate: m.endDate,
      timeZone: m.timeZone,
      leadMinutes,
      beforeSeeding,
      manage: true,
    };
    return { before: { leadMinutes: m.callRoomLead, beforeSeeding: m.callRoomBeforeSeeding }, after: vo };
  });
}
