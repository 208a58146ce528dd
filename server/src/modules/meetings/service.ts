import {
  type FieldLinksBody,
  type FieldTarget,
  MEETING_STATUS_LIST,
  type MeetingAdminVO,
  type MeetingBody,
  type MeetingExportQuery,
  type MeetingForm,
  type MeetingPageQuery,
  type MeetingPublicVO,
  type MeetingStatus,
  type MeetingStatusLogVO,
  type MeetingUpdateBody,
  type MeetingVO,
  REGISTRATION_CLOSE_INTERVAL_MS,
  USER_TYPE,
} from '@baton/contracts';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  group,
  groupItem,
  item,
  meeting,
  meetingAdmin,
  meetingStatusLog,
  nature,
  user,
} from '../../db/schema/index.js';
import { AppError, badInput, notFound, say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, toXlsx } from '../../lib/excel.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { isCalendarDate, iso, isUniqueViolation, likeAny, rowsOf } from '../../lib/sql.js';
import { nextVersion, sameVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { linkedFields, MEETING_LINKS, replaceLinks } from '../natures/service.js';
import { sanitizeNoticeHtml } from '../notices/sanitize.js';
import { accessOf, type MeetingRow, meetingRole, meetingScope, requireMeeting, scopeCondition } from './access.js';

// ─── Registration window ────────────────────────────────────────────────────────────────

/** Is registration open for writes at `now`: the status says so and the window has not passed. */
export function isRegistrationOpen(
  m: Pick<MeetingRow, 'status' | 'regOpensAt' | 'regClosesAt'>,
  now: Date = new Date(),
): boolean {
  return (
    m.status === 'registration_open' &&
    m.regOpensAt.getTime() <= now.getTime() &&
    now.getTime() < m.regClosesAt.getTime()
  );
}

/**
 * Close every open registration whose closing time has passed: one statement that moves the
 * meetings, writes their status-log rows and their operation-log rows. Idempotent and safe
 * with several instances (a row already closed by another no longer matches). Returns the ids.
 */
export async function closeExpiredRegistrations(db: DbOrTx, now: Date = new Date()): Promise<number[]> {
  const rows = await rowsOf<{ meeting_id: number }>(
    db.execute(sql`with closed as (
        update meet_meeting set status = 'registration_closed', version = version + 1, updated_at = now()
        where status = 'registration_open' and reg_closes_at <= ${now.toISOString()}::timestamptz
        returning id, code
      ), logged as (
        insert into meet_meeting_status_log (meeting_id, from_status, to_status, user_id, reason)
        select id, 'registration_open', 'registration_closed', null, 'registration window closed' from closed
        returning meeting_id
      )
      insert into sys_oplog (method, path, module, action, target, status, code, duration_ms, before, after)
      select 'SYSTEM', '/internal/registration-close', 'meetings', 'auto-close registration', c.id::text, 200,
        '00000', 0, jsonb_build_object('status', 'registration_open'),
        jsonb_build_object('status', 'registration_closed', 'code', c.code)
      from closed c join logged l on l.meeting_id = c.id
      returning target as meeting_id`),
  );
  return rows.map((r) => Number(r.meeting_id));
}

/** Run `closeExpiredRegistrations` every 30 s while the app runs; stopped when it closes. */
export function startRegistrationCloser(app: FastifyInstance, db: Db): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const closed = await closeExpiredRegistrations(db);
      if (closed.length) app.log.info({ meetings: closed }, 'registration closed by its window');
    } catch (err) {
      app.log.warn({ err }, 'closing expired registrations failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, REGISTRATION_CLOSE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    void tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}

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
    startDate: m.startDate,
    endDate: m.endDate,
    regOpensAt: iso(m.regOpensAt),
    regClosesAt: iso(m.regClosesAt),
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

/**
 * The meeting's columns from a form, checked: real dates, start ≤ end, the window opens before
 * it closes and closes by the end of the first competition day (in any time zone), lane groups
 * within the lanes.
 */
async function values(db: DbOrTx, body: MeetingBody) {
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
  // The end of the first competition day in the westernmost time zone (UTC-12).
  const latestClose = new Date(`${body.startDate}T23:59:59.999-12:00`);
  if (closes.getTime() > latestClose.getTime()) {
    throw badInput('报名截止时间不能晚于比赛首日', 'registration must close by the end of the first competition day');
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
    startDate: body.startDate,
    endDate: body.endDate,
    regOpensAt: opens,
    regClosesAt: closes,
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

const duplicateCode = (code: string) =>
  badInput(`赛事代码 ${code} 已被使用`, `the meeting code ${code} is already taken`);

async function codeTaken(db: DbOrTx, code: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: meeting.id })
    .from(meeting)
    .where(and(sql`lower(${meeting.code}) = ${code.toLowerCase()}`, exceptId ? ne(meeting.id, exceptId) : undefined));
  return !!row;
}

/** Create a meeting in draft; a committee creator becomes its admin; fields come from its nature. */
export async function createMeeting(db: Db, u: CurrentUser, body: MeetingBody): Promise<MeetingForm> {
  const v = await values(db, body);
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
  const v = await values(db, body);
  if (await codeTaken(db, v.code, id)) throw duplicateCode(v.code);
  try {
    const [row] = await db
      .update(meeting)
      .set({ ...v, ...nextVersion(meeting) })
      .where(sameVersion(meeting, id, body.version))
      .returning();
    if (!row) throw new AppError('A0409');
    return { before: toMeetingForm(current, 'manage'), after: toMeetingForm(row, 'manage') };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCode(v.code);
    throw err;
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
    { header: say(lang, '报名开始', 'Registration opens'), key: 'opens', width: 22, value: (r) => r.regOpensAt },
    { header: say(lang, '报名截止', 'Registration closes'), key: 'closes', width: 22, value: (r) => r.regClosesAt },
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

export async function meetingRemark(db: Db, u: CurrentUser, id: number) {
  const { meeting: m } = await requireMeeting(db, u, id, 'view');
  return { remark: m.remark ?? '', version: m.version };
}

/** Store the remarks (rich text) sanitised: the allow-list of the notices' editor. */
export async function setMeetingRemark(db: Db, u: CurrentUser, id: number, html: string) {
  const { meeting: m } = await requireMeeting(db, u, id, 'manage');
  const remark = sanitizeNoticeHtml(html);
  const [row] = await db
    .update(meeting)
    .set({ remark, ...nextVersion(meeting) })
    .where(eq(meeting.id, id))
    .returning({ version: meeting.version });
  return { before: m.remark ?? '', after: { remark, version: row!.version } };
}

// ─── Public page ────────────────────────────────────────────────────────────────────────

/** What `/m/:code` shows: a meeting past draft, its groups and their items. */
export async function publicMeeting(db: Db, code: string, now: Date = new Date()): Promise<MeetingPublicVO> {
  const [row] = await db
    .select({ m: meeting, natureName: nature.name, natureNameEn: nature.nameEn })
    .from(meeting)
    .leftJoin(nature, eq(nature.id, meeting.natureId))
    .where(and(sql`lower(${meeting.code}) = ${code.toLowerCase()}`, ne(meeting.status, 'draft')));
  if (!row) throw notFound();
  const m = row.m;
  const groups = await db.select().from(group).where(eq(group.meetingId, m.id)).orderBy(asc(group.sort), asc(group.id));
  const items = groups.length
    ? await db
        .select({
          id: groupItem.id,
          groupId: groupItem.groupId,
          code: item.code,
          name: item.name,
          nameEn: item.nameEn,
          scheduledAt: groupItem.scheduledAt,
        })
        .from(groupItem)
        .innerJoin(item, eq(item.id, groupItem.itemId))
        .where(
          inArray(
            groupItem.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(groupItem.sort), asc(item.sort), asc(groupItem.id))
    : [];
  return {
    id: m.id,
    code: m.code,
    name: m.name,
    nameEn: m.nameEn,
    year: m.year,
    natureName: row.natureName,
    natureNameEn: row.natureNameEn,
    venue: m.venue,
    startDate: m.startDate,
    endDate: m.endDate,
    regOpensAt: iso(m.regOpensAt),
    regClosesAt: iso(m.regClosesAt),
    status: m.status,
    registrationOpen: isRegistrationOpen(m, now),
    remark: m.remark ?? '',
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      nameEn: g.nameEn,
      gender: g.gender,
      birthFrom: g.birthFrom,
      birthTo: g.birthTo,
      items: items
        .filter((i) => i.groupId === g.id)
        .map((i) => ({
          id: i.id,
          code: i.code,
          name: i.name,
          nameEn: i.nameEn,
          scheduledAt: i.scheduledAt ? iso(i.scheduledAt) : null,
        })),
    })),
  };
}
