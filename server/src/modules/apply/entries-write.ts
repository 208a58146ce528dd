import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type AUDIT_STATUSES, RESULT_FORMATS } from '../../db/schema/index.js';
import { preparedSql, rowsOf } from '../../lib/sql.js';
import type { Writing } from './access.js';
import { parseSeedMark } from './seed-mark.js';

/**
 * The statement of `createEntry` (entries.ts) after the delegation's lock: it reads every input
 * of the rules and, when they all pass, inserts the entry and its history row — one round trip.
 *
 * It is a statement of its own, after the locking one: under READ COMMITTED it sees every entry
 * committed by the delegation's previous lock holder, which the locking statement's snapshot
 * would not. The rules themselves are decided in TypeScript, in their order, from the inputs
 * the statement returns (so every error stays what it was); the statement's own condition only
 * spares a second round trip. When the two disagree the TypeScript wins: a rule that fails
 * there rolls the transaction back; an entry the statement held back is inserted by
 * `insertEntryWithHistory`. An approved athlete's entry is always held back (the caller sends
 * the athlete back to audit first).
 */

type AuditStatus = (typeof AUDIT_STATUSES)[number];

/** The rules' inputs; `gi`, `i` and `g` are null when the group item is not of the meeting. */
export interface EntryRuleInputs {
  a: { id: number; delegationId: number; groupId: number; status: AuditStatus; name: string };
  gi: { id: number; groupId: number; maxPerDelegation: number | null } | null;
  i: { kind: string; code: string; name: string; nameEn: string; resultFormat: (typeof RESULT_FORMATS)[number] } | null;
  g: { name: string; nameEn: string; maxEventsPerAthlete: number | null } | null;
  /** Entries of the athlete, in all events and in this one; entries of the delegation in this event. */
  mine: number;
  dup: number;
  ours: number;
}

interface Row {
  id: number;
  delegation_id: number;
  group_id: number;
  status: AuditStatus;
  name: string;
  gi_id: number | null;
  gi_group_id: number | null;
  max_per_delegation: number | null;
  kind: string | null;
  code: string | null;
  i_name: string | null;
  i_name_en: string | null;
  result_format: (typeof RESULT_FORMATS)[number] | null;
  g_name: string | null;
  g_name_en: string | null;
  max_events_per_athlete: number | null;
  mine: number;
  dup: number;
  ours: number;
  entry_id: number | null;
  entry_version: number | null;
}

/** The seed mark as each result format would store it; a format that refuses it is left out. */
function seedsByFormat(mark: string | null | undefined): Record<string, { mark: string | null; value: number | null }> {
  const out: Record<string, { mark: string | null; value: number | null }> = {};
  for (const f of RESULT_FORMATS) {
    try {
      const s = parseSeedMark(f, mark);
      out[f] = { mark: s?.mark ?? null, value: s?.value ?? null };
    } catch {
      // This format refuses the mark: no entry is inserted (the caller raises the error).
    }
  }
  return out;
}

const p = <K extends keyof ReadAndInsertValues>(name: K) => sql.placeholder(name);

interface ReadAndInsertValues {
  /** The seed date was accepted (false: nothing is inserted). */
  dateOk: boolean;
  date: string | null;
  seeds: string;
  athleteId: number;
  groupItemId: number;
  meetingId: number;
  delegationId: number;
  userId: number;
  maxEventsPerAthlete: number;
  maxEntriesPerItem: number;
}

/** Written once, a named prepared statement on PostgreSQL (the hot statement of `POST /apply/entries`). */
const readAndInsert = preparedSql<ReadAndInsertValues, Row>(
  'apply_entry_read_insert',
  sql`with r as (
        select a.id, a.delegation_id, a.group_id, a.status, a.name,
          gi.id as gi_id, gi.group_id as gi_group_id, gi.max_per_delegation,
          i.kind, i.code, i.name as i_name, i.name_en as i_name_en, i.result_format,
          g.name as g_name, g.name_en as g_name_en, g.max_events_per_athlete,
          (select count(*)::int from reg_entry e where e.athlete_id = a.id) as mine,
          (select count(*)::int from reg_entry e where e.athlete_id = a.id and e.group_item_id = gi.id) as dup,
          (select count(*)::int from reg_entry e
            where e.delegation_id = ${p('delegationId')}::int and e.group_item_id = gi.id) as ours,
          ${p('seeds')}::jsonb -> i.result_format as seed
        from reg_athlete a
        left join meet_group_item gi on gi.id = ${p('groupItemId')}::int
        left join meet_group g on g.id = gi.group_id and g.meeting_id = ${p('meetingId')}::int
        left join base_item i on i.id = gi.item_id and g.id is not null
        where a.id = ${p('athleteId')}::int
      ), ins as (
        insert into reg_entry (meeting_id, delegation_id, athlete_id, group_item_id, seed_mark, seed_value, seed_date, status)
        select ${p('meetingId')}::int, ${p('delegationId')}::int, r.id, r.gi_id, r.seed ->> 'mark',
          (r.seed ->> 'value')::numeric, ${p('date')}::date, 'draft'
        from r where ${p('dateOk')}::boolean
          and r.delegation_id = ${p('delegationId')}::int and r.status in ('draft', 'returned')
          and r.g_name is not null and r.kind is not null and r.gi_group_id = r.group_id and r.kind <> 'relay'
          and r.dup = 0 and r.mine < coalesce(r.max_events_per_athlete, ${p('maxEventsPerAthlete')}::int)
          and r.ours < coalesce(r.max_per_delegation, ${p('maxEntriesPerItem')}::int) and r.seed is not null
        returning id, version
      ), h as (
        insert into reg_record_history (meeting_id, entity, entity_id, before, after, user_id)
        select ${p('meetingId')}::int, 'entry', ins.id, null, jsonb_build_object('id', ins.id, 'athleteId', r.id,
            'athleteName', r.name, 'groupItemId', r.gi_id, 'itemCode', r.code, 'itemName', r.i_name,
            'itemNameEn', r.i_name_en, 'seedMark', r.seed -> 'mark', 'seedDate', ${p('date')}::text, 'status', 'draft'),
          ${p('userId')}::int
        from ins, r
      )
      select r.id, r.delegation_id, r.group_id, r.status, r.name, r.gi_id, r.gi_group_id, r.max_per_delegation,
        r.kind, r.code, r.i_name, r.i_name_en, r.result_format, r.g_name, r.g_name_en, r.max_events_per_athlete,
        r.mine, r.dup, r.ours, ins.id as entry_id, ins.version as entry_version
      from r left join ins on true`,
);

/**
 * Read the rules' inputs and, if they all pass, insert the entry (status draft) and its history
 * row (`after`: the entry as `entrySnapshot` shows it). `seedDate` is the checked date, or
 * `false` when it was refused (nothing is inserted). Undefined when the athlete does not exist.
 */
export async function readAndInsertEntry(
  tx: DbOrTx,
  w: Writing,
  body: { athleteId: number; groupItemId: number; seedMark?: string | null },
  seedDate: string | null | false,
): Promise<{ inputs: EntryRuleInputs; inserted: { id: number; version: number } | null } | undefined> {
  const [row] = await readAndInsert(tx, {
    dateOk: seedDate !== false,
    date: seedDate === false ? null : seedDate,
    seeds: JSON.stringify(seedsByFormat(body.seedMark)),
    athleteId: body.athleteId,
    groupItemId: body.groupItemId,
    meetingId: w.m.id,
    delegationId: w.d.id,
    userId: w.u.id,
    maxEventsPerAthlete: w.m.maxEventsPerAthlete,
    maxEntriesPerItem: w.m.maxEntriesPerItem,
  });
  if (!row) return undefined;
  const inItem = row.gi_id !== null && row.g_name !== null && row.kind !== null;
  const inputs: EntryRuleInputs = {
    a: { id: row.id, delegationId: row.delegation_id, groupId: row.group_id, status: row.status, name: row.name },
    gi: inItem ? { id: row.gi_id!, groupId: row.gi_group_id!, maxPerDelegation: row.max_per_delegation } : null,
    i: inItem
      ? {
          kind: row.kind!,
          code: row.code!,
          name: row.i_name!,
          nameEn: row.i_name_en!,
          resultFormat: row.result_format!,
        }
      : null,
    g: inItem ? { name: row.g_name!, nameEn: row.g_name_en!, maxEventsPerAthlete: row.max_events_per_athlete } : null,
    mine: Number(row.mine),
    dup: Number(row.dup),
    ours: Number(row.ours),
  };
  const inserted = row.entry_id === null ? null : { id: Number(row.entry_id), version: Number(row.entry_version) };
  return { inputs, inserted };
}

/** Insert an entry and its history row (`after`: the snapshot with the new id) in one statement. */
export async function insertEntryWithHistory(
  tx: DbOrTx,
  w: Writing,
  v: {
    athleteId: number;
    groupItemId: number;
    seedMark: string | null;
    seedValue: number | null;
    seedDate: string | null;
    status: AuditStatus;
  },
  snapshot: Record<string, unknown>,
): Promise<{ id: number; version: number }> {
  const [row] = await rowsOf<{ id: number; version: number }>(
    tx.execute(sql`with e as (
        insert into reg_entry (meeting_id, delegation_id, athlete_id, group_item_id, seed_mark, seed_value, seed_date, status)
        values (${w.m.id}::int, ${w.d.id}::int, ${v.athleteId}::int, ${v.groupItemId}::int, ${v.seedMark}::text,
          ${v.seedValue}::numeric, ${v.seedDate}::date, ${v.status}::text)
        returning id, version
      ), h as (
        insert into reg_record_history (meeting_id, entity, entity_id, before, after, user_id)
        select ${w.m.id}::int, 'entry', e.id, null, ${JSON.stringify(snapshot)}::jsonb || jsonb_build_object('id', e.id),
          ${w.u.id}::int
        from e
      )
      select id, version from e`),
  );
  return { id: Number(row!.id), version: Number(row!.version) };
}
