import {
  type ApplyContextQuery,
  type ApplyProblem,
  type ApplySubmitBody,
  type ApplySummaryVO,
  AUDIT_STATUS_LIST,
  type Lang,
} from '@baton/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { athlete, coach, delegation, entry, relayTeam } from '../../db/schema/index.js';
import { badInput, say } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { type Acting, delegationIdOf, requireActing, requireWriting } from './access.js';
import { registrationCounts } from './context.js';
import { loadForms } from './forms.js';
import { formFields, missingFields } from './rules.js';
import { inTransaction } from './tx.js';

/**
 * Submission for audit (DOMAIN.md "Registration" 6): the summary of what a submission sends
 * and what stops it, and the submission itself, which moves the draft and returned athletes,
 * coaches, their entries and relay teams to `submitted` (read-only until the audit returns
 * them) and the delegation to `submitted`, in one transaction.
 *
 * Problems are looked for in what the submission sends (draft and returned records):
 * - no athletes at all — blocking;
 * - a required field missing (uploads included; a field may have become required after the
 *   record was saved) — blocking;
 * - an athlete without an ID number (imported from a Hy-Tek file, which has none) — blocking:
 *   the form requires the number, and the committee audits who the athlete is by it; the
 *   delegation adds it by editing the athlete;
 * - a relay team with fewer legs than its size — blocking;
 * - an athlete with no entry, an athlete without a photo, a returned record not changed since
 *   it was returned — warnings.
 */
interface Problem {
  kind: ApplyProblem['kind'];
  blocking: boolean;
  entity: ApplyProblem['entity'];
  entityId: number | null;
  zh: string;
  en: string;
}

const TO_SUBMIT = ['draft', 'returned'] as const;
const pending = (status: string) => status === 'draft' || status === 'returned';

async function findProblems(db: DbOrTx, a: Acting) {
  const forms = await loadForms(db, a.m.id);
  const dId = a.d.id;
  const athletes = await db
    .select({
      id: athlete.id,
      name: athlete.name,
      status: athlete.status,
      idNumber: athlete.idNumber,
      groupId: athlete.groupId,
      photoFileId: athlete.photoFileId,
      fields: athlete.fields,
      places: sql<number>`((select count(*) from reg_entry e where e.athlete_id = reg_athlete.id)
        + (select count(*) from reg_relay_member rm where rm.athlete_id = reg_athlete.id))::int`,
    })
    .from(athlete)
    .where(eq(athlete.delegationId, dId))
    .orderBy(athlete.id);
  const coaches = await db
    .select({ id: coach.id, name: coach.name, status: coach.status, fields: coach.fields })
    .from(coach)
    .where(eq(coach.delegationId, dId))
    .orderBy(coach.id);
  const relays = await rowsOf<{
    id: number;
    letter: string;
    status: string;
    item_name: string;
    item_name_en: string;
    size: number;
    legs: number;
  }>(
    db.execute(sql`select t.id, t.letter, t.status, i.name as item_name, i.name_en as item_name_en,
        gi.relay_team_size as size,
        (select count(*)::int from reg_relay_member rm where rm.relay_team_id = t.id and rm.leg is not null) as legs
      from reg_relay_team t join meet_group_item gi on gi.id = t.group_item_id join base_item i on i.id = gi.item_id
      where t.delegation_id = ${dId} order by i.sort, t.letter`),
  );
  // A returned record is unchanged when nothing of it (or of its entries) changed after the return decision.
  const unchanged = await rowsOf<{ entity: 'athlete' | 'coach'; id: number }>(
    db.execute(sql`with returned as (
        select 'athlete' as entity, a.id, (select max(d.created_at) from reg_audit_decision d
          where d.entity = 'athlete' and d.entity_id = a.id and d.decision = 'return') as returned_at
        from reg_athlete a where a.delegation_id = ${dId} and a.status = 'returned'
        union all
        select 'coach', c.id, (select max(d.created_at) from reg_audit_decision d
          where d.entity = 'coach' and d.entity_id = c.id and d.decision = 'return')
        from reg_coach c where c.delegation_id = ${dId} and c.status = 'returned'
      )
      select r.entity, r.id from returned r
      where r.returned_at is not null and not exists (
        select 1 from reg_record_history h where h.created_at > r.returned_at and (
          (h.entity = r.entity and h.entity_id = r.id)
          or (r.entity = 'athlete' and h.entity = 'entry'
            and coalesce(h.after, h.before)->>'athleteId' = r.id::text)))`),
  );

  const problems: Problem[] = [];
  if (!athletes.length) {
    problems.push({
      kind: 'no_athletes',
      blocking: true,
      entity: 'delegation',
      entityId: dId,
      zh: '尚未报名任何运动员',
      en: 'no athletes are registered yet',
    });
  }
  for (const x of athletes.filter((r) => pending(r.status))) {
    if (x.idNumber === null) {
      problems.push({
        kind: 'missing_required_field',
        blocking: true,
        entity: 'athlete',
        entityId: x.id,
        zh: `运动员${x.name}尚无证件号码：请编辑该运动员，填写证件号码`,
        en: `athlete ${x.name} has no ID number yet: edit the athlete and fill it in`,
      });
    }
    const missing = missingFields(formFields(forms.athlete, forms.groupFields.get(x.groupId)), x.fields);
    if (missing.length) {
      problems.push({
        kind: 'missing_required_field',
        blocking: true,
        entity: 'athlete',
        entityId: x.id,
        zh: `运动员${x.name}缺少必填项：${missing.map((f) => f.label).join('、')}`,
        en: `athlete ${x.name} is missing: ${missing.map((f) => f.labelEn || f.label).join(', ')}`,
      });
    }
    if (!x.photoFileId) {
      problems.push({
        kind: 'missing_photo',
        blocking: false,
        entity: 'athlete',
        entityId: x.id,
        zh: `运动员${x.name}未上传照片`,
        en: `athlete ${x.name} has no photo`,
      });
    }
    if (Number(x.places) === 0) {
      problems.push({
        kind: 'athlete_without_entry',
        blocking: false,
        entity: 'athlete',
        entityId: x.id,
        zh: `运动员${x.name}未报任何项目`,
        en: `athlete ${x.name} has no events entered`,
      });
    }
  }
  for (const x of coaches.filter((r) => pending(r.status))) {
    const missing = missingFields(formFields(forms.coach), x.fields);
    if (missing.length) {
      problems.push({
        kind: 'missing_required_field',
        blocking: true,
        entity: 'coach',
        entityId: x.id,
        zh: `随队人员${x.name}缺少必填项：${missing.map((f) => f.label).join('、')}`,
        en: `coach ${x.name} is missing: ${missing.map((f) => f.labelEn || f.label).join(', ')}`,
      });
    }
  }
  for (const r of relays.filter((t) => pending(t.status) && Number(t.legs) < Number(t.size))) {
    problems.push({
      kind: 'relay_incomplete',
      blocking: true,
      entity: 'relay',
      entityId: Number(r.id),
      zh: `${r.item_name} ${r.letter} 队只排了 ${r.legs}/${r.size} 个棒次`,
      en: `${r.item_name_en} team ${r.letter} has ${r.legs} of ${r.size} legs filled`,
    });
  }
  for (const x of unchanged) {
    const name =
      x.entity === 'athlete'
        ? athletes.find((r) => r.id === Number(x.id))?.name
        : coaches.find((r) => r.id === Number(x.id))?.name;
    problems.push({
      kind: 'returned_unchanged',
      blocking: false,
      entity: x.entity,
      entityId: Number(x.id),
      zh: `${x.entity === 'athlete' ? '运动员' : '随队人员'}${name}被退回后尚未修改`,
      en: `${x.entity} ${name} was returned and has not been changed since`,
    });
  }

  const byStatus: Record<string, number> = Object.fromEntries(AUDIT_STATUS_LIST.map((s) => [s, 0]));
  for (const r of [...athletes, ...coaches]) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const toSubmit =
    athletes.filter((r) => pending(r.status)).length +
    coaches.filter((r) => pending(r.status)).length +
    relays.filter((r) => pending(r.status)).length;
  return { problems, byStatus, toSubmit };
}

const inLang = (p: Problem, lang: Lang): ApplyProblem => ({
  kind: p.kind,
  blocking: p.blocking,
  entity: p.entity,
  entityId: p.entityId,
  message: say(lang, p.zh, p.en),
});

/** What a submission would send and what stops it, in the caller's language. */
export async function applySummary(db: Db, u: CurrentUser, q: ApplyContextQuery, lang: Lang): Promise<ApplySummaryVO> {
  const a = await requireActing(db, u, q.delegationId);
  const { problems, byStatus, toSubmit } = await findProblems(db, a);
  const counts = await registrationCounts(db, a.d.id);
  return {
    counts: { ...counts, toSubmit },
    byStatus,
    problems: problems.map((p) => inLang(p, lang)),
    canSubmit: toSubmit > 0 && !problems.some((p) => p.blocking),
  };
}

/** Submit for audit; refused while a blocking problem remains or when nothing is to be sent. */
export async function submitApply(db: Db, u: CurrentUser, body: ApplySubmitBody) {
  return inTransaction(db, async (tx) => {
    const w = await requireWriting(tx, u, delegationIdOf(u, body.delegationId));
    const { problems, toSubmit } = await findProblems(tx, w);
    const blocking = problems.filter((p) => p.blocking);
    if (blocking.length) {
      const shown = blocking.slice(0, 5);
      const more = blocking.length - shown.length;
      throw badInput(
        `不能提交：${shown.map((p) => p.zh).join('；')}${more ? `；另有 ${more} 个问题` : ''}`,
        `cannot submit: ${shown.map((p) => p.en).join('; ')}${more ? `; and ${more} more` : ''}`,
      );
    }
    if (!toSubmit) throw badInput('没有需要提交的记录', 'there is nothing to submit');
    const dId = w.d.id;
    const movedAthletes = await tx
      .update(athlete)
      .set({ status: 'submitted', ...nextVersion(athlete) })
      .where(and(eq(athlete.delegationId, dId), inArray(athlete.status, TO_SUBMIT)))
      .returning({ id: athlete.id });
    const movedCoaches = await tx
      .update(coach)
      .set({ status: 'submitted', ...nextVersion(coach) })
      .where(and(eq(coach.delegationId, dId), inArray(coach.status, TO_SUBMIT)))
      .returning({ id: coach.id });
    await tx
      .update(entry)
      .set({ status: 'submitted' })
      .where(and(eq(entry.delegationId, dId), inArray(entry.status, TO_SUBMIT)));
    const movedRelays = await tx
      .update(relayTeam)
      .set({ status: 'submitted', ...nextVersion(relayTeam) })
      .where(and(eq(relayTeam.delegationId, dId), inArray(relayTeam.status, TO_SUBMIT)))
      .returning({ id: relayTeam.id });
    await tx
      .update(delegation)
      .set({ status: 'submitted', ...nextVersion(delegation) })
      .where(eq(delegation.id, dId));
    const submitted = movedAthletes.length + movedCoaches.length + movedRelays.length;
    return {
      submitted,
      athletes: movedAthletes.map((r) => r.id),
      coaches: movedCoaches.map((r) => r.id),
      relays: movedRelays.map((r) => r.id),
      override: w.override,
    };
  });
}
