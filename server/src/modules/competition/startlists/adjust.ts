import type { RoundDrawBody, RoundSettingsBody, RoundVO, StartMoveBody, StartVO } from '@baton/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { compRound, compStart } from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { requireRound } from '../access.js';
import { announce } from '../publish.js';
import { roundPlanOf } from '../rounds.js';
import { loadRound } from '../views.js';
import { keyOf } from './candidates.js';
import { writeLog } from './log.js';
import { composeRng, drawHeat, heatRng, rankFor } from './rules/compose.js';
import { inLanes } from './rules/heats.js';
import { preferredLanes } from './rules/lanes.js';
import { newSeed } from './rules/prng.js';
import { conflict, frame, hasResult, lockRound, mustLoad, stale, trackOf } from './shared.js';

/** Changing a start list: drawn again, moved by hand, the round's settings. */

/** Each start's rank in the round (later rounds in lanes draw lanes by it, TR 20.5). */
export async function roundRanking(tx: Tx, round: RoundVO, seed: string): Promise<Map<number, number>> {
  const starts = round.heats.flatMap((h) => h.starts).sort((a, b) => a.id - b.id);
  if (round.index === 0) return new Map(starts.map((s, i) => [s.id, i]));
  const [previous] = await tx
    .select({ id: compRound.id })
    .from(compRound)
    .where(and(eq(compRound.groupItemId, round.groupItemId), eq(compRound.index, round.index - 1)));
  const prev = previous ? await loadRound(tx, previous.id) : null;
  const before = new Map((prev?.heats.flatMap((h) => h.starts) ?? []).map((s) => [keyOf(s), s]));
  const list = starts.map((s) => {
    const p = before.get(keyOf(s));
    return {
      id: s.id,
      delegationId: s.delegationId,
      seedValue: s.seedValue,
      qualifier: p?.qualifier ?? ('q' as const),
      place: p?.place ?? null,
      value: p?.value ?? null,
      byPlace: prev?.qualifyByPlace ?? 0,
    };
  });
  const ranked = rankFor(round.event, list, true, composeRng(seed));
  return new Map(ranked.map((s, i) => [s.id, i]));
}

/** Draw the lanes (or the order) of every heat again, keeping who is in which heat. */
export async function redrawRound(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  roundId: number,
  body: RoundDrawBody,
): Promise<RoundVO> {
  const { meeting: m } = await requireRound(db, u, roundId, 'manage');
  const seed = body.seed ?? newSeed();
  await db.transaction(async (tx) => {
    const row = await lockRound(tx, roundId);
    if (body.version !== undefined && body.version !== row.version) throw stale();
    const round = await mustLoad(tx, roundId);
    if (!round.heats.length) throw conflict('请先生成分组', 'Make the start list first');
    if (round.heats.some((h) => h.status !== 'draft')) {
      throw conflict('分组已发布，不能重新抽签', 'The start list is published: lanes cannot be drawn again');
    }
    const rank = await roundRanking(tx, round, seed);
    const plan = await roundPlanOf(tx, round.groupItemId, round.index);
    const track = trackOf(m, round.event, plan);
    const drawn: { id: number; lane: number | null; position: number }[] = [];
    for (const h of round.heats) {
      const members = [...h.starts].sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
      const slots = drawHeat(round.event, members.length, round.index > 0, track, heatRng(seed, h.number), plan?.start);
      for (const [i, s] of members.entries())
        drawn.push({ id: s.id, lane: slots[i]!.lane, position: slots[i]!.position });
    }
    // Every start of the round in one statement.
    if (drawn.length) {
      await tx.execute(sql`
        update comp_start s set lane = v.lane, position = v.position, version = s.version + 1, updated_at = now()
        from json_to_recordset(${JSON.stringify(drawn)}::json) as v(id int, lane smallint, position smallint)
        where s.id = v.id and s.round_id = ${roundId}::int`);
    }
    await tx
      .update(compRound)
      .set({ drawSeed: seed, ...nextVersion(compRound) })
      .where(eq(compRound.id, roundId));
    await writeLog(tx, u, row, 'draw', { seed, previousSeed: row.drawSeed });
  });
  const out = await mustLoad(db, roundId);
  await announce(hub, frame(out), false);
  return out;
}

/** A heat whose start list may still be adjusted: a draft, or published with no result yet. */
export function adjustable(h: RoundVO['heats'][number]) {
  return h.status === 'draft' || (h.status === 'set' && !h.starts.some(hasResult));
}

/**
 * Drag and drop: put a competitor in a lane (races in lanes) or at a position (others) of a
 * heat of the same round; the competitor there takes the mover's place. Published heats
 * without results may be adjusted too (they stay published).
 */
export async function moveStart(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  startId: number,
  body: StartMoveBody,
): Promise<RoundVO> {
  const [s0] = await db.select({ roundId: compStart.roundId }).from(compStart).where(eq(compStart.id, startId));
  if (!s0) throw notFound();
  const { meeting: m } = await requireRound(db, u, s0.roundId, 'manage');
  let visible = false;
  let touched: number | null = null;
  await db.transaction(async (tx) => {
    const row = await lockRound(tx, s0.roundId);
    const round = await mustLoad(tx, row.id);
    const from = round.heats.find((h) => h.starts.some((s) => s.id === startId));
    const mover = from?.starts.find((s) => s.id === startId);
    if (!from || !mover) throw notFound();
    if (mover.version !== body.version) throw stale();
    const to = round.heats.find((h) => h.id === body.heatId);
    if (!to) throw badInput('目标分组不属于该轮次', 'The target heat is not a heat of this round');
    if (!adjustable(from) || !adjustable(to)) {
      throw conflict('已有成绩或已生效的分组不能调整', 'A heat with results (or official) cannot be adjusted');
    }
    const lanes = inLanes(round.event);
    let lane: number | null = null;
    let position: number;
    if (lanes) {
      if (body.lane !== undefined) {
        if (body.lane > m.lanes) throw badInput(`跑道只有 ${m.lanes} 条`, `The track has ${m.lanes} lanes`);
        lane = body.lane;
      } else {
        const taken = new Set(to.starts.filter((s) => s.id !== startId).map((s) => s.lane));
        lane =
          preferredLanes(
            trackOf(m, round.event, await roundPlanOf(tx, round.groupItemId, round.index)).laneGroups,
          ).find((l) => !taken.has(l)) ?? null;
        if (lane === null) throw conflict('该组没有空余跑道', 'No free lane in that heat');
      }
      position = 0; // set below by lane order
    } else {
      const others = to.starts.filter((s) => s.id !== startId).length;
      position = Math.min(body.position ?? others + 1, others + 1);
      if (to.id === from.id) position = Math.min(position, from.starts.length);
    }
    const occupant = to.starts.find((s) => s.id !== startId && (lanes ? s.lane === lane : s.position === position));
    const place = (s: StartVO, h: { id: number; number: number }) => ({
      heat: h.number,
      heatId: h.id,
      lane: s.lane,
      position: s.position,
    });
    const before = place(mover, from);
    // The mover's new place; the occupant (if any) takes the mover's old place.
    const moves: { s: StartVO; heatId: number; lane: number | null; position: number }[] = [
      { s: mover, heatId: to.id, lane, position: lanes ? 0 : position },
    ];
    if (occupant) moves.push({ s: occupant, heatId: from.id, lane: mover.lane, position: mover.position });
    for (const mv of moves) {
      await tx
        .update(compStart)
        .set({ heatId: mv.heatId, lane: mv.lane, position: mv.position, ...nextVersion(compStart) })
        .where(eq(compStart.id, mv.s.id));
    }
    // Positions 1..n again in each heat touched: by lane (races in lanes), else keeping the order.
    for (const heatId of new Set([from.id, to.id])) {
      const rows = await tx
        .select({ id: compStart.id, lane: compStart.lane, position: compStart.position })
        .from(compStart)
        .where(eq(compStart.heatId, heatId));
      const moved = new Set(moves.map((x) => x.s.id));
      const sorted = rows.sort((a, b) =>
        lanes
          ? (a.lane ?? 99) - (b.lane ?? 99)
          : a.position - b.position || (moved.has(a.id) ? -1 : 0) - (moved.has(b.id) ? -1 : 0),
      );
      for (const [i, r] of sorted.entries()) {
        if (r.position !== i + 1) {
          await tx
            .update(compStart)
            .set({ position: i + 1 })
            .where(eq(compStart.id, r.id));
        }
      }
    }
    const [after] = await tx
      .select({ lane: compStart.lane, position: compStart.position })
      .from(compStart)
      .where(eq(compStart.id, startId));
    await writeLog(
      tx,
      u,
      row,
      'move',
      {
        start: { id: mover.id, name: mover.name, bib: mover.bib },
        before,
        after: { heat: to.number, heatId: to.id, lane: after!.lane, position: after!.position },
        swappedWith: occupant ? { id: occupant.id, name: occupant.name, bib: occupant.bib } : null,
      },
      to.id,
    );
    visible = from.status !== 'draft' || to.status !== 'draft';
    touched = to.id;
  });
  const out = await mustLoad(db, s0.roundId);
  await announce(hub, frame(out, touched), visible);
  return out;
}

/** The round's settings: field trials and cut, bar heights, qualification. */
export async function updateRoundSettings(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  roundId: number,
  body: RoundSettingsBody,
): Promise<RoundVO> {
  await requireRound(db, u, roundId, 'manage');
  await db.transaction(async (tx) => {
    const row = await lockRound(tx, roundId);
    if (row.version !== body.version) throw stale();
    const round = await mustLoad(tx, roundId);
    if (round.heats.some((h) => h.status === 'official')) {
      throw conflict('该轮已有生效成绩，不能修改设置', 'This round has official results: its settings are fixed');
    }
    const next = {
      trials: body.trials ?? row.trials,
      cutAfter: body.cutAfter ?? row.cutAfter,
      cutSize: body.cutSize ?? row.cutSize,
      heights: body.heights === undefined ? row.heights : body.heights,
      qualifyByPlace: body.qualifyByPlace === undefined ? row.qualifyByPlace : body.qualifyByPlace,
      qualifyByTime: body.qualifyByTime === undefined ? row.qualifyByTime : body.qualifyByTime,
    };
    // WA TR 25.5: the cut comes after some of the trials, never after all of them.
    if (next.cutAfter > next.trials) {
      throw badInput('淘汰前的试跳（掷）次数不能多于总次数', 'The cut cannot come after more trials than there are');
    }
    if (next.heights?.length) {
      if (round.event.kind !== 'field-height') {
        throw badInput('只有跳高和撑竿跳高设置横杆高度', 'Bar heights are for the high jump and pole vault only');
      }
      // WA TR 26.4: the bar is raised after each round, by at least 2 cm (HJ) or 5 cm (PV).
      const least = round.event.itemCode === 'PV' ? 0.05 : 0.02;
      const cm = next.heights.map((h) => Math.round(h * 100));
      if (next.heights.some((h, i) => Math.abs(h * 100 - cm[i]!) > 1e-6)) {
        throw badInput('横杆高度以厘米为单位', 'Bar heights are whole centimetres');
      }
      if (cm.some((h, i) => i > 0 && h - cm[i - 1]! < Math.round(least * 100))) {
        throw badInput(
          `横杆每次至少升高 ${Math.round(least * 100)} 厘米（TR 26.4）`,
          `The bar rises by at least ${Math.round(least * 100)} cm each time (TR 26.4)`,
        );
      }
      next.heights = cm.map((h) => h / 100);
    }
    const changed = Object.fromEntries(
      (Object.keys(next) as (keyof typeof next)[])
        .filter((k) => JSON.stringify(next[k]) !== JSON.stringify(row[k]))
        .map((k) => [k, { before: row[k], after: next[k] }]),
    );
    await tx
      .update(compRound)
      .set({ ...next, ...nextVersion(compRound) })
      .where(eq(compRound.id, roundId));
    if (Object.keys(changed).length) await writeLog(tx, u, row, 'settings', changed);
  });
  const out = await mustLoad(db, roundId);
  await announce(hub, frame(out), out.status !== 'draft');
  return out;
}
