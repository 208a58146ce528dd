import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { compRound, group, groupItem, item, type RoundPlan } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { combinedDisciplines } from './combined/plan.js';

export type RoundRow = typeof compRound.$inferSelect;

/**
 * The rounds of a group item as planned in `meet_group_item.rounds` (heats → final, with
 * "top N + next M"), created on first use — by the schedule, or when a start list is made.
 * Existing rounds are kept as they are (concurrent callers meet the unique index and read
 * the winner's rows). The answer is in round order.
 */
export async function ensureRounds(tx: DbOrTx, groupItemId: number): Promise<RoundRow[]> {
  const rounds = (await ensureRoundsOf(tx, [groupItemId])).get(groupItemId);
  if (!rounds) throw notFound();
  return rounds;
}

/**
 * `ensureRounds` for several group items in a fixed three statements whatever their number:
 * their plans, their rounds so far, one insert of the missing ones. The answer has each group
 * item that exists, its rounds in order.
 */
export async function ensureRoundsOf(tx: DbOrTx, groupItemIds: number[]): Promise<Map<number, RoundRow[]>> {
  const out = new Map<number, RoundRow[]>();
  if (!groupItemIds.length) return out;
  const items = await tx
    .select({
      id: groupItem.id,
      rounds: groupItem.rounds,
      scheduledAt: groupItem.scheduledAt,
      meetingId: group.meetingId,
      gender: group.gender,
      itemCode: item.code,
      kind: item.kind,
    })
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(inArray(groupItem.id, groupItemIds));
  if (!items.length) return out;
  const ids = items.map((gi) => gi.id);
  const readRounds = () =>
    tx
      .select()
      .from(compRound)
      .where(inArray(compRound.groupItemId, ids))
      .orderBy(asc(compRound.groupItemId), asc(compRound.index));
  const existing = await readRounds();
  const have = new Set(existing.map((r) => `${r.groupItemId}/${r.index}`));
  const missing = items.flatMap((gi) => {
    const plan = planOf(gi);
    return plan
      .map((p, index) => ({ p, index }))
      .filter(({ index }) => !have.has(`${gi.id}/${index}`))
      .map(({ p, index }) => ({
        meetingId: gi.meetingId,
        groupItemId: gi.id,
        index,
        name: p.name,
        // The group item's slot is the first round's time until the schedule says otherwise.
        scheduledAt: index === 0 ? gi.scheduledAt : null,
        qualifyByPlace: p.qualifyByPlace ?? null,
        qualifyByTime: p.qualifyByTime ?? null,
        discipline: p.discipline ?? null,
        // Combined events (TR 39.8.1): three trials in each horizontal field discipline.
        ...(p.discipline ? { trials: 3 } : {}),
      }));
  });
  let all = existing;
  if (missing.length) {
    const inserted = await tx.insert(compRound).values(missing).onConflictDoNothing().returning();
    // A concurrent caller wrote some of them first: read the rounds as they now are.
    all = inserted.length < missing.length ? await readRounds() : [...existing, ...inserted];
  }
  for (const id of ids) out.set(id, []);
  for (const r of all) out.get(r.groupItemId)?.push(r);
  for (const list of out.values()) list.sort((a, b) => a.index - b.index);
  return out;
}

/** A group item's rounds as planned: a combined event's are its disciplines (combined/plan.ts). */
function planOf(gi: { rounds: RoundPlan[]; kind: string; itemCode: string; gender: 'M' | 'F' | 'X' }): RoundPlan[] {
  if (gi.kind === 'combined') {
    return combinedDisciplines(gi.itemCode, gi.gender, gi.rounds).map((discipline) => ({ name: 'final', discipline }));
  }
  return gi.rounds.length ? gi.rounds : [{ name: 'final' }];
}

/** Each group item's round plans (`meet_group_item.rounds`): what a round's draw options say. */
export async function roundPlansOf(tx: DbOrTx, groupItemIds: number[]): Promise<Map<number, RoundPlan[]>> {
  if (!groupItemIds.length) return new Map();
  const rows = await tx
    .select({ id: groupItem.id, rounds: groupItem.rounds })
    .from(groupItem)
    .where(inArray(groupItem.id, groupItemIds));
  return new Map(rows.map((r) => [r.id, r.rounds]));
}

/** The plan of one round (undefined: a round the plan no longer has). */
export async function roundPlanOf(tx: DbOrTx, groupItemId: number, index: number): Promise<RoundPlan | undefined> {
  return (await roundPlansOf(tx, [groupItemId])).get(groupItemId)?.[index];
}
