import type { AuditAthleteQuery, AuditCoachQuery } from '@baton/contracts';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  athlete,
  auditDecision,
  coach,
  delegation,
  entry,
  field,
  groupField,
  meetingField,
  recordHistory,
  relayMember,
} from '../../db/schema/index.js';
import { limitOffset } from '../../lib/paging.js';
import { likeAny } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { selectAthletes, selectCoaches, toAthleteVO, toCoachVO } from '../apply/views.js';
import { areaCondition } from '../meetings/access.js';
import { type Entity, reach } from './access.js';

// The audit's lists of athletes and coaches, with the problem filters (who reaches what: ./access.ts).

// ─── Problems (list filters; the detail's notes in ./detail.ts) ─────────────────────────

/** The photo: the athlete's photo file, or a `photo` form field holding one. */
export const PHOTO_KEY = 'photo';
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
