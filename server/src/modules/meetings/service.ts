import {
  type FieldLinksBody,
  type FieldTarget,
  knownTimeZone,
  MEETING_STATUS_LIST,
  type MeetingAdminVO,
  type MeetingBody,
  type MeetingExportQuery,
  type MeetingForm,
  type MeetingPageQuery,
  type MeetingStatus,
  type MeetingStatusLogVO,
  type MeetingTextKind,
  type MeetingTextVO,
  type MeetingUpdateBody,
  type MeetingVO,
  USER_TYPE,
  zonedDay,
  zonedInstant,
  zonedStamp,
} from '@baton/contracts';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { compSession, meeting, meetingAdmin, meetingStatusLog, nature, user } from '../../db/schema/index.js';
import { AppError, badInput, say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, toXlsx } from '../../lib/excel.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { isCalendarDate, iso, isUniqueViolation, likeAny } from '../../lib/sql.js';
import { nextVersion, sameVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { linkedFields, MEETING_LINKS, replaceLinks } from '../natures/service.js';
import { sanitizeNoticeHtml } from '../notices/sanitize.js';
import { accessOf, type MeetingRow, meetingRole, meetingScope, requireMeeting, scopeCondition } from './access.js';

// ─── Reading ────────────────────────────────────────────────────────────────────────────

const groupCount = sql<number>`(select count(*)::int from meet_group g where g.meeting_id = meet_meeting.id)`;
const delegationCount = sql<number>`(select count(*)::int from meet_delegation d where d.meeting_id = meet_meeting.id)`;
const pageColumns = {
  id: meeting.id,
  name: meeting.name,
  nameEn: meeting.nameEn,
  code: meeting.code,
  year: meeting.year,
  natureId: meeting.natureId,
  natureName: nature.name,
  venue: meeting.venue,
  startDate: meeting.startDate,
  endDate: meeting.endDate,
  regOpensAt: meeting.regOpensAt,
  regClosesAt: meeting.regClosesAt,
  timeZone: meeting.timeZone,
  status: meeting.status,
  groupCount,
  delegationCount,
  version: meeting.version,
  createdAt: meeting.createdAt,
};
const SORT = {
  name: meeting.name,
  code: meeting.code,
  year: meeting.year,
  startDate: meeting.startDate,
  status: meeting.status,
  createdAt: meeting.createdAt,
};

function filters(q: MeetingExportQuery): SQL | undefined {
  return and(
    likeAny(q.keywords, [meeting.name, meeting.nameEn, meeting.code, meeting.venue]),
    q.status ? eq(meeting.status, q.status) : undefined,
    q.year ? eq(meeting.year, q.year) : undefined,
    q.natureId ? eq(meeting.natureId, q.natureId) : undefined,
  );
}

async function selectMeetings(db: Db, u: CurrentUser, q: MeetingExportQuery, page?: { limit: number; offset: number }) {
  const scope = await meetingScope(db, u);
  const w = and(scopeCondition(scope, meeting.id), filters(q));
  const [total] = await db.select({ n: count() }).from(meeting).where(w);
  const rows = await db
    .select(pageColumns)
    .from(meeting)
    .leftJoin(nature, eq(nature.id, meeting.natureId))
    .where(w)
    .orderBy(...orderFrom(SORT, q.sortKey, q.sortDir, [desc(meeting.startDate), desc(meeting.id)]))
    .limit(page?.limit ?? EXPORT_MAX_ROWS)
    .offset(page?.offset ?? 0);
  const list: MeetingVO[] = rows.map((r) => ({
    ...r,
    regOpensAt: iso(r.regOpensAt),
    regClosesAt: iso(r.regClosesAt),
    createdAt: iso(r.createdAt),
    access: accessOf(scope, r.id),
  }));
  return { list, total: total?.n ?? 0 };
}

/** Meetings the caller reaches: all for admin/root, administered ones for committee, assigned ones for area users. */
export const pageMeetings = (db: Db, u: CurrentUser, q: MeetingPageQuery) => selectMeetings(db, u, q, limitOffset(q));

export function toMeetingForm(m: MeetingRow, access: 'manage' | 'view'): MeetingForm {
  return {
    id: m.id,
    name: m.name,
    nameEn: m.nameEn,
    code: m.code,
    year: m.year,
    natureId: m.natureId,
    venue: m.venue,
    organisers: m.organisers,
    startDate: m.startDate,
    endDate: m.endDate,
    regOpensAt: iso(m.regOpensAt),
    regClosesAt: iso(m.regClosesAt),
    timeZone: m.timeZone,
    status: m.status,
    ageRefDate: m.ageRefDate,
    maxEventsPerAthlete: m.maxEventsPerAthlete,
    maxRelaysPerAthlete: m.maxRelaysPerAthlete,
    maxEntriesPerItem: m.maxEntriesPerItem,
    maxAthletes: m.maxAthletes,
    maxCoaches: m.maxCoaches,
    lanes: m.lanes,
    laneGroups: m.laneGroups,
    bibScheme: m.bibScheme,
    allowSelfRegistration: m.allowSelfRegistration,
    areaAuditFirst: m.areaAuditFirst,
    publicLists: m.publicLists,
    access,
    version: m.version,
  };
}

export async function getMeetingForm(db: Db, u: CurrentUser, id: number): Promise<MeetingForm> {
  const { meeting: m, access } = await requireMeeting(db, u, id, 'view');
  return toMeetingForm(m, access);
}

// ─── Writing ────────────────────────────────────────────────────────────────────────────

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

export async function exportMeetings(db: Db, u: CurrentUser, q: MeetingExportQuery, lang: string): Promise<Buffer> {
  const { list } = await selectMeetings(db, u, q);
  const cols: Column<MeetingVO>[] = [
    {
      header: say(lang, '赛事名称', 'Name'),
      key: 'name',
      width: 32,
      value: (r) => (lang === 'en' && r.nameEn) || r.name,
    },
    { header: say(lang, '代码', 'Code'), key: 'code', width: 12, value: (r) => r.code },
    { header: say(lang, '年度', 'Year'), key: 'year', width: 8, value: (r) => r.year },
    { header: say(lang, '性质', 'Nature'), key: 'nature', width: 16, value: (r) => r.natureName },
    { header: say(lang, '场地', 'Venue'), key: 'venue', width: 20, value: (r) => r.venue },
    { header: say(lang, '开始日期', 'Start'), key: 'start', width: 12, value: (r) => r.startDate },
    { header: say(lang, '结束日期', 'End'), key: 'end', width: 12, value: (r) => r.endDate },
    // The window on the meeting's own clock, named in the next column.
    {
      header: say(lang, '报名开始', 'Registration opens'),
      key: 'opens',
      width: 18,
      value: (r) => zonedStamp(r.regOpensAt, r.timeZone),
    },
    {
      header: say(lang, '报名截止', 'Registration closes'),
      key: 'closes',
      width: 18,
      value: (r) => zonedStamp(r.regClosesAt, r.timeZone),
    },
    { header: say(lang, '时区', 'Time zone'), key: 'timeZone', width: 20, value: (r) => r.timeZone },
    { header: say(lang, '状态', 'Status'), key: 'status', width: 20, value: (r) => r.status },
    { header: say(lang, '组别数', 'Groups'), key: 'groups', width: 8, value: (r) => r.groupCount },
    { header: say(lang, '代表队数', 'Delegations'), key: 'delegations', width: 10, value: (r) => r.delegationCount },
  ];
  return toXlsx(say(lang, '赛事', 'Meetings'), cols, list);
}

// ─── Status ─────────────────────────────────────────────────────────────────────────────

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

// ─── Admins, fields, remark ─────────────────────────────────────────────────────────────

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

/** Committee users (enabled) that can be chosen as admins. */
export async function committeeOptions(db: Db, keywords: string | undefined): Promise<MeetingAdminVO[]> {
  return db
    .select({ userId: user.id, username: user.username, nickname: user.nickname, userType: user.userType })
    .from(user)
    .where(
      and(
        eq(user.userType, USER_TYPE.COMMITTEE),
        eq(user.status, 1),
        likeAny(keywords, [user.username, user.nickname]),
      ),
    )
    .orderBy(asc(user.username))
    .limit(200);
}

/** Replace a meeting's admins: committee users only; a committee caller cannot drop themselves. */
export async function setMeetingAdmins(db: Db, u: CurrentUser, id: number, userIds: number[]) {
  const ids = [...new Set(userIds)];
  return db.transaction(async (tx) => {
    await requireMeeting(tx, u, id, 'manage');
    const found = ids.length
      ? await tx
          .select({ id: user.id, username: user.username, userType: user.userType })
          .from(user)
          .where(inArray(user.id, ids))
      : [];
    const missing = ids.find((i) => !found.some((f) => f.id === i));
    if (missing !== undefined) throw badInput(`用户 ${missing} 不存在`, `user ${missing} does not exist`);
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
