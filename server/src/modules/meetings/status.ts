/** A meeting's status: moving it forward, and the log of its changes. */
import { MEETING_STATUS_LIST, type MeetingForm, type MeetingStatus, type MeetingStatusLogVO } from '@baton/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { meeting, meetingStatusLog, user } from '../../db/schema/index.js';
import { AppError, badInput } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { meetingRole, requireMeeting } from './access.js';
import { toMeetingForm } from './service.js';

/**
 * Move a meeting forward: draft → registration open → registration closed → in competition →
 * finished → archived, one step at a time (admin and root may skip ahead), never back. The
 * change and its reason land in the status log in the same transaction.
 */
export async function changeStatus(
  db: Db,
  u: CurrentUser,
  id: number,
  to: MeetingStatus,
  reason: string | null,
  now: Date = new Date(),
): Promise<{ before: MeetingStatus; after: MeetingForm }> {
  return db.transaction(async (tx) => {
    const { meeting: m } = await requireMeeting(tx, u, id, 'manage');
    const from = m.status;
    const fromIdx = MEETING_STATUS_LIST.indexOf(from);
    const toIdx = MEETING_STATUS_LIST.indexOf(to);
    if (toIdx <= fromIdx) {
      throw badInput(
        `赛事状态只能向前变更（当前：${from}）`,
        `a meeting's status only moves forward (it is ${from}; ${to} is not ahead)`,
      );
    }
    if (toIdx - fromIdx > 1 && meetingRole(u) !== 'all') {
      throw badInput(
        `只能变更到下一状态：${MEETING_STATUS_LIST[fromIdx + 1]}`,
        `the next status is ${MEETING_STATUS_LIST[fromIdx + 1]}; only admin may skip ahead`,
      );
    }
    if (to === 'registration_open' && m.regClosesAt.getTime() <= now.getTime()) {
      throw badInput(
        '报名截止时间已过，请先修改报名时间',
        'the registration closing time has passed; move it before opening registration',
      );
    }
    const [row] = await tx
      .update(meeting)
      .set({ status: to, ...nextVersion(meeting) })
      .where(and(eq(meeting.id, id), eq(meeting.status, from)))
      .returning();
    if (!row) throw new AppError('A0409');
    await tx.insert(meetingStatusLog).values({ meetingId: id, fromStatus: from, toStatus: to, userId: u.id, reason });
    return { before: from, after: toMeetingForm(row, 'manage') };
  });
}

export async function statusLog(db: Db, u: CurrentUser, id: number): Promise<MeetingStatusLogVO[]> {
  await requireMeeting(db, u, id, 'view');
  const rows = await db
    .select({
      id: meetingStatusLog.id,
      fromStatus: meetingStatusLog.fromStatus,
      toStatus: meetingStatusLog.toStatus,
      userId: meetingStatusLog.userId,
      username: user.username,
      reason: meetingStatusLog.reason,
      createdAt: meetingStatusLog.createdAt,
    })
    .from(meetingStatusLog)
    .leftJoin(user, eq(user.id, meetingStatusLog.userId))
    .where(eq(meetingStatusLog.meetingId, id))
    .orderBy(asc(meetingStatusLog.id));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}
