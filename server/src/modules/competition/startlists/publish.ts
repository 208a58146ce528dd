import type { RoundPublishBody, RoundVO } from '@baton/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { compHeat, compRound } from '../../../db/schema/index.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { requireRound } from '../access.js';
import { announce } from '../publish.js';
import { roundStatus } from '../round-vo.js';
import { writeLog } from './log.js';
import { conflict, frame, hasResult, lockRound, mustLoad, stale } from './shared.js';

/** Publishing and withdrawing a round's start lists (live frames after commit). */

/** Publish the start list: every draft heat becomes `set` (results may be entered). */
export function publishRound(db: Db, hub: RealtimeHub, u: CurrentUser, roundId: number, body: RoundPublishBody) {
  return switchHeats(db, hub, u, roundId, body, 'publish', (round) => {
    if (!round.heats.length) throw conflict('请先生成分组', 'Make the start list first');
    const drafts = round.heats.filter((h) => h.status === 'draft');
    if (!drafts.length) throw conflict('分组已发布', 'The start list is already published');
    if (round.heats.some((h) => !h.starts.length)) {
      throw conflict('有空的分组，请先调整', 'A heat is empty: adjust the start list first');
    }
    return drafts;
  });
}

/** Take a published start list back to draft, while no result has been entered. */
export function unpublishRound(db: Db, hub: RealtimeHub, u: CurrentUser, roundId: number, body: RoundPublishBody) {
  return switchHeats(db, hub, u, roundId, body, 'unpublish', (round) => {
    const set = round.heats.filter((h) => h.status === 'set');
    if (!set.length) throw conflict('分组未发布', 'The start list is not published');
    if (round.heats.some((h) => h.status === 'official') || round.heats.some((h) => h.starts.some(hasResult))) {
      throw conflict('已录入成绩，不能撤销发布', 'Results have been entered: the start list cannot be unpublished');
    }
    return set;
  });
}

/**
 * Publish (draft → set) or unpublish (set → draft) the heats `pick` chooses after its checks,
 * in one transaction with the round locked, logged and announced.
 */
export async function switchHeats(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  roundId: number,
  body: RoundPublishBody,
  action: 'publish' | 'unpublish',
  pick: (round: RoundVO) => RoundVO['heats'],
): Promise<RoundVO> {
  await requireRound(db, u, roundId, 'manage');
  const out = await db.transaction(async (tx) => {
    const row = await lockRound(tx, roundId);
    if (body.version !== undefined && body.version !== row.version) throw stale();
    const round = await mustLoad(tx, roundId);
    const heats = pick(round);
    const switched = await tx
      .update(compHeat)
      .set({ status: action === 'publish' ? 'set' : 'draft', ...nextVersion(compHeat) })
      .where(
        inArray(
          compHeat.id,
          heats.map((h) => h.id),
        ),
      )
      .returning({ id: compHeat.id, status: compHeat.status, version: compHeat.version });
    const [bumped] = await tx
      .update(compRound)
      .set(nextVersion(compRound))
      .where(eq(compRound.id, roundId))
      .returning({ version: compRound.version });
    await writeLog(tx, u, row, action, { heats: heats.map((h) => h.number) });
    // The round as it reads now: read under the lock, with the switched heats' new state.
    const now = new Map(switched.map((h) => [h.id, h]));
    const after = round.heats.map((h) => {
      const changed = now.get(h.id);
      return changed ? { ...h, status: changed.status, version: changed.version } : h;
    });
    return { ...round, version: bumped!.version, status: roundStatus(after), heats: after };
  });
  await announce(hub, frame(out), true);
  return out;
}
