/**
 * Delegations of a meeting one at a time: list, read, create, update, delete, review, and export.
 * Adding many at once (pasted rows, a spreadsheet, chosen customers) is in bulk.ts.
 */
import type {
  DelegationBody,
  DelegationExportQuery,
  DelegationPageQuery,
  DelegationReviewBody,
  DelegationUpdateBody,
  DelegationVO,
} from '@baton/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { areaCode, auditDecision, customer, delegation } from '../../db/schema/index.js';
import { AppError, badInput, notFound, say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, toXlsx } from '../../lib/excel.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { iso, isUniqueViolation, likeAny, pgConstraint } from '../../lib/sql.js';
import { nextVersion, sameVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { areaCondition, areaScope, requireMeeting } from '../meetings/access.js';

type DelegationRow = typeof delegation.$inferSelect;

const athleteCount = sql<number>`(select count(*)::int from reg_athlete a where a.delegation_id = meet_delegation.id)`;
const coachCount = sql<number>`(select count(*)::int from reg_coach c where c.delegation_id = meet_delegation.id)`;
const listColumns = {
  d: delegation,
  areaCode: areaCode.code,
  areaName: areaCode.name,
  customerName: customer.name,
  athleteCount,
  coachCount,
};
type ListRow = { d: DelegationRow; areaCode: string | null; areaName: string | null; customerName: string | null } & {
  athleteCount: number;
  coachCount: number;
};

const toVO = (r: ListRow): DelegationVO => ({
  id: r.d.id,
  meetingId: r.d.meetingId,
  name: r.d.name,
  shortName: r.d.shortName,
  areaCodeId: r.d.areaCodeId,
  areaCode: r.areaCode,
  areaName: r.areaName,
  customerId: r.d.customerId,
  customerName: r.customerName,
  leaderName: r.d.leaderName,
  contactName: r.d.contactName,
  contactMobile: r.d.contactMobile,
  status: r.d.status,
  reviewReason: r.d.reviewReason,
  source: r.d.source,
  fields: r.d.fields,
  athleteCount: r.athleteCount,
  coachCount: r.coachCount,
  version: r.d.version,
  createdAt: iso(r.d.createdAt),
});

const selectDelegations = (db: DbOrTx, w: SQL | undefined) =>
  db
    .select(listColumns)
    .from(delegation)
    .leftJoin(areaCode, eq(areaCode.id, delegation.areaCodeId))
    .leftJoin(customer, eq(customer.id, delegation.customerId))
    .where(w);

/** An area and every area below it. */
const areaAndBelow = (id: number) =>
  sql`${delegation.areaCodeId} in (with recursive a(id) as (select ${id}::int
    union select c.id from base_area_code c join a on c.parent_id = a.id) select id from a)`;

const SORT = { name: delegation.name, status: delegation.status, createdAt: delegation.createdAt };

async function listWhere(db: Db, u: CurrentUser, q: DelegationExportQuery): Promise<SQL | undefined> {
  await requireMeeting(db, u, q.meetingId, 'view');
  const areas = await areaScope(db, u, q.meetingId);
  return and(
    eq(delegation.meetingId, q.meetingId),
    areaCondition(areas, delegation.areaCodeId),
    likeAny(q.keywords, [delegation.name, delegation.shortName, delegation.contactName, delegation.contactMobile]),
    q.status ? eq(delegation.status, q.status) : undefined,
    q.areaCodeId ? areaAndBelow(q.areaCodeId) : undefined,
  );
}

/** Delegations of a meeting; an area user sees only those of their areas. */
export async function pageDelegations(db: Db, u: CurrentUser, q: DelegationPageQuery) {
  const w = await listWhere(db, u, q);
  const [total] = await db.select({ n: count() }).from(delegation).where(w);
  const { limit, offset } = limitOffset(q);
  const rows = await selectDelegations(db, w)
    .orderBy(...orderFrom(SORT, q.sortKey, q.sortDir, [asc(delegation.id)]))
    .limit(limit)
    .offset(offset);
  return { list: rows.map(toVO), total: total?.n ?? 0 };
}

/** A delegation the caller reaches: its meeting, and for area users its area. Otherwise 404. */
async function requireDelegation(db: DbOrTx, u: CurrentUser, id: number, need: 'view' | 'manage'): Promise<ListRow> {
  const [row] = await selectDelegations(db, eq(delegation.id, id));
  if (!row) throw notFound();
  await requireMeeting(db, u, row.d.meetingId, need);
  const areas = await areaScope(db, u, row.d.meetingId);
  if (areas !== null && (row.d.areaCodeId === null || !areas.includes(row.d.areaCodeId))) throw notFound();
  return row;
}

export async function getDelegation(db: Db, u: CurrentUser, id: number): Promise<DelegationVO> {
  return toVO(await requireDelegation(db, u, id, 'view'));
}

async function checkRefs(db: DbOrTx, areaCodeId: number | null | undefined, customerId: number | null | undefined) {
  if (areaCodeId) {
    const [a] = await db.select({ id: areaCode.id }).from(areaCode).where(eq(areaCode.id, areaCodeId));
    if (!a) throw badInput('区域编码不存在', 'the area code does not exist');
  }
  if (customerId) {
    const [c] = await db.select({ id: customer.id }).from(customer).where(eq(customer.id, customerId));
    if (!c) throw badInput('单位不存在', 'the customer does not exist');
  }
}

/** The clear message for a name or mobile another delegation of the meeting already has. */
async function clash(db: DbOrTx, meetingId: number, name: string, mobile: string, exceptId: number | null) {
  const rows = await db
    .select({ id: delegation.id, name: delegation.name, mobile: delegation.contactMobile })
    .from(delegation)
    .where(
      and(
        eq(delegation.meetingId, meetingId),
        sql`(${delegation.name} = ${name} or ${delegation.contactMobile} = ${mobile})`,
        exceptId ? sql`${delegation.id} <> ${exceptId}` : undefined,
      ),
    );
  const byMobile = rows.find((r) => r.mobile === mobile);
  if (byMobile) return mobileTaken(mobile, byMobile.name);
  if (rows.length) return nameTaken(name);
  return null;
}
const mobileTaken = (mobile: string, holder: string) =>
  badInput(
    `联系手机 ${mobile} 已被本赛事代表队 ${holder} 使用（手机号是代表队的登录账号，须唯一）`,
    `contact mobile ${mobile} is already used by delegation ${holder} in this meeting (it is the delegation's login and must be unique)`,
  );
const nameTaken = (name: string) =>
  badInput(`本赛事已有代表队 ${name}`, `the meeting already has a delegation named ${name}`);

function raceError(err: unknown, name: string, mobile: string): never {
  if (isUniqueViolation(err)) {
    throw pgConstraint(err) === 'meet_delegation_name_uq' ? nameTaken(name) : mobileTaken(mobile, '?');
  }
  throw err;
}

const blank = (v: string | null | undefined) => v?.trim() || null;

function values(body: DelegationUpdateBody | DelegationBody) {
  return {
    name: body.name.trim(),
    shortName: blank(body.shortName),
    areaCodeId: body.areaCodeId ?? null,
    customerId: body.customerId ?? null,
    leaderName: blank(body.leaderName),
    contactName: blank(body.contactName),
    contactMobile: body.contactMobile,
    fields: body.fields ?? {},
  };
}

export async function createDelegation(db: Db, u: CurrentUser, body: DelegationBody): Promise<DelegationVO> {
  await requireMeeting(db, u, body.meetingId, 'manage');
  const v = values(body);
  await checkRefs(db, v.areaCodeId, v.customerId);
  const problem = await clash(db, body.meetingId, v.name, v.contactMobile, null);
  if (problem) throw problem;
  try {
    const [row] = await db
      .insert(delegation)
      .values({ ...v, meetingId: body.meetingId, source: 'manual' })
      .returning({ id: delegation.id });
    return toVO((await selectDelegations(db, eq(delegation.id, row!.id)))[0]!);
  } catch (err) {
    return raceError(err, v.name, v.contactMobile);
  }
}

export async function updateDelegation(db: Db, u: CurrentUser, id: number, body: DelegationUpdateBody) {
  const current = await requireDelegation(db, u, id, 'manage');
  const v = values(body);
  await checkRefs(db, v.areaCodeId, v.customerId);
  const problem = await clash(db, current.d.meetingId, v.name, v.contactMobile, id);
  if (problem) throw problem;
  try {
    const [row] = await db
      .update(delegation)
      .set({ ...v, ...nextVersion(delegation) })
      .where(sameVersion(delegation, id, body.version))
      .returning({ id: delegation.id });
    if (!row) throw new AppError('A0409');
  } catch (err) {
    raceError(err, v.name, v.contactMobile);
  }
  return { before: toVO(current), after: toVO((await selectDelegations(db, eq(delegation.id, id)))[0]!) };
}

/** Delete delegations with nobody registered (athletes and coaches hold them). */
export async function deleteDelegations(db: Db, u: CurrentUser, ids: number[]): Promise<DelegationVO[]> {
  return db.transaction(async (tx) => {
    const out: DelegationVO[] = [];
    for (const id of ids) {
      const r = await requireDelegation(tx, u, id, 'manage');
      if (r.athleteCount + r.coachCount > 0) {
        throw badInput(
          `代表队 ${r.d.name} 已有 ${r.athleteCount} 名运动员、${r.coachCount} 名随队人员报名，不能删除`,
          `delegation ${r.d.name} has ${r.athleteCount} athlete(s) and ${r.coachCount} coach(es) registered; it cannot be deleted`,
        );
      }
      out.push(toVO(r));
    }
    await tx.delete(delegation).where(inArray(delegation.id, ids));
    return out;
  });
}

/** Approve, or return with a reason; the decision is recorded (who, when, what, why). */
export async function reviewDelegation(db: Db, u: CurrentUser, id: number, body: DelegationReviewBody) {
  const reason = blank(body.reason);
  if (body.decision === 'return' && !reason) {
    throw badInput('退回须填写原因', 'a return needs a reason');
  }
  return db.transaction(async (tx) => {
    const current = await requireDelegation(tx, u, id, 'manage');
    const status = body.decision === 'approve' ? 'approved' : 'returned';
    if (current.d.status === status) {
      throw badInput(`代表队已是${status === 'approved' ? '通过' : '退回'}状态`, `the delegation is already ${status}`);
    }
    const [row] = await tx
      .update(delegation)
      .set({ status, reviewReason: body.decision === 'return' ? reason : null, ...nextVersion(delegation) })
      .where(and(eq(delegation.id, id), eq(delegation.version, current.d.version)))
      .returning({ id: delegation.id });
    if (!row) throw new AppError('A0409');
    await tx.insert(auditDecision).values({
      meetingId: current.d.meetingId,
      entity: 'delegation',
      entityId: id,
      level: 'committee',
      decision: body.decision,
      reason,
      userId: u.id,
    });
    return { before: toVO(current), after: toVO((await selectDelegations(tx, eq(delegation.id, id)))[0]!) };
  });
}

export async function exportDelegations(
  db: Db,
  u: CurrentUser,
  q: DelegationExportQuery,
  lang: string,
): Promise<Buffer> {
  const w = await listWhere(db, u, q);
  const rows = await selectDelegations(db, w)
    .orderBy(...orderFrom(SORT, q.sortKey, q.sortDir, [asc(delegation.id)]))
    .limit(EXPORT_MAX_ROWS);
  const cols: Column<ListRow>[] = [
    { header: say(lang, '代表队名称', 'Name'), key: 'name', width: 28, value: (r) => r.d.name },
    { header: say(lang, '简称', 'Short name'), key: 'shortName', value: (r) => r.d.shortName },
    { header: say(lang, '联系人', 'Contact'), key: 'contactName', value: (r) => r.d.contactName },
    { header: say(lang, '联系手机', 'Contact mobile'), key: 'contactMobile', value: (r) => r.d.contactMobile },
    { header: say(lang, '区域编码', 'Area code'), key: 'areaCode', value: (r) => r.areaCode },
    { header: say(lang, '区域', 'Area'), key: 'areaName', value: (r) => r.areaName },
    { header: say(lang, '单位', 'Customer'), key: 'customer', width: 24, value: (r) => r.customerName },
    { header: say(lang, '状态', 'Status'), key: 'status', width: 12, value: (r) => r.d.status },
    { header: say(lang, '运动员', 'Athletes'), key: 'athletes', width: 10, value: (r) => r.athleteCount },
    { header: say(lang, '随队人员', 'Coaches'), key: 'coaches', width: 10, value: (r) => r.coachCount },
    { header: say(lang, '退回原因', 'Return reason'), key: 'reason', width: 24, value: (r) => r.d.reviewReason },
  ];
  return toXlsx(say(lang, '代表队', 'Delegations'), cols, rows);
}
