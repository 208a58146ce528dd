import type { AuditStatus } from '@baton/contracts';
import { and, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { athlete, coach, delegation, entry, relayMember, relayTeam } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioned.js';
import type { Entity } from './access.js';

// What a decision moves: the records' statuses, their entries' and relay teams', their delegations'.

export async function setStatus(tx: Tx, entity: Entity, ids: number[], status: AuditStatus, reason: string | null) {
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
export async function rollUp(tx: Tx, delegationIds: number[]) {
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
