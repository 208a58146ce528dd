/**
 * Group items (the events a group offers): list, read, create, update, delete and export, with
 * their round plans and scoring tables checked.
 */
import type { GroupItemBody, GroupItemQuery, GroupItemUpdateBody, GroupItemVO, RoundPlanVO } from '@baton/contracts';
import { zonedStamp } from '@baton/contracts';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { group, groupItem, item, meeting } from '../../db/schema/index.js';
import { AppError, badInput, notFound, say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, toXlsx } from '../../lib/excel.js';
import { isoOrNull, isUniqueViolation, pgConstraint } from '../../lib/sql.js';
import { nextVersion, sameVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { checkCombinedRounds } from '../competition/combined/plan.js';
import { requireMeeting } from '../meetings/access.js';
import { registrationsIn, requireGroup } from './service.js';

const entryCount = sql<number>`((select count(*)::int from reg_entry e where e.group_item_id = meet_group_item.id)
  + (select count(*)::int from reg_relay_team r where r.group_item_id = meet_group_item.id))`;
const groupItemColumns = {
  id: groupItem.id,
  groupId: groupItem.groupId,
  groupName: group.name,
  meetingId: group.meetingId,
  itemId: groupItem.itemId,
  itemCode: item.code,
  itemName: item.name,
  itemNameEn: item.nameEn,
  itemKind: item.kind,
  maxPerDelegation: groupItem.maxPerDelegation,
  relayTeamSize: groupItem.relayTeamSize,
  relayAlternates: groupItem.relayAlternates,
  rounds: groupItem.rounds,
  scoringTable: groupItem.scoringTable,
  scheduledAt: groupItem.scheduledAt,
  sort: groupItem.sort,
  entryCount,
  version: groupItem.version,
};
type GroupItemRow = Omit<GroupItemVO, 'scheduledAt'> & { scheduledAt: Date | null; meetingId: number };

const toGroupItemVO = ({ meetingId: _m, ...r }: GroupItemRow): GroupItemVO => ({
  ...r,
  scheduledAt: isoOrNull(r.scheduledAt),
});

const selectGroupItems = (db: DbOrTx, w: SQL | undefined) =>
  db
    .select(groupItemColumns)
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(w)
    .orderBy(asc(group.sort), asc(group.id), asc(groupItem.sort), asc(item.sort), asc(groupItem.id));

async function groupItemScope(db: Db, u: CurrentUser, q: GroupItemQuery): Promise<SQL> {
  if (q.groupId) {
    const g = await requireGroup(db, u, q.groupId, 'view');
    if (q.meetingId && q.meetingId !== g.meetingId) throw notFound();
    return eq(groupItem.groupId, q.groupId);
  }
  if (q.meetingId) {
    await requireMeeting(db, u, q.meetingId, 'view');
    return eq(group.meetingId, q.meetingId);
  }
  throw badInput('请指定组别或赛事', 'give a groupId or a meetingId');
}

/** The items of a group (or of every group of a meeting). */
export async function listGroupItems(db: Db, u: CurrentUser, q: GroupItemQuery): Promise<GroupItemVO[]> {
  const rows = await selectGroupItems(db, await groupItemScope(db, u, q)).limit(EXPORT_MAX_ROWS);
  return rows.map(toGroupItemVO);
}

async function requireGroupItem(db: DbOrTx, u: CurrentUser, id: number, need: 'view' | 'manage') {
  const [row] = await selectGroupItems(db, eq(groupItem.id, id));
  if (!row) throw notFound();
  await requireMeeting(db, u, row.meetingId, need);
  return row;
}

export async function getGroupItem(db: Db, u: CurrentUser, id: number): Promise<GroupItemVO> {
  return toGroupItemVO(await requireGroupItem(db, u, id, 'view'));
}

/** Rounds end with the final (and only there); every earlier round says who qualifies. */
function checkRounds(rounds: RoundPlanVO[]): RoundPlanVO[] {
  const last = rounds[rounds.length - 1];
  if (!last || last.name !== 'final') throw badInput('最后一轮必须是决赛', "the last round must be the 'final'");
  return rounds.map((r, i) => {
    // The draw's options of the round (issue 23: per-event lane tables) travel with it.
    const draw = {
      ...(r.laneTable && r.laneTable !== 'meeting' ? { laneTable: r.laneTable } : {}),
      ...(r.laneGroups?.length ? { laneGroups: checkLaneGroups(r.laneGroups, i) } : {}),
      ...(r.start && r.start !== 'lanes' ? { start: r.start } : {}),
    };
    if (i === rounds.length - 1) return { name: 'final', ...draw };
    if (r.name === 'final') throw badInput('决赛只能是最后一轮', "only the last round can be the 'final'");
    const place = r.qualifyByPlace ?? 0;
    const time = r.qualifyByTime ?? 0;
    if (place + time <= 0) {
      throw badInput(
        `第 ${i + 1} 轮须设置晋级名额（按名次或按成绩）`,
        `round ${i + 1} (${r.name}) needs qualifiers: by place, by time or both`,
      );
    }
    return {
      name: r.name,
      ...(place ? { qualifyByPlace: place } : {}),
      ...(time ? { qualifyByTime: time } : {}),
      ...draw,
    };
  });
}

/** A round's own lane groups: each group as many ranks as lanes, no lane or rank twice. */
function checkLaneGroups(groups: NonNullable<RoundPlanVO['laneGroups']>, i: number) {
  const lanes = groups.flatMap((g) => g.lanes);
  const places = groups.flatMap((g) => g.places);
  const ok =
    groups.every((g) => g.lanes.length === g.places.length) &&
    new Set(lanes).size === lanes.length &&
    [...places].sort((a, b) => a - b).every((p, k) => p === k + 1);
  if (!ok) {
    throw badInput(
      `第 ${i + 1} 轮的分道组：每组名次数须等于道数，道次不得重复，名次须为 1 至 ${places.length}`,
      `round ${i + 1}: each lane group needs as many ranks as lanes, no lane twice, ranks 1 to ${places.length}`,
    );
  }
  return groups.map((g) => ({ places: [...g.places], lanes: [...g.lanes] }));
}

/** A scoring table gives positive points that never rise from one place to the next. */
function checkScoring(table: number[]): number[] {
  for (let i = 1; i < table.length; i++) {
    if (table[i]! > table[i - 1]!) {
      throw badInput(
        `积分表须逐名次不增（第 ${i + 1} 名 ${table[i]} 分高于第 ${i} 名）`,
        `scoring points must not rise from place to place (place ${i + 1} has more than place ${i})`,
      );
    }
  }
  return table;
}

async function groupItemValues(db: DbOrTx, body: GroupItemUpdateBody | GroupItemBody, gender: 'M' | 'F' | 'X') {
  const [it] = await db.select().from(item).where(eq(item.id, body.itemId));
  if (!it) throw badInput('项目不存在', 'the item does not exist');
  // A combined event's rounds are its disciplines (issue 23); any other event has up to four rounds.
  const plan = body.rounds ?? [{ name: 'final' as const }];
  if (it.kind !== 'combined' && (plan.length > 4 || plan.some((r) => r.discipline))) {
    throw badInput('最多四轮，且只有全能项目有单项', 'at most four rounds, and only a combined event has disciplines');
  }
  let scheduledAt: Date | null = null;
  if (body.scheduledAt) {
    scheduledAt = new Date(body.scheduledAt);
    if (Number.isNaN(scheduledAt.getTime())) throw badInput('比赛时间无效', 'scheduledAt is not a valid time');
  }
  const relay = it.kind === 'relay';
  return {
    item: it,
    values: {
      itemId: body.itemId,
      maxPerDelegation: body.maxPerDelegation ?? null,
      relayTeamSize: relay ? (body.relayTeamSize ?? it.relayLegs ?? 4) : 4,
      relayAlternates: relay ? (body.relayAlternates ?? 2) : 0,
      rounds: it.kind === 'combined' ? checkCombinedRounds(it.code, gender, plan) : checkRounds(plan),
      scoringTable: checkScoring(body.scoringTable ?? [9, 7, 6, 5, 4, 3, 2, 1]),
      scheduledAt,
      sort: body.sort ?? 0,
    },
  };
}

function uniqueItemError(err: unknown, code: string, groupName: string): never {
  if (isUniqueViolation(err) && pgConstraint(err) !== 'meet_group_name_uq') {
    throw badInput(`组别 ${groupName} 已有项目 ${code}`, `group ${groupName} already offers item ${code}`);
  }
  throw err;
}

export async function createGroupItem(db: Db, u: CurrentUser, body: GroupItemBody): Promise<GroupItemVO> {
  const g = await requireGroup(db, u, body.groupId, 'manage');
  const { item: it, values } = await groupItemValues(db, body, g.gender);
  try {
    const [row] = await db
      .insert(groupItem)
      .values({ ...values, groupId: body.groupId })
      .returning({ id: groupItem.id });
    return getGroupItem(db, u, row!.id);
  } catch (err) {
    return uniqueItemError(err, it.code, g.name);
  }
}

export async function updateGroupItem(db: Db, u: CurrentUser, id: number, body: GroupItemUpdateBody) {
  const current = await requireGroupItem(db, u, id, 'manage');
  const [g] = await db.select({ gender: group.gender }).from(group).where(eq(group.id, current.groupId));
  const { item: it, values } = await groupItemValues(db, body, g!.gender);
  if (it.id !== current.itemId && current.entryCount > 0) {
    throw badInput(
      `已有 ${current.entryCount} 条报项，不能更换项目`,
      `${current.entryCount} entries are registered; the item cannot change`,
    );
  }
  try {
    const [row] = await db
      .update(groupItem)
      .set({ ...values, ...nextVersion(groupItem) })
      .where(sameVersion(groupItem, id, body.version))
      .returning({ id: groupItem.id });
    if (!row) throw new AppError('A0409');
  } catch (err) {
    uniqueItemError(err, it.code, current.groupName);
  }
  return { before: toGroupItemVO(current), after: await getGroupItem(db, u, id) };
}

export async function deleteGroupItems(db: Db, u: CurrentUser, ids: number[]): Promise<GroupItemVO[]> {
  return db.transaction(async (tx) => {
    const out: GroupItemVO[] = [];
    for (const id of ids) {
      const gi = await requireGroupItem(tx, u, id, 'manage');
      const held = await registrationsIn(tx, [id]);
      if (held.entries + held.relays > 0) {
        throw badInput(
          `${gi.groupName} ${gi.itemName} 已有 ${held.entries} 条报项、${held.relays} 支接力队，不能删除`,
          `${held.entries} entries and ${held.relays} relay team(s) are registered in ${gi.groupName} ${gi.itemNameEn}; it cannot be deleted`,
        );
      }
      out.push(toGroupItemVO(gi));
    }
    await tx.delete(groupItem).where(inArray(groupItem.id, ids));
    return out;
  });
}

export async function exportGroupItems(db: Db, u: CurrentUser, q: GroupItemQuery, lang: string): Promise<Buffer> {
  const rows = await selectGroupItems(db, await groupItemScope(db, u, q)).limit(EXPORT_MAX_ROWS);
  // One meeting's items (a group, or every group of a meeting): their times on its clock, named.
  const [m] = rows.length
    ? await db.select({ timeZone: meeting.timeZone }).from(meeting).where(eq(meeting.id, rows[0]!.meetingId))
    : [];
  const zone = m?.timeZone ?? '';
  const cols: Column<GroupItemRow>[] = [
    { header: say(lang, '组别', 'Group'), key: 'group', width: 16, value: (r) => r.groupName },
    { header: say(lang, '项目编码', 'Item code'), key: 'code', width: 10, value: (r) => r.itemCode },
    {
      header: say(lang, '项目', 'Item'),
      key: 'item',
      width: 20,
      value: (r) => (lang === 'en' ? r.itemNameEn : r.itemName),
    },
    { header: say(lang, '每队限报', 'Per delegation'), key: 'max', width: 10, value: (r) => r.maxPerDelegation },
    {
      header: say(lang, '赛次', 'Rounds'),
      key: 'rounds',
      width: 24,
      value: (r) => r.rounds.map((x) => x.name).join(' → '),
    },
    { header: say(lang, '积分', 'Scoring'), key: 'scoring', width: 20, value: (r) => r.scoringTable.join('-') },
    {
      header: zone ? say(lang, `比赛时间（${zone}）`, `Scheduled (${zone})`) : say(lang, '比赛时间', 'Scheduled'),
      key: 'at',
      width: 22,
      value: (r) => zonedStamp(r.scheduledAt, zone),
    },
    { header: say(lang, '报项数', 'Entries'), key: 'entries', width: 8, value: (r) => r.entryCount },
  ];
  return toXlsx(say(lang, '组别项目', 'Group items'), cols, rows);
}
