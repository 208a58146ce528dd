/** A meeting's settings beyond its form: its admins, its extra fields and its rich texts. */
import {
  type FieldLinksBody,
  type FieldTarget,
  type MeetingAdminVO,
  type MeetingTextKind,
  type MeetingTextVO,
  USER_TYPE,
} from '@baton/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { meeting, meetingAdmin, user } from '../../db/schema/index.js';
import { badInput } from '../../lib/errors.js';
import { likeAny } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { linkedFields, MEETING_LINKS, replaceLinks } from '../natures/service.js';
import { sanitizeNoticeHtml } from '../notices/sanitize.js';
import { meetingRole, requireMeeting } from './access.js';

async function adminsOf(db: DbOrTx, id: number): Promise<MeetingAdminVO[]> {
  return db
    .select({ userId: user.id, username: user.username, nickname: user.nickname, userType: user.userType })
    .from(meetingAdmin)
    .innerJoin(user, eq(user.id, meetingAdmin.userId))
    .where(eq(meetingAdmin.meetingId, id))
    .orderBy(asc(user.username));
}

export async function meetingAdmins(db: Db, u: CurrentUser, id: number) {
  await requireMeeting(db, u, id, 'manage');
  return adminsOf(db, id);
}

/**
 * Enabled users of these types whose username or nickname matches the keywords, the first 200
 * by username: the users to choose from for a role in meetings (admins, officials, area users).
 */
export async function pickableUsers(
  db: Db,
  types: readonly number[],
  keywords: string | undefined,
): Promise<MeetingAdminVO[]> {
  return db
    .select({ userId: user.id, username: user.username, nickname: user.nickname, userType: user.userType })
    .from(user)
    .where(
      and(inArray(user.userType, [...types]), eq(user.status, 1), likeAny(keywords, [user.username, user.nickname])),
    )
    .orderBy(asc(user.username))
    .limit(200);
}

/** Committee users (enabled) that can be chosen as admins. */
export const committeeOptions = (db: Db, keywords: string | undefined) =>
  pickableUsers(db, [USER_TYPE.COMMITTEE], keywords);

/** The users of `ids` with their type, for a meeting's admins or officials; an unknown id is refused. */
export async function existingUsers(tx: DbOrTx, ids: number[]) {
  const found = ids.length
    ? await tx
        .select({ id: user.id, username: user.username, userType: user.userType })
        .from(user)
        .where(inArray(user.id, ids))
    : [];
  const missing = ids.find((i) => !found.some((f) => f.id === i));
  if (missing !== undefined) throw badInput(`用户 ${missing} 不存在`, `user ${missing} does not exist`);
  return found;
}

/** Replace a meeting's admins: committee users only; a committee caller cannot drop themselves. */
export async function setMeetingAdmins(db: Db, u: CurrentUser, id: number, userIds: number[]) {
  const ids = [...new Set(userIds)];
  return db.transaction(async (tx) => {
    await requireMeeting(tx, u, id, 'manage');
    const found = await existingUsers(tx, ids);
    const other = found.find((f) => f.userType !== USER_TYPE.COMMITTEE);
    if (other) {
      throw badInput(
        `用户 ${other.username} 不是组委会用户，不能担任赛事管理员`,
        `user ${other.username} is not a committee user and cannot administer a meeting`,
      );
    }
    if (meetingRole(u) === 'committee' && !ids.includes(u.id)) {
      throw badInput('不能将自己移出赛事管理员', 'you cannot remove yourself from the meeting admins');
    }
    const before = await adminsOf(tx, id);
    await tx.delete(meetingAdmin).where(eq(meetingAdmin.meetingId, id));
    if (ids.length) await tx.insert(meetingAdmin).values(ids.map((userId) => ({ meetingId: id, userId })));
    return { before, after: await adminsOf(tx, id) };
  });
}

export async function meetingFields(db: Db, u: CurrentUser, id: number, target?: FieldTarget) {
  await requireMeeting(db, u, id, 'view');
  return linkedFields(db, MEETING_LINKS, id, target);
}

export async function setMeetingFields(
  db: Db,
  u: CurrentUser,
  id: number,
  links: FieldLinksBody,
  target?: FieldTarget,
) {
  return db.transaction(async (tx) => {
    await requireMeeting(tx, u, id, 'manage');
    const before = await linkedFields(tx, MEETING_LINKS, id, target);
    await replaceLinks(tx, MEETING_LINKS, id, links, target);
    return { before, after: await linkedFields(tx, MEETING_LINKS, id, target) };
  });
}

/** One of the meeting's rich texts (remarks, 竞赛规程), as stored (sanitised). */
export async function meetingText(db: Db, u: CurrentUser, id: number, kind: MeetingTextKind): Promise<MeetingTextVO> {
  const { meeting: m } = await requireMeeting(db, u, id, 'view');
  return { html: m[kind] ?? '', version: m.version };
}

/** Store one of the meeting's rich texts sanitised: the allow-list of the notices' editor. */
export async function setMeetingText(db: Db, u: CurrentUser, id: number, kind: MeetingTextKind, input: string) {
  const { meeting: m } = await requireMeeting(db, u, id, 'manage');
  const html = sanitizeNoticeHtml(input);
  const [row] = await db
    .update(meeting)
    .set({ [kind]: html, ...nextVersion(meeting) })
    .where(eq(meeting.id, id))
    .returning({ version: meeting.version });
  return { before: m[kind] ?? '', after: { html, version: row!.version } };
}
