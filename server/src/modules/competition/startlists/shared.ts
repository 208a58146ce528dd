import type { RoundVO, StartVO } from '@baton/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { compRound, type meeting, type RoundPlan } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { CompetitorVO } from '../round-vo.js';
import type { RoundRow } from '../rounds.js';
import { loadRound } from '../views.js';
import type { Track } from './rules/compose.js';
import type { EventShape } from './rules/heats.js';
import { roundLaneGroups } from './rules/lane-tables.js';

/**
 * Start lists (issue 6, DOMAIN.md "Competition"): a round's heats and start rows made from the
 * approved entries (or the previous round's qualifiers), drawn again, adjusted by hand,
 * configured, published. Every write runs in one transaction, checks the versions, and is
 * written to `comp_log` (who, what, before/after); the change is announced after it commits.
 *
 * Entries: only APPROVED entries (and approved relay teams) are seeded — a start list is made
 * after the committee's audit; an entry still waiting for audit is not a competitor yet. When
 * none is approved the request is refused and says how many are waiting.
 *
 * This file: what the start-list files share (errors, the track, the round lock, live frames).
 */

export type MeetingRow = typeof meeting.$inferSelect;

/** A state the start list cannot change in (409, message in both languages). */
export const conflict = (zh: string, en: string) => new AppError('A0001', {}, { zh, en }, 409);
export const stale = () => new AppError('A0409');

export const hasResult = (s: StartVO) =>
  s.mark !== null ||
  s.value !== null ||
  s.code !== null ||
  s.place !== null ||
  s.qualifier !== null ||
  s.trials.length > 0;

/**
 * The track a round draws on: the meeting's lanes, and the lane groups of the round's options
 * (its own groups, its event's table, or the meeting's one table: `roundLaneGroups`, issue 23).
 */
export const trackOf = (m: MeetingRow, event: EventShape, plan: RoundPlan | undefined): Track => ({
  lanes: m.lanes,
  laneGroups: roundLaneGroups(event, m.lanes, m.laneGroups, plan),
});

/** Lock the round for this transaction (concurrent draws of one round take turns). */
export async function lockRound(tx: Tx, roundId: number): Promise<RoundRow> {
  const [r] = await tx.select().from(compRound).where(eq(compRound.id, roundId)).for('update');
  if (!r) throw notFound();
  return r;
}

export async function mustLoad(tx: Tx | Db, roundId: number): Promise<RoundVO> {
  const r = await loadRound(tx, roundId);
  if (!r) throw notFound();
  return r;
}

export function frame(r: { meetingId: number; groupItemId: number; id: number }, heatId: number | null = null) {
  return { meetingId: r.meetingId, groupItemId: r.groupItemId, roundId: r.id, heatId, change: 'startlist' as const };
}

/** A competitor before it has a place in a heat: what seeding and its start rows need. */
export interface Facts {
  entryId: number | null;
  relayTeamId: number | null;
  athleteId: number | null;
  delegationId: number;
  seedValue: number | null;
  /** Later rounds: what it qualified on. */
  qualifier: NonNullable<StartVO['qualifier']>;
  place: number | null;
  value: number | null;
  /** Later rounds: how many per heat the previous round took by place (a qD within it is placed). */
  byPlace?: number;
}

/** A competitor before it has a place in a heat, and how its start rows show it (the answer's). */
export interface Candidate extends Facts {
  /** How its start rows show it (the read model's `competitorVO`). */
  shown: CompetitorVO;
}
