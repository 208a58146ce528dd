import type { HeatOfficialBody, HeatReopenBody, HeatResultsBody, HeatStandingVO } from '@baton/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { compHeat, compLog, compStart } from '../../../db/schema/index.js';
import { AppError, badInput } from '../../../lib/errors.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { scoreRound } from '../scores/service.js';
import {
  answer,
  conflict,
  fieldStanding,
  fieldStarts,
  type HeatFacts,
  heatFacts,
  heatStarts,
  log,
  type ResultDeps,
  recompute,
  requireSet,
  type StartRow,
  trialsOf,
} from './heat.js';
import { formatRaceTime, parsePoints, parseTime, roundWind } from './rules/marks.js';
import { qualify } from './rules/qualify.js';
import { compareHorizontal, places, trackPlaces, validMarks, verticalPlaces, verticalRecord } from './rules/rank.js';

/**
 * Results entry (issue 6, DOMAIN.md "Competition — Results"): track results of a heat in one
 * go, field trials one at a time with the live standing recomputed, making a heat official
 * (places, qualifiers, team points) and reopening it. Every write is one transaction, checks
 * the meeting (access.ts), matches the versions it was given, leaves a comp_log row, and is
 * announced after it commits (publish.ts). Field trials are in trials.ts; what both share (the
 * heat's facts, the recompute, the log and the answer) in heat.ts.
 */

/**
 * Qualifiers of the whole round to the next one (rules/qualify.ts): recomputed from scratch
 * whenever a heat becomes official or is reopened; the referee's and jury's qR / qJ stay.
 */
async function qualifyRound(tx: DbOrTx, f: HeatFacts, userId: number) {
  const byPlace = f.round.qualifyByPlace ?? 0;
  const byTime = f.round.qualifyByTime ?? 0;
  if (!byPlace && !byTime) return;
  const heats = await tx.select().from(compHeat).where(eq(compHeat.roundId, f.round.id));
  const starts = await tx.select().from(compStart).where(eq(compStart.roundId, f.round.id));
  // One ranking of the whole round, in the event's own terms, orders the athletes across heats.
  let across: (number | null)[];
  if (f.kind === 'track') {
    across = trackPlaces(starts, f.event.resultFormat === 'points' ? 'points' : 'time');
  } else {
    const fs = fieldStarts(starts, await trialsOf(tx, starts));
    if (f.kind === 'vertical') {
      across = verticalPlaces(
        fs.map((s) => ({ record: verticalRecord(s.trials), code: s.code, trials: s.trials })),
      ).places;
    } else {
      const marks = fs.map((s) => validMarks(s.trials));
      across = places(
        fs.map((s, i) => ({ s, m: marks[i]! })),
        ({ s, m }) => m.length > 0 && (s.code === null || s.code === 'r'),
        (a, b) => compareHorizontal(a.m, b.m),
      );
    }
  }
  const overall = new Map(starts.map((s, i) => [s.id, across[i] ?? Number.MAX_SAFE_INTEGER]));
  const rows = starts.map((s) => ({
    startId: s.id,
    heatId: s.heatId,
    place: s.place,
    manual: s.qualifier === 'qR' || s.qualifier === 'qJ' ? s.qualifier : null,
  }));
  const planned = byPlace * heats.length + byTime;
  // The next round in lanes takes as many as its heats have lanes (TR 21.3 "room"); else no limit.
  const lanes = Math.max(1, f.lanes);
  const room = f.event.usesLanes ? lanes * Math.ceil(planned / lanes) : Number.POSITIVE_INFINITY;
  const seed = f.round.drawSeed ?? `round-${f.round.id}`;
  const { qualifiers, draws } = qualify({
    heats: heats.map((h) => ({
      number: h.number,
      official: h.status === 'official',
      rows: rows.filter((r) => r.heatId === h.id),
    })),
    byPlace,
    byTime,
    room,
    compare: (a, b) => overall.get(a.startId)! - overall.get(b.startId)!,
    seed,
  });
  for (const s of starts) {
    const q = qualifiers.get(s.id) ?? null;
    if (q !== s.qualifier) await tx.update(compStart).set({ qualifier: q }).where(eq(compStart.id, s.id));
  }
  if (draws.length) {
    await tx.insert(compLog).values({
      meetingId: f.heat.meetingId,
      roundId: f.round.id,
      heatId: f.heat.id,
      action: 'qualify-draw',
      detail: { seed, draws, rule: 'TR 21.3' },
      userId,
    });
  }
}

const startLabel = (s: StartRow) => ({
  zh: s.lane !== null ? `第 ${s.lane} 道` : `第 ${s.position} 位`,
  en: s.lane !== null ? `lane ${s.lane}` : `position ${s.position}`,
});

const TRACK_CODES = new Set(['DNS', 'DNF', 'DQ']);
/** Field athletes get DNS or DQ by hand; NM and r follow from their trials. */
const FIELD_CODES = new Set(['DNS', 'DQ']);
const round3 = (x: number) => Math.round(x * 1000) / 1000;

type ResultSnapshot = Pick<StartRow, 'mark' | 'value' | 'reactionTime' | 'code' | 'dqRule' | 'qualifier' | 'note'>;
/** What a start's result is now: the fields `saveHeatResults` writes and logs (a copy). */
const snapshotOf = (s: StartRow): ResultSnapshot => ({
  mark: s.mark,
  value: s.value,
  reactionTime: s.reactionTime,
  code: s.code,
  dqRule: s.dqRule,
  qualifier: s.qualifier,
  note: s.note,
});

/**
 * A heat's results in one go (track and relays: times or points, reaction times, codes; field
 * events: only DNS / DQ and notes, the marks come from the trials), and its wind.
 */
export async function saveHeatResults(deps: ResultDeps, u: CurrentUser, heatId: number, body: HeatResultsBody) {
  const ids = body.rows.map((r) => r.startId);
  if (new Set(ids).size !== ids.length) throw badInput('同一运动员出现了两次', 'a competitor appears twice');
  const out = await deps.db.transaction(async (tx) => {
    const f = await heatFacts(tx, u, heatId, 'officiate');
    requireSet(f.heat);
    const field = f.kind !== 'track';
    let wind = f.heat.wind;
    if (body.wind !== undefined) {
      if (body.wind !== null && (field || !f.event.windMeasured)) {
        throw badInput('该项目的组次不测风速', 'the wind is not measured for this heat');
      }
      // TR 17.13: to the next higher 1/10 m/s in the positive direction.
      wind = body.wind === null ? null : roundWind(body.wind);
    }
    const [updated] = await tx
      .update(compHeat)
      .set({ wind, ...nextVersion(compHeat) })
      .where(sameVersion(compHeat, heatId, body.version))
      .returning({ id: compHeat.id });
    if (!updated) throw new AppError('A0409');

    const starts = await tx.select().from(compStart).where(eq(compStart.heatId, heatId));
    const byId = new Map(starts.map((s) => [s.id, s]));
    const changes: { startId: number; before: ResultSnapshot; after: ResultSnapshot }[] = [];
    for (const row of body.rows) {
      const s = byId.get(row.startId);
      if (!s) throw badInput(`运动员 ${row.startId} 不在本组`, `competitor ${row.startId} is not in this heat`);
      const label = startLabel(s);
      const next = snapshotOf(s);
      if (row.code !== undefined) next.code = row.code;
      if (next.code !== null && row.code !== undefined && !(field ? FIELD_CODES : TRACK_CODES).has(next.code)) {
        throw badInput(
          `${label.zh}：本项目不能使用代码 ${next.code}`,
          `${label.en}: the code ${next.code} does not apply to this event`,
        );
      }
      const typed = row.mark === undefined ? undefined : (row.mark ?? '').trim();
      if (field) {
        if (typed || (row.reactionTime !== undefined && row.reactionTime !== null)) {
          throw badInput(
            `${label.zh}：田赛成绩由逐次试跳（掷）录入`,
            `${label.en}: field marks are entered trial by trial`,
          );
        }
      } else if (typed !== undefined) {
        if (!typed) {
          next.mark = null;
          next.value = null;
        } else if (f.event.resultFormat === 'points') {
          const points = parsePoints(typed);
          if (points === null) {
            throw badInput(`${label.zh}：“${typed}”不是分数`, `${label.en}: "${typed}" is not a points score`);
          }
          next.mark = String(points);
          next.value = points;
        } else {
          const time = parseTime(typed);
          if (!time) {
            throw badInput(
              `${label.zh}：“${typed}”不是有效的时间（如 10.85、1:58.30）`,
              `${label.en}: "${typed}" is not a time (10.85, 1:58.30)`,
            );
          }
          // TR 19.24 / 19.19: kept as given, shown rounded up to the step of the event.
          next.mark = formatRaceTime(f.event, time.value, time.decimals);
          next.value = time.value;
        }
      }
      if (!field && next.code !== null) {
        if (typed) {
          throw badInput(
            `${label.zh}：有成绩代码（${next.code}）时不能再填成绩`,
            `${label.en}: a result with the code ${next.code} has no mark`,
          );
        }
        next.mark = null;
        next.value = null;
      }
      if (row.dqRule !== undefined) next.dqRule = row.dqRule?.trim() || null;
      if (next.code !== 'DQ') next.dqRule = null;
      else if (!next.dqRule) {
        throw badInput(`${label.zh}：取消资格须注明规则条款`, `${label.en}: a disqualification names the rule (TR …)`);
      }
      if (row.reactionTime !== undefined)
        next.reactionTime = row.reactionTime === null ? null : round3(row.reactionTime);
      if (row.qualifier !== undefined) next.qualifier = row.qualifier;
      if (row.note !== undefined) next.note = row.note?.trim() || null;

      const [saved] = await tx
        .update(compStart)
        .set({ ...next, ...nextVersion(compStart) })
        .where(and(sameVersion(compStart, s.id, row.version), eq(compStart.heatId, heatId)))
        .returning({ id: compStart.id });
      if (!saved) throw new AppError('A0409');
      changes.push({
        startId: s.id,
        before: snapshotOf(s),
        after: next,
      });
    }
    await recompute(tx, f);
    await log(tx, f, u.id, 'results', { wind, changes });
    return { f, changes, wind };
  });
  return { round: await answer(deps, out.f, false), changes: out.changes, wind: out.wind };
}

/**
 * Make a heat official: every competitor has a result or a code; places are final, the
 * qualifiers of the round are computed, team points scored (scores/service.ts), and the
 * public hears of it.
 */
export async function makeOfficial(deps: ResultDeps, u: CurrentUser, heatId: number, body: HeatOfficialBody) {
  const out = await deps.db.transaction(async (tx) => {
    const f = await heatFacts(tx, u, heatId, 'manage');
    requireSet(f.heat);
    const { starts, trials } = await heatStarts(tx, heatId);
    if (!starts.length) throw conflict('本组没有运动员', 'The heat has no competitors');
    const field = f.kind !== 'track';
    const missing = starts.filter((s) =>
      field ? s.code === null && !trials.some((t) => t.startId === s.id) : s.value === null && s.code === null,
    );
    if (missing.length) {
      const zh = missing.map((s) => startLabel(s).zh).join('、');
      const en = missing.map((s) => startLabel(s).en).join(', ');
      throw badInput(
        `还有 ${missing.length} 名运动员没有成绩或代码：${zh}`,
        `${missing.length} competitor(s) have neither a result nor a code: ${en}`,
      );
    }
    const officialAt = new Date();
    const [updated] = await tx
      .update(compHeat)
      .set({ status: 'official', officialAt, ...nextVersion(compHeat) })
      .where(and(sameVersion(compHeat, heatId, body.version), eq(compHeat.status, 'set')))
      .returning({ id: compHeat.id });
    if (!updated) await staleOrMissing(tx.select({ id: compHeat.id }).from(compHeat).where(eq(compHeat.id, heatId)));
    const official = { ...f, heat: { ...f.heat, status: 'official' as const, officialAt } };
    await recompute(tx, official, true);
    await qualifyRound(tx, official, u.id);
    await scoreRound(tx, f.round.id);
    await log(tx, official, u.id, 'official', { officialAt: officialAt.toISOString() });
    return official;
  });
  return answer(deps, out, true);
}

/** Back to `set` so results can be corrected (a manager, with the reason logged). */
export async function reopenHeat(deps: ResultDeps, u: CurrentUser, heatId: number, body: HeatReopenBody) {
  const out = await deps.db.transaction(async (tx) => {
    const f = await heatFacts(tx, u, heatId, 'manage');
    if (f.heat.status !== 'official') throw conflict('成绩尚未生效', 'The results are not official');
    const [updated] = await tx
      .update(compHeat)
      .set({ status: 'set', officialAt: null, ...nextVersion(compHeat) })
      .where(and(sameVersion(compHeat, heatId, body.version), eq(compHeat.status, 'official')))
      .returning({ id: compHeat.id });
    if (!updated) await staleOrMissing(tx.select({ id: compHeat.id }).from(compHeat).where(eq(compHeat.id, heatId)));
    const reopened = { ...f, heat: { ...f.heat, status: 'set' as const, officialAt: null } };
    // NM and r were given when the heat became official: they follow from the trials again.
    if (f.kind !== 'track') {
      await tx
        .update(compStart)
        .set({ code: null })
        .where(and(eq(compStart.heatId, heatId), inArray(compStart.code, ['NM', 'r'])));
    }
    await qualifyRound(tx, reopened, u.id);
    await scoreRound(tx, f.round.id);
    await log(tx, reopened, u.id, 'reopen', { reason: body.reason.trim() });
    return reopened;
  });
  // The public saw these results: it hears they are withdrawn.
  return answer(deps, out, true);
}

/** The live standing of a heat: places, best marks, who is out, the order of the trials to come. */
export async function heatStanding(db: Db, u: CurrentUser, heatId: number): Promise<HeatStandingVO> {
  const f = await heatFacts(db, u, heatId, 'view');
  const { starts, trials } = await heatStarts(db, heatId);
  let rows: HeatStandingVO['rows'];
  let cutReached = false;
  let jumpOff = false;
  if (f.kind === 'track') {
    const placed = trackPlaces(starts, f.event.resultFormat === 'points' ? 'points' : 'time');
    rows = starts.map((s, i) => ({
      startId: s.id,
      place: placed[i]!,
      best: s.code ?? s.mark,
      trials: 0,
      eliminated: s.code !== null,
      order: null,
    }));
  } else {
    const standing = fieldStanding(f, fieldStarts(starts, trials));
    cutReached = standing.cutReached;
    jumpOff = standing.jumpOff;
    rows = standing.rows.map((r) => ({
      startId: r.startId,
      place: r.place,
      best: r.best,
      trials: r.trials,
      eliminated: r.eliminated,
      order: r.order,
    }));
  }
  const position = new Map(starts.map((s) => [s.id, s.position]));
  rows.sort(
    (a, b) =>
      (a.place ?? Number.MAX_SAFE_INTEGER) - (b.place ?? Number.MAX_SAFE_INTEGER) ||
      position.get(a.startId)! - position.get(b.startId)!,
  );
  return { heatId, kind: f.kind, cutReached, jumpOff, rows };
}
