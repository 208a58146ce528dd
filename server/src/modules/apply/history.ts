import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { athlete, entry, relayTeam } from '../../db/schema/index.js';
import { nextVersion } from '../../lib/versioned.js';
import { type Acting, keepHistory } from './access.js';
import { athleteSnapshots, relaySnapshot, relayVOs } from './views.js';

/** Before/after kept around changes that touch approved athletes or relay teams (reg_record_history). */

/** Athletes of approved status lose it when their entries change: back to audit, with the before/after kept. */
export async function reauditAthletes<T>(
  tx: DbOrTx,
  w: Acting,
  athleteIds: number[],
  change: () => Promise<T>,
): Promise<T> {
  const ids = [...new Set(athleteIds)];
  const approved = ids.length
    ? (
        await tx
          .select({ id: athlete.id })
          .from(athlete)
          .where(and(inArray(athlete.id, ids), eq(athlete.status, 'approved')))
      ).map((r) => r.id)
    : [];
  const before = await athleteSnapshots(tx, approved);
  const result = await change();
  if (approved.length) {
    await tx
      .update(athlete)
      .set({ status: 'submitted', ...nextVersion(athlete) })
      .where(inArray(athlete.id, approved));
    await tx
      .update(entry)
      .set({ status: 'submitted' })
      .where(and(inArray(entry.athleteId, approved), eq(entry.status, 'approved')));
    const after = await athleteSnapshots(tx, approved);
    await keepHistory(
      tx,
      w,
      approved.map((id) => ({
        entity: 'athlete' as const,
        entityId: id,
        before: before.get(id),
        after: after.get(id),
      })),
    );
  }
  return result;
}

/** Keep the before/after of relay teams around a change that touches them (members deleted with athletes). */
export async function relayHistoryAround<T>(
  tx: DbOrTx,
  ws: Map<number, Acting>,
  teamIds: number[],
  change: () => Promise<T>,
): Promise<T> {
  if (!teamIds.length) return change();
  const owners = await tx
    .select({ id: relayTeam.id, delegationId: relayTeam.delegationId })
    .from(relayTeam)
    .where(inArray(relayTeam.id, teamIds));
  const before = await relayVOs(tx, teamIds);
  const result = await change();
  const after = await relayVOs(tx, teamIds);
  for (const o of owners) {
    const w = ws.get(o.delegationId);
    if (!w) continue;
    await keepHistory(tx, w, [
      {
        entity: 'relay',
        entityId: o.id,
        before: relaySnapshot(before.get(o.id)),
        after: relaySnapshot(after.get(o.id)),
      },
    ]);
  }
  return result;
}
