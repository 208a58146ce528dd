import {
  COMBINED_DISCIPLINES,
  type CombinedRowVO,
  type CombinedStandingVO,
  type HeatStatus,
  type HeatTimingBody,
  type RoundVO,
} from '@baton/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { athlete, compHeat, compRound, compStart, compTrial, delegation } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireCompetition, requirePublicGroupItem } from '../access.js';
import { answer, conflict, heatFacts, log, type ResultDeps, requireSet } from '../results/heat.js';
import { roundStatus } from '../round-vo.js';
import { loadEvent } from '../views.js';
import { abandons, combinedPlaces, type DisciplineStart, disciplinePoints, type StandingEntry } from './standing.js';

/**
 * Combined events (issue 23): the standing of a combined event read from its discipline
 * rounds — points per discipline from the scoring tables, the running total, places by TR
 * 39.12 — for the staff, the public pages and the team table; who may still start the next
 * discipline (TR 39.10); and a heat's hand-timing flag. Only official heats count, so the
 * public and the staff read the same standing, and it moves after each heat is made official.
 */

interface Loaded {
  meetingId: number;
  groupName: string;
  groupNameEn: string;
  itemName: string;
  itemNameEn: string;
  gender: 'M' | 'F' | 'X';
  rounds: { id: number; index: number; discipline: string; status: HeatStatus }[];
  starts: (DisciplineStart & {
    startId: number;
    roundId: number;
    entryId: number;
    athleteId: number;
    name: string;
    nameEn: string | null;
    bib: string | null;
    delegationId: number;
    delegationName: string;
    mark: string | null;
    wind: number | null;
  })[];
}

/** A combined event's discipline rounds, their heats, start rows and attempts: five reads. Null: no such combined event. */
async function loadCombined(db: DbOrTx, groupItemId: number): Promise<Loaded | null> {
  const event = await loadEvent(db, groupItemId);
  if (!event || event.kind !== 'combined') return null;
  const rounds = await db
    .select({ id: compRound.id, index: compRound.index, discipline: compRound.discipline })
    .from(compRound)
    .where(eq(compRound.groupItemId, groupItemId))
    .orderBy(asc(compRound.index));
  const ids = rounds.map((r) => r.id);
  const heats = ids.length
    ? await db
        .select({ id: compHeat.id, roundId: compHeat.roundId, status: compHeat.status, handTimed: compHeat.handTimed })
        .from(compHeat)
        .where(inArray(compHeat.roundId, ids))
    : [];
  const heatOf = new Map(heats.map((h) => [h.id, h]));
  const rows = ids.length
    ? await db
        .select({
          startId: compStart.id,
          roundId: compStart.roundId,
          heatId: compStart.heatId,
          entryId: compStart.entryId,
          athleteId: compStart.athleteId,
          delegationId: compStart.delegationId,
          value: compStart.value,
          mark: compStart.mark,
          code: compStart.code,
          wind: compStart.wind,
          name: athlete.name,
          nameEn: athlete.nameEn,
          bib: athlete.bib,
          gender: athlete.gender,
          delegationName: delegation.name,
        })
        .from(compStart)
        .innerJoin(athlete, eq(athlete.id, compStart.athleteId))
        .innerJoin(delegation, eq(delegation.id, compStart.delegationId))
        .where(inArray(compStart.roundId, ids))
        .orderBy(asc(compStart.id))
    : [];
  const attempted = new Set(
    rows.length
      ? (
          await db
            .selectDistinct({ startId: compTrial.startId })
            .from(compTrial)
            .innerJoin(compStart, eq(compStart.id, compTrial.startId))
            .where(and(inArray(compStart.roundId, ids), inArray(compTrial.outcome, ['O', 'X'])))
        ).map((t) => t.startId)
      : [],
  );
  const disciplineOf = new Map(rounds.map((r) => [r.id, r.discipline ?? '']));
  const fallback = event.gender === 'F' ? 'F' : 'M';
  return {
    meetingId: event.meetingId,
    groupName: event.groupName,
    groupNameEn: event.groupNameEn,
    itemName: event.itemName,
    itemNameEn: event.itemNameEn,
    gender: event.gender,
    rounds: rounds
      .filter((r) => r.discipline && COMBINED_DISCIPLINES[r.discipline])
      .map((r) => ({
        id: r.id,
        index: r.index,
        discipline: r.discipline!,
        status: roundStatus(heats.filter((h) => h.roundId === r.id)),
      })),
    starts: rows
      .filter((s) => s.entryId !== null && s.athleteId !== null)
      .map((s) => {
        const heat = heatOf.get(s.heatId)!;
        const discipline = disciplineOf.get(s.roundId)!;
        return {
          ...s,
          entryId: s.entryId!,
          athleteId: s.athleteId!,
          key: s.entryId!,
          discipline,
          gender: s.gender ?? fallback,
          handTimed: heat.handTimed,
          attempted: attempted.has(s.startId),
          field: COMBINED_DISCIPLINES[discipline]?.kind !== 'track',
          official: heat.status === 'official',
        };
      }),
  };
}

/** The entries (by id) that may not start the discipline of round `index` (TR 39.10). */
export async function abandonedBefore(db: DbOrTx, groupItemId: number, index: number): Promise<Set<number>> {
  const data = await loadCombined(db, groupItemId);
  const out = new Set<number>();
  if (!data) return out;
  const earlier = new Set(data.rounds.filter((r) => r.index < index).map((r) => r.id));
  for (const s of data.starts) if (earlier.has(s.roundId) && abandons(s)) out.add(s.entryId);
  return out;
}

function standingOf(groupItemId: number, data: Loaded): CombinedStandingVO {
  const disciplines = data.rounds.map((r) => {
    const d = COMBINED_DISCIPLINES[r.discipline]!;
    return {
      roundId: r.id,
      index: r.index,
      code: r.discipline,
      name: d.name,
      nameEn: d.nameEn,
      status: r.status,
      counted: r.status === 'official',
    };
  });
  const position = new Map(disciplines.map((d, i) => [d.roundId, i]));
  const rows = new Map<number, CombinedRowVO & { points: number[] }>();
  for (const s of data.starts) {
    let row = rows.get(s.entryId);
    if (!row) {
      row = {
        athleteId: s.athleteId,
        name: s.name,
        nameEn: s.nameEn,
        bib: s.bib,
        delegationId: s.delegationId,
        delegationName: s.delegationName,
        scores: [],
        total: 0,
        place: null,
        abandoned: false,
        points: disciplines.map(() => 0),
      };
      rows.set(s.entryId, row);
    }
    if (!s.official) continue;
    const points = disciplinePoints(s);
    row.scores.push({ roundId: s.roundId, mark: s.mark, code: s.code, wind: s.wind, handTimed: s.handTimed, points });
    row.points[position.get(s.roundId)!] = points;
    row.total += points;
    if (abandons(s)) row.abandoned = true;
  }
  const entries: StandingEntry[] = [...rows.entries()].map(([key, r]) => ({
    key,
    total: r.total,
    points: r.points,
    abandoned: r.abandoned,
  }));
  const anyCounted = disciplines.some((d) => d.counted) || data.starts.some((s) => s.official);
  const places = anyCounted ? combinedPlaces(entries) : new Map<number, number>();
  const list = [...rows.entries()].map(([key, { points: _p, ...r }]) => {
    r.scores.sort((a, b) => position.get(a.roundId)! - position.get(b.roundId)!);
    return { ...r, place: places.get(key) ?? null };
  });
  list.sort(
    (a, b) =>
      (a.place ?? Number.MAX_SAFE_INTEGER) - (b.place ?? Number.MAX_SAFE_INTEGER) ||
      b.total - a.total ||
      a.name.localeCompare(b.name, 'zh-CN'),
  );
  return {
    groupItemId,
    meetingId: data.meetingId,
    groupName: data.groupName,
    groupNameEn: data.groupNameEn,
    itemName: data.itemName,
    itemNameEn: data.itemNameEn,
    disciplines,
    rows: list,
    final: disciplines.length > 0 && disciplines.every((d) => d.status === 'official'),
  };
}

/** The standing of a combined event; 404 when the group item is no combined event. */
export async function combinedStanding(db: DbOrTx, groupItemId: number): Promise<CombinedStandingVO> {
  const data = await loadCombined(db, groupItemId);
  if (!data) throw notFound();
  return standingOf(groupItemId, data);
}

/** `GET /competition/events/:groupItemId/combined`: the standing for the meeting's staff. */
export async function staffCombinedStanding(db: Db, u: CurrentUser, groupItemId: number) {
  const event = await loadEvent(db, groupItemId);
  if (!event || event.kind !== 'combined') throw notFound();
  await requireCompetition(db, u, event.meetingId, 'view');
  return combinedStanding(db, groupItemId);
}

/** `GET /public/competition/:id/combined?groupItemId=`: the standing of a meeting that publishes its lists. */
export async function publicCombinedStanding(db: DbOrTx, meetingId: number, groupItemId: number) {
  await requirePublicGroupItem(db, meetingId, groupItemId);
  return combinedStanding(db, groupItemId);
}

/**
 * The final places of a combined event for the team table and medals, keyed by the start id of
 * each athlete's row in the last discipline (the round the team table scores). Empty until
 * every discipline is official.
 */
export async function combinedFinalPlaces(db: DbOrTx, groupItemId: number): Promise<Map<number, number>> {
  const data = await loadCombined(db, groupItemId);
  const out = new Map<number, number>();
  if (!data) return out;
  const standing = standingOf(groupItemId, data);
  if (!standing.final) return out;
  const last = data.rounds.at(-1)!;
  const lastStart = new Map(data.starts.filter((s) => s.roundId === last.id).map((s) => [s.athleteId, s.startId]));
  for (const r of standing.rows) {
    const start = lastStart.get(r.athleteId);
    if (r.place !== null && start !== undefined) out.set(start, r.place);
  }
  return out;
}

/**
 * `PUT /competition/heats/:id/timing`: a heat's times were taken by hand (or not). Allowed
 * while results are entered (not once official); combined events then score its times with
 * the tables' manual-timing difference. Logged, announced, answered with the round.
 */
export async function setHeatTiming(
  deps: ResultDeps,
  u: CurrentUser,
  heatId: number,
  body: HeatTimingBody,
): Promise<RoundVO> {
  const out = await deps.db.transaction(async (tx) => {
    const f = await heatFacts(tx, u, heatId, 'officiate');
    if (f.kind !== 'track') throw conflict('只有径赛分组可以设为手计时', 'Only a track heat can be hand-timed');
    if (f.heat.status === 'official') requireSet(f.heat);
    const [row] = await tx
      .update(compHeat)
      .set({ handTimed: body.handTimed, ...nextVersion(compHeat) })
      .where(sameVersion(compHeat, heatId, body.version))
      .returning();
    if (!row) await staleOrMissing(tx.select({ id: compHeat.id }).from(compHeat).where(eq(compHeat.id, heatId)));
    await log(tx, f, u.id, 'timing', { handTimed: body.handTimed, before: f.heat.handTimed });
    return f;
  });
  return answer(deps, out, false);
}
