import type { TeamScoringOptions } from '@baton/contracts';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  athlete,
  compHeat,
  compLog,
  compRecord,
  compRound,
  compStart,
  delegation,
  group,
  groupItem,
  item,
  meeting,
  relayTeam,
} from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { combinedFinalPlaces } from '../combined/service.js';
import { formatMetres } from '../results/rules/marks.js';
import {
  finalPlaces,
  hasMark,
  pointsByPlace,
  type RecordCandidate,
  recordFlags,
  recordTrial,
  recordValue,
  usesStartWind,
  windLegal,
} from './scoring.js';
import { lastIndex, seriesOf, startersOf } from './series.js';
import { eventTable, optionsOf } from './team-options.js';

export { teamScores } from './team-table.js';

/**
 * Team points, medals and meeting records (issue 6 "Scores and records"). Points and record
 * flags are written on the start rows (`comp_start.points`, `comp_start.record`) so every
 * result list shows them; the team table is computed from official final results on read.
 */

/** Set a numeric/text column of start rows from a map in one statement (none: nothing). */
async function writeColumn(db: DbOrTx, column: 'points' | 'record', values: Map<number, number | string>) {
  if (!values.size) return;
  const rows = sql.join(
    [...values].map(([id, v]) =>
      column === 'points' ? sql`(${id}::int, ${v}::numeric, null::text)` : sql`(${id}::int, null::numeric, ${v}::text)`,
    ),
    sql`, `,
  );
  const target = column === 'points' ? sql`points = v.p` : sql`record = v.r`;
  await db.execute(sql`update comp_start s set ${target} from (values ${rows}) as v(id, p, r) where s.id = v.id`);
}

/**
 * Recompute the team points and record flags of a round's start rows (called by results
 * entry, inside its transaction, whenever a heat becomes official or an official result is
 * corrected). Only a group item's last round scores: when all its heats are official, points
 * go by place through the group item's scoring table (shared places share the points; DNS,
 * DNF, DQ and NM score nothing; a relay scores for its delegation). Other rounds: points null.
 * Record flags and the meeting record are refreshed for the whole group item (refreshRecords).
 */
export async function scoreRound(db: DbOrTx, roundId: number): Promise<void> {
  const [r] = await db
    .select({
      id: compRound.id,
      groupItemId: compRound.groupItemId,
      index: compRound.index,
      plan: groupItem.rounds,
      table: groupItem.scoringTable,
      format: item.resultFormat,
      kind: item.kind,
      groupOptions: group.teamScoring,
      meetingOptions: meeting.teamScoring,
    })
    .from(compRound)
    .innerJoin(groupItem, eq(groupItem.id, compRound.groupItemId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(meeting, eq(meeting.id, group.meetingId))
    .where(eq(compRound.id, roundId));
  if (!r) throw notFound();
  if (r.kind === 'combined') return scoreCombined(db, r);
  const siblings = await db
    .select({ index: compRound.index })
    .from(compRound)
    .where(eq(compRound.groupItemId, r.groupItemId));
  const isLast =
    r.index ===
    lastIndex(
      r.plan,
      siblings.map((s) => s.index),
    );
  const heats = await db.select({ status: compHeat.status }).from(compHeat).where(eq(compHeat.roundId, roundId));
  const starts = await db
    .select({
      id: compStart.id,
      heatId: compStart.heatId,
      mark: compStart.mark,
      value: compStart.value,
      code: compStart.code,
      place: compStart.place,
    })
    .from(compStart)
    .where(eq(compStart.roundId, roundId));
  const scored = isLast && heats.length > 0 && heats.every((h) => h.status === 'official');
  const table = scored
    ? eventTable(
        r.table,
        optionsOf(r.groupOptions, r.meetingOptions),
        r.kind === 'relay',
        (await startersOf(db, [r.groupItemId])).get(r.groupItemId) ?? 0,
      )
    : [];
  const scores = scored
    ? pointsByPlace(finalPlaces(starts, r.format, await seriesOf(db, starts, r.format)), table)
    : new Map<number, number>();
  await db
    .update(compStart)
    .set({ points: null })
    .where(and(eq(compStart.roundId, roundId), isNotNull(compStart.points)));
  await writeColumn(db, 'points', scores);
  await refreshRecords(db, r.groupItemId);
}

/** A record as it stood: what comp_log keeps to restore it. */
export interface RecordState {
  mark: string;
  value: number;
  holder: string;
  delegationName: string | null;
  year: number | null;
  wind: number | null;
  startId: number | null;
}

const stateOf = (row: typeof compRecord.$inferSelect): RecordState => ({
  mark: row.mark,
  value: row.value,
  holder: row.holder,
  delegationName: row.delegationName,
  year: row.year,
  wind: row.wind,
  startId: row.startId,
});

/** comp_log action of a record changed by a result; its detail keeps the record it replaced. */
export const RECORD_SET = 'record.set';
export const RECORD_RESTORE = 'record.restore';

/**
 * The record as entered before this meeting's results (the baseline): the row itself while no
 * result holds it; otherwise the baseline kept in the log when a result first took it over.
 */
async function baselineOf(db: DbOrTx, row: typeof compRecord.$inferSelect): Promise<RecordState> {
  if (row.startId === null) return stateOf(row);
  const [log] = await db
    .select({ detail: compLog.detail })
    .from(compLog)
    .where(
      and(
        eq(compLog.meetingId, row.meetingId),
        eq(compLog.action, RECORD_SET),
        sql`${compLog.detail}->>'recordId' = ${String(row.id)}`,
      ),
    )
    .orderBy(desc(compLog.id))
    .limit(1);
  const kept = log?.detail.baseline as RecordState | undefined;
  // A result holding the record with no baseline logged (written by other means): it is its own baseline.
  return kept ?? { ...stateOf(row), startId: null };
}

/**
 * Record flags of a group item's official marks and its meeting record (kind MR), in one
 * pass over all its rounds (a record of the heats stands for the final). A better wind-legal
 * mark flags `MR` and becomes the record (holder, delegation, year, wind, start) with the
 * replaced record kept in comp_log; an equal one flags `=MR`. When a correction takes the
 * mark away, the record goes back to the best remaining mark or the baseline.
 */
/**
 * A combined event scores for the team table once, by its final places (TR 39.12, from the
 * standing of combined/service.ts): the points go on each athlete's row of the last
 * discipline, whichever discipline changed (a reopened first discipline moves them too).
 * No discipline scores by its own places, and no discipline mark is a record of the event.
 */
async function scoreCombined(
  db: DbOrTx,
  r: {
    groupItemId: number;
    table: number[];
    groupOptions: TeamScoringOptions | null;
    meetingOptions: TeamScoringOptions | null;
  },
): Promise<void> {
  const rounds = await db
    .select({ id: compRound.id })
    .from(compRound)
    .where(eq(compRound.groupItemId, r.groupItemId))
    .orderBy(asc(compRound.index));
  const places = await combinedFinalPlaces(db, r.groupItemId);
  const table = places.size
    ? eventTable(
        r.table,
        optionsOf(r.groupOptions, r.meetingOptions),
        false,
        (await startersOf(db, [r.groupItemId])).get(r.groupItemId) ?? 0,
      )
    : [];
  await db
    .update(compStart)
    .set({ points: null })
    .where(
      and(
        inArray(
          compStart.roundId,
          rounds.map((x) => x.id),
        ),
        isNotNull(compStart.points),
      ),
    );
  await writeColumn(db, 'points', pointsByPlace(places, table));
}

export async function refreshRecords(db: DbOrTx, groupItemId: number): Promise<void> {
  const [ev] = await db
    .select({
      meetingId: group.meetingId,
      year: meeting.year,
      format: item.resultFormat,
      kind: item.kind,
      windMeasured: item.windMeasured,
    })
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(meeting, eq(meeting.id, group.meetingId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(eq(groupItem.id, groupItemId));
  if (!ev) throw notFound();
  // A combined event's record is a points total; its disciplines' marks are none (scoreCombined).
  if (ev.kind === 'combined') return;
  const [row] = await db
    .select()
    .from(compRecord)
    .where(and(eq(compRecord.groupItemId, groupItemId), eq(compRecord.kind, 'MR')))
    .for('update');
  const marks = await db
    .select({
      id: compStart.id,
      value: compStart.value,
      code: compStart.code,
      mark: compStart.mark,
      startWind: compStart.wind,
      heatWind: compHeat.wind,
      heatNumber: compHeat.number,
      roundIndex: compRound.index,
      roundId: compRound.id,
      heatId: compHeat.id,
      holder: athlete.name,
      delegationName: delegation.name,
      relay: relayTeam.id,
      heatStatus: compHeat.status,
      flag: compStart.record,
    })
    .from(compStart)
    .innerJoin(compRound, eq(compRound.id, compStart.roundId))
    .innerJoin(compHeat, eq(compHeat.id, compStart.heatId))
    .innerJoin(delegation, eq(delegation.id, compStart.delegationId))
    .leftJoin(athlete, eq(athlete.id, compStart.athleteId))
    .leftJoin(relayTeam, eq(relayTeam.id, compStart.relayTeamId))
    .where(eq(compRound.groupItemId, groupItemId))
    .orderBy(asc(compRound.index), asc(compHeat.number), sql`${compStart.place} asc nulls last`, asc(compStart.id));
  const official = marks.filter((m) => m.heatStatus === 'official' && hasMark(m));
  // Horizontal jumps with wind: each trial with its own wind (CR 31.17, scoring.ts recordTrial);
  // a mark entered without its series stands with the start's wind.
  const perTrial = usesStartWind(ev.kind) && ev.windMeasured;
  const series = perTrial ? await seriesOf(db, official, 'distance') : () => [];
  const claim = new Map<number, { value: number; wind: number | null; legal: boolean }>();
  for (const m of official) {
    const own = usesStartWind(ev.kind) ? m.startWind : m.heatWind;
    const trials = series(m.id);
    const t = trials.length ? recordTrial(trials, ev.windMeasured) : null;
    claim.set(
      m.id,
      t
        ? { ...t, legal: true }
        : { value: m.value!, wind: own, legal: !trials.length && windLegal(ev.windMeasured, own) },
    );
  }
  const candidates: RecordCandidate[] = official.map((m) => ({
    id: m.id,
    order: m.roundIndex * 10_000 + m.heatNumber,
    value: claim.get(m.id)!.value,
    legal: claim.get(m.id)!.legal,
  }));
  const baseline = row ? await baselineOf(db, row) : null;
  const outcome = recordFlags(baseline?.value ?? null, candidates, ev.format);

  // Flags: write only what changed.
  const changed = new Map<number, string>();
  const cleared: number[] = [];
  for (const m of marks) {
    const want = outcome.flags.get(m.id) ?? null;
    if (want === m.flag) continue;
    if (want === null) cleared.push(m.id);
    else changed.set(m.id, want);
  }
  if (cleared.length) await db.update(compStart).set({ record: null }).where(inArray(compStart.id, cleared));
  await writeColumn(db, 'record', changed);

  if (!row || !baseline) return;
  const setter = outcome.setter === null ? null : marks.find((m) => m.id === outcome.setter)!;
  const won = setter ? claim.get(setter.id)! : null;
  const value = setter ? recordValue(ev.format, won!.value) : null;
  if (setter ? row.startId === setter.id && row.value === value : row.startId === null) return;
  const next: RecordState = setter
    ? {
        // The trial's own mark when a lesser trial than the best set it.
        mark: won!.value === setter.value ? (setter.mark ?? String(value)) : formatMetres(won!.value),
        value: value!,
        holder: setter.relay !== null ? setter.delegationName : (setter.holder ?? ''),
        delegationName: setter.delegationName,
        year: ev.year,
        wind: ev.windMeasured ? won!.wind : null,
        startId: setter.id,
      }
    : baseline;
  await db
    .update(compRecord)
    .set({ ...next, version: sql`${compRecord.version} + 1`, updatedAt: new Date() })
    .where(eq(compRecord.id, row.id));
  await db.insert(compLog).values({
    meetingId: ev.meetingId,
    roundId: setter?.roundId ?? null,
    heatId: setter?.heatId ?? null,
    action: setter ? RECORD_SET : RECORD_RESTORE,
    detail: { recordId: row.id, groupItemId, previous: stateOf(row), next, baseline },
  });
}
