import { MEETING_TIME_ZONE } from '@baton/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps, version } from './columns.js';
import { user, userRef } from './system.js';

/**
 * The meet domain (DOMAIN.md "Base data" and "A meeting"). Every editable row carries a
 * `version` for optimistic locking.
 */

export const ITEM_KINDS = ['track', 'field-height', 'field-distance', 'relay', 'combined', 'road', 'other'] as const;
export const RESULT_FORMATS = ['time', 'distance', 'height', 'points'] as const;
export const FIELD_KINDS = ['text', 'number', 'date', 'select', 'id_number', 'mobile', 'image', 'file'] as const;
export const FIELD_TARGETS = ['athlete', 'coach', 'delegation'] as const;
export const MEETING_STATUSES = [
  'draft',
  'registration_open',
  'registration_closed',
  'in_competition',
  'finished',
  'archived',
] as const;
export const DELEGATION_STATUSES = ['invited', 'registering', 'submitted', 'approved', 'returned'] as const;
export const GENDERS = ['M', 'F', 'X'] as const;

/** Item (event) of the standard athletics list: `100`, `400H`, `HJ`, `4x100`, `DEC`... */
export const item = pgTable('base_item', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  kind: text('kind', { enum: ITEM_KINDS }).notNull(),
  resultFormat: text('result_format', { enum: RESULT_FORMATS }).notNull(),
  windMeasured: boolean('wind_measured').notNull().default(false),
  usesLanes: boolean('uses_lanes').notNull().default(false),
  relayLegs: smallint('relay_legs'),
  sort: integer('sort').notNull().default(0),
  status: smallint('status').notNull().default(1),
  ...version,
  ...timestamps,
});

/** A configurable form field; natures, meetings and groups choose which fields their forms show. */
export const field = pgTable('base_field', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  label: text('label').notNull(),
  labelEn: text('label_en').notNull(),
  kind: text('kind', { enum: FIELD_KINDS }).notNull(),
  dictCode: text('dict_code'),
  target: text('target', { enum: FIELD_TARGETS }).notNull(),
  required: boolean('required').notNull().default(false),
  pattern: text('pattern'),
  sort: integer('sort').notNull().default(0),
  ...version,
  ...timestamps,
});

/** Administrative areas: counties (level 1) and their sub-units (level 2). */
export const areaCode = pgTable(
  'base_area_code',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(0),
    ...version,
    ...timestamps,
  },
  (t) => [index('base_area_code_parent_idx').on(t.parentId)],
);

/** Organisations that send teams (schools, clubs), hierarchical (sub-customers). */
export const customer = pgTable(
  'base_customer',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    shortName: text('short_name'),
    areaCodeId: integer('area_code_id').references(() => areaCode.id, { onDelete: 'set null' }),
    contactName: text('contact_name'),
    contactMobile: text('contact_mobile'),
    contactEmail: text('contact_email'),
    address: text('address'),
    userId: integer('user_id').references(() => user.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    ...version,
    ...timestamps,
  },
  (t) => [index('base_customer_parent_idx').on(t.parentId)],
);

/** Kind of meeting (school games, open meet, masters) with its default fields. */
export const nature = pgTable('meet_nature', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  remark: text('remark'),
  sort: integer('sort').notNull().default(0),
  ...version,
  ...timestamps,
});

export const natureField = pgTable(
  'meet_nature_field',
  {
    natureId: integer('nature_id')
      .notNull()
      .references(() => nature.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => field.id, { onDelete: 'restrict' }),
    required: boolean('required').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.natureId, t.fieldId] })],
);

/** Lane groups for the draw of later rounds (WA TR 20.4): places → lanes. */
/** Team-scoring options of a 竞赛规程 (contracts `TeamScoringOptions`, issue 23). */
export interface TeamScoringOptions {
  relayDouble: boolean;
  recordBonus: number;
  minusOne: boolean;
  tieByPlaces: boolean;
}

export interface LaneGroup {
  places: number[];
  lanes: number[];
}

/** The meeting (trackmeet). */
export const meeting = pgTable(
  'meet_meeting',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    code: text('code').notNull(),
    year: smallint('year').notNull(),
    natureId: integer('nature_id').references(() => nature.id, { onDelete: 'restrict' }),
    venue: text('venue').notNull().default(''),
    /** Who holds the meeting (主办、承办、协办…), one line each, printed on the books' cover (issue 24). */
    organisers: text('organisers').notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    regOpensAt: timestamp('reg_opens_at', { withTimezone: true }).notNull(),
    regClosesAt: timestamp('reg_closes_at', { withTimezone: true }).notNull(),
    /**
     * The meeting's clock (issue 25), an IANA zone Intl knows: every time of the meeting is shown
     * on it. New meetings take the server's BATON_TIME_ZONE; rows older than the column, China's.
     */
    timeZone: text('time_zone').notNull().default(MEETING_TIME_ZONE),
    status: text('status', { enum: MEETING_STATUSES }).notNull().default('draft'),
    ageRefDate: date('age_ref_date'),
    maxEventsPerAthlete: smallint('max_events_per_athlete').notNull().default(2),
    maxRelaysPerAthlete: smallint('max_relays_per_athlete').notNull().default(1),
    maxEntriesPerItem: smallint('max_entries_per_item').notNull().default(2),
    maxAthletes: integer('max_athletes'),
    maxCoaches: integer('max_coaches'),
    lanes: smallint('lanes').notNull().default(8),
    laneGroups: jsonb('lane_groups').$type<LaneGroup[] | null>(),
    bibScheme: jsonb('bib_scheme').$type<Record<string, unknown> | null>(),
    allowSelfRegistration: boolean('allow_self_registration').notNull().default(false),
    areaAuditFirst: boolean('area_audit_first').notNull().default(false),
    publicLists: boolean('public_lists').notNull().default(true),
    /** Team-scoring options (issue 23); null: none of them (the points table alone). */
    teamScoring: jsonb('team_scoring').$type<TeamScoringOptions>(),
    /** The call room (issue 24): athletes are called this many minutes before their start. */
    callRoomLead: smallint('call_room_lead').notNull().default(30),
    /** 检录后编排: first rounds are checked in before seeding; the absent are left out of it. */
    callRoomBeforeSeeding: boolean('call_room_before_seeding').notNull().default(false),
    remark: text('remark'),
    /** 竞赛规程: the competition regulations the committee writes (sanitised rich text), printed in the programme. */
    regulations: text('regulations'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('meet_meeting_code_uq').on(sql`lower(${t.code})`)],
);

/** The meeting a row belongs to: deleting the meeting deletes the row. */
export const meetingRef = () =>
  integer('meeting_id')
    .notNull()
    .references(() => meeting.id, { onDelete: 'cascade' });

/** Committee users who administer a meeting. */
export const meetingAdmin = pgTable(
  'meet_meeting_admin',
  {
    meetingId: meetingRef(),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('meet_meeting_admin_user_idx').on(t.userId)],
);

/** Fields a meeting's athlete, coach and delegation forms show (from its nature, then edited). */
export const meetingField = pgTable(
  'meet_meeting_field',
  {
    meetingId: meetingRef(),
    fieldId: integer('field_id')
      .notNull()
      .references(() => field.id, { onDelete: 'restrict' }),
    required: boolean('required').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.fieldId] })],
);

/** Every status change of a meeting: who, when, from, to. */
export const meetingStatusLog = pgTable(
  'meet_meeting_status_log',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    userId: integer('user_id'),
    reason: text('reason'),
    ...createdAt,
  },
  (t) => [index('meet_meeting_status_log_meeting_idx').on(t.meetingId)],
);

/** Age/gender group of a meeting. */
export const group = pgTable(
  'meet_group',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    gender: text('gender', { enum: GENDERS }).notNull(),
    birthFrom: date('birth_from').notNull(),
    birthTo: date('birth_to').notNull(),
    maxEventsPerAthlete: smallint('max_events_per_athlete'),
    /** The group's team-scoring options (issue 23); null: the meeting's. */
    teamScoring: jsonb('team_scoring').$type<TeamScoringOptions>(),
    sort: integer('sort').notNull().default(0),
    ...version,
    ...timestamps,
  },
  (t) => [index('meet_group_meeting_idx').on(t.meetingId), uniqueIndex('meet_group_name_uq').on(t.meetingId, t.name)],
);

export const groupField = pgTable(
  'meet_group_field',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => field.id, { onDelete: 'restrict' }),
    required: boolean('required').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.fieldId] })],
);

/** A round of a group item: heats → semi-finals → final, with "top N per heat + next M by time". */
export interface RoundPlan {
  name: 'heats' | 'semi' | 'final' | 'qualification';
  qualifyByPlace?: number;
  qualifyByTime?: number;
  /** Races in lanes: the meeting's one lane table (default) or the event's (issue 23). */
  laneTable?: 'meeting' | 'event';
  /** Races in lanes: the round's own lane groups. */
  laneGroups?: LaneGroup[];
  /** How the round starts: lanes (default), two per lane, waterfall, two-group waterfall (issue 23). */
  start?: 'lanes' | 'two-per-lane' | 'waterfall' | 'two-groups';
  /** Combined events: the discipline this round is (a code of the contracts' `COMBINED_DISCIPLINES`). */
  discipline?: string;
}

/** An item offered in a group, with its limits, rounds, scoring table and schedule slot. */
export const groupItem = pgTable(
  'meet_group_item',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'restrict' }),
    maxPerDelegation: smallint('max_per_delegation'),
    relayTeamSize: smallint('relay_team_size').notNull().default(4),
    relayAlternates: smallint('relay_alternates').notNull().default(2),
    rounds: jsonb('rounds')
      .$type<RoundPlan[]>()
      .notNull()
      .default([{ name: 'final' }]),
    scoringTable: jsonb('scoring_table').$type<number[]>().notNull().default([9, 7, 6, 5, 4, 3, 2, 1]),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('meet_group_item_uq').on(t.groupId, t.itemId)],
);

/** A team in one meeting; its contact mobile is its login. */
export const delegation = pgTable(
  'meet_delegation',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    areaCodeId: integer('area_code_id').references(() => areaCode.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    leaderName: text('leader_name'),
    contactName: text('contact_name'),
    contactMobile: text('contact_mobile').notNull(),
    status: text('status', { enum: DELEGATION_STATUSES }).notNull().default('invited'),
    reviewReason: text('review_reason'),
    source: text('source', { enum: ['manual', 'batch', 'import', 'customer', 'self'] })
      .notNull()
      .default('manual'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    /** The delegation's own account (userType 30), made at its first sign-in; its token reaches only this delegation. */
    userId: integer('user_id').references(() => user.id, { onDelete: 'set null' }),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('meet_delegation_user_uq').on(t.userId),
    uniqueIndex('meet_delegation_mobile_uq').on(t.meetingId, t.contactMobile),
    uniqueIndex('meet_delegation_name_uq').on(t.meetingId, t.name),
    index('meet_delegation_area_idx').on(t.areaCodeId),
  ],
);

/** The delegation a registration row belongs to: a delegation is not deleted while it has any. */
export const delegationRef = () =>
  integer('delegation_id')
    .notNull()
    .references(() => delegation.id, { onDelete: 'restrict' });

/** County / sub-unit users assigned to a meeting's areas. */
export const meetingAreaUser = pgTable(
  'meet_area_user',
  {
    meetingId: meetingRef(),
    userId: userRef(),
    areaCodeId: integer('area_code_id')
      .notNull()
      .references(() => areaCode.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.userId, t.areaCodeId] }),
    index('meet_area_user_user_idx').on(t.userId),
  ],
);
