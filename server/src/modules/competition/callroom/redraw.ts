import type { RedrawLanesAnswer, RedrawLanesBody, RedrawState } from '@baton/contracts';
import { eq, sql } from 'drizzle-orm';
import { compHeat, compRound } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { announce } from '../publish.js';
import { roundPlanOf } from '../rounds.js';
import { roundRanking } from '../startlists/adjust.js';
import { writeLog } from '../startlists/log.js';
import { drawHeat, heatRng } from '../startlists/rules/compose.js';
import { newSeed } from '../startlists/rules/prng.js';
import { frame, lockRound, mustLoad, trackOf } from '../startlists/shared.js';
import { isLaterRound, redrawStateOf } from './redraw-state.js';
import { heatVO, requireHeat } from './service.js';
import { type CallRoomDeps, conflict } from './shared.js';

/**
 * "Re-draw lanes" (issue 24): a heat in lanes some of whose athletes were marked absent (DNS)
 * is drawn again for the athletes still in it — present, late or not marked yet — into the
 * lanes the round's own draw gives that many (startlists/rules: `drawHeat`, by lot in a first
 * round, by the ranking groups in a later one, TR 20.5.1); the absent keep their DNS and no
 * lane, after the others in the order. When the rules allow it: redraw-state.ts.
 *
 * One transaction with the round locked (as every start-list write): the start rows that move,
 * the heat's and the round's versions (so results entry, the printed start lists and the public
 * page follow), a log line with the seed and every move; announced after the commit — to the
 * public when the heat is published. An absence's DNS stays the call room's own (its check-in
 * follows the start row's new version), so marking the athlete present again still takes it back;
 * that athlete then has no lane, and the heat may be drawn again.
 */

const refusals: Record<Exclude<RedrawState, 'yes'>, [string, string]> = {
  'not-lanes': ['本组不是分道比赛，没有道次可抽', 'This heat is not run in lanes: there are no lanes to draw'],
  nothing: [
    '本组没有缺席者占用的道次，也没有无道次的运动员，无需重新抽道',
    'No absent athlete holds a lane in this heat and everyone else has one: nothing to draw again',
  ],
  results: [
    '本组已有成绩（或已生效），比赛已开始，不能重新抽道',
    'This heat has results (or is official): the race has started and its lanes cannot be drawn again',
  ],
  'published-later-round': [
    '该轮不是第一轮且分组已发布：道次按上一轮排名抽定（TR 20.5.1(b)），只能由裁判长在分组页调整',
    "A later round's published heat: its lanes follow the ranking earned in the round before (TR 20.5.1(b)); only the Referee changes them, on the start list page",
  ],
};

export async function redrawHeatLanes(
  deps: CallRoomDeps,
  u: CurrentUser,
  heatId: number,
  body: RedrawLanesBody,
): Promise<RedrawLanesAnswer> {
  const { meeting: m, round: r0 } = await requireHeat(deps.db, u, heatId);
  const seed = newSeed();
  const out = await deps.db.transaction(async (tx) => {
    const row = await lockRound(tx, r0.id);
    const round = await mustLoad(tx, row.id);
    const heat = round.heats.find((h) => h.id === heatId);
    if (!heat) throw notFound();
    if (body.version !== undefined && body.version !== heat.version) throw new AppError('A0409');
    const state = redrawStateOf(round, heat);
    if (state !== 'yes') throw conflict(...refusals[state]);
    const later = isLaterRound(round);
    const plan = await roundPlanOf(tx, round.groupItemId, round.index);
    const absent = heat.starts.filter((s) => s.code === 'DNS').sort((a, b) => a.position - b.position);
    let staying = heat.starts.filter((s) => s.code !== 'DNS').sort((a, b) => a.id - b.id);
    // Later rounds draw lane groups by rank: the ranking of the round, as its own redraw reads it.
    if (later) {
      const rank = await roundRanking(tx, round, seed);
      staying = [...staying].sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
    }
    const slots = drawHeat(
      round.event,
      staying.length,
      later,
      trackOf(m, round.event, plan),
      heatRng(seed, heat.number),
      plan?.start,
    );
    const next = [
      ...staying.map((s, i) => ({ s, lane: slots[i]!.lane, position: slots[i]!.position })),
      ...absent.map((s, i) => ({ s, lane: null, position: staying.length + i + 1 })),
    ];
    const moved = next.filter((x) => x.lane !== x.s.lane || x.position !== x.s.position);
    const rows = moved.map((x) => ({ id: x.s.id, lane: x.lane, position: x.position }));
    // The rows that move, in one statement; then the call room's own DNS stays its own.
    await tx.execute(sql`
      update comp_start s set lane = v.lane, position = v.position, version = s.version + 1, updated_at = now()
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(id int, lane smallint, position smallint)
      where s.id = v.id and s.heat_id = ${heatId}::int`);
    await tx.execute(sql`
      update comp_check_in c set dns_version = s.version
      from comp_start s
      where c.start_id = s.id and s.id in (select (j->>'id')::int from json_array_elements(${JSON.stringify(rows)}::json) j)
        and c.dns_version = s.version - 1`);
    await tx.update(compHeat).set(nextVersion(compHeat)).where(eq(compHeat.id, heatId));
    await tx.update(compRound).set(nextVersion(compRound)).where(eq(compRound.id, round.id));
    await writeLog(
      tx,
      u,
      row,
      'redraw-lanes',
      {
        seed,
        heat: heat.number,
        later,
        drawn: staying.length,
        absent: absent.map((s) => ({ id: s.id, name: s.name, bib: s.bib, lane: s.lane })),
        moves: moved.map((x) => ({ id: x.s.id, name: x.s.name, bib: x.s.bib, from: x.s.lane, to: x.lane })),
      },
      heatId,
    );
    return { round, heat, drawn: staying.length, absent: absent.length };
  });
  await announce(deps.hub, frame(out.round, heatId), out.heat.status !== 'draft');
  return { drawn: out.drawn, absent: out.absent, heat: await heatVO(deps.db, heatId, m.callRoomLead) };
}
