import type { CompLogVO } from '@baton/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { compLog, user } from '../../../db/schema/index.js';
import { isoOrNull } from '../../../lib/sql.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireRound } from '../access.js';

/** The start lists' log (`comp_log`): who changed what, before/after, and the round's log read. */

export async function writeLog(
  tx: Tx,
  u: CurrentUser,
  round: { meetingId: number; id: number },
  action: string,
  detail: Record<string, unknown>,
  heatId: number | null = null,
) {
  await writeLogs(tx, u, [{ round, action, detail, heatId }]);
}

/** Several log lines in one statement. */
export async function writeLogs(
  tx: Tx,
  u: CurrentUser,
  lines: {
    round: { meetingId: number; id: number };
    action: string;
    detail: Record<string, unknown>;
    heatId: number | null;
  }[],
) {
  if (!lines.length) return;
  await tx.insert(compLog).values(
    lines.map((l) => ({
      meetingId: l.round.meetingId,
      roundId: l.round.id,
      heatId: l.heatId,
      action: l.action,
      detail: l.detail,
      userId: u.id,
    })),
  );
}

/** The round's log, newest first (at most 500 lines). */
export async function roundLog(db: Db, u: CurrentUser, roundId: number): Promise<CompLogVO[]> {
  await requireRound(db, u, roundId, 'view');
  const rows = await db
    .select({
      id: compLog.id,
      action: compLog.action,
      heatId: compLog.heatId,
      detail: compLog.detail,
      userId: compLog.userId,
      username: user.username,
      nickname: user.nickname,
      createdAt: compLog.createdAt,
    })
    .from(compLog)
    .leftJoin(user, eq(user.id, compLog.userId))
    .where(eq(compLog.roundId, roundId))
    .orderBy(desc(compLog.id))
    .limit(500);
  return rows.map((r) => ({ ...r, createdAt: isoOrNull(r.createdAt) ?? '' }));
}
