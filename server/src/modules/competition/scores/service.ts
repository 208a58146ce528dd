import type { TeamScoresVO } from '@baton/contracts';
import type { DbOrTx } from '../../../db/client.js';

/**
 * Recompute the team points and record flags of a round's start rows (called by results
 * entry, inside its transaction, whenever a heat becomes official or an official result is
 * corrected). Only a group item's last round scores.
 */
export async function scoreRound(_db: DbOrTx, _roundId: number): Promise<void> {
  throw new Error('scoreRound: not yet implemented (competition/scores helper)');
}

/** Team points and medals of a meeting, optionally of one group. */
export async function teamScores(_db: DbOrTx, _meetingId: number, _groupId?: number): Promise<TeamScoresVO> {
  throw new Error('teamScores: not yet implemented (competition/scores helper)');
}
