import { sql } from 'drizzle-orm';
import {
  bigserial,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps, version } from './columns.js';
import { delegation, delegationRef, group, groupItem, meetingRef } from './meeting.js';

/** Registration (DOMAIN.md "Registration (sports apply)"). */
export const AUDIT_STATUSES = ['draft', 'submitted', 'approved', 'returned'] as const;
export const COACH_ROLES = ['leader', 'head_coach', 'coach', 'doctor', 'other'] as const;

export const athlete = pgTable(
  'reg_athlete',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    delegationId: delegationRef(),
    groupId: integer('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    gender: text('gender', { enum: ['M', 'F'] }).notNull(),
    idType: text('id_type').notNull().default('1'),
    /**
     * Null for an athlete imported from a Hy-Tek file as Hy-Tek writes it (no ID number there):
     * the delegation adds it by editing the athlete; submitting asks for it (submit.ts).
     */
    idNumber: text('id_number'),
    birthDate: date('birth_date').notNull(),
    photoFileId: text('photo_file_id'),
    bib: text('bib'),
    status: text('status', { enum: AUDIT_STATUSES }).notNull().default('draft'),
    auditReason: text('audit_reason'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    ...version,
    ...timestamps,
  },
  (t) => [
    // Rule 4: one person is registered once per meeting, whatever the delegation or the race.
    uniqueIndex('reg_athlete_person_uq').on(t.meetingId, t.idType, sql`upper(${t.idNumber})`),
    // Rule 4 for athletes without an ID number yet: the person is name + birth date + gender.
    uniqueIndex('reg_athlete_person_no_id_uq')
      .on(t.meetingId, t.name, t.birthDate, t.gender)
      .where(sql`${t.idNumber} is null`),
    index('reg_athlete_delegation_idx').on(t.delegationId),
    index('reg_athlete_group_idx').on(t.groupId),
  ],
);

export const coach = pgTable(
  'reg_coach',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    delegationId: delegationRef(),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['M', 'F'] }).notNull(),
    mobile: text('mobile'),
    idType: text('id_type').notNull().default('1'),
    idNumber: text('id_number'),
    role: text('role', { enum: COACH_ROLES }).notNull().default('coach'),
    status: text('status', { enum: AUDIT_STATUSES }).notNull().default('draft'),
    auditReason: text('audit_reason'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    ...version,
    ...timestamps,
  },
  (t) => [index('reg_coach_delegation_idx').on(t.delegationId)],
);

/** An athlete entered in a group item, with the seed mark in the item's format. */
export const entry = pgTable(
  'reg_entry',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    delegationId: delegationRef(),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => athlete.id, { onDelete: 'cascade' }),
    groupItemId: integer('group_item_id')
      .notNull()
      .references(() => groupItem.id, { onDelete: 'restrict' }),
    seedMark: text('seed_mark'),
    /** The seed mark as a number (seconds, metres or points) for seeding; null when none. */
    seedValue: numeric('seed_value', { precision: 12, scale: 3, mode: 'number' }),
    seedDate: date('seed_date'),
    status: text('status', { enum: AUDIT_STATUSES }).notNull().default('draft'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reg_entry_uq').on(t.athleteId, t.groupItemId),
    index('reg_entry_group_item_idx').on(t.groupItemId),
    index('reg_entry_delegation_idx').on(t.delegationId),
  ],
);

export const relayTeam = pgTable(
  'reg_relay_team',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    delegationId: delegationRef(),
    groupItemId: integer('group_item_id')
      .notNull()
      .references(() => groupItem.id, { onDelete: 'restrict' }),
    letter: text('letter').notNull().default('A'),
    seedMark: text('seed_mark'),
    seedValue: numeric('seed_value', { precision: 12, scale: 3, mode: 'number' }),
    status: text('status', { enum: AUDIT_STATUSES }).notNull().default('draft'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('reg_relay_team_uq').on(t.delegationId, t.groupItemId, t.letter)],
);

/** A relay team's runners: legs 1..n, alternates with leg null. */
export const relayMember = pgTable(
  'reg_relay_member',
  {
    relayTeamId: integer('relay_team_id')
      .notNull()
      .references(() => relayTeam.id, { onDelete: 'cascade' }),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => athlete.id, { onDelete: 'cascade' }),
    leg: smallint('leg'),
  },
  (t) => [primaryKey({ columns: [t.relayTeamId, t.athleteId] }), index('reg_relay_member_athlete_idx').on(t.athleteId)],
);

/** Documents a meeting asks delegations to upload (insurance, health forms). */
export const delegationFile = pgTable(
  'reg_delegation_file',
  {
    id: serial('id').primaryKey(),
    meetingId: meetingRef(),
    delegationId: integer('delegation_id')
      .notNull()
      .references(() => delegation.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    kind: text('kind').notNull().default('other'),
    name: text('name').notNull(),
    ...createdAt,
  },
  (t) => [index('reg_delegation_file_delegation_idx').on(t.delegationId)],
);

/** Before/after of every change to a registration record, shown in the editor's merge mode. */
export const recordHistory = pgTable(
  'reg_record_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    meetingId: integer('meeting_id').notNull(),
    entity: text('entity', { enum: ['athlete', 'coach', 'entry', 'relay', 'delegation'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    userId: integer('user_id'),
    ...createdAt,
  },
  (t) => [index('reg_record_history_entity_idx').on(t.entity, t.entityId)],
);

/** Audit decisions: who decided what, when, at which level, and why. */
export const auditDecision = pgTable(
  'reg_audit_decision',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    meetingId: integer('meeting_id').notNull(),
    entity: text('entity', { enum: ['athlete', 'coach', 'delegation'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    level: text('level', { enum: ['area', 'committee'] }).notNull(),
    decision: text('decision', { enum: ['approve', 'return'] }).notNull(),
    reason: text('reason'),
    userId: integer('user_id').notNull(),
    ...createdAt,
  },
  (t) => [index('reg_audit_decision_entity_idx').on(t.entity, t.entityId)],
);
