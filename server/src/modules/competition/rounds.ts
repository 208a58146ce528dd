import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { compRound, group, groupItem } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

export type RoundRow = typeof compRound.$inferSelect;

/**
 * The rounds of a group item as planned in `meet_group_item.rounds` (heats → final, with
 * "top N + next M"), created on first use — by the schedule, or when a start list is made.
 * Existing rounds are kept as they are (concurrent callers meet the unique index and read
 * the winner's rows). The answer is in round order.
 */
export async function ensureRounds(tx: DbOrTx, groupItemId: number): Promise<RoundRow[]> {
  const [gi] = await tx
    .select({ rounds: groupItem.rounds, scheduledAt: groupItem.scheduledAt, meetingId: group.meetingId })
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .where(eq(groupItem.id, groupItemId));
  if (!gi) throw notFound();
  const plan = gi.rounds.length ? gi.rounds : [{ name: 'final' as const }];
  const existing = await tx
    .select()
    .from(compRound)
    .where(eq(compRound.groupItemId, groupItemId))
    .orderBy(asc(compRound.index));
  const have = new Set(existing.map((r) => r.index));
  const missing = plan
    .map((p, index) => ({ p, index }))
    .filter(({ index }) => !have.has(index))
    .map(({ p, index }) => ({
      meetingId: gi.meetingId,
      groupItemId,
      index,
      name: p.name,
      // The group item's slot is the first round's time until the schedule says otherwise.
      scheduledAt: index === 0 ? gi.scheduledAt : null,
      qualifyByPlace: p.qualifyByPlace ?? null,
      qualifyByTime: p.qualifyByTime ?? null,
    }));
  if (!missing.length) return existing;
  const inserted = await tx.insert(compRound).values(missing).onConflictDoNothing().returning();
  // A concurrent caller wrote some of them first: read the rounds as they now are.
  if (inserted.length < missing.length) {
    return tx.select().from(compRound).where(eq(compRound.groupItemId, groupItemId)).orderBy(asc(compRound.index));
  }
  return [...existing, ...inserted].sort((a, b) => a.index - b.index);
}
