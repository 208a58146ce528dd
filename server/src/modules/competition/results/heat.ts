import type { EventVO, RoundVO, StandingKind } from '@baton/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { compHeat, compLog, compRound, compStart, compTrial, meeting } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { type CompetitionNeed, requireCompetition } from '../access.js';
import { roundEvent } from '../combined/plan.js';
import { announce } from '../publish.js';
import { loadEvent, loadRound } from '../views.js';
import {
  type FieldRound,
  type FieldStart,
  horizontalStanding,
  type Standing,
  verticalStanding,
} from './rules/field.js';
import { type FieldTrial, trackPlaces } from './rules/rank.js';

/**
 * What the results writes share (service.ts, trials.ts): the heat with its round and event,
 * checked for access; its start rows and trials; the recompute of places and best marks after
 * every write; the comp_log row; the announcement and the round as answered.
 */
export interface ResultDeps {
  db: Db;
  hub: RealtimeHub;
}

export type HeatRow = typeof compHeat.$inferSelect;
export type RoundRow = typeof compRound.$inferSelect;
export type StartRow = typeof compStart.$inferSelect;
export type TrialRow = typeof compTrial.$inferSelect;

export interface HeatFacts {
  heat: HeatRow;
  round: RoundRow;
  event: EventVO;
  /** The meeting's lanes (the room of a next round run in lanes). */
  lanes: number;
  kind: StandingKind;
}

/** A state that forbids the write (not a stale version): 409 with its own message. */
export const conflict = (zh: string, en: string) => new AppError('A0409', {}, { zh, en });

export const kindOf = (event: EventVO): StandingKind =>
  event.kind === 'field-height' ? 'vertical' : event.kind === 'field-distance' ? 'horizontal' : 'track';

/** The heat with its round, event and meeting lanes, checked for `need`; 404 when unknown or out of reach. */
export async function heatFacts(db: DbOrTx, u: CurrentUser, heatId: number, need: CompetitionNeed): Promise<HeatFacts> {
  const [row] = await db
    .select({ heat: compHeat, round: compRound, lanes: meeting.lanes })
    .from(compHeat)
    .innerJoin(compRound, eq(compRound.id, compHeat.roundId))
    .innerJoin(meeting, eq(meeting.id, compHeat.meetingId))
    .where(eq(compHeat.id, heatId));
  if (!row) throw notFound();
  await requireCompetition(db, u, row.heat.meetingId, need);
  const loaded = await loadEvent(db, row.round.groupItemId);
  if (!loaded) throw notFound();
  // A combined event's discipline round is run as that discipline (combined/plan.ts).
  const event = roundEvent(loaded, row.round.discipline);
  return { ...row, event, kind: kindOf(event) };
}

/** Results are entered while the start list is published and the heat not yet official. */
export function requireSet(heat: HeatRow) {
  if (heat.status === 'draft') {
    throw conflict('出发名单尚未发布，不能录入成绩', 'The start list is not published yet: no results can be entered');
  }
  if (heat.status === 'official') {
    throw conflict(
      '成绩已生效，修改前须由管理员重新开放',
      'The results are official: a manager must reopen the heat before they change',
    );
  }
}

export async function heatStarts(db: DbOrTx, heatId: number) {
  const starts = await db
    .select()
    .from(compStart)
    .where(eq(compStart.heatId, heatId))
    .orderBy(asc(compStart.position), asc(compStart.id));
  return { starts, trials: await trialsOf(db, starts) };
}

/** The field trials of these starts (none for none), by start and trial number. */
export async function trialsOf(db: DbOrTx, starts: readonly { id: number }[]) {
  if (!starts.length) return [];
  return db
    .select()
    .from(compTrial)
    .where(
      inArray(
        compTrial.startId,
        starts.map((s) => s.id),
      ),
    )
    .orderBy(asc(compTrial.startId), asc(compTrial.seq));
}

export const asFieldTrial = (t: TrialRow): FieldTrial => ({
  seq: t.seq,
  outcome: t.outcome,
  mark: t.mark,
  height: t.height,
  wind: t.wind,
  jumpOff: t.jumpOff,
});

export function fieldStarts(starts: readonly StartRow[], trials: readonly TrialRow[]): FieldStart[] {
  return starts.map((s) => ({
    id: s.id,
    position: s.position,
    code: s.code,
    trials: trials.filter((t) => t.startId === s.id).map(asFieldTrial),
  }));
}

export const fieldRound = (r: RoundRow): FieldRound => ({ trials: r.trials, cutAfter: r.cutAfter, cutSize: r.cutSize });

export function fieldStanding(f: HeatFacts, starts: readonly FieldStart[]): Standing {
  return f.kind === 'vertical' ? verticalStanding(starts) : horizontalStanding(starts, fieldRound(f.round));
}

/**
 * Recompute what follows from the entered results: places (track TR 21.2, horizontal TR 25.22,
 * vertical TR 26.8), and for field events each start's best mark and its wind. `finalize`
 * (making official) gives a field athlete without a valid trial NM, or r when retired (TR 25.22
 * note on results); a mark entered later clears them again.
 */
export async function recompute(tx: DbOrTx, f: HeatFacts, finalize = false) {
  const { starts, trials } = await heatStarts(tx, f.heat.id);
  const updates: { id: number; set: Partial<StartRow> }[] = [];
  if (f.kind === 'track') {
    const placed = trackPlaces(starts, f.event.resultFormat === 'points' ? 'points' : 'time');
    starts.forEach((s, i) => {
      if (s.place !== placed[i]) updates.push({ id: s.id, set: { place: placed[i]! } });
    });
  } else {
    const fs = fieldStarts(starts, trials);
    const standing = fieldStanding(f, fs);
    starts.forEach((s, i) => {
      const row = standing.rows[i]!;
      let code = s.code;
      if ((code === 'NM' || code === 'r') && row.bestValue !== null) code = null;
      if (finalize && code === null && row.bestValue === null) {
        code = fs[i]!.trials.some((t) => t.outcome === 'r') ? 'r' : 'NM';
      }
      const next = {
        place: row.place,
        mark: row.best,
        value: row.bestValue,
        wind: f.kind === 'horizontal' && f.event.windMeasured ? row.bestWind : null,
        code,
      };
      const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== s[k]);
      if (changed) updates.push({ id: s.id, set: next });
    });
  }
  for (const u of updates) await tx.update(compStart).set(u.set).where(eq(compStart.id, u.id));
}

export async function log(tx: DbOrTx, f: HeatFacts, userId: number, action: string, detail: Record<string, unknown>) {
  await tx.insert(compLog).values({
    meetingId: f.heat.meetingId,
    roundId: f.round.id,
    heatId: f.heat.id,
    action,
    detail,
    userId,
  });
}

export async function answer(deps: ResultDeps, f: HeatFacts, visible: boolean): Promise<RoundVO> {
  await announce(
    deps.hub,
    {
      meetingId: f.heat.meetingId,
      groupItemId: f.round.groupItemId,
      roundId: f.round.id,
      heatId: f.heat.id,
      change: 'results',
    },
    visible,
  );
  const round = await loadRound(deps.db, f.round.id);
  if (!round) throw notFound();
  return round;
}
