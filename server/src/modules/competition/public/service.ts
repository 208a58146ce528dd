import {
  type CompetitionEventVO,
  PUBLIC_LATEST_MAX,
  PUBLIC_NEXT_LOOKBACK_MINUTES,
  PUBLIC_NEXT_MAX,
  type PublicAthleteEntryVO,
  type PublicAthleteVO,
  type PublicLatestHeatVO,
  type PublicNextVO,
  type RoundVO,
  type TeamScoresVO,
} from '@baton/contracts';
import { and, asc, desc, eq, gt, gte, inArray, isNull, ne, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  athlete,
  compHeat,
  compRound,
  compStart,
  delegation,
  entry,
  group,
  groupItem,
  item,
  meeting,
  relayMember,
  relayTeam,
} from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import { selfRegistrationPending } from '../../dlg/account.js';
import { requirePublicLists } from '../../public/service.js';
import { requirePublicGroupItem } from '../access.js';
import { teamScores } from '../scores/service.js';
import { loadEvents, loadGroupItemRounds, loadRounds } from '../views.js';

/**
 * The public reads of the competition (no sign-in): only meetings past draft that publish
 * their lists (else 404, like the public entry lists); never a draft heat, and results only of
 * official heats (views.ts `publicOnly`). These are the hottest reads of the product: each
 * answers in a fixed number of statements whatever the size of the meeting.
 */

/** Registration records the public sees: sent to (or passed) the audit, never a draft. */
const LISTED = ['submitted', 'approved'] as const;

/** `GET /public/competition/{id}/events`: every group item in schedule order with its published rounds. */
export async function publicEvents(db: DbOrTx, meetingId: number): Promise<CompetitionEventVO[]> {
  await requirePublicLists(db, meetingId);
  return loadEvents(db, meetingId, { publicOnly: true });
}

/** `GET /public/competition/{id}/rounds?groupItemId=`: a group item's published rounds, in order. */
export async function publicRounds(db: DbOrTx, meetingId: number, groupItemId: number): Promise<RoundVO[]> {
  await requirePublicGroupItem(db, meetingId, groupItemId);
  return loadGroupItemRounds(db, groupItemId, { publicOnly: true });
}

/**
 * `GET /public/competition/{id}/results?since=`: the latest official heats of the meeting,
 * newest first (at most PUBLIC_LATEST_MAX; with `since`, only those made official after it).
 */
export async function publicLatestResults(
  db: DbOrTx,
  meetingId: number,
  since?: string,
): Promise<PublicLatestHeatVO[]> {
  const after = since === undefined ? null : new Date(since);
  if (after && Number.isNaN(after.getTime())) {
    throw badInput('时间格式不正确', 'since must be an ISO 8601 date and time');
  }
  await requirePublicLists(db, meetingId);
  const latest = await db
    .select({ heatId: compHeat.id, roundId: compHeat.roundId })
    .from(compHeat)
    .where(
      and(
        eq(compHeat.meetingId, meetingId),
        eq(compHeat.status, 'official'),
        after ? gt(compHeat.officialAt, after) : undefined,
      ),
    )
    .orderBy(sql`${compHeat.officialAt} desc nulls last`, desc(compHeat.id))
    .limit(PUBLIC_LATEST_MAX);
  return withRounds(db, latest);
}

/**
 * Heats (in the order given) with their rounds and events as the public sees them, through the
 * one read model: one call however many heats.
 */
async function withRounds(db: DbOrTx, heats: { heatId: number; roundId: number }[]): Promise<PublicLatestHeatVO[]> {
  const rounds = await loadRounds(db, [...new Set(heats.map((h) => h.roundId))], { publicOnly: true });
  const roundOf = new Map(rounds.map((r) => [r.id, r]));
  const out: PublicLatestHeatVO[] = [];
  for (const { heatId, roundId } of heats) {
    const round = roundOf.get(roundId);
    const heat = round?.heats.find((h) => h.id === heatId);
    if (!round || !heat) continue;
    out.push({
      roundId,
      roundIndex: round.index,
      roundName: round.name,
      roundHeats: round.heats.length,
      scheduledAt: heat.scheduledAt ?? round.scheduledAt,
      event: round.event,
      heat,
    });
  }
  return out;
}

/**
 * `GET /public/competition/{id}/next`: the meeting's names and its next heats — published start
 * lists not yet official, at the heat's time (the round's when the heat has none) no longer than
 * PUBLIC_NEXT_LOOKBACK_MINUTES ago or still to come, soonest first; unscheduled ones last, in the
 * meeting's event order. No results: a heat in progress shows its start list until it is official.
 */
export async function publicNextHeats(db: DbOrTx, meetingId: number, now = new Date()): Promise<PublicNextVO> {
  await requirePublicLists(db, meetingId);
  const [head] = await db
    .select({
      id: meeting.id,
      code: meeting.code,
      name: meeting.name,
      nameEn: meeting.nameEn,
      timeZone: meeting.timeZone,
    })
    .from(meeting)
    .where(eq(meeting.id, meetingId));
  if (!head) throw notFound();
  const at = sql`coalesce(${compHeat.scheduledAt}, ${compRound.scheduledAt})`;
  const from = new Date(now.getTime() - PUBLIC_NEXT_LOOKBACK_MINUTES * 60_000);
  const next = await db
    .select({ heatId: compHeat.id, roundId: compHeat.roundId })
    .from(compHeat)
    .innerJoin(compRound, eq(compRound.id, compHeat.roundId))
    .innerJoin(groupItem, eq(groupItem.id, compRound.groupItemId))
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .where(
      and(
        eq(compHeat.meetingId, meetingId),
        eq(compHeat.status, 'set'),
        or(and(isNull(compHeat.scheduledAt), isNull(compRound.scheduledAt)), gte(at, from)),
      ),
    )
    .orderBy(
      sql`${at} asc nulls last`,
      asc(group.sort),
      asc(groupItem.sort),
      asc(groupItem.id),
      asc(compRound.index),
      asc(compHeat.number),
    )
    .limit(PUBLIC_NEXT_MAX);
  return { meeting: head, heats: await withRounds(db, next) };
}

/** `GET /public/competition/{id}/scores?groupId=`: team points and the medal table (official finals). */
export async function publicScores(db: DbOrTx, meetingId: number, groupId?: number): Promise<TeamScoresVO> {
  await requirePublicLists(db, meetingId);
  // teamScores answers 404 for a group of another meeting.
  return teamScores(db, meetingId, groupId);
}

/**
 * `GET /public/competition/athlete?athleteId=` (and `/{meetingId}/athlete?athleteId=`): an
 * athlete's public card — name, delegation, bib, group (birth year only, never the ID
 * number), the events entered (individually or in a relay team) and, per round, the published
 * start position and the official result. Bib QR codes link to the athlete's page by the
 * athlete id alone, so the meeting may come from the athlete. 404 unless the athlete is
 * listed (submitted or approved), of an admitted delegation, in a meeting publishing its lists.
 */
export async function publicAthlete(db: DbOrTx, meetingId: number | null, athleteId: number): Promise<PublicAthleteVO> {
  const [a] = await db
    .select({
      id: athlete.id,
      meetingId: athlete.meetingId,
      meetingCode: meeting.code,
      meetingName: meeting.name,
      meetingNameEn: meeting.nameEn,
      meetingTimeZone: meeting.timeZone,
      name: athlete.name,
      nameEn: athlete.nameEn,
      gender: athlete.gender,
      birthDate: athlete.birthDate,
      bib: athlete.bib,
      delegationId: delegation.id,
      delegationName: delegation.name,
      groupId: group.id,
      groupName: group.name,
      groupNameEn: group.nameEn,
      groupGender: group.gender,
    })
    .from(athlete)
    .innerJoin(meeting, eq(meeting.id, athlete.meetingId))
    .innerJoin(delegation, eq(delegation.id, athlete.delegationId))
    .innerJoin(group, eq(group.id, athlete.groupId))
    .where(
      and(
        eq(athlete.id, athleteId),
        meetingId === null ? undefined : eq(athlete.meetingId, meetingId),
        inArray(athlete.status, LISTED),
        ne(meeting.status, 'draft'),
        eq(meeting.publicLists, true),
        not(selfRegistrationPending),
      ),
    );
  if (!a) throw notFound();

  const itemColumns = {
    groupItemId: groupItem.id,
    itemCode: item.code,
    itemName: item.name,
    itemNameEn: item.nameEn,
    kind: item.kind,
    resultFormat: item.resultFormat,
    sort: groupItem.sort,
  };
  const [individual, relays] = await Promise.all([
    db
      .select({ ...itemColumns, entryId: entry.id, seedMark: entry.seedMark })
      .from(entry)
      .innerJoin(groupItem, eq(groupItem.id, entry.groupItemId))
      .innerJoin(item, eq(item.id, groupItem.itemId))
      .where(and(eq(entry.athleteId, a.id), inArray(entry.status, LISTED)))
      .orderBy(asc(groupItem.sort), asc(groupItem.id)),
    db
      .select({
        ...itemColumns,
        relayTeamId: relayTeam.id,
        seedMark: relayTeam.seedMark,
        letter: relayTeam.letter,
        leg: relayMember.leg,
      })
      .from(relayMember)
      .innerJoin(relayTeam, eq(relayTeam.id, relayMember.relayTeamId))
      .innerJoin(groupItem, eq(groupItem.id, relayTeam.groupItemId))
      .innerJoin(item, eq(item.id, groupItem.itemId))
      .where(and(eq(relayMember.athleteId, a.id), inArray(relayTeam.status, LISTED)))
      .orderBy(asc(groupItem.sort), asc(groupItem.id)),
  ]);

  const entries: (PublicAthleteEntryVO & { sort: number })[] = [];
  const byEntry = new Map<number, PublicAthleteEntryVO>();
  const byTeam = new Map<number, PublicAthleteEntryVO>();
  for (const { entryId, sort, ...e } of individual) {
    const vo = { ...e, sort, relayLetter: null, leg: null, starts: [] };
    entries.push(vo);
    byEntry.set(entryId, vo);
  }
  for (const { relayTeamId, letter, sort, ...e } of relays) {
    const vo = { ...e, sort, relayLetter: letter, starts: [] };
    entries.push(vo);
    byTeam.set(relayTeamId, vo);
  }

  const entryIds = [...byEntry.keys()];
  const teamIds = [...byTeam.keys()];
  const roundIds =
    entryIds.length || teamIds.length
      ? (
          await db
            .selectDistinct({ roundId: compStart.roundId })
            .from(compStart)
            .where(
              or(
                entryIds.length ? inArray(compStart.entryId, entryIds) : undefined,
                teamIds.length ? inArray(compStart.relayTeamId, teamIds) : undefined,
              ),
            )
        ).map((r) => r.roundId)
      : [];
  // The one read model of rounds: published heats only, results only of official ones.
  const rounds = await loadRounds(db, roundIds, { publicOnly: true });
  rounds.sort((x, y) => x.groupItemId - y.groupItemId || x.index - y.index);
  for (const round of rounds) {
    for (const heat of round.heats) {
      for (const start of heat.starts) {
        const target =
          (start.entryId !== null ? byEntry.get(start.entryId) : undefined) ??
          (start.relayTeamId !== null ? byTeam.get(start.relayTeamId) : undefined);
        target?.starts.push({
          roundId: round.id,
          roundIndex: round.index,
          roundName: round.name,
          heatId: heat.id,
          heatNumber: heat.number,
          heatStatus: heat.status,
          scheduledAt: heat.scheduledAt ?? round.scheduledAt,
          start,
        });
      }
    }
  }

  const { birthDate, ...card } = a;
  return {
    ...card,
    birthYear: Number(String(birthDate).slice(0, 4)),
    entries: entries.sort((x, y) => x.sort - y.sort || x.groupItemId - y.groupItemId).map(({ sort: _s, ...e }) => e),
  };
}
