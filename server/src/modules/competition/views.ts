import type { CompetitionEventVO, EventVO, HeatVO, RoundName, RoundVO, StartVO, TrialVO } from '@baton/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  athlete,
  compHeat,
  compRound,
  compStart,
  compTrial,
  delegation,
  entry,
  group,
  groupItem,
  item,
  relayTeam,
} from '../../db/schema/index.js';
import { isoOrNull, rowsOf } from '../../lib/sql.js';
import { competitorColumns, competitorVO, heatVO, relayMembersOf, roundVO, STATUS_ORDER, startVO } from './round-vo.js';

/**
 * The read model of the competition, shared by start lists, results entry, the public pages,
 * PDFs and exports. Each function answers in a fixed number of statements whatever the size
 * of the round (no query per heat or per competitor). How a round and its parts are shown: round-vo.ts.
 */

const eventColumns = {
  meetingId: group.meetingId,
  groupItemId: groupItem.id,
  groupId: group.id,
  groupName: group.name,
  groupNameEn: group.nameEn,
  gender: group.gender,
  itemId: item.id,
  itemCode: item.code,
  itemName: item.name,
  itemNameEn: item.nameEn,
  kind: item.kind,
  resultFormat: item.resultFormat,
  windMeasured: item.windMeasured,
  usesLanes: item.usesLanes,
  relayLegs: item.relayLegs,
  scoringTable: groupItem.scoringTable,
};

/** The group item's event facts; null when it does not exist. */
export async function loadEvent(db: DbOrTx, groupItemId: number): Promise<EventVO | null> {
  const [row] = await db
    .select(eventColumns)
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(eq(groupItem.id, groupItemId));
  return row ?? null;
}

/** The event facts of every group item of a meeting, in group then item order. */
export async function loadMeetingEvents(db: DbOrTx, meetingId: number): Promise<EventVO[]> {
  return db
    .select(eventColumns)
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(eq(group.meetingId, meetingId))
    .orderBy(asc(group.sort), asc(groupItem.sort), asc(groupItem.id));
}

export interface LoadOptions {
  /**
   * The public view: only heats whose start list is published (`set` or `official`), and
   * results only of `official` heats (a DNS shows on the start list before).
   */
  publicOnly?: boolean;
}

const RESULT_KEYS = [
  'mark',
  'value',
  'reactionTime',
  'wind',
  'code',
  'dqRule',
  'place',
  'qualifier',
  'points',
  'record',
  'note',
] as const satisfies readonly (keyof StartVO)[];

/** Several rounds at once (a whole group item, or a meeting's published rounds). */
export async function loadRounds(db: DbOrTx, roundIds: number[], opts: LoadOptions = {}): Promise<RoundVO[]> {
  if (!roundIds.length) return [];
  const rounds = await db
    .select({ r: compRound, e: eventColumns, plans: groupItem.rounds })
    .from(compRound)
    .innerJoin(groupItem, eq(groupItem.id, compRound.groupItemId))
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(inArray(compRound.id, roundIds));
  const heats = await db
    .select()
    .from(compHeat)
    .where(and(inArray(compHeat.roundId, roundIds), opts.publicOnly ? ne(compHeat.status, 'draft') : undefined))
    .orderBy(asc(compHeat.roundId), asc(compHeat.number));
  const heatIds = heats.map((h) => h.id);
  const starts = heatIds.length
    ? await db
        .select({
          // The start's own columns the read model shows (not its timestamps), flat.
          id: compStart.id,
          version: compStart.version,
          heatId: compStart.heatId,
          position: compStart.position,
          lane: compStart.lane,
          entryId: compStart.entryId,
          relayTeamId: compStart.relayTeamId,
          athleteId: compStart.athleteId,
          delegationId: compStart.delegationId,
          seedValue: compStart.seedValue,
          mark: compStart.mark,
          value: compStart.value,
          reactionTime: compStart.reactionTime,
          wind: compStart.wind,
          code: compStart.code,
          dqRule: compStart.dqRule,
          place: compStart.place,
          qualifier: compStart.qualifier,
          points: compStart.points,
          record: compStart.record,
          note: compStart.note,
          ...competitorColumns,
          letter: relayTeam.letter,
          entrySeedMark: entry.seedMark,
          relaySeedMark: relayTeam.seedMark,
        })
        .from(compStart)
        .innerJoin(delegation, eq(delegation.id, compStart.delegationId))
        .leftJoin(athlete, eq(athlete.id, compStart.athleteId))
        .leftJoin(entry, eq(entry.id, compStart.entryId))
        .leftJoin(relayTeam, eq(relayTeam.id, compStart.relayTeamId))
        .where(inArray(compStart.heatId, heatIds))
        .orderBy(asc(compStart.heatId), sql`${compStart.lane} asc nulls last`, asc(compStart.position))
    : [];
  // The trials of exactly those starts, chosen by their heats (a few parameters, not one a start).
  const trials = starts.length
    ? await db
        .select({ t: compTrial })
        .from(compTrial)
        .innerJoin(compStart, eq(compStart.id, compTrial.startId))
        .where(inArray(compStart.heatId, heatIds))
        .orderBy(asc(compTrial.startId), asc(compTrial.seq))
        .then((rows) => rows.map((r) => r.t))
    : [];
  const membersOf = await relayMembersOf(db, [
    ...new Set(starts.map((s) => s.relayTeamId).filter((x): x is number => x !== null)),
  ]);

  const trialsOf = new Map<number, TrialVO[]>();
  for (const t of trials) {
    const list = trialsOf.get(t.startId) ?? [];
    list.push({ seq: t.seq, height: t.height, outcome: t.outcome, mark: t.mark, wind: t.wind, jumpOff: t.jumpOff });
    trialsOf.set(t.startId, list);
  }
  const heatStatus = new Map(heats.map((h) => [h.id, h.status]));
  const startsOf = new Map<number, StartVO[]>();
  for (const s of starts) {
    const vo = startVO(s, competitorVO(s, membersOf), trialsOf.get(s.id) ?? []);
    if (opts.publicOnly && heatStatus.get(s.heatId) !== 'official') {
      // A published start list still shows who will not start (the call room's absence: DNS).
      const dns = vo.code === 'DNS';
      for (const k of RESULT_KEYS) (vo as Record<string, unknown>)[k] = null;
      if (dns) vo.code = 'DNS';
      vo.trials = [];
    }
    const list = startsOf.get(s.heatId) ?? [];
    list.push(vo);
    startsOf.set(s.heatId, list);
  }
  const heatsOf = new Map<number, HeatVO[]>();
  for (const h of heats) {
    const list = heatsOf.get(h.roundId) ?? [];
    list.push(heatVO(h, startsOf.get(h.id) ?? [], opts));
    heatsOf.set(h.roundId, list);
  }
  // The round's plan is its group item's `rounds[index]` (as `roundPlanOf` reads it), joined here.
  const byId = new Map(
    rounds.map(({ r, e, plans }) => [r.id, roundVO(r, e, heatsOf.get(r.id) ?? [], plans[r.index])] as const),
  );
  // Keep the order asked for; drop rounds with nothing published in the public view.
  return roundIds
    .map((id) => byId.get(id))
    .filter((r): r is RoundVO => !!r && (!opts.publicOnly || r.heats.length > 0));
}

/** One round; null when it does not exist (or, publicly, has nothing published). */
export async function loadRound(db: DbOrTx, roundId: number, opts: LoadOptions = {}): Promise<RoundVO | null> {
  const [r] = await loadRounds(db, [roundId], opts);
  return r ?? null;
}

/** The rounds of a group item in order. */
export async function loadGroupItemRounds(db: DbOrTx, groupItemId: number, opts: LoadOptions = {}) {
  const ids = await db
    .select({ id: compRound.id })
    .from(compRound)
    .where(eq(compRound.groupItemId, groupItemId))
    .orderBy(asc(compRound.index));
  return loadRounds(
    db,
    ids.map((r) => r.id),
    opts,
  );
}

/**
 * Every group item of a meeting with its rounds so far, in schedule order. Entries count the
 * submitted and approved ones (individual entries, or relay teams for relays).
 */
export async function loadEvents(db: DbOrTx, meetingId: number, opts: LoadOptions = {}): Promise<CompetitionEventVO[]> {
  const events = await db
    .select({ ...eventColumns, scheduledAt: groupItem.scheduledAt, sort: groupItem.sort, groupSort: group.sort })
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(eq(group.meetingId, meetingId))
    // The edited schedule first (the first round's time), then the group item's planned slot.
    .orderBy(
      sql`coalesce((select min(r.scheduled_at) from comp_round r where r.group_item_id = ${groupItem.id}), ${groupItem.scheduledAt}) asc nulls last`,
      asc(group.sort),
      asc(groupItem.sort),
      asc(groupItem.id),
    );
  const counts = new Map<number, number>();
  const rows = await rowsOf<{ id: number; n: number }>(
    db.execute(sql`
    select group_item_id as id, count(*)::int as n from reg_entry
      where meeting_id = ${meetingId} and status in ('submitted', 'approved') group by group_item_id
    union all
    select group_item_id as id, count(*)::int as n from reg_relay_team
      where meeting_id = ${meetingId} and status in ('submitted', 'approved') group by group_item_id`),
  );
  for (const r of rows) counts.set(Number(r.id), (counts.get(Number(r.id)) ?? 0) + Number(r.n));
  const published = opts.publicOnly ? sql`and h.status <> 'draft'` : sql``;
  const roundRows = await rowsOf<{
    id: number;
    group_item_id: number;
    index: number;
    name: RoundName;
    discipline: string | null;
    scheduled_at: Date | string | null;
    heats: number;
    starts: number;
    least: number | null;
  }>(
    db.execute(sql`
      select r.id, r.group_item_id, r.index, r.name, r.discipline, r.scheduled_at,
        count(distinct h.id)::int as heats, count(s.id)::int as starts,
        min(case h.status when 'draft' then 0 when 'set' then 1 when 'official' then 2 end)::int as least
      from comp_round r
        left join comp_heat h on h.round_id = r.id ${published}
        left join comp_start s on s.heat_id = h.id
      where r.meeting_id = ${meetingId}
      group by r.id
      order by r.group_item_id, r.index`),
  );
  const roundsOf = new Map<number, CompetitionEventVO['rounds']>();
  for (const r of roundRows) {
    if (opts.publicOnly && !Number(r.heats)) continue;
    const groupItemId = Number(r.group_item_id);
    const list = roundsOf.get(groupItemId) ?? [];
    list.push({
      id: Number(r.id),
      index: Number(r.index),
      name: r.name,
      discipline: r.discipline,
      status: r.least === null ? 'draft' : STATUS_ORDER[Number(r.least)]!,
      scheduledAt: isoOrNull(r.scheduled_at),
      heats: Number(r.heats),
      starts: Number(r.starts),
    });
    roundsOf.set(groupItemId, list);
  }
  return events.map(({ scheduledAt, sort: _s, groupSort: _g, ...e }) => ({
    ...e,
    scheduledAt: isoOrNull(scheduledAt),
    entries: counts.get(e.groupItemId) ?? 0,
    rounds: roundsOf.get(e.groupItemId) ?? [],
  }));
}
