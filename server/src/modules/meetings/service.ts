/**
 * Reading meetings: the caller's page of meetings, one meeting's form, and the export.
 * Writing them is in write.ts, status changes in status.ts, admins, fields and texts in settings.ts.
 */
import {
  type MeetingExportQuery,
  type MeetingForm,
  type MeetingPageQuery,
  type MeetingVO,
  zonedStamp,
} from '@baton/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { meeting, nature } from '../../db/schema/index.js';
import { say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, toXlsx } from '../../lib/excel.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { iso, likeAny } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { accessOf, type MeetingRow, meetingScope, requireMeeting, scopeCondition } from './access.js';

const groupCount = sql<number>`(select count(*)::int from meet_group g where g.meeting_id = meet_meeting.id)`;
export const delegationCount = sql<number>`(select count(*)::int from meet_delegation d where d.meeting_id = meet_meeting.id)`;
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
