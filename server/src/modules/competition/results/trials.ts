import type { ResultTrialBody } from '@baton/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { compStart, compTrial } from '../../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../../lib/errors.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import {
  answer,
  asFieldTrial,
  conflict,
  fieldRound,
  fieldStarts,
  type HeatFacts,
  heatFacts,
  heatStarts,
  log,
  type ResultDeps,
  recompute,
  requireSet,
  type StartRow,
} from './heat.js';
import { checkHorizontal, checkVertical, horizontalStanding } from './rules/field.js';
import { checkJumpOff, jumpOffStep } from './rules/jump-off.js';
import { roundWind, toCentimetreBelow } from './rules/marks.js';
import type { FieldTrial } from './rules/rank.js';

/**
 * Field trials one at a time (results entry, issue 6): a new trial or the correction of one,
 * taken back by `seq`; the series checked (horizontal TR 25, vertical TR 26, the jump-off TR 26.9)
 * and the live standing recomputed in the same transaction.
 */
async function startFacts(db: DbOrTx, u: CurrentUser, startId: number) {
  const [s] = await db.select().from(compStart).where(eq(compStart.id, startId));
  if (!s) throw notFound();
  const f = await heatFacts(db, u, s.heatId, 'officiate');
  return { s, f };
}

function requireField(f: HeatFacts) {
  if (f.kind === 'track') throw badInput('只有田赛项目有逐次试跳', 'only field events have trials');
}

/** The heat's jump-off for first (TR 26.9) with this athlete's trials as `mine`. */
async function jumpOffProblem(tx: DbOrTx, f: HeatFacts, s: StartRow, mine: FieldTrial[]) {
  const { starts, trials } = await heatStarts(tx, f.heat.id);
  const all = fieldStarts(starts, trials).map((fs) => (fs.id === s.id ? { ...fs, trials: mine } : fs));
  return checkJumpOff(all, jumpOffStep(f.event.itemCode));
}

/**
 * Replay the athlete's trials with one changed, check them (TR 25 / TR 26) and, after the cut,
 * that the athlete is among those who go on (TR 25.5).
 */
async function checkTrials(
  tx: DbOrTx,
  f: HeatFacts,
  s: StartRow,
  mine: FieldTrial[],
  changedSeq: number,
): Promise<void> {
  const problem = f.kind === 'vertical' ? checkVertical(mine) : checkHorizontal(mine, fieldRound(f.round));
  if (problem) throw badInput(problem.zh, problem.en);
  if (f.kind === 'vertical') {
    const jumpOff = await jumpOffProblem(tx, f, s, mine);
    if (jumpOff) throw badInput(jumpOff.zh, jumpOff.en);
    return;
  }
  if (f.kind !== 'horizontal' || changedSeq <= f.round.cutAfter || f.round.trials <= f.round.cutAfter) return;
  // The standing after the trials before the cut decides who goes on.
  const { starts, trials } = await heatStarts(tx, f.heat.id);
  const before = fieldStarts(starts, trials).map((fs) => ({
    ...fs,
    trials: (fs.id === s.id ? mine : fs.trials).filter((t) => t.seq <= f.round.cutAfter),
  }));
  const standing = horizontalStanding(before, fieldRound(f.round));
  if (!standing.cutReached) {
    throw conflict(
      `第 ${f.round.cutAfter} 轮尚未全部完成，不能录入之后的试跳`,
      `Every athlete must have had ${f.round.cutAfter} trials before the later trials`,
    );
  }
  if (standing.rows.find((r) => r.startId === s.id)?.eliminated) {
    throw conflict(
      `该运动员未进入前 ${f.round.cutSize} 名，没有后续试跳（TR 25.5）`,
      `Only the best ${f.round.cutSize} after ${f.round.cutAfter} trials take more trials (TR 25.5)`,
    );
  }
}

/** One field trial (a new one, or the correction of the trial of that `seq`). */
export async function saveTrial(deps: ResultDeps, u: CurrentUser, startId: number, body: ResultTrialBody) {
  const out = await deps.db.transaction(async (tx) => {
    const { s, f } = await startFacts(tx, u, startId);
    requireSet(f.heat);
    requireField(f);
    if (s.code === 'DNS' || s.code === 'DQ') {
      throw conflict(`该运动员为 ${s.code}，不能录入试跳`, `The athlete is marked ${s.code}: no trials`);
    }
    if (body.version !== undefined && body.version !== s.version) throw new AppError('A0409');
    const mark = body.mark ?? null;
    const height = body.height ?? null;
    let trial: FieldTrial;
    if (f.kind === 'vertical') {
      if (mark !== null || (body.wind ?? null) !== null) {
        throw badInput('高度项目的试跳只记录横杆高度和结果', 'a vertical jump attempt records the bar and the outcome');
      }
      if (height === null) throw badInput('请填写横杆高度', 'the bar height is missing');
      // A combined event's high jump or pole vault has no jump-off: its places are not scored (TR 39).
      if (body.jumpOff && f.round.discipline) {
        throw badInput('全能项目的单项没有附加赛', 'a discipline of a combined event has no jump-off');
      }
      // TR 26: heights in whole centimetres.
      trial = {
        seq: body.seq,
        outcome: body.outcome,
        mark: null,
        height: toCentimetreBelow(height),
        wind: null,
        jumpOff: body.jumpOff ?? false,
      };
    } else {
      if (height !== null) throw badInput('远度项目的试跳没有横杆高度', 'a horizontal trial has no bar height');
      if (body.jumpOff)
        throw badInput('只有跳高和撑竿跳高有附加赛', 'only the high jump and pole vault have a jump-off');
      if (body.wind !== undefined && body.wind !== null && !f.event.windMeasured) {
        throw badInput('该项目不测风速', 'the wind is not measured in this event');
      }
      trial = {
        seq: body.seq,
        outcome: body.outcome,
        // TR 25: to the centimetre below the distance measured.
        mark: mark === null ? null : toCentimetreBelow(mark),
        height: null,
        // TR 29.12: rounded to the next higher 1/10 m/s in the positive direction.
        wind: body.wind === undefined || body.wind === null ? null : roundWind(body.wind),
        jumpOff: false,
      };
    }
    const existing = await tx.select().from(compTrial).where(eq(compTrial.startId, s.id));
    const mine = [...existing.filter((t) => t.seq !== body.seq).map(asFieldTrial), trial];
    await checkTrials(tx, f, s, mine, body.seq);
    await tx
      .insert(compTrial)
      .values({ startId: s.id, ...trial })
      .onConflictDoUpdate({
        target: [compTrial.startId, compTrial.seq],
        set: {
          outcome: trial.outcome,
          mark: trial.mark,
          height: trial.height,
          wind: trial.wind,
          jumpOff: trial.jumpOff ?? false,
        },
      });
    await tx.update(compStart).set(nextVersion(compStart)).where(eq(compStart.id, s.id));
    await recompute(tx, f);
    const before = existing.find((t) => t.seq === body.seq);
    await log(tx, f, u.id, 'trial', {
      startId: s.id,
      seq: body.seq,
      before: before ? asFieldTrial(before) : null,
      after: trial,
    });
    return { f, trial, before: before ? asFieldTrial(before) : null };
  });
  return { round: await answer(deps, out.f, false), trial: out.trial, before: out.before };
}

/** Take a trial back (a mistake); the trials left must still make sense. */
export async function deleteTrial(deps: ResultDeps, u: CurrentUser, startId: number, seq: number, version?: number) {
  const out = await deps.db.transaction(async (tx) => {
    const { s, f } = await startFacts(tx, u, startId);
    requireSet(f.heat);
    requireField(f);
    if (version !== undefined && version !== s.version) throw new AppError('A0409');
    const existing = await tx.select().from(compTrial).where(eq(compTrial.startId, s.id));
    const gone = existing.find((t) => t.seq === seq);
    if (!gone) throw notFound();
    const mine = existing.filter((t) => t.seq !== seq).map(asFieldTrial);
    const problem =
      f.kind === 'vertical'
        ? (checkVertical(mine) ?? (await jumpOffProblem(tx, f, s, mine)))
        : checkHorizontal(mine, fieldRound(f.round));
    if (problem) {
      throw badInput(`删除后试跳记录不成立：${problem.zh}`, `the trials left would not stand: ${problem.en}`);
    }
    await tx.delete(compTrial).where(and(eq(compTrial.startId, s.id), eq(compTrial.seq, seq)));
    await tx.update(compStart).set(nextVersion(compStart)).where(eq(compStart.id, s.id));
    await recompute(tx, f);
    await log(tx, f, u.id, 'trial-delete', { startId: s.id, seq, before: asFieldTrial(gone) });
    return { f, before: asFieldTrial(gone) };
  });
  return { round: await answer(deps, out.f, false), before: out.before };
}
