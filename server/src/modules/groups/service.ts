/**
 * Groups of a meeting: list, read, create, update, delete, their own extra fields, and export.
 * A group's items live in items.ts; copying groups between meetings in copy.ts.
 */
import type {
  FieldLinksBody,
  GroupBody,
  GroupExportQuery,
  GroupPageQuery,
  GroupUpdateBody,
  GroupVO,
} from '@baton/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { entry, group, groupItem, relayTeam } from '../../db/schema/index.js';
import { AppError, badInput, notFound, say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, toXlsx } from '../../lib/excel.js';
import { limitOffset } from '../../lib/paging.js';
import { isCalendarDate, iso, isUniqueViolation, likeAny } from '../../lib/sql.js';
import { nextVersion, sameVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireMeeting } from '../meetings/access.js';
import { GROUP_LINKS, linkedFields, replaceLinks } from '../natures/service.js';

const itemCount = sql<number>`(select count(*)::int from meet_group_item gi where gi.group_id = meet_group.id)`;
const athleteCount = sql<number>`(select count(*)::int from reg_athlete a where a.group_id = meet_group.id)`;
const groupColumns = {
  id: group.id,
  meetingId: group.meetingId,
  name: group.name,
  nameEn: group.nameEn,
  gender: group.gender,
  birthFrom: group.birthFrom,
  birthTo: group.birthTo,
  maxEventsPerAthlete: group.maxEventsPerAthlete,
  sort: group.sort,
  itemCount,
  athleteCount,
  version: group.version,
  createdAt: group.createdAt,
};
type GroupListRow = Omit<GroupVO, 'createdAt'> & { createdAt: Date };
const toGroupVO = (r: GroupListRow): GroupVO => ({ ...r, createdAt: iso(r.createdAt) });

function groupFilters(q: GroupExportQuery): SQL | undefined {
  return and(
    eq(group.meetingId, q.meetingId),
    likeAny(q.keywords, [group.name, group.nameEn]),
    q.gender ? eq(group.gender, q.gender) : undefined,
  );
}

export async function pageGroups(db: Db, u: CurrentUser, q: GroupPageQuery) {
  await requireMeeting(db, u, q.meetingId, 'view');
  const w = groupFilters(q);
  const [total] = await db.select({ n: count() }).from(group).where(w);
  const { limit, offset } = limitOffset(q);
  const rows = await db
    .select(groupColumns)
    .from(group)
    .where(w)
    .orderBy(asc(group.sort), asc(group.id))
    .limit(limit)
    .offset(offset);
  return { list: rows.map(toGroupVO), total: total?.n ?? 0 };
}

/** A group the caller reaches (through its meeting) for `need`. */
export async function requireGroup(
  db: DbOrTx,
  u: CurrentUser,
  id: number,
  need: 'view' | 'manage',
): Promise<GroupListRow> {
  const [row] = await db.select(groupColumns).from(group).where(eq(group.id, id));
  if (!row) throw notFound();
  await requireMeeting(db, u, row.meetingId, need);
  return row;
}

export async function getGroup(db: Db, u: CurrentUser, id: number): Promise<GroupVO> {
  return toGroupVO(await requireGroup(db, u, id, 'view'));
}

function groupValues(body: GroupUpdateBody | GroupBody) {
  for (const [key, value] of [
    ['birthFrom', body.birthFrom],
    ['birthTo', body.birthTo],
  ] as const) {
    if (!isCalendarDate(value)) throw badInput(`${key} 不是有效日期`, `${key} is not a real date`);
  }
  if (body.birthFrom > body.birthTo) {
    throw badInput(
      '出生日期起不能晚于出生日期止',
      'the birth range must start on or before its end (birthFrom ≤ birthTo)',
    );
  }
  return {
    name: body.name.trim(),
    nameEn: body.nameEn?.trim() ?? '',
    gender: body.gender,
    birthFrom: body.birthFrom,
    birthTo: body.birthTo,
    maxEventsPerAthlete: body.maxEventsPerAthlete ?? null,
    sort: body.sort ?? 0,
  };
}

const duplicateGroup = (name: string) =>
  badInput(`该赛事已有组别 ${name}`, `the meeting already has a group named ${name}`);

export async function createGroup(db: Db, u: CurrentUser, body: GroupBody): Promise<GroupVO> {
  await requireMeeting(db, u, body.meetingId, 'manage');
  const v = groupValues(body);
  try {
    const [row] = await db
      .insert(group)
      .values({ ...v, meetingId: body.meetingId })
      .returning({ id: group.id });
    return toGroupVO((await db.select(groupColumns).from(group).where(eq(group.id, row!.id)))[0]!);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateGroup(v.name);
    throw err;
  }
}

export async function updateGroup(db: Db, u: CurrentUser, id: number, body: GroupUpdateBody) {
  const before = toGroupVO(await requireGroup(db, u, id, 'manage'));
  const v = groupValues(body);
  try {
    const [row] = await db
      .update(group)
      .set({ ...v, ...nextVersion(group) })
      .where(sameVersion(group, id, body.version))
      .returning({ id: group.id });
    if (!row) throw new AppError('A0409');
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateGroup(v.name);
    throw err;
  }
  return { before, after: toGroupVO((await db.select(groupColumns).from(group).where(eq(group.id, id)))[0]!) };
}

/** What holds group items: entries and relay teams registered in them. */
export async function registrationsIn(db: DbOrTx, groupItemIds: number[]) {
  if (!groupItemIds.length) return { entries: 0, relays: 0 };
  const [e] = await db.select({ n: count() }).from(entry).where(inArray(entry.groupItemId, groupItemIds));
  const [r] = await db.select({ n: count() }).from(relayTeam).where(inArray(relayTeam.groupItemId, groupItemIds));
  return { entries: e?.n ?? 0, relays: r?.n ?? 0 };
}

/** Delete groups nothing is registered in (their items and fields go with them). */
export async function deleteGroups(db: Db, u: CurrentUser, ids: number[]): Promise<GroupVO[]> {
  return db.transaction(async (tx) => {
    const out: GroupVO[] = [];
    for (const id of ids) {
      const g = await requireGroup(tx, u, id, 'manage');
      if (g.athleteCount > 0) {
        throw badInput(
          `组别 ${g.name} 已有 ${g.athleteCount} 名运动员报名，不能删除`,
          `${g.athleteCount} athlete(s) are registered in group ${g.nameEn || g.name}; it cannot be deleted`,
        );
      }
      const items = await tx.select({ id: groupItem.id }).from(groupItem).where(eq(groupItem.groupId, id));
      const held = await registrationsIn(
        tx,
        items.map((i) => i.id),
      );
      if (held.entries + held.relays > 0) {
        throw badInput(
          `组别 ${g.name} 的项目已有 ${held.entries} 条报项、${held.relays} 支接力队，不能删除`,
          `group ${g.nameEn || g.name} holds ${held.entries} entries and ${held.relays} relay team(s); it cannot be deleted`,
        );
      }
      out.push(toGroupVO(g));
    }
    await tx.delete(group).where(inArray(group.id, ids));
    return out;
  });
}

export async function groupFields(db: Db, u: CurrentUser, id: number) {
  await requireGroup(db, u, id, 'view');
  return linkedFields(db, GROUP_LINKS, id);
}

/** A group's own extra fields: athlete fields only. */
export async function setGroupFields(db: Db, u: CurrentUser, id: number, links: FieldLinksBody) {
  return db.transaction(async (tx) => {
    await requireGroup(tx, u, id, 'manage');
    const before = await linkedFields(tx, GROUP_LINKS, id);
    await replaceLinks(tx, GROUP_LINKS, id, links, 'athlete');
    return { before, after: await linkedFields(tx, GROUP_LINKS, id) };
  });
}

export async function exportGroups(db: Db, u: CurrentUser, q: GroupExportQuery, lang: string): Promise<Buffer> {
  await requireMeeting(db, u, q.meetingId, 'view');
  const rows = await db
    .select(groupColumns)
    .from(group)
    .where(groupFilters(q))
    .orderBy(asc(group.sort), asc(group.id))
    .limit(EXPORT_MAX_ROWS);
  const cols: Column<GroupListRow>[] = [
    { header: say(lang, '组别', 'Group'), key: 'name', width: 20, value: (r) => r.name },
    { header: say(lang, '英文名称', 'English name'), key: 'nameEn', width: 20, value: (r) => r.nameEn },
    { header: say(lang, '性别', 'Gender'), key: 'gender', width: 8, value: (r) => r.gender },
    { header: say(lang, '出生日期起', 'Born from'), key: 'from', width: 12, value: (r) => r.birthFrom },
    { header: say(lang, '出生日期止', 'Born to'), key: 'to', width: 12, value: (r) => r.birthTo },
    { header: say(lang, '限报项数', 'Events per athlete'), key: 'max', width: 10, value: (r) => r.maxEventsPerAthlete },
    { header: say(lang, '项目数', 'Items'), key: 'items', width: 8, value: (r) => r.itemCount },
    { header: say(lang, '运动员数', 'Athletes'), key: 'athletes', width: 10, value: (r) => r.athleteCount },
  ];
  return toXlsx(say(lang, '组别', 'Groups'), cols, rows);
}
