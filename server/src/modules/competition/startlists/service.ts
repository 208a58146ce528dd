import type {
  CompLogVO,
  EventVO,
  HeatStatus,
  RelayMemberVO,
  RoundDrawBody,
  RoundPublishBody,
  RoundSettingsBody,
  RoundVO,
  StartListGenerateAllBody,
  StartListGenerateAllVO,
  StartListGenerateBody,
  StartListSkipReason,
  StartMoveBody,
  StartVO,
} from '@baton/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import {
  athlete,
  compHeat,
  compLog,
  compRound,
  compStart,
  delegation,
  entry,
  type meeting,
  type RoundPlan,
  relayTeam,
  user,
} from '../../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../../lib/errors.js';
import { isoOrNull, rowsOf } from '../../../lib/sql.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';
import { requireCompetition, requireRound } from '../access.js';
import { announce } from '../publish.js';
import { ensureRounds, ensureRoundsOf, type RoundRow, roundPlanOf, roundPlansOf } from '../rounds.js';
import {
  byLaneThenPosition,
  type CompetitorFacts,
  type CompetitorVO,
  competitorColumns,
  competitorVO,
  heatVO,
  loadEvent,
  loadMeetingEvents,
  loadRound,
  relayMembersOf,
  roundStatus,
  roundVO,
  startVO,
} from '../views.js';
import {
  composeRng,
  composeRound,
  drawHeat,
  heatRng,
  type Placed,
  rankFor,
  TooFewHeats,
  type Track,
} from './rules/compose.js';
import { type EventShape, inLanes } from './rules/heats.js';
import { roundLaneGroups } from './rules/lane-tables.js';
import { preferredLanes } from './rules/lanes.js';
import { newSeed } from './rules/prng.js';

/**
 * Start lists (issue 6, DOMAIN.md "Competition"): a round's heats and start rows made from the
 * approved entries (or the previous round's qualifiers), drawn again, adjusted by hand,
 * configured, published. Every write runs in one transaction, checks the versions, and is
 * written to `comp_log` (who, what, before/after); the change is announced after it commits.
 *
 * Entries: only APPROVED entries (and approved relay teams) are seeded — a start list is made
 * after the committee's audit; an entry still waiting for audit is not a competitor yet. When
 * none is approved the request is refused and says how many are waiting.
 */

type MeetingRow = typeof meeting.$inferSelect;

/** A state the start list cannot change in (409, message in both languages). */
const conflict = (zh: string, en: string) => new AppError('A0001', {}, { zh, en }, 409);
const stale = () => new AppError('A0409');

const hasResult = (s: StartVO) =>
  s.mark !== null ||
  s.value !== null ||
  s.code !== null ||
  s.place !== null ||
  s.qualifier !== null ||
  s.trials.length > 0;

/**
 * The track a round draws on: the meeting's lanes, and the lane groups of the round's options
 * (its own groups, its event's table, or the meeting's one table: `roundLaneGroups`, issue 23).
 */
const trackOf = (m: MeetingRow, event: EventShape, plan: RoundPlan | undefined): Track => ({
  lanes: m.lanes,
  laneGroups: roundLaneGroups(event, m.lanes, m.laneGroups, plan),
});

async function writeLog(
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
async function writeLogs(
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

/** Lock the round for this transaction (concurrent draws of one round take turns). */
async function lockRound(tx: Tx, roundId: number): Promise<RoundRow> {
  const [r] = await tx.select().from(compRound).where(eq(compRound.id, roundId)).for('update');
  if (!r) throw notFound();
  return r;
}

async function mustLoad(tx: Tx | Db, roundId: number): Promise<RoundVO> {
  const r = await loadRound(tx, roundId);
  if (!r) throw notFound();
  return r;
}

function frame(r: { meetingId: number; groupItemId: number; id: number }, heatId: number | null = null) {
  return { meetingId: r.meetingId, groupItemId: r.groupItemId, roundId: r.id, heatId, change: 'startlist' as const };
}

/** A competitor before it has a place in a heat: what seeding and its start rows need. */
interface Facts {
  entryId: number | null;
  relayTeamId: number | null;
  athleteId: number | null;
  delegationId: number;
  seedValue: number | null;
  /** Later rounds: what it qualified on. */
  qualifier: NonNullable<StartVO['qualifier']>;
  place: number | null;
  value: number | null;
  /** Later rounds: how many per heat the previous round took by place (a qD within it is placed). */
  byPlace?: number;
}

/** A competitor before it has a place in a heat, and how its start rows show it (the answer's). */
interface Candidate extends Facts {
  /** How its start rows show it (the read model's `competitorVO`). */
  shown: CompetitorVO;
}

const keyOf = (c: { entryId: number | null; relayTeamId: number | null }) =>
  c.entryId !== null ? `e${c.entryId}` : `r${c.relayTeamId}`;
/** The same as a number (ids are positive: relay teams negated), for the maps of a whole field. */
const startKey = (c: { entryId: number | null; relayTeamId: number | null }) =>
  c.entryId !== null ? c.entryId : -c.relayTeamId!;

/**
 * The approved entries (relay teams for relays) of each of these group items, in id order, with
 * what their start rows will show (athlete or team, delegation, seed mark): one read, and one
 * more for the runners of relay teams, whatever the number of group items. Each group item
 * asked for is in the answer (with no candidate when none is approved).
 */
async function firstRoundCandidates(tx: Tx, groupItemIds: number[], relay: boolean): Promise<Map<number, Candidate[]>> {
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
async function firstRoundFacts(tx: Tx, groupItemIds: number[], relay: boolean): Promise<Map<number, Facts[]>> {
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
function qualifiedByEntry(
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
function firstRoundCandidate(
  r: CompetitorFacts & { seedValue: number | null },
  membersOf: ReadonlyMap<number, RelayMemberVO[]>,
): Candidate {
  return { ...qualifiedByEntry(r), shown: competitorVO(r, membersOf) };
}

/**
 * How many entries (relay teams for relays) of each group item still wait for audit (for the
 * message when none is approved), in one statement.
 */
async function waitingEntries(tx: Tx, groupItemIds: number[], relay: boolean): Promise<Map<number, number>> {
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
async function heatStatuses(tx: Tx, roundIds: number[]): Promise<Map<number, { status: HeatStatus }[]>> {
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
async function roundStatuses(tx: Tx, roundIds: number[]): Promise<Map<number, HeatStatus>> {
  const heats = await heatStatuses(tx, roundIds);
  return new Map(roundIds.map((id) => [id, roundStatus(heats.get(id) ?? [])]));
}

type NewHeat = Parameters<typeof heatVO>[0];

/**
 * Heats 1..count of each round, drafts at the round's time, in one statement however many
 * rounds (they travel as one JSON parameter); answers each round's heats in number order as the
 * read model shows them (a new heat has no wind and is not official).
 */
async function insertHeats(tx: Tx, made: { round: RoundRow; count: number }[]): Promise<Map<number, NewHeat[]>> {
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
    });
  }
  for (const list of out.values()) list.sort((a, b) => a.number - b.number);
  return out;
}

/** One start row to write (snake case: the columns of `comp_start`). */
interface StartRow {
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
async function insertStarts(
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
function laterRoundCandidates(previous: RoundVO): Candidate[] {
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

type Composed<C extends Facts = Facts> = { heats: number; placed: Placed<C>[] };

/** A round's heats and places from its candidates (too few heats asked for: a clear 400). */
function compose<C extends Facts>(
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
function startRowsOf(round: RoundRow, composed: Composed, heats: NewHeat[]): StartRow[] {
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

/** What the log says of a start list made. */
function generateDetail(
  seed: string,
  round: RoundRow,
  composed: Composed,
  remade: boolean,
  body: Pick<StartListGenerateBody, 'heats' | 'perHeat'>,
): Record<string, unknown> {
  return {
    seed,
    roundIndex: round.index,
    heats: composed.heats,
    competitors: composed.placed.length,
    remade,
    ...(body.heats ? { heatsAsked: body.heats } : {}),
    ...(body.perHeat ? { perHeat: body.perHeat } : {}),
  };
}

/**
 * Make (or make again, while every heat is a draft) the start list of a round: heats and start
 * rows from the approved entries (first round) or from the previous round's qualifiers.
 */
export async function generateStartList(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  groupItemId: number,
  body: StartListGenerateBody,
): Promise<RoundVO> {
  const event = await loadEvent(db, groupItemId);
  if (!event) throw notFound();
  const { meeting: m } = await requireCompetition(db, u, event.meetingId, 'manage');
  if (event.kind === 'combined') {
    throw conflict('全能项目的分组在各单项中编排', 'Combined events are seeded in their individual events');
  }
  const seed = body.seed ?? newSeed();
  const relay = event.kind === 'relay';
  const out = await db.transaction(async (tx) => {
    const rounds = await ensureRounds(tx, groupItemId);
    let target: RoundRow | undefined;
    if (body.roundIndex !== undefined) {
      target = rounds.find((r) => r.index === body.roundIndex);
      if (!target) {
        throw badInput(`该项目没有第 ${body.roundIndex + 1} 轮`, `This event has no round ${body.roundIndex + 1}`);
      }
    } else {
      // The first round still a draft (a round's status is its least advanced heat's).
      const status = await roundStatuses(
        tx,
        rounds.map((r) => r.id),
      );
      target = rounds.find((r) => status.get(r.id) === 'draft') ?? rounds.at(-1);
    }
    const round = await lockRound(tx, target!.id);
    const current = await tx.select({ status: compHeat.status }).from(compHeat).where(eq(compHeat.roundId, round.id));
    if (current.some((h) => h.status !== 'draft')) {
      throw conflict(
        '该轮分组已发布，请先撤销发布再重新编排',
        'The start list of this round is published: unpublish it before making it again',
      );
    }
    const later = round.index > 0;
    let candidates: Candidate[];
    if (later) {
      const previous = rounds.find((r) => r.index === round.index - 1)!;
      candidates = laterRoundCandidates(await mustLoad(tx, previous.id));
    } else {
      candidates = (await firstRoundCandidates(tx, [groupItemId], relay)).get(groupItemId)!;
      if (!candidates.length) {
        const waiting = (await waitingEntries(tx, [groupItemId], relay)).get(groupItemId) ?? 0;
        throw conflict(
          `没有审核通过的报名，无法编排（${waiting} 条报名待审核）`,
          `No approved entries to seed (${waiting} waiting for audit)`,
        );
      }
    }
    const plan = await roundPlanOf(tx, groupItemId, round.index);
    const composed = compose(event, candidates, later, m, plan, seed, body);
    // Made again: the old heats go, and their start rows with them (on delete cascade).
    if (current.length) await tx.delete(compHeat).where(eq(compHeat.roundId, round.id));
    const heats = (await insertHeats(tx, [{ round, count: composed.heats }])).get(round.id)!;
    const written = await insertStarts(tx, startRowsOf(round, composed, heats), true);
    const [updated] = await tx
      .update(compRound)
      .set({ drawSeed: seed, ...nextVersion(compRound) })
      .where(eq(compRound.id, round.id))
      .returning();
    await writeLog(tx, u, round, 'generate', generateDetail(seed, round, composed, current.length > 0, body));
    // The answer is what loadRound would read back now, made from what was just written.
    const startsOf = new Map<number, StartVO[]>();
    for (const p of composed.placed) {
      const row = written.get(startKey(p.competitor))!;
      const own = {
        id: row.id,
        version: row.version,
        position: p.position,
        lane: p.lane,
        seedValue: p.competitor.seedValue,
        mark: null,
        value: null,
        reactionTime: null,
        wind: null,
        code: null,
        dqRule: null,
        place: null,
        qualifier: null,
        points: null,
        record: null,
        note: null,
      };
      const list = startsOf.get(p.heat) ?? [];
      list.push(startVO(own, p.competitor.shown, []));
      startsOf.set(p.heat, list);
    }
    const heatVOs = heats.map((h) => heatVO(h, (startsOf.get(h.number) ?? []).sort(byLaneThenPosition)));
    return roundVO(updated!, event, heatVOs, plan);
  });
  await announce(hub, frame(out), false);
  return out;
}

/**
 * "Generate all": the first-round start list of every event of a meeting that has none yet, in
 * one transaction and a fixed number of statements whatever the number of events and entries —
 * one read of the approved entries with their people (one more for relay teams and their
 * runners), each event composed in memory exactly as `generateStartList` does it alone, one
 * insert of all heats, one of all start rows, one update of the rounds and one insert of their
 * log lines. Events whose first round already has heats (draft or published), combined events
 * and events with no approved entry are left alone and reported as skipped. The answer
 * summarises each event; the rounds themselves are read with `GET /competition/rounds/:id`.
 */
export async function generateAllStartLists(
  db: Db,
  hub: RealtimeHub,
  u: CurrentUser,
  meetingId: number,
  body: StartListGenerateAllBody,
): Promise<StartListGenerateAllVO> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'manage');
  const out = await db.transaction(async (tx) => {
    const events = await loadMeetingEvents(tx, meetingId);
    const skipped: StartListGenerateAllVO['skipped'] = [];
    const names = (e: EventVO) => ({
      groupItemId: e.groupItemId,
      groupName: e.groupName,
      groupNameEn: e.groupNameEn,
      itemName: e.itemName,
      itemNameEn: e.itemNameEn,
    });
    const skip = (e: EventVO, reason: StartListSkipReason, status: HeatStatus | null = null, waiting = 0) =>
      skipped.push({ ...names(e), reason, status, waiting });
    const seedable = events.filter((e) => e.kind !== 'combined');
    for (const e of events) if (e.kind === 'combined') skip(e, 'combined');
    const rounds = await ensureRoundsOf(
      tx,
      seedable.map((e) => e.groupItemId),
    );
    // The first rounds, locked (in id order) against a start list made meanwhile event by event.
    const firstIds = seedable.map((e) => rounds.get(e.groupItemId)![0]!.id).sort((a, b) => a - b);
    const locked = firstIds.length
      ? await tx
          .select()
          .from(compRound)
          .where(inArray(compRound.id, firstIds))
          .orderBy(asc(compRound.id))
          .for('update')
      : [];
    const firstOf = new Map(locked.map((r) => [r.groupItemId, r]));
    const heatsOf = await heatStatuses(tx, firstIds);
    const open = seedable.filter((e) => {
      const heats = heatsOf.get(firstOf.get(e.groupItemId)!.id) ?? [];
      if (heats.length) skip(e, 'made', roundStatus(heats));
      return !heats.length;
    });
    const relays = open.filter((e) => e.kind === 'relay').map((e) => e.groupItemId);
    const singles = open.filter((e) => e.kind !== 'relay').map((e) => e.groupItemId);
    const candidatesOf = new Map([
      ...(await firstRoundFacts(tx, singles, false)),
      ...(await firstRoundFacts(tx, relays, true)),
    ]);
    const empty = open.filter((e) => !candidatesOf.get(e.groupItemId)!.length);
    const waiting = new Map([
      ...(await waitingEntries(
        tx,
        empty.filter((e) => e.kind !== 'relay').map((e) => e.groupItemId),
        false,
      )),
      ...(await waitingEntries(
        tx,
        empty.filter((e) => e.kind === 'relay').map((e) => e.groupItemId),
        true,
      )),
    ]);
    for (const e of empty) skip(e, 'no-entries', null, waiting.get(e.groupItemId) ?? 0);
    const plans = await roundPlansOf(
      tx,
      open.map((e) => e.groupItemId),
    );
    const made = open
      .filter((e) => candidatesOf.get(e.groupItemId)!.length)
      .map((e) => {
        const round = firstOf.get(e.groupItemId)!;
        const seed = body.seed ?? newSeed();
        return {
          e,
          round,
          seed,
          composed: compose(e, candidatesOf.get(e.groupItemId)!, false, m, plans.get(e.groupItemId)?.[0], seed, {}),
        };
      });
    const heats = await insertHeats(
      tx,
      made.map((x) => ({ round: x.round, count: x.composed.heats })),
    );
    await insertStarts(
      tx,
      made.flatMap((x) => startRowsOf(x.round, x.composed, heats.get(x.round.id)!)),
      false,
    );
    if (made.length) {
      const seeds = made.map((x) => ({ id: x.round.id, seed: x.seed }));
      await tx.execute(sql`
        update comp_round r set draw_seed = v.seed, version = r.version + 1, updated_at = now()
        from json_to_recordset(${JSON.stringify(seeds)}::json) as v(id int, seed text)
        where r.id = v.id`);
    }
    await writeLogs(
      tx,
      u,
      made.map((x) => ({
        round: x.round,
        action: 'generate',
        detail: generateDetail(x.seed, x.round, x.composed, false, {}),
        heatId: null,
      })),
    );
    const order = new Map(events.map((e, i) => [e.groupItemId, i]));
    skipped.sort((a, b) => order.get(a.groupItemId)! - order.get(b.groupItemId)!);
    return {
      made,
      answer: {
        meetingId,
        starts: made.reduce((n, x) => n + x.composed.placed.length, 0),
        made: made.map((x) => ({
          ...names(x.e),
          roundId: x.round.id,
          heats: x.composed.heats,
          starts: x.composed.placed.length,
          seed: x.seed,
        })),
        skipped,
      },
    };
  });
  // Each round made is announced as making it alone announces it (staff screens refresh it),
  // all at once rather than one after another.
  await Promise.all(out.made.map((x) => announce(hub, frame(x.round), false)));
  return out.answer;
}

/** Each start's rank in the round (later rounds in lanes draw lanes by it, TR 20.5). */
async function roundRanking(tx: Tx, round: RoundVO, seed: string): Promise<Map<number, number>> {
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
function adjustable(h: RoundVO['heats'][number]) {
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
async function switchHeats(
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
