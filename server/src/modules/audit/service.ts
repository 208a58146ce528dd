import type {
  AuditAthleteQuery,
  AuditCoachQuery,
  AuditDecisionBody,
  AuditDecisionResult,
  AuditDetailVO,
  AuditOverviewQuery,
  AuditOverviewRow,
  AuditOverviewVO,
  AuditStatus,
  DelegationFileVO,
} from '@baton/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import {
  areaCode,
  athlete,
  auditDecision,
  coach,
  delegation,
  delegationFile,
  entry,
  field,
  groupField,
  meetingField,
  recordHistory,
  relayMember,
  relayTeam,
  user,
} from '../../db/schema/index.js';
import { AppError, badInput, notFound, say } from '../../lib/errors.js';
import { limitOffset } from '../../lib/paging.js';
import { iso, likeAny, rowsOf } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioned.js';
import { type CurrentUser, hasPerm } from '../../plugins/auth.js';
import {
  selectAthletes,
  selectCoaches,
  selectEntries,
  selectFiles,
  toAthleteVO,
  toCoachVO,
  toEntryVO,
  toFileVO,
} from '../apply/views.js';
import {
  areaCondition,
  areaScope,
  type MeetingRole,
  type MeetingRow,
  meetingRole,
  requireMeeting,
} from '../meetings/access.js';
import { type AuditMessage, auditMessages } from './notify.js';

/**
 * The committee's audit (DOMAIN.md "Audit"): lists with filters, the overview per delegation,
 * the detail of one record and the decisions. Committee users reach the meetings they
 * administer, admin and root every meeting, area users (county, sub-unit) the delegations of
 * their areas in the meetings they are assigned to. Out of reach: 404.
 *
 * Two levels: when the meeting sets `areaAuditFirst`, an area user's decision is level 'area'
 * (an approval passes the record to the committee, which may then approve it; a return sends it
 * back to the delegation) and the committee approves only what the area approved. Otherwise area
 * users only look. "Entries" in the figures are individual entries plus relay teams.
 */

type Entity = 'athlete' | 'coach';
type DecisionLevel = 'area' | 'committee';

interface Reach {
  meeting: MeetingRow;
  role: MeetingRole;
  /** The areas an area user sees (with the areas below them); null for everyone else. */
  areas: number[] | null;
}

/** The meeting's audit as the caller reaches it (404 when out of reach). */
async function reach(db: DbOrTx, u: CurrentUser, meetingId: number): Promise<Reach> {
  const { meeting } = await requireMeeting(db, u, meetingId, 'view');
  return { meeting, role: meetingRole(u), areas: await areaScope(db, u, meetingId) };
}

const inAreas = (areas: number[] | null, areaId: number | null) =>
  areas === null || (areaId !== null && areas.includes(areaId));

// ─── Problems (list filters and the detail's notes) ─────────────────────────────────────

/** The photo: the athlete's photo file, or a `photo` form field holding one. */
const PHOTO_KEY = 'photo';
const athletePhotoMissing = sql`(${athlete.photoFileId} is null and coalesce(${athlete.fields}->>${PHOTO_KEY}, '') = '')`;

/** A required field of the meeting's form (or, for athletes, of the group's) left empty. */
const athleteFieldMissing = sql`(exists (select 1 from ${meetingField} mf join ${field} f on f.id = mf.field_id
    where mf.meeting_id = ${athlete.meetingId} and mf.required and f.target = 'athlete' and f.key <> ${PHOTO_KEY}
      and coalesce(${athlete.fields}->>f.key, '') = '')
  or exists (select 1 from ${groupField} gf join ${field} f on f.id = gf.field_id
    where gf.group_id = ${athlete.groupId} and gf.required and f.key <> ${PHOTO_KEY}
      and coalesce(${athlete.fields}->>f.key, '') = ''))`;
const coachFieldMissing = sql`exists (select 1 from ${meetingField} mf join ${field} f on f.id = mf.field_id
    where mf.meeting_id = ${coach.meetingId} and mf.required and f.target = 'coach'
      and coalesce(${coach.fields}->>f.key, '') = '')`;

const athleteNoEntry = sql`(not exists (select 1 from ${entry} e where e.athlete_id = ${athlete.id})
  and not exists (select 1 from ${relayMember} rm where rm.athlete_id = ${athlete.id}))`;

/** Changed since the last decision on it: a history row newer than that decision. */
const changedSince = (entity: Entity, id: SQL | typeof athlete.id | typeof coach.id) =>
  sql`exists (select 1 from ${recordHistory} h where h.entity = ${entity} and h.entity_id = ${id}
    and h.created_at > (select max(d.created_at) from ${auditDecision} d where d.entity = ${entity} and d.entity_id = ${id}))`;

const ATHLETE_PROBLEMS: Record<NonNullable<AuditAthleteQuery['problem']>, SQL> = {
  missing_photo: athletePhotoMissing,
  missing_field: athleteFieldMissing,
  no_entry: athleteNoEntry,
  changed: changedSince('athlete', athlete.id),
};
/** Coaches carry no photo and no entries: those two filters match none of them. */
const COACH_PROBLEMS: Record<NonNullable<AuditCoachQuery['problem']>, SQL> = {
  missing_photo: sql`false`,
  missing_field: coachFieldMissing,
  no_entry: sql`false`,
  changed: changedSince('coach', coach.id),
};

// ─── Value objects ──────────────────────────────────────────────────────────────────────

// ─── Lists ──────────────────────────────────────────────────────────────────────────────

/** Athletes of a meeting with the filters; sorted by delegation, then name. */
export async function pageAthletes(db: Db, u: CurrentUser, q: AuditAthleteQuery, _lang: string) {
  const r = await reach(db, u, q.meetingId);
  const where = and(
    eq(athlete.meetingId, q.meetingId),
    areaCondition(r.areas, delegation.areaCodeId),
    q.delegationId ? eq(athlete.delegationId, q.delegationId) : undefined,
    q.groupId ? eq(athlete.groupId, q.groupId) : undefined,
    q.status ? eq(athlete.status, q.status) : undefined,
    likeAny(q.keywords, [athlete.name, athlete.nameEn, athlete.idNumber, delegation.name, delegation.shortName]),
    q.problem ? ATHLETE_PROBLEMS[q.problem] : undefined,
  );
  const { limit, offset } = limitOffset(q);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(athlete).innerJoin(delegation, eq(delegation.id, athlete.delegationId)).where(where),
    selectAthletes(db, where)
      .orderBy(asc(delegation.name), asc(delegation.id), asc(athlete.name), asc(athlete.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { list: rows.map(toAthleteVO), total: total?.n ?? 0 };
}

/** Coaches of a meeting with the filters; sorted by delegation, then name. */
export async function pageCoaches(db: Db, u: CurrentUser, q: AuditCoachQuery) {
  const r = await reach(db, u, q.meetingId);
  const where = and(
    eq(coach.meetingId, q.meetingId),
    areaCondition(r.areas, delegation.areaCodeId),
    q.delegationId ? eq(coach.delegationId, q.delegationId) : undefined,
    q.role ? eq(coach.role, q.role) : undefined,
    q.status ? eq(coach.status, q.status) : undefined,
    likeAny(q.keywords, [coach.name, coach.idNumber, coach.mobile, delegation.name, delegation.shortName]),
    q.problem ? COACH_PROBLEMS[q.problem] : undefined,
  );
  const { limit, offset } = limitOffset(q);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(coach).innerJoin(delegation, eq(delegation.id, coach.delegationId)).where(where),
    selectCoaches(db, where)
      .orderBy(asc(delegation.name), asc(delegation.id), asc(coach.name), asc(coach.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { list: rows.map(toCoachVO), total: total?.n ?? 0 };
}

// ─── Overview ───────────────────────────────────────────────────────────────────────────

type Counts = AuditOverviewRow['athletes'];
const zeroCounts = (): Counts => ({ total: 0, draft: 0, submitted: 0, approved: 0, returned: 0 });
const byStatus = (table: 'reg_athlete' | 'reg_coach', meetingId: number) =>
  sql`select delegation_id, count(*)::int as total,
      (count(*) filter (where status = 'draft'))::int as draft,
      (count(*) filter (where status = 'submitted'))::int as submitted,
      (count(*) filter (where status = 'approved'))::int as approved,
      (count(*) filter (where status = 'returned'))::int as returned
    from ${sql.identifier(table)} where meeting_id = ${meetingId} group by delegation_id`;

interface OverviewSqlRow {
  id: number;
  name: string;
  area_name: string | null;
  area_name_en: string | null;
  status: string;
  a_total: number | null;
  a_draft: number | null;
  a_submitted: number | null;
  a_approved: number | null;
  a_returned: number | null;
  c_total: number | null;
  c_draft: number | null;
  c_submitted: number | null;
  c_approved: number | null;
  c_returned: number | null;
  entries: number | null;
}

const countsOf = (r: OverviewSqlRow, p: 'a' | 'c'): Counts => ({
  total: Number(r[`${p}_total`] ?? 0),
  draft: Number(r[`${p}_draft`] ?? 0),
  submitted: Number(r[`${p}_submitted`] ?? 0),
  approved: Number(r[`${p}_approved`] ?? 0),
  returned: Number(r[`${p}_returned`] ?? 0),
});

/** Progress per delegation (area users: their areas), in one statement; totals added up here. */
export async function auditOverview(
  db: Db,
  u: CurrentUser,
  q: AuditOverviewQuery,
  lang: string,
): Promise<AuditOverviewVO> {
  const r = await reach(db, u, q.meetingId);
  const where = and(
    eq(delegation.meetingId, q.meetingId),
    areaCondition(r.areas, delegation.areaCodeId),
    likeAny(q.keywords, [delegation.name, delegation.shortName]),
  );
  const rows = await rowsOf<OverviewSqlRow>(
    db.execute(sql`with a as (${byStatus('reg_athlete', q.meetingId)}),
      c as (${byStatus('reg_coach', q.meetingId)}),
      e as (select delegation_id, count(*)::int as n from (
          select delegation_id from ${entry} where meeting_id = ${q.meetingId}
          union all select delegation_id from ${relayTeam} where meeting_id = ${q.meetingId}) x
        group by delegation_id)
      select ${delegation.id} as id, ${delegation.name} as name, ${delegation.status} as status,
        ${areaCode.name} as area_name, ${areaCode.nameEn} as area_name_en,
        a.total as a_total, a.draft as a_draft, a.submitted as a_submitted, a.approved as a_approved,
        a.returned as a_returned,
        c.total as c_total, c.draft as c_draft, c.submitted as c_submitted, c.approved as c_approved,
        c.returned as c_returned,
        e.n as entries
      from ${delegation}
        left join ${areaCode} on ${areaCode.id} = ${delegation.areaCodeId}
        left join a on a.delegation_id = ${delegation.id}
        left join c on c.delegation_id = ${delegation.id}
        left join e on e.delegation_id = ${delegation.id}
      where ${where}
      order by ${delegation.name}, ${delegation.id}`),
  );
  const totals = { athletes: zeroCounts(), coaches: zeroCounts(), delegations: rows.length };
  const delegations = rows.map((row): AuditOverviewRow => {
    const athletes = countsOf(row, 'a');
    const coaches = countsOf(row, 'c');
    for (const k of Object.keys(totals.athletes) as (keyof Counts)[]) {
      totals.athletes[k] += athletes[k];
      totals.coaches[k] += coaches[k];
    }
    return {
      delegationId: Number(row.id),
      delegationName: row.name,
      areaName: row.area_name === null ? null : say(lang, row.area_name, row.area_name_en || row.area_name),
      status: row.status,
      athletes,
      coaches,
      entries: Number(row.entries ?? 0),
    };
  });
  return { totals, delegations };
}

// ─── Detail ─────────────────────────────────────────────────────────────────────────────

async function delegationFiles(db: DbOrTx, delegationId: number): Promise<DelegationFileVO[]> {
  return (await selectFiles(db, eq(delegationFile.delegationId, delegationId))).map(toFileVO);
}

const HISTORY_MAX = 200;

async function historyOf(db: DbOrTx, entity: Entity, id: number) {
  const rows = await db
    .select({
      id: recordHistory.id,
      before: recordHistory.before,
      after: recordHistory.after,
      userName: user.nickname,
      createdAt: recordHistory.createdAt,
    })
    .from(recordHistory)
    .leftJoin(user, eq(user.id, recordHistory.userId))
    .where(and(eq(recordHistory.entity, entity), eq(recordHistory.entityId, id)))
    .orderBy(desc(recordHistory.createdAt), desc(recordHistory.id))
    .limit(HISTORY_MAX);
  return rows.map((h) => ({ ...h, id: Number(h.id), createdAt: iso(h.createdAt) }));
}

async function decisionsOf(db: DbOrTx, entity: Entity, id: number) {
  const rows = await db
    .select({
      id: auditDecision.id,
      level: auditDecision.level,
      decision: auditDecision.decision,
      reason: auditDecision.reason,
      userName: user.nickname,
      createdAt: auditDecision.createdAt,
    })
    .from(auditDecision)
    .leftJoin(user, eq(user.id, auditDecision.userId))
    .where(and(eq(auditDecision.entity, entity), eq(auditDecision.entityId, id)))
    .orderBy(desc(auditDecision.createdAt), desc(auditDecision.id));
  return rows.map((d) => ({ ...d, id: Number(d.id), createdAt: iso(d.createdAt) }));
}

/** The required fields of a meeting's form for `target` (and of a group's, for athletes). */
async function requiredFields(db: DbOrTx, meetingId: number, target: Entity, groupId: number | null) {
  const columns = { key: field.key, label: field.label, labelEn: field.labelEn };
  const [meetingLevel, groupLevel] = await Promise.all([
    db
      .select(columns)
      .from(meetingField)
      .innerJoin(field, eq(field.id, meetingField.fieldId))
      .where(and(eq(meetingField.meetingId, meetingId), eq(meetingField.required, true), eq(field.target, target)))
      .orderBy(asc(meetingField.sort)),
    groupId === null
      ? Promise.resolve([])
      : db
          .select(columns)
          .from(groupField)
          .innerJoin(field, eq(field.id, groupField.fieldId))
          .where(and(eq(groupField.groupId, groupId), eq(groupField.required, true)))
          .orderBy(asc(groupField.sort)),
  ]);
  const seen = new Set<string>();
  return [...meetingLevel, ...groupLevel].filter((f) => !seen.has(f.key) && seen.add(f.key));
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

function missingFieldNote(
  fields: { key: string; label: string; labelEn: string }[],
  values: Record<string, unknown>,
  lang: string,
): string | null {
  const missing = fields.filter((f) => f.key !== PHOTO_KEY && empty(values[f.key]));
  if (!missing.length) return null;
  return say(
    lang,
    `必填项未填写：${missing.map((f) => f.label).join('、')}`,
    `required fields left empty: ${missing.map((f) => f.labelEn || f.label).join(', ')}`,
  );
}

const changedNote = (lang: string) =>
  say(lang, '上次审核后有修改，请查看变更记录', 'changed since the last decision: see the change history');

function isChanged(history: { createdAt: string }[], decisions: { createdAt: string }[]) {
  const last = decisions[0];
  return !!last && history.some((h) => h.createdAt > last.createdAt);
}

export async function athleteDetail(db: Db, u: CurrentUser, id: number, lang: string): Promise<AuditDetailVO> {
  const [found] = await db.select({ meetingId: athlete.meetingId }).from(athlete).where(eq(athlete.id, id));
  if (!found) throw notFound();
  const r = await reach(db, u, found.meetingId);
  const [row] = await selectAthletes(db, and(eq(athlete.id, id), areaCondition(r.areas, delegation.areaCodeId)));
  if (!row) throw notFound();
  const [entries, files, history, decisions, required] = await Promise.all([
    selectEntries(db, eq(entry.athleteId, id)),
    delegationFiles(db, row.a.delegationId),
    historyOf(db, 'athlete', id),
    decisionsOf(db, 'athlete', id),
    requiredFields(db, row.a.meetingId, 'athlete', row.a.groupId),
  ]);
  const problems: string[] = [];
  if (!row.a.photoFileId && empty(row.a.fields[PHOTO_KEY])) problems.push(say(lang, '缺少照片', 'no photo'));
  const fieldNote = missingFieldNote(required, row.a.fields, lang);
  if (fieldNote) problems.push(fieldNote);
  if (!row.entries?.length) problems.push(say(lang, '未报任何项目', 'not entered in any event'));
  if (isChanged(history, decisions)) problems.push(changedNote(lang));
  return {
    entity: 'athlete',
    athlete: toAthleteVO(row),
    coach: null,
    entries: entries.map(toEntryVO),
    files,
    history,
    decisions,
    problems,
  };
}

export async function coachDetail(db: Db, u: CurrentUser, id: number, lang: string): Promise<AuditDetailVO> {
  const [found] = await db.select({ meetingId: coach.meetingId }).from(coach).where(eq(coach.id, id));
  if (!found) throw notFound();
  const r = await reach(db, u, found.meetingId);
  const [row] = await selectCoaches(db, and(eq(coach.id, id), areaCondition(r.areas, delegation.areaCodeId)));
  if (!row) throw notFound();
  const [files, history, decisions, required] = await Promise.all([
    delegationFiles(db, row.c.delegationId),
    historyOf(db, 'coach', id),
    decisionsOf(db, 'coach', id),
    requiredFields(db, row.c.meetingId, 'coach', null),
  ]);
  const problems: string[] = [];
  const fieldNote = missingFieldNote(required, row.c.fields, lang);
  if (fieldNote) problems.push(fieldNote);
  if (isChanged(history, decisions)) problems.push(changedNote(lang));
  return { entity: 'coach', athlete: null, coach: toCoachVO(row), entries: [], files, history, decisions, problems };
}

// ─── Decisions ──────────────────────────────────────────────────────────────────────────

export interface DecisionOutcome {
  result: AuditDecisionResult;
  /** For the operation log. */
  log: { target: string; before: unknown; after: unknown };
  /** What to tell each delegation once the transaction has committed. */
  messages: AuditMessage[];
}

interface Locked {
  id: number;
  meetingId: number;
  delegationId: number;
  name: string;
  status: AuditStatus;
}

const NAMES_SHOWN = 10;
const nameList = (names: string[], sep: string) =>
  names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(sep)}${sep}…` : names.join(sep);

/** The latest decision on each record, if any. */
async function latestDecisions(tx: Tx, entity: Entity, ids: number[]) {
  const rows = await tx
    .selectDistinctOn([auditDecision.entityId], {
      entityId: auditDecision.entityId,
      level: auditDecision.level,
      decision: auditDecision.decision,
    })
    .from(auditDecision)
    .where(and(eq(auditDecision.entity, entity), inArray(auditDecision.entityId, ids)))
    .orderBy(auditDecision.entityId, desc(auditDecision.createdAt), desc(auditDecision.id));
  return new Map(rows.map((r) => [r.entityId, r]));
}

const areaApproved = (d: { level: string; decision: string } | undefined) =>
  d?.level === 'area' && d.decision === 'approve';

/** Lock and read the records (after their delegations, the order every registration write takes). */
async function lockRecords(tx: Tx, entity: Entity, ids: number[]): Promise<Locked[]> {
  if (entity === 'athlete') {
    return tx
      .select({
        id: athlete.id,
        meetingId: athlete.meetingId,
        delegationId: athlete.delegationId,
        name: athlete.name,
        status: athlete.status,
      })
      .from(athlete)
      .where(inArray(athlete.id, ids))
      .orderBy(asc(athlete.id))
      .for('update');
  }
  return tx
    .select({
      id: coach.id,
      meetingId: coach.meetingId,
      delegationId: coach.delegationId,
      name: coach.name,
      status: coach.status,
    })
    .from(coach)
    .where(inArray(coach.id, ids))
    .orderBy(asc(coach.id))
    .for('update');
}

async function setStatus(tx: Tx, entity: Entity, ids: number[], status: AuditStatus, reason: string | null) {
  const values = { status, auditReason: status === 'returned' ? reason : null };
  if (entity === 'coach') {
    await tx
      .update(coach)
      .set({ ...values, ...nextVersion(coach) })
      .where(inArray(coach.id, ids));
    return;
  }
  await tx
    .update(athlete)
    .set({ ...values, ...nextVersion(athlete) })
    .where(inArray(athlete.id, ids));
  // The athlete's entries follow; relay teams follow their runners (one returned: returned; all approved: approved).
  await tx
    .update(entry)
    .set({ status, ...nextVersion(entry) })
    .where(
      and(
        inArray(entry.athleteId, ids),
        status === 'approved'
          ? inArray(entry.status, ['submitted', 'returned'])
          : inArray(entry.status, ['submitted', 'approved']),
      ),
    );
  await tx.execute(sql`update ${relayTeam} set status = s.next, version = ${relayTeam.version} + 1, updated_at = now()
    from (select t.id, case
        when exists (select 1 from ${relayMember} m join ${athlete} a on a.id = m.athlete_id
          where m.relay_team_id = t.id and a.status = 'returned') then 'returned'
        when not exists (select 1 from ${relayMember} m join ${athlete} a on a.id = m.athlete_id
          where m.relay_team_id = t.id and a.status <> 'approved') then 'approved'
        else 'submitted' end as next
      from ${relayTeam} t
      where t.status <> 'draft'
        and t.id in (select relay_team_id from ${relayMember} where ${inArray(relayMember.athleteId, ids)})) s
    where ${relayTeam.id} = s.id and ${relayTeam.status} <> s.next`);
}

/**
 * A delegation's status follows its people: any returned → 'returned'; all approved → 'approved'.
 * Returns the delegations whose status changed.
 */
async function rollUp(tx: Tx, delegationIds: number[]) {
  return rowsOf<{ id: number; status: string }>(
    tx.execute(sql`update ${delegation} set status = s.next, version = ${delegation.version} + 1, updated_at = now()
      from (select d.id, case
          when exists (select 1 from ${athlete} a where a.delegation_id = d.id and a.status = 'returned')
            or exists (select 1 from ${coach} c where c.delegation_id = d.id and c.status = 'returned') then 'returned'
          when (exists (select 1 from ${athlete} a where a.delegation_id = d.id)
              or exists (select 1 from ${coach} c where c.delegation_id = d.id))
            and not exists (select 1 from ${athlete} a where a.delegation_id = d.id and a.status <> 'approved')
            and not exists (select 1 from ${coach} c where c.delegation_id = d.id and c.status <> 'approved')
            then 'approved'
          else d.status end as next
        from ${delegation} d where d.id in (${sql.join(
          delegationIds.map((id) => sql`${id}`),
          sql`, `,
        )})) s
      where ${delegation.id} = s.id and ${delegation.status} <> s.next
      returning ${delegation.id} as id, ${delegation.status} as status`),
  );
}

/**
 * Approve or return records in one transaction: only 'submitted' ones are decided (the others
 * are skipped); every decision is recorded (who, level, what, why); the delegations' statuses
 * roll up and each delegation touched gets one notice (written here, delivered after commit).
 */
export async function decide(db: Db, u: CurrentUser, body: AuditDecisionBody): Promise<DecisionOutcome> {
  if (!hasPerm(u, body.decision === 'approve' ? 'audit:record:approve' : 'audit:record:return')) {
    throw new AppError('A0301');
  }
  const reason = body.reason?.trim() || null;
  if (body.decision === 'return' && !reason) {
    throw badInput('退回须填写原因', 'a return needs a reason');
  }
  const { entity } = body;
  const ids = [...new Set(body.ids)];
  return db.transaction(async (tx) => {
    // Delegations first, then the records: the lock order of every registration write.
    const table = entity === 'athlete' ? athlete : coach;
    const owners = await tx.selectDistinct({ id: table.delegationId }).from(table).where(inArray(table.id, ids));
    const dlgRows = owners.length
      ? await tx
          .select({
            id: delegation.id,
            meetingId: delegation.meetingId,
            name: delegation.name,
            areaCodeId: delegation.areaCodeId,
            userId: delegation.userId,
            contactMobile: delegation.contactMobile,
            status: delegation.status,
          })
          .from(delegation)
          .where(
            inArray(
              delegation.id,
              owners.map((o) => o.id),
            ),
          )
          .orderBy(asc(delegation.id))
          .for('update')
      : [];
    const dlgs = new Map(dlgRows.map((d) => [d.id, d]));
    const records = await lockRecords(tx, entity, ids);
    if (records.length !== ids.length || records.some((x) => !dlgs.has(x.delegationId))) throw notFound();

    // Reach: every record in the caller's meetings and areas (else 404), then the level.
    const levels = new Map<number, { level: DecisionLevel; meeting: MeetingRow }>();
    for (const meetingId of new Set(records.map((x) => x.meetingId))) {
      const r = await reach(tx, u, meetingId);
      const outside = records.some(
        (x) => x.meetingId === meetingId && !inAreas(r.areas, dlgs.get(x.delegationId)!.areaCodeId),
      );
      if (outside) throw notFound();
      if (r.role === 'area' && !r.meeting.areaAuditFirst) {
        throw new AppError(
          'A0301',
          {},
          {
            zh: '本赛事不设区县初审，审核由组委会进行',
            en: 'this meeting has no area review: the committee decides',
          },
        );
      }
      levels.set(meetingId, { level: r.role === 'area' ? 'area' : 'committee', meeting: r.meeting });
    }

    const latest = await latestDecisions(tx, entity, ids);
    const levelOf = (x: Locked) => levels.get(x.meetingId)!;
    const decided = records.filter(
      (x) =>
        x.status === 'submitted' &&
        !(body.decision === 'approve' && levelOf(x).level === 'area' && areaApproved(latest.get(x.id))),
    );
    if (body.decision === 'approve') {
      const lacking = decided.filter(
        (x) =>
          levelOf(x).level === 'committee' &&
          levelOf(x).meeting.areaAuditFirst &&
          dlgs.get(x.delegationId)!.areaCodeId !== null &&
          !areaApproved(latest.get(x.id)),
      );
      if (lacking.length) {
        const names = lacking.map((x) => x.name);
        throw badInput(
          `本赛事须先经区县初审通过，以下记录尚未通过区县初审：${nameList(names, '、')}`,
          `this meeting needs the area's approval first; not yet approved by the area: ${nameList(names, ', ')}`,
        );
      }
    }

    // An area approval passes the record on (it stays 'submitted'); the rest change status.
    const next: AuditStatus = body.decision === 'approve' ? 'approved' : 'returned';
    const changing = decided.filter((x) => !(body.decision === 'approve' && levelOf(x).level === 'area'));
    if (changing.length) {
      await setStatus(
        tx,
        entity,
        changing.map((x) => x.id),
        next,
        reason,
      );
    }
    if (decided.length) {
      await tx.insert(auditDecision).values(
        decided.map((x) => ({
          meetingId: x.meetingId,
          entity,
          entityId: x.id,
          level: levelOf(x).level,
          decision: body.decision,
          reason,
          userId: u.id,
        })),
      );
    }
    const rolled = changing.length ? await rollUp(tx, [...new Set(changing.map((x) => x.delegationId))]) : [];
    const messages = await auditMessages(tx, u, {
      entity,
      decision: body.decision,
      reason,
      groups: [...new Set(decided.map((x) => x.delegationId))].map((delegationId) => {
        const d = dlgs.get(delegationId)!;
        const mine = decided.filter((x) => x.delegationId === delegationId);
        return {
          delegation: d,
          meeting: levelOf(mine[0]!).meeting,
          level: levelOf(mine[0]!).level,
          names: mine.map((x) => x.name),
        };
      }),
    });

    const changed = new Set(changing.map((x) => x.id));
    const decidedIds = new Set(decided.map((x) => x.id));
    const rolledStatus = new Map(rolled.map((x) => [Number(x.id), x.status]));
    return {
      result: { decided: decided.length, skipped: records.length - decided.length },
      log: {
        target: `${entity}:${ids.join(',')}`,
        before: {
          records: records.map((x) => ({ id: x.id, status: x.status })),
          delegations: [...rolledStatus.keys()].map((id) => ({ id, status: dlgs.get(id)!.status })),
        },
        after: {
          decision: body.decision,
          levels: [...new Set(decided.map((x) => levelOf(x).level))],
          reason,
          decided: decided.length,
          skipped: records.length - decided.length,
          records: records
            .filter((x) => decidedIds.has(x.id))
            .map((x) => ({ id: x.id, status: changed.has(x.id) ? next : x.status })),
          delegations: [...rolledStatus].map(([id, status]) => ({ id, status })),
          notices: messages.filter((m) => m.noticeId !== null).map((m) => m.noticeId),
        },
      },
      messages,
    };
  });
}
