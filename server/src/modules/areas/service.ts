import {
  type AreaSummaryRow,
  type AreaSummaryVO,
  type AreaUserBody,
  type AreaUserVO,
  USER_TYPE,
} from '@baton/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  areaCode,
  athlete,
  coach,
  delegation,
  entry,
  meetingAreaUser,
  relayTeam,
  user,
} from '../../db/schema/index.js';
import { badInput, notFound, say } from '../../lib/errors.js';
import { type Column, toXlsx } from '../../lib/excel.js';
import { isUniqueViolation } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { areaCondition, areaScope, requireMeeting } from '../meetings/access.js';
import { pickableUsers } from '../meetings/settings.js';

const AREA_TYPES = [USER_TYPE.COUNTY, USER_TYPE.COUNTY_SUB];

// ─── Area users ─────────────────────────────────────────────────────────────────────────

const selectAreaUsers = (db: DbOrTx, meetingId: number) =>
  db
    .select({
      meetingId: meetingAreaUser.meetingId,
      userId: user.id,
      username: user.username,
      nickname: user.nickname,
      userType: user.userType,
      areaCodeId: areaCode.id,
      areaCode: areaCode.code,
      areaName: areaCode.name,
      areaNameEn: areaCode.nameEn,
    })
    .from(meetingAreaUser)
    .innerJoin(user, eq(user.id, meetingAreaUser.userId))
    .innerJoin(areaCode, eq(areaCode.id, meetingAreaUser.areaCodeId))
    .where(eq(meetingAreaUser.meetingId, meetingId))
    .orderBy(asc(areaCode.code), asc(user.username));

export async function listAreaUsers(db: Db, u: CurrentUser, meetingId: number): Promise<AreaUserVO[]> {
  await requireMeeting(db, u, meetingId, 'view');
  return selectAreaUsers(db, meetingId);
}

/** County and county sub-unit users (enabled) that can be assigned. */
export const areaUserOptions = (db: Db, keywords: string | undefined) => pickableUsers(db, AREA_TYPES, keywords);

/** Assign a county (60) or sub-unit (70) user to one of the meeting's areas. */
export async function assignAreaUser(db: Db, u: CurrentUser, body: AreaUserBody): Promise<AreaUserVO> {
  await requireMeeting(db, u, body.meetingId, 'manage');
  const [target] = await db
    .select({ id: user.id, username: user.username, userType: user.userType })
    .from(user)
    .where(eq(user.id, body.userId));
  if (!target) throw badInput('用户不存在', 'the user does not exist');
  if (!AREA_TYPES.includes(target.userType as 60 | 70)) {
    throw badInput(
      `用户 ${target.username} 不是区县或区县下级单位用户`,
      `user ${target.username} is not a county or county sub-unit user`,
    );
  }
  const [area] = await db.select({ id: areaCode.id }).from(areaCode).where(eq(areaCode.id, body.areaCodeId));
  if (!area) throw badInput('区域编码不存在', 'the area code does not exist');
  try {
    await db.insert(meetingAreaUser).values(body);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw badInput('该用户已分配到此区域', 'the user is already assigned to this area');
    }
    throw err;
  }
  const all = await selectAreaUsers(db, body.meetingId);
  return all.find((a) => a.userId === body.userId && a.areaCodeId === body.areaCodeId)!;
}

export async function removeAreaUser(db: Db, u: CurrentUser, body: AreaUserBody): Promise<void> {
  await requireMeeting(db, u, body.meetingId, 'manage');
  const gone = await db
    .delete(meetingAreaUser)
    .where(
      and(
        eq(meetingAreaUser.meetingId, body.meetingId),
        eq(meetingAreaUser.userId, body.userId),
        eq(meetingAreaUser.areaCodeId, body.areaCodeId),
      ),
    )
    .returning({ userId: meetingAreaUser.userId });
  if (!gone.length) throw notFound();
}

export async function exportAreaUsers(db: Db, u: CurrentUser, meetingId: number, lang: string): Promise<Buffer> {
  const rows = await listAreaUsers(db, u, meetingId);
  const cols: Column<AreaUserVO>[] = [
    { header: say(lang, '用户名', 'Username'), key: 'username', value: (r) => r.username },
    { header: say(lang, '昵称', 'Nickname'), key: 'nickname', value: (r) => r.nickname },
    { header: say(lang, '用户类型', 'User type'), key: 'userType', width: 10, value: (r) => r.userType },
    { header: say(lang, '区域编码', 'Area code'), key: 'areaCode', value: (r) => r.areaCode },
    { header: say(lang, '区域', 'Area'), key: 'areaName', width: 24, value: (r) => r.areaName },
  ];
  return toXlsx(say(lang, '赛区用户', 'Area users'), cols, rows);
}

// ─── Area apply summary ─────────────────────────────────────────────────────────────────

/**
 * Per area: delegations, athletes, coaches, entries, relay teams and the athletes' audit
 * progress — one statement: the registration tables are counted per delegation in grouped
 * subqueries, joined to the delegations and grouped by area. Area users get their areas only.
 */
export async function areaSummary(db: Db, u: CurrentUser, meetingId: number): Promise<AreaSummaryVO> {
  await requireMeeting(db, u, meetingId, 'view');
  const areas = await areaScope(db, u, meetingId);
  const a = db
    .select({
      delegationId: athlete.delegationId,
      n: sql<number>`count(*)::int`.as('a_n'),
      draft: sql<number>`(count(*) filter (where ${athlete.status} = 'draft'))::int`.as('a_draft'),
      submitted: sql<number>`(count(*) filter (where ${athlete.status} = 'submitted'))::int`.as('a_submitted'),
      approved: sql<number>`(count(*) filter (where ${athlete.status} = 'approved'))::int`.as('a_approved'),
      returned: sql<number>`(count(*) filter (where ${athlete.status} = 'returned'))::int`.as('a_returned'),
    })
    .from(athlete)
    .where(eq(athlete.meetingId, meetingId))
    .groupBy(athlete.delegationId)
    .as('a');
  const c = db
    .select({ delegationId: coach.delegationId, n: sql<number>`count(*)::int`.as('c_n') })
    .from(coach)
    .where(eq(coach.meetingId, meetingId))
    .groupBy(coach.delegationId)
    .as('c');
  const e = db
    .select({ delegationId: entry.delegationId, n: sql<number>`count(*)::int`.as('e_n') })
    .from(entry)
    .where(eq(entry.meetingId, meetingId))
    .groupBy(entry.delegationId)
    .as('e');
  const r = db
    .select({ delegationId: relayTeam.delegationId, n: sql<number>`count(*)::int`.as('r_n') })
    .from(relayTeam)
    .where(eq(relayTeam.meetingId, meetingId))
    .groupBy(relayTeam.delegationId)
    .as('r');
  const sum = (col: unknown) => sql<number>`coalesce(sum(${col}), 0)::int`;
  const rows = await db
    .select({
      areaCodeId: delegation.areaCodeId,
      areaCode: areaCode.code,
      areaName: areaCode.name,
      areaNameEn: areaCode.nameEn,
      parentId: areaCode.parentId,
      delegations: sql<number>`count(${delegation.id})::int`,
      athletes: sum(a.n),
      coaches: sum(c.n),
      entries: sum(e.n),
      relayTeams: sum(r.n),
      athletesDraft: sum(a.draft),
      athletesSubmitted: sum(a.submitted),
      athletesApproved: sum(a.approved),
      athletesReturned: sum(a.returned),
    })
    .from(delegation)
    .leftJoin(areaCode, eq(areaCode.id, delegation.areaCodeId))
    .leftJoin(a, eq(a.delegationId, delegation.id))
    .leftJoin(c, eq(c.delegationId, delegation.id))
    .leftJoin(e, eq(e.delegationId, delegation.id))
    .leftJoin(r, eq(r.delegationId, delegation.id))
    .where(and(eq(delegation.meetingId, meetingId), areaCondition(areas, delegation.areaCodeId)))
    .groupBy(delegation.areaCodeId, areaCode.code, areaCode.name, areaCode.nameEn, areaCode.parentId)
    .orderBy(sql`${areaCode.code} nulls last`);
  const progress = (x: Omit<AreaSummaryRow, 'auditProgress'>) => {
    const reviewed = x.athletesApproved + x.athletesReturned;
    const due = reviewed + x.athletesSubmitted;
    return due ? Math.round((reviewed / due) * 1000) / 1000 : 0;
  };
  const out: AreaSummaryRow[] = rows.map((x) => ({ ...x, auditProgress: progress(x) }));
  const keys = [
    'delegations',
    'athletes',
    'coaches',
    'entries',
    'relayTeams',
    'athletesDraft',
    'athletesSubmitted',
    'athletesApproved',
    'athletesReturned',
  ] as const;
  const totals = Object.fromEntries(keys.map((k) => [k, out.reduce((s, x) => s + x[k], 0)])) as Record<
    (typeof keys)[number],
    number
  >;
  const total = {
    areaCodeId: null,
    areaCode: null,
    areaName: null,
    areaNameEn: null,
    parentId: null,
    ...totals,
  };
  return { rows: out, total: { ...total, auditProgress: progress(total) } };
}

export async function exportAreaSummary(db: Db, u: CurrentUser, meetingId: number, lang: string): Promise<Buffer> {
  const { rows, total } = await areaSummary(db, u, meetingId);
  const none = say(lang, '（未分区）', '(no area)');
  const cols: Column<AreaSummaryRow>[] = [
    { header: say(lang, '区域编码', 'Area code'), key: 'code', value: (x) => x.areaCode },
    {
      header: say(lang, '区域', 'Area'),
      key: 'name',
      width: 24,
      value: (x) =>
        x === total ? say(lang, '合计', 'Total') : (((lang === 'en' && x.areaNameEn) || x.areaName) ?? none),
    },
    { header: say(lang, '代表队', 'Delegations'), key: 'delegations', width: 12, value: (x) => x.delegations },
    { header: say(lang, '运动员', 'Athletes'), key: 'athletes', width: 10, value: (x) => x.athletes },
    { header: say(lang, '随队人员', 'Coaches'), key: 'coaches', width: 10, value: (x) => x.coaches },
    { header: say(lang, '报项', 'Entries'), key: 'entries', width: 10, value: (x) => x.entries },
    { header: say(lang, '接力队', 'Relay teams'), key: 'relays', width: 12, value: (x) => x.relayTeams },
    { header: say(lang, '草稿', 'Draft'), key: 'draft', width: 8, value: (x) => x.athletesDraft },
    { header: say(lang, '待审核', 'Submitted'), key: 'submitted', width: 10, value: (x) => x.athletesSubmitted },
    { header: say(lang, '已通过', 'Approved'), key: 'approved', width: 10, value: (x) => x.athletesApproved },
    { header: say(lang, '已退回', 'Returned'), key: 'returned', width: 10, value: (x) => x.athletesReturned },
    {
      header: say(lang, '审核进度', 'Audit progress'),
      key: 'progress',
      width: 12,
      value: (x) => `${Math.round(x.auditProgress * 100)}%`,
    },
  ];
  return toXlsx(say(lang, '赛区报名汇总', 'Area summary'), cols, [...rows, total]);
}
