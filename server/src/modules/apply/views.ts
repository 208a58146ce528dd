import type { AthleteVO, CoachVO, DelegationFileVO, EntryVO, IdType, RelayVO } from '@baton/contracts';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  athlete,
  coach,
  delegation,
  delegationFile,
  entry,
  file,
  group,
  groupItem,
  item,
  relayTeam,
} from '../../db/schema/index.js';
import { iso } from '../../lib/sql.js';

/**
 * How registration records are read and shown: one query per list (entries and relay members
 * aggregated with json_agg in the same statement), and the snapshots kept in the history.
 */

// ─── Athletes ────────────────────────────────────────────────────────────────────────────

/** The group items an athlete entered, individual and relay, in the items' order. */
const athleteEntries = sql<AthleteVO['entries']>`coalesce((select json_agg(json_build_object(
    'groupItemId', x.group_item_id, 'itemCode', x.code, 'itemName', x.name, 'itemNameEn', x.name_en)
    order by x.sort, x.group_item_id)
  from (
    select e.group_item_id, i.code, i.name, i.name_en, i.sort from reg_entry e
      join meet_group_item gi on gi.id = e.group_item_id join base_item i on i.id = gi.item_id
      where e.athlete_id = reg_athlete.id
    union all
    select t.group_item_id, i.code, i.name, i.name_en, i.sort from reg_relay_member rm
      join reg_relay_team t on t.id = rm.relay_team_id
      join meet_group_item gi on gi.id = t.group_item_id join base_item i on i.id = gi.item_id
      where rm.athlete_id = reg_athlete.id
  ) x), '[]'::json)`;

const athleteColumns = {
  a: athlete,
  delegationName: delegation.name,
  groupName: group.name,
  groupNameEn: group.nameEn,
  entries: athleteEntries,
};
type AthleteRow = {
  a: typeof athlete.$inferSelect;
  delegationName: string;
  groupName: string;
  groupNameEn: string;
  entries: AthleteVO['entries'];
};

export const selectAthletes = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(athleteColumns)
    .from(athlete)
    .innerJoin(delegation, eq(delegation.id, athlete.delegationId))
    .innerJoin(group, eq(group.id, athlete.groupId))
    .where(where);

export const toAthleteVO = (r: AthleteRow): AthleteVO => ({
  id: r.a.id,
  meetingId: r.a.meetingId,
  delegationId: r.a.delegationId,
  delegationName: r.delegationName,
  groupId: r.a.groupId,
  groupName: r.groupName,
  groupNameEn: r.groupNameEn,
  name: r.a.name,
  nameEn: r.a.nameEn,
  gender: r.a.gender,
  idType: r.a.idType as IdType,
  idNumber: r.a.idNumber,
  birthDate: r.a.birthDate,
  photoFileId: r.a.photoFileId,
  bib: r.a.bib,
  status: r.a.status,
  auditReason: r.a.auditReason,
  fields: r.a.fields,
  entries: r.entries ?? [],
  version: r.a.version,
  createdAt: iso(r.a.createdAt),
  updatedAt: iso(r.a.updatedAt),
});

export async function athleteVO(db: DbOrTx, id: number): Promise<AthleteVO | null> {
  const [row] = await selectAthletes(db, eq(athlete.id, id));
  return row ? toAthleteVO(row) : null;
}

/**
 * What the history keeps of an athlete: the form, the status, and the entries with their seed
 * marks and the relay legs (the audit shows the before/after diff in the editor's merge mode).
 */
export async function athleteSnapshots(db: DbOrTx, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      a: athlete,
      groupName: group.name,
      entries: sql<unknown[]>`coalesce((select json_agg(json_build_object('itemCode', i.code, 'itemName', i.name,
          'seedMark', e.seed_mark, 'seedDate', e.seed_date) order by i.sort, e.group_item_id)
        from reg_entry e join meet_group_item gi on gi.id = e.group_item_id join base_item i on i.id = gi.item_id
        where e.athlete_id = reg_athlete.id), '[]'::json)`,
      relays: sql<unknown[]>`coalesce((select json_agg(json_build_object('itemCode', i.code, 'letter', t.letter,
          'leg', rm.leg) order by i.sort, t.letter)
        from reg_relay_member rm join reg_relay_team t on t.id = rm.relay_team_id
        join meet_group_item gi on gi.id = t.group_item_id join base_item i on i.id = gi.item_id
        where rm.athlete_id = reg_athlete.id), '[]'::json)`,
    })
    .from(athlete)
    .innerJoin(group, eq(group.id, athlete.groupId))
    .where(inArray(athlete.id, ids));
  return new Map(
    rows.map((r) => [
      r.a.id,
      {
        name: r.a.name,
        nameEn: r.a.nameEn,
        gender: r.a.gender,
        idType: r.a.idType,
        idNumber: r.a.idNumber,
        birthDate: r.a.birthDate,
        groupId: r.a.groupId,
        groupName: r.groupName,
        photoFileId: r.a.photoFileId,
        fields: r.a.fields,
        status: r.a.status,
        entries: r.entries,
        relays: r.relays,
      },
    ]),
  );
}

// ─── Coaches ─────────────────────────────────────────────────────────────────────────────

type CoachRow = { c: typeof coach.$inferSelect; delegationName: string };

export const selectCoaches = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ c: coach, delegationName: delegation.name })
    .from(coach)
    .innerJoin(delegation, eq(delegation.id, coach.delegationId))
    .where(where);

export const toCoachVO = (r: CoachRow): CoachVO => ({
  id: r.c.id,
  meetingId: r.c.meetingId,
  delegationId: r.c.delegationId,
  delegationName: r.delegationName,
  name: r.c.name,
  gender: r.c.gender,
  mobile: r.c.mobile,
  idType: r.c.idType as IdType,
  idNumber: r.c.idNumber,
  role: r.c.role,
  status: r.c.status,
  auditReason: r.c.auditReason,
  fields: r.c.fields,
  version: r.c.version,
  createdAt: iso(r.c.createdAt),
  updatedAt: iso(r.c.updatedAt),
});

export async function coachVO(db: DbOrTx, id: number): Promise<CoachVO | null> {
  const [row] = await selectCoaches(db, eq(coach.id, id));
  return row ? toCoachVO(row) : null;
}

/** What the history keeps of a coach. */
export function coachSnapshot(c: CoachVO): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, version: _v, delegationName: _d, ...rest } = c;
  return rest;
}

// ─── Entries and relays ──────────────────────────────────────────────────────────────────

export const selectEntries = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      e: entry,
      athleteName: athlete.name,
      itemCode: item.code,
      itemName: item.name,
      itemNameEn: item.nameEn,
    })
    .from(entry)
    .innerJoin(athlete, eq(athlete.id, entry.athleteId))
    .innerJoin(groupItem, eq(groupItem.id, entry.groupItemId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(where)
    .orderBy(asc(item.sort), asc(athlete.name), asc(entry.id));

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

export const toEntryVO = (r: EntryRow): EntryVO => ({
  id: r.e.id,
  athleteId: r.e.athleteId,
  athleteName: r.athleteName,
  groupItemId: r.e.groupItemId,
  itemCode: r.itemCode,
  itemName: r.itemName,
  itemNameEn: r.itemNameEn,
  seedMark: r.e.seedMark,
  seedDate: r.e.seedDate,
  status: r.e.status,
  version: r.e.version,
});

export async function entryVO(db: DbOrTx, id: number): Promise<EntryVO | null> {
  const [row] = await selectEntries(db, eq(entry.id, id));
  return row ? toEntryVO(row) : null;
}

/** What the history keeps of an entry (the athlete's id lets the audit find it). */
export function entrySnapshot(e: EntryVO): Record<string, unknown> {
  const { version: _v, ...rest } = e;
  return rest;
}

const relayMembers = sql<RelayVO['members']>`coalesce((select json_agg(json_build_object('athleteId', rm.athlete_id,
    'athleteName', a.name, 'leg', rm.leg) order by rm.leg nulls last, a.name)
  from reg_relay_member rm join reg_athlete a on a.id = rm.athlete_id
  where rm.relay_team_id = reg_relay_team.id), '[]'::json)`;

export const selectRelays = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      t: relayTeam,
      itemCode: item.code,
      itemName: item.name,
      itemNameEn: item.nameEn,
      members: relayMembers,
    })
    .from(relayTeam)
    .innerJoin(groupItem, eq(groupItem.id, relayTeam.groupItemId))
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(where)
    .orderBy(asc(item.sort), asc(relayTeam.groupItemId), asc(relayTeam.letter));

type RelayRow = Awaited<ReturnType<typeof selectRelays>>[number];

export const toRelayVO = (r: RelayRow): RelayVO => ({
  id: r.t.id,
  groupItemId: r.t.groupItemId,
  itemCode: r.itemCode,
  itemName: r.itemName,
  itemNameEn: r.itemNameEn,
  letter: r.t.letter,
  seedMark: r.t.seedMark,
  members: r.members ?? [],
  status: r.t.status,
  version: r.t.version,
});

export async function relayVOs(db: DbOrTx, ids: number[]): Promise<Map<number, RelayVO>> {
  if (!ids.length) return new Map();
  const rows = await selectRelays(db, inArray(relayTeam.id, ids));
  return new Map(rows.map((r) => [r.t.id, toRelayVO(r)]));
}

export function relaySnapshot(r: RelayVO | undefined): Record<string, unknown> | null {
  if (!r) return null;
  const { version: _v, ...rest } = r;
  return rest;
}

// ─── Files ───────────────────────────────────────────────────────────────────────────────

export const selectFiles = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ l: delegationFile, size: file.size, mime: file.mime })
    .from(delegationFile)
    .innerJoin(file, eq(file.id, delegationFile.fileId))
    .where(where)
    .orderBy(asc(delegationFile.kind), asc(delegationFile.id));

type FileRow = Awaited<ReturnType<typeof selectFiles>>[number];

export const toFileVO = (r: FileRow): DelegationFileVO => ({
  id: r.l.id,
  fileId: r.l.fileId,
  kind: r.l.kind as DelegationFileVO['kind'],
  name: r.l.name,
  size: r.size,
  contentType: r.mime,
  createdAt: iso(r.l.createdAt),
});
