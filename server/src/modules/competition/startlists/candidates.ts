import type { EventVO, HeatStatus, RelayMemberVO, RoundVO, StartListGenerateBody } from '@baton/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { athlete, compHeat, delegation, entry, type RoundPlan, relayTeam } from '../../../db/schema/index.js';
import { badInput } from '../../../lib/errors.js';
import { rowsOf } from '../../../lib/sql.js';
import {
  type CompetitorFacts,
  competitorColumns,
  competitorVO,
  type heatVO,
  relayMembersOf,
  roundStatus,
} from '../round-vo.js';
import type { RoundRow } from '../rounds.js';
import { composeRound, type Placed, TooFewHeats } from './rules/compose.js';
import { type Candidate, conflict, type Facts, type MeetingRow, trackOf } from './shared.js';

/** A round's competitors: read for a first round (approved entries) or a later one (the qualifiers), composed into heats and inserted. */

export const keyOf = (c: { entryId: number | null; relayTeamId: number | null }) =>
  c.entryId !== null ? `e${c.entryId}` : `r${c.relayTeamId}`;
/** The same as a number (ids are positive: relay teams negated), for the maps of a whole field. */
export const startKey = (c: { entryId: number | null; relayTeamId: number | null }) =>
  c.entryId !== null ? c.entryId : -c.relayTeamId!;

/**
 * The approved entries (relay teams for relays) of each of these group items, in id order, with
 * what their start rows will show (athlete or team, delegation, seed mark): one read, and one
 * more for the runners of relay teams, whatever the number of group items. Each group item
 * asked for is in the answer (with no candidate when none is approved).
 */
export async function firstRoundCandidates(
  tx: DbOrTx,
  groupItemIds: number[],
  relay: boolean,
): Promise<Map<number, Candidate[]>> {
  const out = new Map<number, Candidate[]>(groupItemIds.map((id) => [id, []]));
  if (!groupItemIds.length) return out;
  const add = (groupItemId: number, c: Candidate) => out.get(groupItemId)!.push(c);
  if (relay) {
    const rows = await tx
      .select({
        groupItemId: relayTeam.groupItemId,
        relayTeamId: relayTeam.id,
        delegationId: relayTeam.delegationId,
        seedValue: relayTeam.seedValue,
        letter: relayTeam.letter,
        relaySeedMark: relayTeam.seedMark,
        delegationName: delegation.name,
        delegationShort: delegation.shortName,
      })
      .from(relayTeam)
      .innerJoin(delegation, eq(delegation.id, relayTeam.delegationId))
      .where(and(inArray(relayTeam.groupItemId, groupItemIds), eq(relayTeam.status, 'approved')))
      .orderBy(asc(relayTeam.id));
    const membersOf = await relayMembersOf(
      tx,
      rows.map((r) => r.relayTeamId),
    );
    for (const r of rows) {
      add(
        r.groupItemId,
        firstRoundCandidate(
          {
            ...r,
            entryId: null,
            athleteId: null,
            athleteName: null,
            athleteNameEn: null,
            gender: null,
            birthDate: null,
            bib: null,
            entrySeedMark: null,
          },
          membersOf,
        ),
      );
    }
    return out;
  }
  const rows = await tx
    .select({
      groupItemId: entry.groupItemId,
      entryId: entry.id,
      athleteId: entry.athleteId,
      delegationId: entry.delegationId,
      seedValue: entry.seedValue,
      entrySeedMark: entry.seedMark,
      ...competitorColumns,
    })
    .from(entry)
    .innerJoin(athlete, eq(athlete.id, entry.athleteId))
    .innerJoin(delegation, eq(delegation.id, entry.delegationId))
    .where(and(inArray(entry.groupItemId, groupItemIds), eq(entry.status, 'approved')))
    .orderBy(asc(entry.id));
  const noMembers = new Map<number, never[]>();
  for (const r of rows) {
    add(r.groupItemId, firstRoundCandidate({ ...r, relayTeamId: null, letter: null, relaySeedMark: null }, noMembers));
  }
  return out;
}

/**
 * The approved entries (relay teams for relays) of each of these group items, in id order, with
 * only what seeding and start rows need (no names: "Generate all" answers a summary): one read
 * of the entry or relay table alone. Each group item asked for is in the answer.
 */
export async function firstRoundFacts(tx: Tx, groupItemIds: number[], relay: boolean): Promise<Map<number, Facts[]>> {
  const out = new Map<number, Facts[]>(groupItemIds.map((id) => [id, []]));
  if (!groupItemIds.length) return out;
  const t = relay ? relayTeam : entry;
  const rows = await tx
    .select({
      groupItemId: t.groupItemId,
      id: t.id,
      athleteId: relay ? sql<null>`null` : entry.athleteId,
      delegationId: t.delegationId,
      seedValue: t.seedValue,
    })
    .from(t)
    .where(and(inArray(t.groupItemId, groupItemIds), eq(t.status, 'approved')))
    .orderBy(asc(t.id));
  for (const r of rows) {
    out
      .get(r.groupItemId)!
      .push(qualifiedByEntry({ ...r, entryId: relay ? null : r.id, relayTeamId: relay ? r.id : null }));
  }
  return out;
}

/** A first-round competitor: qualified by its entry, no result yet. */
export function qualifiedByEntry(
  r: Pick<Facts, 'entryId' | 'relayTeamId' | 'athleteId' | 'delegationId' | 'seedValue'>,
): Facts {
  return {
    entryId: r.entryId,
    relayTeamId: r.relayTeamId,
    athleteId: r.athleteId,
    delegationId: r.delegationId,
    seedValue: r.seedValue,
    qualifier: 'Q',
    place: null,
    value: null,
  };
}

/** A first-round candidate (qualified by entry, no result yet) and how its start rows show it. */
export function firstRoundCandidate(
  r: CompetitorFacts & { seedValue: number | null },
  membersOf: ReadonlyMap<number, RelayMemberVO[]>,
): Candidate {
  return { ...qualifiedByEntry(r), shown: competitorVO(r, membersOf) };
}

/**
 * How many entries (relay teams for relays) of each group item still wait for audit (for the
 * message when none is approved), in one statement.
 */
export async function waitingEntries(tx: Tx, groupItemIds: number[], relay: boolean): Promise<Map<number, number>> {
  const t = relay ? relayTeam : entry;
  const rows = groupItemIds.length
    ? await tx
        .select({ id: t.groupItemId, n: sql<number>`count(*)::int` })
        .from(t)
        .where(and(inArray(t.groupItemId, groupItemIds), eq(t.status, 'submitted')))
        .groupBy(t.groupItemId)
    : [];
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The heats of each round (only rounds with heats are in the answer), in one statement. */
export async function heatStatuses(tx: Tx, roundIds: number[]): Promise<Map<number, { status: HeatStatus }[]>> {
  const heats = roundIds.length
    ? await tx
        .select({ roundId: compHeat.roundId, status: compHeat.status })
        .from(compHeat)
        .where(inArray(compHeat.roundId, roundIds))
    : [];
  const out = new Map<number, { status: HeatStatus }[]>();
  for (const h of heats) out.set(h.roundId, [...(out.get(h.roundId) ?? []), h]);
  return out;
}

/** The status of each round (its least advanced heat's; a round without heats is a draft). */
export async function roundStatuses(tx: Tx, roundIds: number[]): Promise<Map<number, HeatStatus>> {
  const heats = await heatStatuses(tx, roundIds);
  return new Map(roundIds.map((id) => [id, roundStatus(heats.get(id) ?? [])]));
}

export type NewHeat = Parameters<typeof heatVO>[0];

/**
 * Heats 1..count of each round, drafts at the round's time, in one statement however many
 * rounds (they travel as one JSON parameter); answers each round's heats in number order as the
 * read model shows them (a new heat has no wind and is not official).
 */
export async function insertHeats(tx: Tx, made: { round: RoundRow; count: number }[]): Promise<Map<number, NewHeat[]>> {
  const out = new Map<number, NewHeat[]>(made.map((x) => [x.round.id, []]));
  if (!made.length) return out;
  const plan = made.map((x) => ({
    meeting_id: x.round.meetingId,
    round_id: x.round.id,
    heats: x.count,
    scheduled_at: x.round.scheduledAt,
  }));
  const scheduled = new Map(made.map((x) => [x.round.id, x.round.scheduledAt]));
  const rows = await rowsOf<{ id: number; round_id: number; number: number; version: number; status: HeatStatus }>(
    tx.execute(sql`
      insert into comp_heat (meeting_id, round_id, number, scheduled_at)
      select v.meeting_id, v.round_id, n, v.scheduled_at
      from json_to_recordset(${JSON.stringify(plan)}::json)
        as v(meeting_id int, round_id int, heats int, scheduled_at timestamptz),
        generate_series(1, v.heats) as n
      returning id, round_id, number, version, status`),
  );
  for (const h of rows) {
    const roundId = Number(h.round_id);
    out.get(roundId)!.push({
      id: Number(h.id),
      number: Number(h.number),
      version: Number(h.version),
      status: h.status,
      scheduledAt: scheduled.get(roundId)!,
      wind: null,
      officialAt: null,
      handTimed: false,
    });
  }
  for (const list of out.values()) list.sort((a, b) => a.number - b.number);
  return out;
}

/** One start row to write (snake case: the columns of `comp_start`). */
export interface StartRow {
  meeting_id: number;
  round_id: number;
  heat_id: number;
  entry_id: number | null;
  relay_team_id: number | null;
  athlete_id: number | null;
  delegation_id: number;
  lane: number | null;
  position: number;
  seed_value: number | null;
}

/**
 * Every start row of one round or of many in one statement, however many: the rows travel as
 * one JSON parameter (no limit of bind parameters, and no SQL text growing with the field).
 * With `answer`, the ids and versions written, by `startKey` (unique within one round).
 */
export async function insertStarts(
  tx: Tx,
  rows: StartRow[],
  answer: boolean,
): Promise<Map<number, { id: number; version: number }>> {
  if (!rows.length) return new Map();
  const written = await rowsOf<{ id: number; version: number; entry_id: number | null; relay_team_id: number | null }>(
    tx.execute(sql`
    insert into comp_start (meeting_id, round_id, heat_id, entry_id, relay_team_id, athlete_id, delegation_id,
      lane, position, seed_value)
    select v.meeting_id, v.round_id, v.heat_id, v.entry_id, v.relay_team_id, v.athlete_id, v.delegation_id,
      v.lane, v.position, v.seed_value
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(meeting_id int, round_id int, heat_id int,
      entry_id int, relay_team_id int, athlete_id int, delegation_id int, lane smallint, position smallint,
      seed_value numeric)
    ${answer ? sql`returning id, version, entry_id, relay_team_id` : sql``}`),
  );
  return new Map(
    written.map((w) => [
      startKey({ entryId: w.entry_id, relayTeamId: w.relay_team_id }),
      { id: Number(w.id), version: Number(w.version) },
    ]),
  );
}

/** The qualifiers of an official previous round (TR 20.10), in start id order. */
export function laterRoundCandidates(previous: RoundVO): Candidate[] {
  if (!previous.heats.length || previous.status !== 'official') {
    throw conflict(
      '上一轮成绩尚未全部生效，不能编排下一轮',
      'The results of the previous round are not all official yet: the next round cannot be made',
    );
  }
  const list = previous.heats
    .flatMap((h) => h.starts)
    .filter((s) => s.qualifier !== null)
    .sort((a, b) => a.id - b.id)
    .map((s) => ({
      entryId: s.entryId,
      relayTeamId: s.relayTeamId,
      athleteId: s.athleteId,
      delegationId: s.delegationId,
      seedValue: s.seedValue,
      qualifier: s.qualifier!,
      place: s.place,
      value: s.value,
      byPlace: previous.qualifyByPlace ?? 0,
      shown: {
        entryId: s.entryId,
        relayTeamId: s.relayTeamId,
        athleteId: s.athleteId,
        delegationId: s.delegationId,
        delegationName: s.delegationName,
        delegationShort: s.delegationShort,
        bib: s.bib,
        name: s.name,
        nameEn: s.nameEn,
        gender: s.gender,
        birthYear: s.birthYear,
        members: s.members,
        seedMark: s.seedMark,
      },
    }));
  if (!list.length) throw conflict('上一轮没有晋级者', 'Nobody qualified from the previous round');
  return list;
}

export type Composed<C extends Facts = Facts> = { heats: number; placed: Placed<C>[] };

/** A round's heats and places from its candidates (too few heats asked for: a clear 400). */
export function compose<C extends Facts>(
  event: EventVO,
  candidates: C[],
  later: boolean,
  m: MeetingRow,
  plan: RoundPlan | undefined,
  seed: string,
  body: Pick<StartListGenerateBody, 'heats' | 'perHeat'>,
): Composed<C> {
  try {
    return composeRound({
      event,
      competitors: candidates,
      later,
      track: trackOf(m, event, plan),
      seed,
      heats: body.heats,
      perHeat: body.perHeat,
      start: plan?.start,
    });
  } catch (err) {
    if (err instanceof TooFewHeats) {
      throw badInput(
        `${body.heats} 组容纳不下 ${candidates.length} 名参赛者（每组最多 ${err.perHeat} 名），至少需要 ${err.least} 组`,
        `${body.heats} heats cannot hold ${candidates.length} competitors (at most ${err.perHeat} a heat): ${err.least} heats at least`,
      );
    }
    throw err;
  }
}

/** The start rows of a composed round, in its heats just written. */
export function startRowsOf(round: RoundRow, composed: Composed, heats: NewHeat[]): StartRow[] {
  const heatId = new Map(heats.map((h) => [h.number, h.id]));
  return composed.placed.map((p) => ({
    meeting_id: round.meetingId,
    round_id: round.id,
    heat_id: heatId.get(p.heat)!,
    entry_id: p.competitor.entryId,
    relay_team_id: p.competitor.relayTeamId,
    athlete_id: p.competitor.athleteId,
    delegation_id: p.competitor.delegationId,
    lane: p.lane,
    position: p.position,
    seed_value: p.competitor.seedValue,
  }));
}
