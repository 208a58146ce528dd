/**
 * Contracts of the competition (issue 6, DOMAIN.md "Competition"): the shared read model of a
 * round (heats, start rows, results, trials) every part uses — start lists, results entry,
 * public pages, PDFs, exports — and the realtime frame announcing a change.
 *
 * Each part adds its own request/response schemas in its own file (competition-*.ts) and
 * reuses these.
 */
import { type Static, Type } from 'typebox';
import { GENDER_LIST, START_MODES } from './groups.js';
import { Nullable } from './helpers.js';
import { ITEM_KIND_LIST, RESULT_FORMAT_LIST } from './items.js';
import { Id, Literals, Timestamp, Version } from './scalars.js';

/** `draft` (being made) → `set` (start list published) → `official` (results official). */
export const HEAT_STATUS_LIST = ['draft', 'set', 'official'] as const;
export type HeatStatus = (typeof HEAT_STATUS_LIST)[number];
/** WA TR 18.7, 25.22: did not start / finish, disqualified (with the rule), no mark, retired. */
export const RESULT_CODE_LIST = ['DNS', 'DNF', 'DQ', 'NM', 'r'] as const;
export type MarkCode = (typeof RESULT_CODE_LIST)[number];
/** WA TR 20.10: by place, by time, by the referee, by the jury, by draw of lots. */
export const QUALIFIER_LIST = ['Q', 'q', 'qR', 'qJ', 'qD'] as const;
export type Qualifier = (typeof QUALIFIER_LIST)[number];
/** A field trial: valid, failure, passed, retired. */
export const TRIAL_OUTCOME_LIST = ['O', 'X', '-', 'r'] as const;
export type TrialOutcome = (typeof TRIAL_OUTCOME_LIST)[number];
export const ROUND_NAME_LIST = ['heats', 'semi', 'final', 'qualification'] as const;
export type RoundName = (typeof ROUND_NAME_LIST)[number];

/** The group item a round belongs to, with what its rules depend on. */
export const EventVO = Type.Object({
  meetingId: Id,
  groupItemId: Id,
  groupId: Id,
  groupName: Type.String(),
  groupNameEn: Type.String(),
  gender: Literals(GENDER_LIST),
  itemId: Id,
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  kind: Literals(ITEM_KIND_LIST),
  resultFormat: Literals(RESULT_FORMAT_LIST),
  windMeasured: Type.Boolean(),
  usesLanes: Type.Boolean(),
  relayLegs: Nullable(Type.Integer()),
  scoringTable: Type.Array(Type.Number()),
});
export type EventVO = Static<typeof EventVO>;

export const TrialVO = Type.Object({
  seq: Type.Integer(),
  /** Vertical jumps: the bar. */
  height: Nullable(Type.Number()),
  outcome: Literals(TRIAL_OUTCOME_LIST),
  /** Horizontal events: the distance of a valid trial. */
  mark: Nullable(Type.Number()),
  wind: Nullable(Type.Number()),
  /** Vertical jumps: an attempt of the jump-off for first place (WA TR 26.9). */
  jumpOff: Type.Boolean(),
});
export type TrialVO = Static<typeof TrialVO>;

export const RelayMemberVO = Type.Object({
  athleteId: Id,
  name: Type.String(),
  bib: Nullable(Type.String()),
  /** 1..n for the runners, null for an alternate. */
  leg: Nullable(Type.Integer()),
});
export type RelayMemberVO = Static<typeof RelayMemberVO>;

/** A competitor of a heat with its result (results are null until entered). */
export const StartVO = Type.Object({
  id: Id,
  version: Version,
  position: Type.Integer(),
  lane: Nullable(Type.Integer()),
  entryId: Nullable(Id),
  relayTeamId: Nullable(Id),
  athleteId: Nullable(Id),
  delegationId: Id,
  delegationName: Type.String(),
  delegationShort: Nullable(Type.String()),
  bib: Nullable(Type.String()),
  /** The athlete's name, or for a relay the delegation's short name and letter ("瑞中 A"). */
  name: Type.String(),
  nameEn: Nullable(Type.String()),
  gender: Nullable(Literals(['M', 'F'] as const)),
  birthYear: Nullable(Type.Integer()),
  members: Type.Array(RelayMemberVO),
  seedMark: Nullable(Type.String()),
  seedValue: Nullable(Type.Number()),
  mark: Nullable(Type.String()),
  value: Nullable(Type.Number()),
  reactionTime: Nullable(Type.Number()),
  wind: Nullable(Type.Number()),
  code: Nullable(Literals(RESULT_CODE_LIST)),
  dqRule: Nullable(Type.String()),
  place: Nullable(Type.Integer()),
  qualifier: Nullable(Literals(QUALIFIER_LIST)),
  points: Nullable(Type.Number()),
  record: Nullable(Type.String()),
  note: Nullable(Type.String()),
  trials: Type.Array(TrialVO),
});
export type StartVO = Static<typeof StartVO>;

export const HeatVO = Type.Object({
  id: Id,
  version: Version,
  number: Type.Integer(),
  status: Literals(HEAT_STATUS_LIST),
  scheduledAt: Nullable(Timestamp),
  wind: Nullable(Type.Number()),
  officialAt: Nullable(Timestamp),
  /** Times taken by hand (combined events score them with the tables' manual difference). */
  handTimed: Type.Boolean(),
  /** Track: by lane, then position; field: by competition order. */
  starts: Type.Array(StartVO),
});
export type HeatVO = Static<typeof HeatVO>;

export const RoundVO = Type.Object({
  id: Id,
  version: Version,
  meetingId: Id,
  groupItemId: Id,
  index: Type.Integer(),
  name: Literals(ROUND_NAME_LIST),
  sessionId: Nullable(Id),
  scheduledAt: Nullable(Timestamp),
  qualifyByPlace: Nullable(Type.Integer()),
  qualifyByTime: Nullable(Type.Integer()),
  trials: Type.Integer(),
  cutAfter: Type.Integer(),
  cutSize: Type.Integer(),
  heights: Nullable(Type.Array(Type.Number())),
  drawSeed: Nullable(Type.String()),
  /**
   * How the round starts, from its plan (`meet_group_item.rounds`, default 'lanes'): the start
   * list shows the shared lane ('two-per-lane'), the start position ('waterfall') or the group
   * and position ('two-groups', `startGroupOf`).
   */
  start: Literals(START_MODES),
  /** The least advanced state of its heats (`draft` when it has none). */
  status: Literals(HEAT_STATUS_LIST),
  /**
   * A discipline of a combined event (its code, `COMBINED_DISCIPLINES`): then `event` is that
   * discipline's facts (kind, format, wind, lanes, code) under the combined event's names.
   */
  discipline: Nullable(Type.String()),
  event: EventVO,
  heats: Type.Array(HeatVO),
  /**
   * Athletes of its start rows (relay runners and alternates included) who have no bib yet:
   * their bib prints blank on the start list and the judges' cards (`athletesWithoutBib`).
   */
  missingBibs: Type.Integer(),
  /**
   * Only in the answer of making a first round's start list when the meeting checks in before
   * seeding (检录后编排): how many entries the call room marked absent were left out.
   */
  absentLeftOut: Type.Optional(Type.Integer()),
});
export type RoundVO = Static<typeof RoundVO>;

/** How many different athletes of these heats have no bib (a relay counts its runners, not the team). */
export function athletesWithoutBib(heats: readonly Pick<HeatVO, 'starts'>[]): number {
  const missing = new Set<number>();
  for (const h of heats) {
    for (const s of h.starts) {
      if (s.relayTeamId === null && s.athleteId !== null && !s.bib) missing.add(s.athleteId);
      for (const m of s.members) if (!m.bib) missing.add(m.athleteId);
    }
  }
  return missing.size;
}

/** A round in a list (no start rows). */
export const RoundSummaryVO = Type.Object({
  id: Id,
  index: Type.Integer(),
  name: Literals(ROUND_NAME_LIST),
  /** A combined event's discipline code, else null. */
  discipline: Nullable(Type.String()),
  status: Literals(HEAT_STATUS_LIST),
  scheduledAt: Nullable(Timestamp),
  heats: Type.Integer(),
  starts: Type.Integer(),
});
export type RoundSummaryVO = Static<typeof RoundSummaryVO>;

/** A group item with its rounds so far and its entry count (approved or submitted entries). */
export const CompetitionEventVO = Type.Object({
  ...EventVO.properties,
  entries: Type.Integer(),
  scheduledAt: Nullable(Timestamp),
  rounds: Type.Array(RoundSummaryVO),
});
export type CompetitionEventVO = Static<typeof CompetitionEventVO>;

export const RoundIdParams = Type.Object({ id: Id });
export type RoundIdParams = Static<typeof RoundIdParams>;

/** A meeting the caller may run competition work in (managers: manage; referees: officiate). */
export const CompetitionMeetingVO = Type.Object({
  id: Id,
  name: Type.String(),
  nameEn: Type.String(),
  code: Type.String(),
  status: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  /** The meeting's clock: the schedule, start lists and results show their times on it. */
  timeZone: Type.String(),
  access: Literals(['manage', 'officiate'] as const),
});
export type CompetitionMeetingVO = Static<typeof CompetitionMeetingVO>;

/** Realtime frame `competition`: something changed in a round; clients refetch what they show. */
export interface CompetitionFrame {
  meetingId: number;
  groupItemId: number;
  roundId: number;
  heatId: number | null;
  /** `checkin`: the call room marked a start (an absence puts DNS on it). */
  change: 'startlist' | 'results' | 'scores' | 'checkin';
}
