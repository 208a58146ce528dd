/**
 * Contracts of base data and meeting management (issue 4, DOMAIN.md "Base data" and
 * "A meeting"): items, fields, area codes, customers, natures, meetings, groups, group
 * items, delegations, area users and the area apply summary.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { Count, DateText, Id, Keywords, Literals, Sort, Text, Timestamp, Version } from './scalars.js';
import { ImportMode, PageQuery, SortQuery } from './schemas.js';

/** Null first: with Ajv's type coercion, `''` in a nullable field becomes null, never 0. */
/** Plain text of several lines: line breaks (CR, LF) and no other control characters. */
const Lines = (maxLength: number) =>
  Type.String({ maxLength, pattern: '^[^\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f]*$' });
/** An ISO date-time with its offset, `2025-05-01T08:00:00+08:00` or `...Z`. */
const DateTimeText = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?$',
});
/**
 * An IANA time zone, `Asia/Shanghai`: the clock a meeting's times are shown on (time-zone.ts).
 * The shape only; the server refuses a name Intl does not know (knownTimeZone), in words.
 */
export const TimeZoneName = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone' });
/** The import mode every import shares (schemas.ts ImportMode): all-or-nothing, valid-only or preview. */
const Mode = Type.Optional(ImportMode);

export const MEETING_ORGANISERS_MAX = 500;
export const MeetingIdParams = Type.Object({ id: Id });
export const MeetingIdQuery = Type.Object({ meetingId: Id });
export type MeetingIdQuery = Static<typeof MeetingIdQuery>;
/**
 * `mode=valid-only` writes the good rows of an import and reports the others; `preview` checks
 * everything and writes nothing; default all-or-nothing.
 */
export const ImportModeQuery = Type.Object({ mode: Mode });
export type ImportModeQuery = Static<typeof ImportModeQuery>;

// ─── Items ──────────────────────────────────────────────────────────────────────────────

export const ITEM_KIND_LIST = [
  'track',
  'field-height',
  'field-distance',
  'relay',
  'combined',
  'road',
  'other',
] as const;
export type ItemKind = (typeof ITEM_KIND_LIST)[number];
export const RESULT_FORMAT_LIST = ['time', 'distance', 'height', 'points'] as const;
export type ResultFormat = (typeof RESULT_FORMAT_LIST)[number];
export const ITEM_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9.-]{0,15}$';

export const ITEM_SORT_KEYS = ['code', 'name', 'kind', 'sort', 'createdAt'] as const;
const ItemFilters = {
  ...SortQuery(ITEM_SORT_KEYS).properties,
  keywords: Keywords,
  kind: Type.Optional(Literals(ITEM_KIND_LIST)),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};
export const ItemPageQuery = Type.Object({ ...PageQuery.properties, ...ItemFilters });
export type ItemPageQuery = Static<typeof ItemPageQuery>;
export const ItemExportQuery = Type.Object(ItemFilters);
export type ItemExportQuery = Static<typeof ItemExportQuery>;

export const ItemVO = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  kind: Literals(ITEM_KIND_LIST),
  resultFormat: Literals(RESULT_FORMAT_LIST),
  windMeasured: Type.Boolean(),
  usesLanes: Type.Boolean(),
  relayLegs: Nullable(Type.Integer()),
  sort: Type.Integer(),
  status: Type.Integer(),
  version: Type.Integer(),
  createdAt: Timestamp,
});
export type ItemVO = Static<typeof ItemVO>;
const ItemFields = {
  code: Type.String({ pattern: ITEM_CODE_PATTERN, description: '1-16 letters, digits, . -' }),
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  kind: Literals(ITEM_KIND_LIST),
  resultFormat: Literals(RESULT_FORMAT_LIST),
  windMeasured: Type.Optional(Type.Boolean()),
  usesLanes: Type.Optional(Type.Boolean()),
  relayLegs: Type.Optional(Nullable(Type.Integer({ minimum: 2, maximum: 8 }))),
  sort: Type.Optional(Sort),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};
export const ItemBody = Type.Object(ItemFields);
export type ItemBody = Static<typeof ItemBody>;
export const ItemUpdateBody = Type.Object({ ...ItemFields, version: Version });
export type ItemUpdateBody = Static<typeof ItemUpdateBody>;

// ─── Fields ─────────────────────────────────────────────────────────────────────────────

export const FIELD_KIND_LIST = ['text', 'number', 'date', 'select', 'id_number', 'mobile', 'image', 'file'] as const;
export type FieldKind = (typeof FIELD_KIND_LIST)[number];
export const FIELD_TARGET_LIST = ['athlete', 'coach', 'delegation'] as const;
export type FieldTarget = (typeof FIELD_TARGET_LIST)[number];
export const FIELD_KEY_PATTERN = '^[a-z][a-zA-Z0-9_]{1,39}$';
export const FIELD_PATTERN_MAX = 200;

export const FIELD_SORT_KEYS = ['key', 'label', 'kind', 'target', 'sort', 'createdAt'] as const;
const FieldFilters = {
  ...SortQuery(FIELD_SORT_KEYS).properties,
  keywords: Keywords,
  kind: Type.Optional(Literals(FIELD_KIND_LIST)),
  target: Type.Optional(Literals(FIELD_TARGET_LIST)),
};
export const FieldPageQuery = Type.Object({ ...PageQuery.properties, ...FieldFilters });
export type FieldPageQuery = Static<typeof FieldPageQuery>;
export const FieldExportQuery = Type.Object(FieldFilters);
export type FieldExportQuery = Static<typeof FieldExportQuery>;

export const FieldVO = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  label: Type.String(),
  labelEn: Type.String(),
  kind: Literals(FIELD_KIND_LIST),
  dictCode: Nullable(Type.String()),
  target: Literals(FIELD_TARGET_LIST),
  required: Type.Boolean(),
  pattern: Nullable(Type.String()),
  sort: Type.Integer(),
  version: Type.Integer(),
  createdAt: Timestamp,
});
export type FieldVO = Static<typeof FieldVO>;
const FieldFields = {
  key: Type.String({ pattern: FIELD_KEY_PATTERN, description: 'camelCase key of the value in the form data' }),
  label: Text(50, 1),
  labelEn: Type.Optional(Text(100)),
  kind: Literals(FIELD_KIND_LIST),
  dictCode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  target: Literals(FIELD_TARGET_LIST),
  required: Type.Optional(Type.Boolean()),
  pattern: Type.Optional(Nullable(Type.String({ maxLength: FIELD_PATTERN_MAX }))),
  sort: Type.Optional(Sort),
};
export const FieldBody = Type.Object(FieldFields);
export type FieldBody = Static<typeof FieldBody>;
export const FieldUpdateBody = Type.Object({ ...FieldFields, version: Version });
export type FieldUpdateBody = Static<typeof FieldUpdateBody>;

/** A field chosen by a nature, meeting or group, with its own "required" and order. */
export const FieldLink = Type.Object({
  fieldId: Id,
  required: Type.Boolean({ default: false }),
  sort: Type.Optional(Sort),
});
export const FieldLinksBody = Type.Array(FieldLink, { maxItems: 200 });
export type FieldLinksBody = Static<typeof FieldLinksBody>;
/** `target` limits a GET or a PUT to the athlete, coach or delegation fields (a PUT replaces only those). */
export const FieldTargetQuery = Type.Object({ target: Type.Optional(Literals(FIELD_TARGET_LIST)) });
export type FieldTargetQuery = Static<typeof FieldTargetQuery>;
export const FieldLinkVO = Type.Object({
  fieldId: Type.Integer(),
  key: Type.String(),
  label: Type.String(),
  labelEn: Type.String(),
  kind: Literals(FIELD_KIND_LIST),
  dictCode: Nullable(Type.String()),
  target: Literals(FIELD_TARGET_LIST),
  pattern: Nullable(Type.String()),
  required: Type.Boolean(),
  sort: Type.Integer(),
});
export type FieldLinkVO = Static<typeof FieldLinkVO>;

// ─── Area codes ─────────────────────────────────────────────────────────────────────────

export const AREA_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$';
export const AreaCodeQuery = Type.Object({ keywords: Keywords });
export type AreaCodeQuery = Static<typeof AreaCodeQuery>;
const AreaCodeOut = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  level: Type.Integer(),
  sort: Type.Integer(),
  version: Type.Integer(),
};
export const AreaCodeForm = Type.Object(AreaCodeOut);
export type AreaCodeForm = Static<typeof AreaCodeForm>;
export interface AreaCodeVO extends AreaCodeForm {
  children: AreaCodeVO[];
}
export const AreaCodeVO = Type.Cyclic(
  { AreaCodeVO: Type.Object({ ...AreaCodeOut, children: Type.Array(Type.Ref('AreaCodeVO')) }) },
  'AreaCodeVO',
);
const AreaCodeFields = {
  parentId: Type.Optional(Nullable(Id)),
  code: Type.String({ pattern: AREA_CODE_PATTERN }),
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  sort: Type.Optional(Sort),
};
export const AreaCodeBody = Type.Object(AreaCodeFields);
export type AreaCodeBody = Static<typeof AreaCodeBody>;
export const AreaCodeUpdateBody = Type.Object({ ...AreaCodeFields, version: Version });
export type AreaCodeUpdateBody = Static<typeof AreaCodeUpdateBody>;
/** Import template columns: the key or either language's header is accepted. */
export const AREA_CODE_IMPORT_COLUMNS = [
  { key: 'code', zh: '编码', en: 'Code', required: true },
  { key: 'name', zh: '名称', en: 'Name', required: true },
  { key: 'nameEn', zh: '英文名称', en: 'English name', required: false },
  { key: 'parentCode', zh: '上级编码', en: 'Parent code', required: false },
] as const;

// ─── Customers ──────────────────────────────────────────────────────────────────────────

export const CustomerQuery = Type.Object({
  keywords: Keywords,
  areaCodeId: Type.Optional(Id),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type CustomerQuery = Static<typeof CustomerQuery>;
const CustomerOut = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  shortName: Nullable(Type.String()),
  areaCodeId: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  contactMobile: Nullable(Type.String()),
  contactEmail: Nullable(Type.String()),
  address: Nullable(Type.String()),
  sort: Type.Integer(),
  status: Type.Integer(),
  version: Type.Integer(),
  createdAt: Timestamp,
};
export const CustomerForm = Type.Object(CustomerOut);
export type CustomerForm = Static<typeof CustomerForm>;
export interface CustomerVO extends CustomerForm {
  children: CustomerVO[];
}
export const CustomerVO = Type.Cyclic(
  { CustomerVO: Type.Object({ ...CustomerOut, children: Type.Array(Type.Ref('CustomerVO')) }) },
  'CustomerVO',
);
export const CONTACT_MOBILE_PATTERN = '^1[3-9]\\d{9}$';
const OptionalMobile = Type.Optional(
  Nullable(Type.Union([Type.String({ pattern: CONTACT_MOBILE_PATTERN }), Type.Literal('')])),
);
const CustomerFields = {
  parentId: Type.Optional(Nullable(Id)),
  name: Text(100, 1),
  shortName: Type.Optional(Nullable(Text(50))),
  areaCodeId: Type.Optional(Nullable(Id)),
  contactName: Type.Optional(Nullable(Text(50))),
  contactMobile: OptionalMobile,
  contactEmail: Type.Optional(
    Nullable(
      Type.Union([Type.String({ pattern: '^[^\\s@]{1,64}@[^\\s@]{1,185}\\.[^\\s@]{1,63}$' }), Type.Literal('')]),
    ),
  ),
  address: Type.Optional(Nullable(Text(200))),
  sort: Type.Optional(Sort),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};
export const CustomerBody = Type.Object(CustomerFields);
export type CustomerBody = Static<typeof CustomerBody>;
export const CustomerUpdateBody = Type.Object({ ...CustomerFields, version: Version });
export type CustomerUpdateBody = Static<typeof CustomerUpdateBody>;

// ─── Natures ────────────────────────────────────────────────────────────────────────────

export const NaturePageQuery = Type.Object({ ...PageQuery.properties, keywords: Keywords });
export type NaturePageQuery = Static<typeof NaturePageQuery>;
export const NatureVO = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameEn: Type.String(),
  remark: Nullable(Type.String()),
  sort: Type.Integer(),
  version: Type.Integer(),
  fieldCount: Type.Integer(),
  meetingCount: Type.Integer(),
  createdAt: Timestamp,
});
export type NatureVO = Static<typeof NatureVO>;
const NatureFields = {
  name: Text(50, 1),
  nameEn: Type.Optional(Text(100)),
  remark: Type.Optional(Nullable(Text(500))),
  sort: Type.Optional(Sort),
};
export const NatureBody = Type.Object(NatureFields);
export type NatureBody = Static<typeof NatureBody>;
export const NatureUpdateBody = Type.Object({ ...NatureFields, version: Version });
export type NatureUpdateBody = Static<typeof NatureUpdateBody>;

// ─── Meetings ───────────────────────────────────────────────────────────────────────────

export const MEETING_STATUS_LIST = [
  'draft',
  'registration_open',
  'registration_closed',
  'in_competition',
  'finished',
  'archived',
] as const;
export type MeetingStatus = (typeof MEETING_STATUS_LIST)[number];
export const MEETING_CODE_PATTERN = '^[a-z][a-z0-9-]{1,31}$';
/** How often the server closes registrations whose window has passed. */
export const REGISTRATION_CLOSE_INTERVAL_MS = 30_000;

export const MEETING_SORT_KEYS = ['name', 'code', 'year', 'startDate', 'status', 'createdAt'] as const;
const MeetingFilters = {
  ...SortQuery(MEETING_SORT_KEYS).properties,
  keywords: Keywords,
  status: Type.Optional(Literals(MEETING_STATUS_LIST)),
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2999 })),
  natureId: Type.Optional(Id),
};
export const MeetingPageQuery = Type.Object({ ...PageQuery.properties, ...MeetingFilters });
export type MeetingPageQuery = Static<typeof MeetingPageQuery>;
export const MeetingExportQuery = Type.Object(MeetingFilters);
export type MeetingExportQuery = Static<typeof MeetingExportQuery>;

export const MeetingVO = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameEn: Type.String(),
  code: Type.String(),
  year: Type.Integer(),
  natureId: Nullable(Type.Integer()),
  natureName: Nullable(Type.String()),
  venue: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  regOpensAt: Timestamp,
  regClosesAt: Timestamp,
  timeZone: TimeZoneName,
  status: Literals(MEETING_STATUS_LIST),
  groupCount: Type.Integer(),
  delegationCount: Type.Integer(),
  /** What the caller may do: 'manage' (admin, root, the meeting's committee) or 'view' (area users). */
  access: Literals(['manage', 'view'] as const),
  version: Type.Integer(),
  createdAt: Timestamp,
});
export type MeetingVO = Static<typeof MeetingVO>;

export const LaneGroupSchema = Type.Object({
  places: Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), { minItems: 1, maxItems: 12 }),
  lanes: Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), { minItems: 1, maxItems: 12 }),
});
const MeetingRules = {
  ageRefDate: Type.Optional(Nullable(DateText)),
  maxEventsPerAthlete: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
  maxRelaysPerAthlete: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
  maxEntriesPerItem: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  maxAthletes: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000 }))),
  maxCoaches: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 10_000 }))),
  lanes: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  laneGroups: Type.Optional(Nullable(Type.Array(LaneGroupSchema, { maxItems: 12 }))),
  bibScheme: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
  allowSelfRegistration: Type.Optional(Type.Boolean()),
  areaAuditFirst: Type.Optional(Type.Boolean()),
  publicLists: Type.Optional(Type.Boolean()),
};
const MeetingFields = {
  name: Text(100, 1),
  nameEn: Type.Optional(Text(200)),
  code: Type.String({ pattern: MEETING_CODE_PATTERN, description: 'Short code used in URLs, e.g. wrj2025' }),
  year: Type.Integer({ minimum: 1900, maximum: 2999 }),
  natureId: Type.Optional(Nullable(Id)),
  venue: Type.Optional(Text(200)),
  /** Who holds the meeting, one line each (主办单位：…), printed on the books' cover. */
  organisers: Type.Optional(Lines(MEETING_ORGANISERS_MAX)),
  startDate: DateText,
  endDate: DateText,
  regOpensAt: DateTimeText,
  regClosesAt: DateTimeText,
  /** Left out: a new meeting takes the server's zone (BATON_TIME_ZONE), a meeting keeps its own. */
  timeZone: Type.Optional(TimeZoneName),
  ...MeetingRules,
};
export const MeetingBody = Type.Object(MeetingFields);
export type MeetingBody = Static<typeof MeetingBody>;
export const MeetingUpdateBody = Type.Object({ ...MeetingFields, version: Version });
export type MeetingUpdateBody = Static<typeof MeetingUpdateBody>;

export const MeetingForm = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameEn: Type.String(),
  code: Type.String(),
  year: Type.Integer(),
  natureId: Nullable(Type.Integer()),
  venue: Type.String(),
  organisers: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  regOpensAt: Timestamp,
  regClosesAt: Timestamp,
  timeZone: TimeZoneName,
  status: Literals(MEETING_STATUS_LIST),
  ageRefDate: Nullable(Type.String()),
  maxEventsPerAthlete: Type.Integer(),
  maxRelaysPerAthlete: Type.Integer(),
  maxEntriesPerItem: Type.Integer(),
  maxAthletes: Nullable(Type.Integer()),
  maxCoaches: Nullable(Type.Integer()),
  lanes: Type.Integer(),
  laneGroups: Nullable(Type.Array(LaneGroupSchema)),
  bibScheme: Nullable(Type.Record(Type.String(), Type.Unknown())),
  allowSelfRegistration: Type.Boolean(),
  areaAuditFirst: Type.Boolean(),
  publicLists: Type.Boolean(),
  access: Literals(['manage', 'view'] as const),
  version: Type.Integer(),
});
export type MeetingForm = Static<typeof MeetingForm>;

export const MeetingStatusBody = Type.Object({
  to: Literals(MEETING_STATUS_LIST),
  reason: Type.Optional(Nullable(Text(500))),
});
export type MeetingStatusBody = Static<typeof MeetingStatusBody>;
export const MeetingStatusLogVO = Type.Object({
  id: Type.Integer(),
  fromStatus: Type.String(),
  toStatus: Type.String(),
  userId: Nullable(Type.Integer()),
  username: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  createdAt: Timestamp,
});
export type MeetingStatusLogVO = Static<typeof MeetingStatusLogVO>;

export const MeetingAdminsBody = Type.Object({ userIds: Type.Array(Id, { maxItems: 100 }) });
export type MeetingAdminsBody = Static<typeof MeetingAdminsBody>;
export const MeetingAdminVO = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  userType: Type.Integer(),
});
export type MeetingAdminVO = Static<typeof MeetingAdminVO>;
/** Committee users that can be chosen as meeting admins. */
export const CommitteeOptionQuery = Type.Object({ keywords: Keywords });

/**
 * A meeting's two rich texts, each read and replaced on its own address (`/meetings/:id/<text>`),
 * sanitised on the server: the remarks (shown to delegations and on the public page) and the
 * 竞赛规程 (competition regulations, printed in the programme book).
 */
export const MEETING_TEXTS = ['remark', 'regulations'] as const;
export type MeetingTextKind = (typeof MEETING_TEXTS)[number];
export const MEETING_REMARK_MAX = 100_000;
export const MeetingTextBody = Type.Object({ html: Type.String({ maxLength: MEETING_REMARK_MAX }) });
export type MeetingTextBody = Static<typeof MeetingTextBody>;
export const MeetingTextVO = Type.Object({ html: Type.String(), version: Type.Integer() });
export type MeetingTextVO = Static<typeof MeetingTextVO>;

/** What `/m/:code` shows without signing in (meetings past draft only). */
export const MeetingPublicVO = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  year: Type.Integer(),
  natureName: Nullable(Type.String()),
  natureNameEn: Nullable(Type.String()),
  venue: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  regOpensAt: Timestamp,
  regClosesAt: Timestamp,
  timeZone: TimeZoneName,
  status: Literals(MEETING_STATUS_LIST),
  registrationOpen: Type.Boolean(),
  remark: Type.String({ description: 'Sanitised HTML' }),
  /** 竞赛规程: the competition regulations, sanitised HTML ('' when the committee wrote none). */
  regulations: Type.String({ description: 'Sanitised HTML' }),
  /** Who holds the meeting, one per line. */
  organisers: Type.String(),
  groups: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      nameEn: Type.String(),
      gender: Type.String(),
      birthFrom: Type.String(),
      birthTo: Type.String(),
      items: Type.Array(
        Type.Object({
          id: Type.Integer(),
          code: Type.String(),
          name: Type.String(),
          nameEn: Type.String(),
          scheduledAt: Nullable(Timestamp),
        }),
      ),
    }),
  ),
});
export type MeetingPublicVO = Static<typeof MeetingPublicVO>;

// ─── Groups and group items ─────────────────────────────────────────────────────────────

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

// ─── Delegations ────────────────────────────────────────────────────────────────────────

export const DELEGATION_STATUS_LIST = ['invited', 'registering', 'submitted', 'approved', 'returned'] as const;
export type DelegationStatus = (typeof DELEGATION_STATUS_LIST)[number];
export const DELEGATION_SOURCE_LIST = ['manual', 'batch', 'import', 'customer', 'self'] as const;

export const DELEGATION_SORT_KEYS = ['name', 'status', 'createdAt'] as const;
const DelegationFilters = {
  ...SortQuery(DELEGATION_SORT_KEYS).properties,
  meetingId: Id,
  keywords: Keywords,
  status: Type.Optional(Literals(DELEGATION_STATUS_LIST)),
  areaCodeId: Type.Optional(Id),
};
export const DelegationPageQuery = Type.Object({ ...PageQuery.properties, ...DelegationFilters });
export type DelegationPageQuery = Static<typeof DelegationPageQuery>;
export const DelegationExportQuery = Type.Object(DelegationFilters);
export type DelegationExportQuery = Static<typeof DelegationExportQuery>;

export const DelegationVO = Type.Object({
  id: Type.Integer(),
  meetingId: Type.Integer(),
  name: Type.String(),
  shortName: Nullable(Type.String()),
  areaCodeId: Nullable(Type.Integer()),
  areaCode: Nullable(Type.String()),
  areaName: Nullable(Type.String()),
  customerId: Nullable(Type.Integer()),
  customerName: Nullable(Type.String()),
  leaderName: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  contactMobile: Type.String(),
  status: Literals(DELEGATION_STATUS_LIST),
  reviewReason: Nullable(Type.String()),
  source: Literals(DELEGATION_SOURCE_LIST),
  fields: Type.Record(Type.String(), Type.Unknown()),
  athleteCount: Type.Integer(),
  coachCount: Type.Integer(),
  version: Type.Integer(),
  createdAt: Timestamp,
});
export type DelegationVO = Static<typeof DelegationVO>;
const DelegationFields = {
  name: Text(100, 1),
  shortName: Type.Optional(Nullable(Text(50))),
  areaCodeId: Type.Optional(Nullable(Id)),
  customerId: Type.Optional(Nullable(Id)),
  leaderName: Type.Optional(Nullable(Text(50))),
  contactName: Type.Optional(Nullable(Text(50))),
  contactMobile: Type.String({
    pattern: CONTACT_MOBILE_PATTERN,
    description: "Mainland mobile; the delegation's login",
  }),
  fields: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.Unknown())),
};
export const DelegationBody = Type.Object({ meetingId: Id, ...DelegationFields });
export type DelegationBody = Static<typeof DelegationBody>;
export const DelegationUpdateBody = Type.Object({ ...DelegationFields, version: Version });
export type DelegationUpdateBody = Static<typeof DelegationUpdateBody>;

/** One pasted row; checked by the server row by row (the report names the row and field). */
export const DelegationBatchRow = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 500 })),
  shortName: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  contactName: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  contactMobile: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  areaCode: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});
export type DelegationBatchRow = Static<typeof DelegationBatchRow>;
export const DelegationBatchBody = Type.Object({
  meetingId: Id,
  rows: Type.Array(DelegationBatchRow, { minItems: 1, maxItems: 2000 }),
});
export type DelegationBatchBody = Static<typeof DelegationBatchBody>;
export const DelegationImportQuery = Type.Object({ meetingId: Id, mode: Mode });
export type DelegationImportQuery = Static<typeof DelegationImportQuery>;
export const DELEGATION_IMPORT_COLUMNS = [
  { key: 'name', zh: '代表队名称', en: 'Name', required: true },
  { key: 'shortName', zh: '简称', en: 'Short name', required: false },
  { key: 'contactName', zh: '联系人', en: 'Contact', required: false },
  { key: 'contactMobile', zh: '联系手机', en: 'Contact mobile', required: true },
  { key: 'areaCode', zh: '区域编码', en: 'Area code', required: false },
] as const;
export const DelegationFromCustomersBody = Type.Object({
  meetingId: Id,
  customerIds: Type.Array(Id, { minItems: 1, maxItems: 2000 }),
});
export type DelegationFromCustomersBody = Static<typeof DelegationFromCustomersBody>;
export const DelegationReviewBody = Type.Object({
  decision: Literals(['approve', 'return'] as const),
  reason: Type.Optional(Nullable(Text(500))),
});
export type DelegationReviewBody = Static<typeof DelegationReviewBody>;

// ─── Area users and the area apply summary ──────────────────────────────────────────────

export const AreaUserVO = Type.Object({
  meetingId: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  userType: Type.Integer(),
  areaCodeId: Type.Integer(),
  areaCode: Type.String(),
  areaName: Type.String(),
  areaNameEn: Type.String(),
});
export type AreaUserVO = Static<typeof AreaUserVO>;
export const AreaUserBody = Type.Object({ meetingId: Id, userId: Id, areaCodeId: Id });
export type AreaUserBody = Static<typeof AreaUserBody>;
/** Users of type county (60) or county sub-unit (70) that can be assigned. */
export const AreaUserOptionVO = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  userType: Type.Integer(),
});

export const AreaSummaryRow = Type.Object({
  areaCodeId: Nullable(Type.Integer()),
  areaCode: Nullable(Type.String()),
  areaName: Nullable(Type.String()),
  areaNameEn: Nullable(Type.String()),
  parentId: Nullable(Type.Integer()),
  delegations: Count,
  athletes: Count,
  coaches: Count,
  entries: Count,
  relayTeams: Count,
  athletesDraft: Count,
  athletesSubmitted: Count,
  athletesApproved: Count,
  athletesReturned: Count,
  /** Reviewed athletes (approved or returned) over submitted-or-reviewed ones, 0..1. */
  auditProgress: Type.Number(),
});
export type AreaSummaryRow = Static<typeof AreaSummaryRow>;
export const AreaSummaryVO = Type.Object({ rows: Type.Array(AreaSummaryRow), total: AreaSummaryRow });
export type AreaSummaryVO = Static<typeof AreaSummaryVO>;
