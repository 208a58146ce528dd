import type { ResultFormat } from '@baton/contracts';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { compRound, compStart } from '../../../db/schema/index.js';
import { trialsOf } from '../results/heat.js';
import type { FieldTrial } from '../results/rules/rank.js';

/** Reads shared by round scoring (service.ts) and the team table (team-table.ts). */

/** The index of a group item's last round: the planned final, or a later round that exists. */
export function lastIndex(plan: unknown[], existing: number[]): number {
  return Math.max(Math.max(plan.length, 1) - 1, ...existing);
}

/**
 * Field athletes' series (start id → trials) for ranking across flights (scoring.ts
 * `finalPlaces`): none for the other formats.
 */
export async function seriesOf(
  db: DbOrTx,
  starts: readonly { id: number }[],
  format: ResultFormat,
): Promise<(startId: number) => FieldTrial[]> {
  const byStart = new Map<number, FieldTrial[]>();
  if (format === 'distance' || format === 'height') {
    for (const t of await trialsOf(db, starts)) {
      const list = byStart.get(t.startId) ?? [];
      list.push({ seq: t.seq, outcome: t.outcome, mark: t.mark, height: t.height, wind: t.wind, jumpOff: t.jumpOff });
      byStart.set(t.startId, list);
    }
  }
  return (id) => byStart.get(id) ?? [];
}

/**
 * Starters per group item for 减一录取 (team-options.ts `eventTable`): the start rows of its
 * first round that took part (all but DNS).
 */
export async function startersOf(db: DbOrTx, groupItemIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!groupItemIds.length) return out;
  const rows = await db
    .select({
      groupItemId: compRound.groupItemId,
      index: compRound.index,
      n: sql<number>`(count(${compStart.id}) filter (where ${compStart.code} is distinct from 'DNS'))::int`,
    })
    .from(compRound)
    .leftJoin(compStart, eq(compStart.roundId, compRound.id))
    .where(inArray(compRound.groupItemId, groupItemIds))
    .groupBy(compRound.id)
    .orderBy(desc(compRound.index));
  // Ordered last round first: the first round's count is written last and stays.
  for (const r of rows) out.set(r.groupItemId, Number(r.n));
  return out;
}
