import type { SportsmanshipVO, TeamScoresVO, TeamScoreVO, TeamScoringOptions } from '@baton/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  compAward,
  compHeat,
  compRound,
  compStart,
  delegation,
  group,
  groupItem,
  item,
  meeting,
} from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { combinedFinalPlaces } from '../combined/service.js';
import { finalPlaces, pointsByPlace, sharedRanks } from './scoring.js';
import { lastIndex, seriesOf, startersOf } from './series.js';
import { compareTeams, countPlace, eventTable, optionsOf } from './team-options.js';

type RoundRow = { id: number; groupItemId: number; index: number };

/** The 体育道德风尚奖 list of a meeting, by delegation name. */
export async function sportsmanshipOf(db: DbOrTx, meetingId: number): Promise<SportsmanshipVO[]> {
  const rows = await db
    .select({
      delegationId: compAward.delegationId,
      delegationName: delegation.name,
      delegationShort: delegation.shortName,
      note: compAward.note,
    })
    .from(compAward)
    .innerJoin(delegation, eq(delegation.id, compAward.delegationId))
    .where(eq(compAward.meetingId, meetingId))
    .orderBy(asc(compAward.id));
  return rows.sort((a, b) => a.delegationName.localeCompare(b.delegationName, 'zh-CN'));
}

/**
 * Team points and medals of a meeting, optionally of one group (404 when the group is not the
 * meeting's). Only official final results count: a group item's last round with all its heats
 * official. Points by each event's scoring table over the final places (shared places share
 * points), with the 竞赛规程 options in force (team-options.ts: relays double, 减一录取) and the
 * record-break bonus: each athlete or relay team flagged `MR` in an event adds `recordBonus` to
 * its delegation once (a record broken in the heats and again in the final is one bonus).
 * Medals for places 1–3, a shared place giving each the medal (two golds, no silver). Ties in
 * points share the rank, or go by firsts, seconds, … with `tieByPlaces`.
 */
export async function teamScores(db: DbOrTx, meetingId: number, groupId?: number): Promise<TeamScoresVO> {
  const [m] = await db.select({ options: meeting.teamScoring }).from(meeting).where(eq(meeting.id, meetingId));
  if (!m) throw notFound();
  let tableOptions = optionsOf(null, m.options);
  if (groupId !== undefined) {
    const [g] = await db
      .select({ id: group.id, options: group.teamScoring })
      .from(group)
      .where(and(eq(group.id, groupId), eq(group.meetingId, meetingId)));
    if (!g) throw notFound();
    tableOptions = optionsOf(g.options, m.options);
  }
  const items = await db
    .select({
      id: groupItem.id,
      plan: groupItem.rounds,
      table: groupItem.scoringTable,
      format: item.resultFormat,
      kind: item.kind,
      groupOptions: group.teamScoring,
    })
    .from(groupItem)
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(and(eq(group.meetingId, meetingId), groupId === undefined ? undefined : eq(group.id, groupId)));
  const optionsFor = new Map<number, TeamScoringOptions>(
    items.map((gi) => [gi.id, optionsOf(gi.groupOptions, m.options)]),
  );
  const rounds = await db
    .select({
      id: compRound.id,
      groupItemId: compRound.groupItemId,
      index: compRound.index,
      heats: sql<number>`count(${compHeat.id})::int`,
      official: sql<number>`(count(${compHeat.id}) filter (where ${compHeat.status} = 'official'))::int`,
    })
    .from(compRound)
    .leftJoin(compHeat, eq(compHeat.roundId, compRound.id))
    .where(eq(compRound.meetingId, meetingId))
    .groupBy(compRound.id);
  const roundsOf = new Map<number, (RoundRow & { heats: number; official: number })[]>();
  for (const r of rounds) roundsOf.set(r.groupItemId, [...(roundsOf.get(r.groupItemId) ?? []), r]);
  const finals = new Map<number, (typeof items)[number]>();
  for (const gi of items) {
    const rs = roundsOf.get(gi.id) ?? [];
    const last = rs.find(
      (r) =>
        r.index ===
        lastIndex(
          gi.plan,
          rs.map((x) => x.index),
        ),
    );
    if (last && Number(last.heats) > 0 && Number(last.heats) === Number(last.official)) finals.set(last.id, gi);
  }
  const starts = finals.size
    ? await db
        .select({
          id: compStart.id,
          roundId: compStart.roundId,
          heatId: compStart.heatId,
          mark: compStart.mark,
          value: compStart.value,
          code: compStart.code,
          place: compStart.place,
          delegationId: compStart.delegationId,
        })
        .from(compStart)
        .where(inArray(compStart.roundId, [...finals.keys()]))
    : [];
  const byRound = new Map<number, typeof starts>();
  for (const s of starts) byRound.set(s.roundId, [...(byRound.get(s.roundId) ?? []), s]);
  const fieldStarts = starts.filter((s) => {
    const f = finals.get(s.roundId)!.format;
    return f === 'distance' || f === 'height';
  });
  const series = await seriesOf(db, fieldStarts, 'distance');
  const starters = await startersOf(
    db,
    [...finals.values()].map((gi) => gi.id),
  );
  const tables = new Map<string, number[]>();
  const placeSize = Math.max(8, ...items.map((gi) => gi.table.length));

  const tally = new Map<
    number,
    { points: number; bonus: number; places: number[]; gold: number; silver: number; bronze: number }
  >();
  const of = (id: number) => {
    const t = tally.get(id) ?? { points: 0, bonus: 0, places: [], gold: 0, silver: 0, bronze: 0 };
    tally.set(id, t);
    return t;
  };
  for (const [roundId, gi] of finals) {
    const rs = byRound.get(roundId) ?? [];
    // A combined event places by its standing (TR 39.12), keyed by the last discipline's rows.
    const places = gi.kind === 'combined' ? await combinedFinalPlaces(db, gi.id) : finalPlaces(rs, gi.format, series);
    const table = eventTable(gi.table, optionsFor.get(gi.id)!, gi.kind === 'relay', starters.get(gi.id) ?? 0);
    tables.set(gi.table.join('-'), gi.table);
    const points = pointsByPlace(places, table);
    for (const s of rs) {
      const place = places.get(s.id);
      if (place === undefined) continue;
      const t = of(s.delegationId);
      t.points += points.get(s.id) ?? 0;
      countPlace(t.places, place, placeSize);
      if (place === 1) t.gold++;
      else if (place === 2) t.silver++;
      else if (place === 3) t.bronze++;
    }
  }
  // 破纪录加分: once per athlete (relay team) and event, for a start flagged MR in an official heat.
  const bonusItems = items.filter((gi) => optionsFor.get(gi.id)!.recordBonus > 0).map((gi) => gi.id);
  if (bonusItems.length) {
    const setters = await db
      .selectDistinct({
        groupItemId: compRound.groupItemId,
        who: sql<string>`coalesce('a' || ${compStart.athleteId}::text, 'r' || ${compStart.relayTeamId}::text, 's' || ${compStart.id}::text)`,
        delegationId: compStart.delegationId,
      })
      .from(compStart)
      .innerJoin(compRound, eq(compRound.id, compStart.roundId))
      .innerJoin(compHeat, eq(compHeat.id, compStart.heatId))
      .where(
        and(inArray(compRound.groupItemId, bonusItems), eq(compStart.record, 'MR'), eq(compHeat.status, 'official')),
      );
    for (const r of setters) {
      const t = of(r.delegationId);
      const bonus = optionsFor.get(r.groupItemId)!.recordBonus;
      t.points += bonus;
      t.bonus += bonus;
    }
  }
  for (const t of tally.values()) while (t.places.length < placeSize) t.places.push(0);
  const ids = [...tally.keys()];
  const names = ids.length
    ? await db
        .select({ id: delegation.id, name: delegation.name, short: delegation.shortName })
        .from(delegation)
        .where(inArray(delegation.id, ids))
    : [];
  const rows = names.map((d) => {
    const t = tally.get(d.id)!;
    return {
      rank: 0,
      delegationId: d.id,
      delegationName: d.name,
      delegationShort: d.short,
      points: Math.round(t.points * 100) / 100,
      bonus: Math.round(t.bonus * 100) / 100,
      places: t.places,
      gold: t.gold,
      silver: t.silver,
      bronze: t.bronze,
    } satisfies TeamScoreVO;
  });
  const byName = (a: TeamScoreVO, b: TeamScoreVO) => a.delegationName.localeCompare(b.delegationName, 'zh-CN');
  const tie = tableOptions.tieByPlaces;
  const pointsList = rows.filter((r) => r.points > 0).sort((a, b) => compareTeams(a, b, tie) || byName(a, b));
  const pointRanks = sharedRanks(pointsList, (a, b) => compareTeams(a, b, tie) === 0);
  const medalKey = (r: TeamScoreVO) => [r.gold, r.silver, r.bronze];
  const medalList = rows
    .filter((r) => r.gold + r.silver + r.bronze > 0)
    .sort((a, b) => b.gold - a.gold || b.silver - a.silver || b.bronze - a.bronze || byName(a, b));
  const medalRanks = sharedRanks(medalList, (a, b) => medalKey(a).join() === medalKey(b).join());
  return {
    meetingId,
    groupId: groupId ?? null,
    options: tableOptions,
    tables: [...tables.values()],
    sportsmanship: await sportsmanshipOf(db, meetingId),
    points: pointsList.map((r, i) => ({ ...r, rank: pointRanks[i]! })),
    medals: medalList.map((r, i) => ({ ...r, rank: medalRanks[i]! })),
    finished: finals.size,
    events: items.length,
  };
}
