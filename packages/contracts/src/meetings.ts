/**
 * Contracts of the meetings (server module `meetings`): the list and form, the status and its
 * log, the meeting admins, the two rich texts and what the public meeting page shows.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './helpers.js';
import { DateText, DateTimeText, Id, Keywords, Literals, Text, Timestamp, Version } from './scalars.js';
import { PageQuery, SortQuery } from './schemas.js';

/** Plain text of several lines: line breaks (CR, LF) and no other control characters. */
const Lines = (maxLength: number) =>
  Type.String({ maxLength, pattern: '^[^\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f]*$' });
/**
 * An IANA time zone, `Asia/Shanghai`: the clock a meeting's times are shown on (time-zone.ts).
 * The shape only; the server refuses a name Intl does not know (knownTimeZone), in words.
 */
export const TimeZoneName = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone' });

export const MEETING_ORGANISERS_MAX = 500;

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
