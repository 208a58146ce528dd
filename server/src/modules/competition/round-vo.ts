import {
  athletesWithoutBib,
  type EventVO,
  type HeatStatus,
  type HeatVO,
  type RelayMemberVO,
  type RoundVO,
  type StartVO,
  type TrialVO,
} from '@baton/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  athlete,
  type compHeat,
  type compRound,
  delegation,
  type RoundPlan,
  relayMember,
} from '../../db/schema/index.js';
import { isoOrNull } from '../../lib/sql.js';
import { roundEvent } from './combined/plan.js';
import type { LoadOptions } from './views.js';

/**
 * How a round is shown, part by part: who a start is, a start row, a heat, the round with its
 * status, and the order of a heat's starts. Built from rows by the read model (views.ts) and by
 * the making of start lists (startlists/), so the two answer alike.
 */

/** The athlete and delegation columns a competitor is shown with (start lists, results, the draw). */
export const competitorColumns = {
  athleteName: athlete.name,
  athleteNameEn: athlete.nameEn,
  gender: athlete.gender,
  birthDate: athlete.birthDate,
  bib: athlete.bib,
  delegationName: delegation.name,
  delegationShort: delegation.shortName,
};

export const STATUS_ORDER: HeatStatus[] = ['draft', 'set', 'official'];
/** The least advanced state of the heats (a round with none is a draft). */
export function roundStatus(heats: { status: HeatStatus }[]): HeatStatus {
  if (!heats.length) return 'draft';
  return STATUS_ORDER[Math.min(...heats.map((h) => STATUS_ORDER.indexOf(h.status)))]!;
}

/**
 * Who a start is, as every start row shows it: the athlete (or relay team), its delegation and
 * seed mark. Read joined to the start rows in views.ts, and to the entries when a start list is made
 * (startlists/service.ts) — both through `competitorVO`, so the two answers cannot differ.
 */
export interface CompetitorFacts {
  entryId: number | null;
  relayTeamId: number | null;
  athleteId: number | null;
  delegationId: number;
  athleteName: string | null;
  athleteNameEn: string | null;
  gender: 'M' | 'F' | null;
  birthDate: string | null;
  bib: string | null;
  delegationName: string;
  delegationShort: string | null;
  letter: string | null;
  entrySeedMark: string | null;
  relaySeedMark: string | null;
}

/** The competitor's part of a start row (everything but the start's own place and result). */
export type CompetitorVO = Pick<
  StartVO,
  | 'entryId'
  | 'relayTeamId'
  | 'athleteId'
  | 'delegationId'
  | 'delegationName'
  | 'delegationShort'
  | 'bib'
  | 'name'
  | 'nameEn'
  | 'gender'
  | 'birthYear'
  | 'members'
  | 'seedMark'
>;

export function competitorVO(row: CompetitorFacts, membersOf: ReadonlyMap<number, RelayMemberVO[]>): CompetitorVO {
  const relay = row.relayTeamId !== null;
  return {
    entryId: row.entryId,
    relayTeamId: row.relayTeamId,
    athleteId: row.athleteId,
    delegationId: row.delegationId,
    delegationName: row.delegationName,
    delegationShort: row.delegationShort,
    bib: relay ? null : row.bib,
    name: relay ? `${row.delegationShort || row.delegationName} ${row.letter ?? ''}`.trim() : (row.athleteName ?? ''),
    nameEn: relay ? null : row.athleteNameEn,
    gender: relay ? null : row.gender,
    birthYear: row.birthDate ? Number(String(row.birthDate).slice(0, 4)) : null,
    members: relay ? (membersOf.get(row.relayTeamId!) ?? []) : [],
    seedMark: relay ? row.relaySeedMark : row.entrySeedMark,
  };
}

/** The runners of these relay teams (legs in order, then alternates by name). */
export async function relayMembersOf(db: DbOrTx, relayIds: number[]): Promise<Map<number, RelayMemberVO[]>> {
  const membersOf = new Map<number, RelayMemberVO[]>();
  if (!relayIds.length) return membersOf;
  const members = await db
    .select({
      relayTeamId: relayMember.relayTeamId,
      athleteId: relayMember.athleteId,
      name: athlete.name,
      bib: athlete.bib,
      leg: relayMember.leg,
    })
    .from(relayMember)
    .innerJoin(athlete, eq(athlete.id, relayMember.athleteId))
    .where(inArray(relayMember.relayTeamId, relayIds))
    .orderBy(sql`${relayMember.leg} asc nulls last`, asc(athlete.name));
  for (const m of members) {
    const list = membersOf.get(m.relayTeamId) ?? [];
    list.push({ athleteId: m.athleteId, name: m.name, bib: m.bib, leg: m.leg });
    membersOf.set(m.relayTeamId, list);
  }
  return membersOf;
}

/** A start row's own columns the read model shows (its place in the heat and its result). */
export type StartOwn = Pick<
  StartVO,
  | 'id'
  | 'version'
  | 'position'
  | 'lane'
  | 'seedValue'
  | 'mark'
  | 'value'
  | 'reactionTime'
  | 'wind'
  | 'code'
  | 'dqRule'
  | 'place'
  | 'qualifier'
  | 'points'
  | 'record'
  | 'note'
>;

/** A start row as the read model shows it: its own columns, who it is, its trials. */
export function startVO(s: StartOwn, c: CompetitorVO, trials: TrialVO[]): StartVO {
  return {
    id: s.id,
    version: s.version,
    position: s.position,
    lane: s.lane,
    entryId: c.entryId,
    relayTeamId: c.relayTeamId,
    athleteId: c.athleteId,
    delegationId: c.delegationId,
    delegationName: c.delegationName,
    delegationShort: c.delegationShort,
    bib: c.bib,
    name: c.name,
    nameEn: c.nameEn,
    gender: c.gender,
    birthYear: c.birthYear,
    members: c.members,
    seedMark: c.seedMark,
    seedValue: s.seedValue,
    mark: s.mark,
    value: s.value,
    reactionTime: s.reactionTime,
    wind: s.wind,
    code: s.code,
    dqRule: s.dqRule,
    place: s.place,
    qualifier: s.qualifier,
    points: s.points,
    record: s.record,
    note: s.note,
    trials,
  };
}

type HeatRow = typeof compHeat.$inferSelect;
type RoundRow = typeof compRound.$inferSelect;

export function heatVO(
  h: Pick<HeatRow, 'id' | 'version' | 'number' | 'status' | 'scheduledAt' | 'wind' | 'officialAt' | 'handTimed'>,
  starts: StartVO[],
  opts: LoadOptions = {},
): HeatVO {
  return {
    id: h.id,
    version: h.version,
    number: h.number,
    status: h.status,
    scheduledAt: isoOrNull(h.scheduledAt),
    wind: opts.publicOnly && h.status !== 'official' ? null : h.wind,
    officialAt: isoOrNull(h.officialAt),
    handTimed: h.handTimed,
    starts,
  };
}

/** A round with its heats (in number order) and the event it belongs to. */
export function roundVO(r: RoundRow, event: EventVO, heats: HeatVO[], plan: RoundPlan | undefined): RoundVO {
  return {
    id: r.id,
    version: r.version,
    meetingId: r.meetingId,
    groupItemId: r.groupItemId,
    index: r.index,
    name: r.name,
    sessionId: r.sessionId,
    scheduledAt: isoOrNull(r.scheduledAt),
    qualifyByPlace: r.qualifyByPlace,
    qualifyByTime: r.qualifyByTime,
    trials: r.trials,
    cutAfter: r.cutAfter,
    cutSize: r.cutSize,
    heights: r.heights,
    drawSeed: r.drawSeed,
    // How the round starts, as its plan says ('lanes' unless the plan chose a group start).
    start: plan?.start ?? 'lanes',
    status: roundStatus(heats),
    discipline: r.discipline,
    // A combined event's discipline round is run as that discipline (combined/plan.ts).
    event: roundEvent(event, r.discipline),
    heats,
    missingBibs: athletesWithoutBib(heats),
  };
}

/** The order of the start rows in a heat: by lane (none last), then position. */
export function byLaneThenPosition(a: Pick<StartVO, 'lane' | 'position'>, b: Pick<StartVO, 'lane' | 'position'>) {
  if (a.lane !== b.lane) {
    if (a.lane === null) return 1;
    if (b.lane === null) return -1;
    return a.lane - b.lane;
  }
  return a.position - b.position;
}
