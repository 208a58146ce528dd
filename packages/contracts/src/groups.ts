/**
 * Contracts of the groups and group items (server module `groups`): a meeting's age groups, the
 * items each group holds, and the rounds, lanes and scoring of a group item.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { ITEM_KIND_LIST } from './items.js';
import { LaneGroupSchema } from './meetings.js';
import { DateText, DateTimeText, Id, Keywords, Literals, Sort, Text, Timestamp, Version } from './scalars.js';
import { PageQuery } from './schemas.js';

export const GENDER_LIST = ['M', 'F', 'X'] as const;
const GroupFilters = {
  meetingId: Id,
  keywords: Keywords,
  gender: Type.Optional(Literals(GENDER_LIST)),
};
export const GroupPageQuery = Type.Object({ ...PageQuery.properties, ...GroupFilters });
export type GroupPageQuery = Static<typeof GroupPageQuery>;
export const GroupExportQuery = Type.Object(GroupFilters);
export type GroupExportQuery = Static<typeof GroupExportQuery>;
export const GroupVO = Type.Object({
  id: Type.Integer(),
  meetingId: Type.Integer(),
  name: Type.String(),
  nameEn: Type.String(),
  gender: Literals(GENDER_LIST),
  birthFrom: Type.String(),
  birthTo: Type.String(),
  maxEventsPerAthlete: Nullable(Type.Integer()),
  sort: Type.Integer(),
  itemCount: Type.Integer(),
  athleteCount: Type.Integer(),
  version: Type.Integer(),
  createdAt: Timestamp,
});
export type GroupVO = Static<typeof GroupVO>;
const GroupFields = {
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  gender: Literals(GENDER_LIST),
  birthFrom: DateText,
  birthTo: DateText,
  maxEventsPerAthlete: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 50 }))),
  sort: Type.Optional(Sort),
};
export const GroupBody = Type.Object({ meetingId: Id, ...GroupFields });
export type GroupBody = Static<typeof GroupBody>;
export const GroupUpdateBody = Type.Object({ ...GroupFields, version: Version });
export type GroupUpdateBody = Static<typeof GroupUpdateBody>;
export const GroupCopyBody = Type.Object({
  fromMeetingId: Id,
  toMeetingId: Id,
  groupIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500 })),
});
export type GroupCopyBody = Static<typeof GroupCopyBody>;
export const GroupCopyResult = Type.Object({
  groups: Type.Integer(),
  items: Type.Integer(),
  fields: Type.Integer(),
});
export type GroupCopyResult = Static<typeof GroupCopyResult>;

export const ROUND_NAMES = ['heats', 'semi', 'final', 'qualification'] as const;
/** Which lane table a round draws on: the meeting's one table, or its event's (issue 23). */
export const LANE_TABLES = ['meeting', 'event'] as const;
/** How a round starts: lanes, two per lane (800 m group start), waterfall, two-group waterfall. */
export const START_MODES = ['lanes', 'two-per-lane', 'waterfall', 'two-groups'] as const;
export type StartMode = (typeof START_MODES)[number];

/**
 * Two-group waterfall: the size of the first (inner) group, about 65 % of the heat. The practice
 * as commonly stated (WA C2.1 text not found in the stored rules; see startlists/rules/starts.ts).
 */
export function firstGroupSize(count: number): number {
  return Math.ceil((count * 65) / 100);
}

/** The group of a start position on a two-group waterfall: 1 (the usual line) or 2 (the outer half). */
export function startGroupOf(position: number, count: number): 1 | 2 {
  return position <= firstGroupSize(count) ? 1 : 2;
}
export const RoundSchema = Type.Object({
  name: Literals(ROUND_NAMES),
  qualifyByPlace: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  qualifyByTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  /** Races in lanes: 'meeting' (default) or 'event' (the event's World Athletics table where known). */
  laneTable: Type.Optional(Literals(LANE_TABLES)),
  /** Races in lanes: the round's own lane groups (they win over the tables when they fit the track). */
  laneGroups: Type.Optional(Type.Array(LaneGroupSchema, { minItems: 1, maxItems: 12 })),
  /** How the round starts (default 'lanes'): the start list shows each start position. */
  start: Type.Optional(Literals(START_MODES)),
  /** Combined events: the discipline this round is (a code of `COMBINED_DISCIPLINES`). */
  discipline: Type.Optional(Type.String({ minLength: 1, maxLength: 8 })),
});
export type RoundPlanVO = Static<typeof RoundSchema>;
export const SCORING_MAX_PLACES = 12;

export const GroupItemQuery = Type.Object({ groupId: Type.Optional(Id), meetingId: Type.Optional(Id) });
export type GroupItemQuery = Static<typeof GroupItemQuery>;
export const GroupItemVO = Type.Object({
  id: Type.Integer(),
  groupId: Type.Integer(),
  groupName: Type.String(),
  itemId: Type.Integer(),
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Type.String(),
  itemKind: Literals(ITEM_KIND_LIST),
  maxPerDelegation: Nullable(Type.Integer()),
  relayTeamSize: Type.Integer(),
  relayAlternates: Type.Integer(),
  rounds: Type.Array(RoundSchema),
  scoringTable: Type.Array(Type.Integer()),
  scheduledAt: Nullable(Timestamp),
  sort: Type.Integer(),
  entryCount: Type.Integer(),
  version: Type.Integer(),
});
export type GroupItemVO = Static<typeof GroupItemVO>;
const GroupItemFields = {
  itemId: Id,
  maxPerDelegation: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))),
  relayTeamSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 8 })),
  relayAlternates: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  rounds: Type.Optional(Type.Array(RoundSchema, { minItems: 1, maxItems: 10 })),
  scoringTable: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 1000 }), { maxItems: 12 })),
  scheduledAt: Type.Optional(Nullable(DateTimeText)),
  sort: Type.Optional(Sort),
};
export const GroupItemBody = Type.Object({ groupId: Id, ...GroupItemFields });
export type GroupItemBody = Static<typeof GroupItemBody>;
export const GroupItemUpdateBody = Type.Object({ ...GroupItemFields, version: Version });
export type GroupItemUpdateBody = Static<typeof GroupItemUpdateBody>;
