import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps, version } from './columns.js';
import { delegation, groupItem, meetingRef } from './meeting.js';
import { entry, relayTeam } from './registration.js';
import { userRef } from './system.js';

/**
 * The competition (DOMAIN.md "Competition", issue 6): officials, schedule sessions, rounds,
 * heats (flights for field events), the start rows with their results, field trials, the
 * log of draws and adjustments, and meeting records.
 *
 * A heat moves `draft → set → official`: draft while the start list is made and adjusted,
 * set when the start list is published (results may be entered), official when its results
 * are. A round's state is the least advanced of its heats.
 */
export const HEAT_STATUSES = ['draft', 'set', 'official'] as const;
/** Result status codes (WA TR 18.7, 25.22): did not start / finish, disqualified, no mark, retired. */
export const RESULT_CODES = ['DNS', 'DNF', 'DQ', 'NM', 'r'] as const;
/** Qualifiers (WA TR 20.10): by place, by time, by referee, by jury, by draw of lots. */
export const QUALIFIERS = ['Q', 'q', 'qR', 'qJ', 'qD'] as const;
/** One field trial: valid, failure, passed, retired. */
export const TRIAL_OUTCOMES = ['O', 'X', '-', 'r'] as const;
export const ROUND_NAMES = ['heats', 'semi', 'final', 'qualification'] as const;

/**
 * The duties an official (userType 40) is assigned to in a meeting: `referee` enters its results,
 * `call-room` checks athletes in at the call room (检录处) and reads its start lists for that.
 */
export const OFFICIAL_DUTIES = ['referee', 'call-room'] as const;

/** Officials (userType 40) assigned to a meeting, each with a duty (one row a duty). */
export const meetingOfficial = pgTable(
  'comp_official',
  {
    meetingId: meetingRef(),
    userId: userRef(),
    duty: text('duty', { enum: OFFICIAL_DUTIES }).notNull().default('referee'),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId, t.duty] }), index('comp_official_user_idx').on(t.userId)],
);

/** A session of the timetable (a morning or an afternoon of one day). */
export const compSession = pgTable(
  'comp_session',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    day: date('day').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    ...version,
    ...timestamps,
  },
  (t) => [index('comp_session_meeting_idx').on(t.meetingId)],
);

/** A round of a group item (the position `index` in `meet_group_item.rounds`). */
export const compRound = pgTable(
  'comp_round',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    groupItemId: integer('group_item_id')
      .notNull()
      .references(() => groupItem.id, { onDelete: 'cascade' }),
    index: smallint('index').notNull(),
    name: text('name', { enum: ROUND_NAMES }).notNull(),
    sessionId: integer('session_id').references(() => compSession.id, { onDelete: 'set null' }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** "Top N per heat + next M by time" to the next round (WA TR 20.10). */
    qualifyByPlace: smallint('qualify_by_place'),
    qualifyByTime: smallint('qualify_by_time'),
    /** Field events: trials for all, and how many go on to the remaining trials (WA TR 25.5). */
    trials: smallint('trials').notNull().default(6),
    cutAfter: smallint('cut_after').notNull().default(3),
    cutSize: smallint('cut_size').notNull().default(8),
    /** Vertical jumps: the bar heights announced for the round, in metres (WA TR 26.1). */
    heights: jsonb('heights').$type<number[] | null>(),
    /** The seed of the last draw (lanes, order): drawing again with it gives the same start list. */
    drawSeed: text('draw_seed'),
    /**
     * A discipline of a combined event (issue 23): its code in `COMBINED_DISCIPLINES`
     * (contracts); the round is run and scored as that event. Null for every other round.
     */
    discipline: text('discipline'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('comp_round_uq').on(t.groupItemId, t.index),
    index('comp_round_meeting_idx').on(t.meetingId),
    index('comp_round_session_idx').on(t.sessionId),
  ],
);

/** A heat of a track round, or a flight of a field round. */
export const compHeat = pgTable(
  'comp_heat',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    roundId: integer('round_id')
      .notNull()
      .references(() => compRound.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** Track: the heat's wind in m/s, rounded up to 0.1 (WA TR 29.12). */
    wind: numeric('wind', { precision: 4, scale: 1, mode: 'number' }),
    status: text('status', { enum: HEAT_STATUSES }).notNull().default('draft'),
    officialAt: timestamp('official_at', { withTimezone: true }),
    /** Times taken by hand (TR 19.24.1: to the 1/10 up); combined events add the tables' manual difference. */
    handTimed: boolean('hand_timed').notNull().default(false),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('comp_heat_uq').on(t.roundId, t.number), index('comp_heat_meeting_idx').on(t.meetingId)],
);

/**
 * One competitor of a heat (an athlete's entry, or a relay team) with its result. `value` is
 * the mark as a number (seconds to 1/1000 as given, metres, points); `mark` is its display
 * (times rounded up to 1/100, WA TR 19.24).
 */
export const compStart = pgTable(
  'comp_start',
  {
    id: serial('id').primaryKey(),
    /**
     * `meeting_id`, `round_id`, `athlete_id` and `delegation_id` are copies of what `heat_id`
     * (heat → round → meeting) and `entry_id` / `relay_team_id` (entry → athlete, delegation)
     * already say, kept for the queries; they carry no foreign key of their own. Each key costs
     * a lookup per inserted row (a whole carnival meet writes 60,000 starts at once), and every
     * delete still reaches the starts through the keys kept: a meeting or a round through its
     * heats, an athlete through its entries (an athlete's starts are its entries' starts), a
     * relay team directly; a delegation cannot go while it has entries, relay teams or athletes
     * (those keys restrict), hence while it has starts.
     */
    meetingId: integer('meeting_id').notNull(),
    roundId: integer('round_id').notNull(),
    heatId: integer('heat_id')
      .notNull()
      .references(() => compHeat.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => entry.id, { onDelete: 'cascade' }),
    relayTeamId: integer('relay_team_id').references(() => relayTeam.id, { onDelete: 'cascade' }),
    athleteId: integer('athlete_id'),
    delegationId: integer('delegation_id').notNull(),
    /** Track lane (null for races not in lanes and for field events). */
    lane: smallint('lane'),
    /** Order in the heat: the start order (track) or the competition order (field). */
    position: smallint('position').notNull(),
    /** The seed value the start list was made with (a copy, so a later change does not reshuffle). */
    seedValue: numeric('seed_value', { precision: 12, scale: 3, mode: 'number' }),
    mark: text('mark'),
    value: numeric('value', { precision: 12, scale: 3, mode: 'number' }),
    reactionTime: numeric('reaction_time', { precision: 5, scale: 3, mode: 'number' }),
    /** Field: the wind of the best mark (wind-measured events). */
    wind: numeric('wind', { precision: 4, scale: 1, mode: 'number' }),
    code: text('code', { enum: RESULT_CODES }),
    dqRule: text('dq_rule'),
    place: smallint('place'),
    qualifier: text('qualifier', { enum: QUALIFIERS }),
    /** Team points by the group item's scoring table; shared places share the points. */
    points: numeric('points', { precision: 6, scale: 2, mode: 'number' }),
    /** Record flags on this mark, e.g. `MR`. */
    record: text('record'),
    note: text('note'),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('comp_start_heat_idx').on(t.heatId),
    index('comp_start_round_idx').on(t.roundId),
    index('comp_start_athlete_idx').on(t.athleteId),
    uniqueIndex('comp_start_entry_uq').on(t.roundId, t.entryId),
    uniqueIndex('comp_start_relay_uq').on(t.roundId, t.relayTeamId),
  ],
);

/**
 * Field trials in the order taken. Horizontal events: `seq` is the trial number, `mark` the
 * distance of a valid trial, `wind` where measured. Vertical jumps: one row per attempt, with
 * the bar `height`; the jump-off's attempts (TR 26.9) follow, flagged `jumpOff`.
 */
export const compTrial = pgTable(
  'comp_trial',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    startId: integer('start_id')
      .notNull()
      .references(() => compStart.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    height: numeric('height', { precision: 5, scale: 2, mode: 'number' }),
    outcome: text('outcome', { enum: TRIAL_OUTCOMES }).notNull(),
    mark: numeric('mark', { precision: 6, scale: 2, mode: 'number' }),
    wind: numeric('wind', { precision: 4, scale: 1, mode: 'number' }),
    /** Vertical jumps: a trial of the jump-off for first place (WA TR 26.9). */
    jumpOff: boolean('jump_off').notNull().default(false),
    ...createdAt,
  },
  (t) => [uniqueIndex('comp_trial_uq').on(t.startId, t.seq)],
);

/** Every draw, generation, manual adjustment, status change and result correction. */
export const compLog = pgTable(
  'comp_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    meetingId: integer('meeting_id').notNull(),
    roundId: integer('round_id'),
    heatId: integer('heat_id'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    userId: integer('user_id'),
    ...createdAt,
  },
  (t) => [index('comp_log_meeting_idx').on(t.meetingId, t.roundId)],
);

/** The meeting record of a group item (the best wind-legal mark ever made at this meeting). */
export const compRecord = pgTable(
  'comp_record',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    groupItemId: integer('group_item_id')
      .notNull()
      .references(() => groupItem.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('MR'),
    mark: text('mark').notNull(),
    value: numeric('value', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    holder: text('holder').notNull(),
    delegationName: text('delegation_name'),
    year: smallint('year'),
    wind: numeric('wind', { precision: 4, scale: 1, mode: 'number' }),
    /** The result that set it in this meeting (null for a record entered by hand). */
    startId: integer('start_id').references(() => compStart.id, { onDelete: 'set null' }),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('comp_record_uq').on(t.groupItemId, t.kind)],
);

/**
 * 体育道德风尚奖 (sportsmanship award, issue 23): a committee decision recorded per delegation,
 * with its note; shown on the scores page and printed with the team table.
 */
export const compAward = pgTable(
  'comp_award',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    delegationId: integer('delegation_id')
      .notNull()
      .references(() => delegation.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    ...createdAt,
  },
  (t) => [uniqueIndex('comp_award_uq').on(t.meetingId, t.delegationId)],
);

/** A call-room mark (WA TR 20.3 / 检录): the athlete reported, did not, or came late. */
export const CHECK_IN_STATES = ['present', 'absent', 'late'] as const;

/**
 * The call room's mark on a start row (issue 24), one per start, gone with it. An absence puts
 * DNS on the start row; `dnsVersion` is the start's version right after the call room wrote that
 * DNS (null when it wrote none), so marking the athlete present again takes back only a DNS
 * nobody has touched since — never one results entry set or confirmed.
 */
export const compCheckIn = pgTable(
  'comp_check_in',
  {
    startId: integer('start_id')
      .primaryKey()
      .references(() => compStart.id, { onDelete: 'cascade' }),
    meetingId: integer('meeting_id').notNull(),
    state: text('state', { enum: CHECK_IN_STATES }).notNull(),
    dnsVersion: integer('dns_version'),
    userId: integer('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comp_check_in_meeting_idx').on(t.meetingId)],
);

/**
 * A call-room mark made before seeding (检录后编排, issue 24): on an entry (or a relay team) of a
 * first round that has no start list yet. It has no start row to hang on — and must outlive
 * the start rows, which a start list made again deletes — so it is keyed by the round and the
 * entry, gone with either. Making the round's start list leaves the absent out and copies the
 * other marks onto the new start rows (`comp_check_in`).
 */
export const compEntryCheckIn = pgTable(
  'comp_entry_check_in',
  {
    id: serial('id').primaryKey(),
    meetingId: integer('meeting_id').notNull(),
    roundId: integer('round_id')
      .notNull()
      .references(() => compRound.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => entry.id, { onDelete: 'cascade' }),
    relayTeamId: integer('relay_team_id').references(() => relayTeam.id, { onDelete: 'cascade' }),
    state: text('state', { enum: CHECK_IN_STATES }).notNull(),
    userId: integer('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comp_entry_check_in_entry_uq').on(t.roundId, t.entryId),
    uniqueIndex('comp_entry_check_in_relay_uq').on(t.roundId, t.relayTeamId),
    check('comp_entry_check_in_one_key', sql`num_nonnulls(${t.entryId}, ${t.relayTeamId}) = 1`),
  ],
);
