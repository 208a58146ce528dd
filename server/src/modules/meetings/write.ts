/** Writing a meeting: create, update (its form checked) and delete. */
import {
  knownTimeZone,
  type MeetingBody,
  type MeetingForm,
  type MeetingUpdateBody,
  USER_TYPE,
  zonedDay,
  zonedInstant,
} from '@baton/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { compSession, meeting, meetingAdmin, nature } from '../../db/schema/index.js';
import { AppError, badInput } from '../../lib/errors.js';
import { isCalendarDate, isUniqueViolation } from '../../lib/sql.js';
import { nextVersion, sameVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireMeeting } from './access.js';
import { delegationCount, toMeetingForm } from './service.js';

/** A meeting's time zone as stored (the name Intl lists), or a clear error. */
function timeZoneOf(name: string): string {
  const zone = knownTimeZone(name.trim());
  if (!zone) {
    throw badInput(
      `时区“${name}”无效：请选择 IANA 时区，如 Asia/Shanghai、Europe/London 或 UTC`,
      `"${name}" is not a time zone: choose an IANA zone such as Asia/Shanghai, Europe/London or UTC`,
    );
  }
  return zone;
}

/**
 * The meeting's columns from a form, checked: real dates, start ≤ end, the window opens before
 * it closes and closes by the end of the first competition day (on the meeting's clock), lane groups
 * within the lanes, a time zone Intl knows (`zone`: the one a form without it keeps).
 */
async function values(db: DbOrTx, body: MeetingBody, zone: string) {
  const timeZone = timeZoneOf(body.timeZone ?? zone);
  for (const [key, value] of [
    ['startDate', body.startDate],
    ['endDate', body.endDate],
    ['ageRefDate', body.ageRefDate ?? null],
  ] as const) {
    if (value !== null && !isCalendarDate(value)) throw badInput(`${key} 不是有效日期`, `${key} is not a real date`);
  }
  if (body.startDate > body.endDate) {
    throw badInput('比赛开始日期不能晚于结束日期', 'the competition cannot start after it ends');
  }
  const opens = new Date(body.regOpensAt);
  const closes = new Date(body.regClosesAt);
  if (Number.isNaN(opens.getTime()) || Number.isNaN(closes.getTime())) {
    throw badInput('报名时间无效', 'the registration window has an invalid time');
  }
  if (opens.getTime() >= closes.getTime()) {
    throw badInput('报名开始时间须早于截止时间', 'registration must open before it closes');
  }
  // The end of the first competition day on the meeting's own clock (midnight after it, there).
  const dayAfter = new Date(Date.parse(`${body.startDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const latestClose = Date.parse(zonedInstant(dayAfter, '00:00', timeZone));
  if (closes.getTime() >= latestClose) {
    throw badInput(
      `报名截止时间不能晚于比赛首日（${body.startDate}，${timeZone}）结束`,
      `registration must close by the end of the first competition day (${body.startDate}, ${timeZone})`,
    );
  }
  const lanes = body.lanes ?? 8;
  for (const g of body.laneGroups ?? []) {
    if (g.lanes.some((l) => l > lanes)) {
      throw badInput(`分道组的道次不能超过 ${lanes}`, `a lane group names a lane above ${lanes}`);
    }
  }
  if (body.natureId) {
    const [n] = await db.select({ id: nature.id }).from(nature).where(eq(nature.id, body.natureId));
    if (!n) throw badInput('赛事性质不存在', 'the nature does not exist');
  }
  return {
    name: body.name.trim(),
    nameEn: body.nameEn?.trim() ?? '',
    code: body.code.toLowerCase(),
    year: body.year,
    natureId: body.natureId ?? null,
    venue: body.venue?.trim() ?? '',
    organisers: organiserLines(body.organisers),
    startDate: body.startDate,
    endDate: body.endDate,
    regOpensAt: opens,
    regClosesAt: closes,
    timeZone,
    ageRefDate: body.ageRefDate ?? null,
    maxEventsPerAthlete: body.maxEventsPerAthlete ?? 2,
    maxRelaysPerAthlete: body.maxRelaysPerAthlete ?? 1,
    maxEntriesPerItem: body.maxEntriesPerItem ?? 2,
    maxAthletes: body.maxAthletes ?? null,
    maxCoaches: body.maxCoaches ?? null,
    lanes,
    laneGroups: body.laneGroups ?? null,
    bibScheme: body.bibScheme ?? null,
    allowSelfRegistration: body.allowSelfRegistration ?? false,
    areaAuditFirst: body.areaAuditFirst ?? false,
    publicLists: body.publicLists ?? true,
  };
}

/** The organisers as typed, one per line: lines trimmed, blank ones dropped. */
const organiserLines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

const duplicateCode = (code: string) =>
  badInput(`赛事代码 ${code} 已被使用`, `the meeting code ${code} is already taken`);

async function codeTaken(db: DbOrTx, code: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: meeting.id })
    .from(meeting)
    .where(and(sql`lower(${meeting.code}) = ${code.toLowerCase()}`, exceptId ? ne(meeting.id, exceptId) : undefined));
  return !!row;
}

/**
 * Create a meeting in draft; a committee creator becomes its admin; fields come from its nature.
 * `defaultZone`: its clock when the form names none (the server's BATON_TIME_ZONE).
 */
export async function createMeeting(
  db: Db,
  u: CurrentUser,
  body: MeetingBody,
  defaultZone: string,
): Promise<MeetingForm> {
  const v = await values(db, body, defaultZone);
  if (await codeTaken(db, v.code, null)) throw duplicateCode(v.code);
  try {
    const row = await db.transaction(async (tx) => {
      const [m] = await tx
        .insert(meeting)
        .values({ ...v, status: 'draft' })
        .returning();
      if (u.userType === USER_TYPE.COMMITTEE) {
        await tx.insert(meetingAdmin).values({ meetingId: m!.id, userId: u.id });
      }
      if (v.natureId) {
        await tx.execute(sql`insert into meet_meeting_field (meeting_id, field_id, required, sort)
          select ${m!.id}, field_id, required, sort from meet_nature_field where nature_id = ${v.natureId}`);
      }
      return m!;
    });
    return toMeetingForm(row, 'manage');
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCode(v.code);
    throw err;
  }
}

export async function updateMeeting(
  db: Db,
  u: CurrentUser,
  id: number,
  body: MeetingUpdateBody,
): Promise<{ before: MeetingForm; after: MeetingForm }> {
  const { meeting: current } = await requireMeeting(db, u, id, 'manage');
  const v = await values(db, body, current.timeZone);
  if (await codeTaken(db, v.code, id)) throw duplicateCode(v.code);
  try {
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(meeting)
        .set({ ...v, ...nextVersion(meeting) })
        .where(sameVersion(meeting, id, body.version))
        .returning();
      if (!row) throw new AppError('A0409');
      if (row.timeZone !== current.timeZone) await redaySessions(tx, id, row.timeZone);
      return row;
    });
    return { before: toMeetingForm(current, 'manage'), after: toMeetingForm(row, 'manage') };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCode(v.code);
    throw err;
  }
}

/**
 * A session's day is the day of its start on the meeting's clock (competition/bibs/schedule.ts):
 * on a new clock, the days of the meeting's sessions are worked out again (their times stay).
 */
async function redaySessions(tx: DbOrTx, meetingId: number, timeZone: string) {
  const sessions = await tx
    .select({ id: compSession.id, day: compSession.day, startsAt: compSession.startsAt })
    .from(compSession)
    .where(eq(compSession.meetingId, meetingId));
  for (const s of sessions) {
    const day = zonedDay(s.startsAt, timeZone);
    if (day !== s.day) await tx.update(compSession).set({ day }).where(eq(compSession.id, s.id));
  }
}

/** Delete meetings without delegations (groups, fields and admins go with them). */
export async function deleteMeetings(db: Db, u: CurrentUser, ids: number[]): Promise<MeetingForm[]> {
  return db.transaction(async (tx) => {
    const out: MeetingForm[] = [];
    for (const id of ids) {
      const { meeting: m } = await requireMeeting(tx, u, id, 'manage');
      const [d] = await tx.select({ n: delegationCount }).from(meeting).where(eq(meeting.id, id));
      const n = d?.n ?? 0;
      if (n > 0) {
        throw badInput(
          `赛事 ${m.name} 已有 ${n} 个代表队，不能删除`,
          `meeting ${m.nameEn || m.name} has ${n} delegation(s) and cannot be deleted`,
        );
      }
      out.push(toMeetingForm(m, 'manage'));
    }
    await tx.delete(meeting).where(inArray(meeting.id, ids));
    return out;
  });
}
