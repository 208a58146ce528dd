import type { ApplyContextQuery, ApplyContextVO, ApplyDelegationBody } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { delegation } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { iso, rowsOf } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { sanitizeNoticeHtml } from '../notices/sanitize.js';
import { type DelegationRow, delegationIdOf, keepHistory, requireActing, requireWriting } from './access.js';
import { checkUploads, loadForms } from './forms.js';
import { checkFieldValues } from './rules.js';
import { blank, inTransaction, type Written } from './tx.js';

/** The delegation's context in its own area (`/api/v1/apply`): its counts, its remark fill. */

const delegationVO = (d: DelegationRow): ApplyContextVO['delegation'] => ({
  id: d.id,
  name: d.name,
  shortName: d.shortName,
  leaderName: d.leaderName,
  contactName: d.contactName,
  contactMobile: d.contactMobile,
  status: d.status,
  reviewReason: d.reviewReason,
  fields: d.fields,
  version: d.version,
});

/** The delegation's records counted in one statement. */
export async function registrationCounts(db: DbOrTx, delegationId: number): Promise<ApplyContextVO['counts']> {
  const [row] = await rowsOf<Record<string, number>>(
    db.execute(sql`select
      (select count(*)::int from reg_athlete where delegation_id = ${delegationId}) as athletes,
      (select count(*)::int from reg_coach where delegation_id = ${delegationId}) as coaches,
      (select count(*)::int from reg_entry where delegation_id = ${delegationId}) as entries,
      (select count(*)::int from reg_relay_team where delegation_id = ${delegationId}) as relays,
      (select count(*)::int from reg_delegation_file where delegation_id = ${delegationId}) as files`),
  );
  return {
    athletes: Number(row?.athletes ?? 0),
    coaches: Number(row?.coaches ?? 0),
    entries: Number(row?.entries ?? 0),
    relays: Number(row?.relays ?? 0),
    files: Number(row?.files ?? 0),
  };
}

/**
 * What the apply pages need first: the meeting (its rules and sanitised remarks), the
 * delegation, the groups with their fields, the forms' fields and the counts. `writable`: the
 * window is open, or the caller is a manager (who may override); records still lock one by
 * one by their status (submitted records are read-only).
 */
export async function applyContext(db: Db, u: CurrentUser, q: ApplyContextQuery): Promise<ApplyContextVO> {
  const a = await requireActing(db, u, q.delegationId);
  const forms = await loadForms(db, a.m.id);
  const m = a.m;
  return {
    meeting: {
      id: m.id,
      code: m.code,
      name: m.name,
      nameEn: m.nameEn,
      status: m.status,
      regOpensAt: iso(m.regOpensAt),
      regClosesAt: iso(m.regClosesAt),
      timeZone: m.timeZone,
      registrationOpen: a.open,
      remark: sanitizeNoticeHtml(m.remark ?? ''),
      regulations: sanitizeNoticeHtml(m.regulations ?? ''),
      maxEventsPerAthlete: m.maxEventsPerAthlete,
      maxRelaysPerAthlete: m.maxRelaysPerAthlete,
      maxEntriesPerItem: m.maxEntriesPerItem,
      maxAthletes: m.maxAthletes,
      maxCoaches: m.maxCoaches,
    },
    delegation: delegationVO(a.d),
    writable: a.open || a.manager,
    groups: forms.groups.map((g) => ({
      id: g.id,
      name: g.name,
      nameEn: g.nameEn,
      gender: g.gender,
      birthFrom: g.birthFrom,
      birthTo: g.birthTo,
      maxEventsPerAthlete: g.maxEventsPerAthlete ?? m.maxEventsPerAthlete,
      fields: forms.groupFields.get(g.id) ?? [],
    })),
    athleteFields: forms.athlete,
    coachFields: forms.coach,
    delegationFields: forms.delegation,
    counts: await registrationCounts(db, a.d.id),
  };
}

/** Remark fill: the delegation's leader, contact and its fields (optimistic lock on version). */
export async function updateApplyDelegation(
  db: Db,
  u: CurrentUser,
  body: ApplyDelegationBody,
): Promise<Written<ApplyContextVO['delegation']>> {
  return inTransaction(db, async (tx) => {
    const w = await requireWriting(tx, u, delegationIdOf(u, body.delegationId));
    if (w.d.version !== body.version) throw new AppError('A0409');
    const before = delegationVO(w.d);
    let fields = w.d.fields;
    if (body.fields !== undefined) {
      const forms = await loadForms(tx, w.m.id);
      const checked = checkFieldValues(forms.delegation, body.fields, forms.dicts);
      await checkUploads(
        tx,
        w,
        checked.fileIds.filter((f) => w.d.fields[f.key] !== f.id),
      );
      fields = checked.values;
    }
    const next = {
      leaderName: body.leaderName === undefined ? w.d.leaderName : blank(body.leaderName),
      contactName: body.contactName === undefined ? w.d.contactName : blank(body.contactName),
      fields,
    };
    const [row] = await tx
      .update(delegation)
      .set({ ...next, ...nextVersion(delegation) })
      .where(eq(delegation.id, w.d.id))
      .returning();
    const after = delegationVO(row!);
    await keepHistory(tx, w, [{ entity: 'delegation', entityId: w.d.id, before, after }]);
    return { before, after, override: w.override };
  });
}
