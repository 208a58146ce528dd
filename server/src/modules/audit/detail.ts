import type { AuditDetailVO, DelegationFileVO, FieldLinkVO } from '@baton/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  athlete,
  auditDecision,
  coach,
  delegation,
  delegationFile,
  entry,
  field,
  group,
  item,
  recordHistory,
  user,
} from '../../db/schema/index.js';
import { notFound, say } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import {
  selectAthletes,
  selectCoaches,
  selectEntries,
  selectFiles,
  toAthleteVO,
  toCoachVO,
  toEntryVO,
  toFileVO,
} from '../apply/views.js';
import { areaCondition } from '../meetings/access.js';
import { FIELD_COLUMNS, GROUP_LINKS, linkedFields, MEETING_LINKS } from '../natures/service.js';
import { type Entity, reach } from './access.js';
import { PHOTO_KEY } from './lists.js';

// The detail of one record: entries, documents, change history, decisions, form and problems.

async function delegationFiles(db: DbOrTx, delegationId: number): Promise<DelegationFileVO[]> {
  return (await selectFiles(db, eq(delegationFile.delegationId, delegationId))).map(toFileVO);
}

const HISTORY_MAX = 200;

async function historyOf(db: DbOrTx, entity: Entity, id: number) {
  const rows = await db
    .select({
      id: recordHistory.id,
      before: recordHistory.before,
      after: recordHistory.after,
      userName: user.nickname,
      createdAt: recordHistory.createdAt,
    })
    .from(recordHistory)
    .leftJoin(user, eq(user.id, recordHistory.userId))
    .where(and(eq(recordHistory.entity, entity), eq(recordHistory.entityId, id)))
    .orderBy(desc(recordHistory.createdAt), desc(recordHistory.id))
    .limit(HISTORY_MAX);
  return rows.map((h) => ({ ...h, id: Number(h.id), createdAt: iso(h.createdAt) }));
}

async function decisionsOf(db: DbOrTx, entity: Entity, id: number) {
  const rows = await db
    .select({
      id: auditDecision.id,
      level: auditDecision.level,
      decision: auditDecision.decision,
      reason: auditDecision.reason,
      userName: user.nickname,
      createdAt: auditDecision.createdAt,
    })
    .from(auditDecision)
    .leftJoin(user, eq(user.id, auditDecision.userId))
    .where(and(eq(auditDecision.entity, entity), eq(auditDecision.entityId, id)))
    .orderBy(desc(auditDecision.createdAt), desc(auditDecision.id));
  return rows.map((d) => ({ ...d, id: Number(d.id), createdAt: iso(d.createdAt) }));
}

type Snapshot = Record<string, unknown>;
const snapshots = (history: { before: unknown; after: unknown }[]): Snapshot[] =>
  history.flatMap((h) => [h.before, h.after]).filter((v): v is Snapshot => !!v && typeof v === 'object');
const objectOf = (v: unknown): Snapshot => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Snapshot) : {});

/**
 * The record's form: the meeting's fields of `target` and, for athletes, the group's (a field in
 * both is required when either requires it), in the form's order; then the other fields its
 * values or its history hold (a field no longer asked for), by key from the base fields.
 */
async function formFieldsOf(
  db: DbOrTx,
  meetingId: number,
  target: Entity,
  groupId: number | null,
  keys: Iterable<string>,
): Promise<FieldLinkVO[]> {
  const [meetingLevel, groupLevel] = await Promise.all([
    linkedFields(db, MEETING_LINKS, meetingId, target),
    groupId === null ? Promise.resolve([]) : linkedFields(db, GROUP_LINKS, groupId),
  ]);
  const out = new Map<string, FieldLinkVO>();
  for (const f of [...meetingLevel, ...groupLevel]) {
    const seen = out.get(f.key);
    out.set(f.key, seen ? { ...seen, required: seen.required || f.required } : f);
  }
  const others = [...new Set(keys)].filter((k) => !out.has(k));
  if (others.length) {
    const rows = await db
      .select(FIELD_COLUMNS)
      .from(field)
      .where(inArray(field.key, others))
      .orderBy(asc(field.sort), asc(field.id));
    for (const f of rows) out.set(f.key, { ...f, required: false, sort: 0 });
  }
  return [...out.values()];
}

/** The keys of the field values a record and its history hold. */
function fieldKeys(values: Record<string, unknown>, history: { before: unknown; after: unknown }[]): string[] {
  return [...Object.keys(values), ...snapshots(history).flatMap((s) => Object.keys(objectOf(s.fields)))];
}

/** The groups (by id) and events (by item code) the record and its history name, in both languages. */
async function namesOf(
  db: DbOrTx,
  meetingId: number,
  groupIds: number[],
  history: { before: unknown; after: unknown }[],
) {
  const ids = new Set(groupIds);
  const codes = new Set<string>();
  for (const s of snapshots(history)) {
    if (typeof s.groupId === 'number') ids.add(s.groupId);
    for (const list of [s.entries, s.relays]) {
      if (!Array.isArray(list)) continue;
      for (const e of list) {
        const code = objectOf(e).itemCode;
        if (typeof code === 'string') codes.add(code);
      }
    }
  }
  const [groups, items] = await Promise.all([
    ids.size
      ? db
          .select({ id: group.id, name: group.name, nameEn: group.nameEn })
          .from(group)
          .where(and(eq(group.meetingId, meetingId), inArray(group.id, [...ids])))
          .orderBy(asc(group.sort), asc(group.id))
      : Promise.resolve([]),
    codes.size
      ? db
          .select({ code: item.code, name: item.name, nameEn: item.nameEn })
          .from(item)
          .where(inArray(item.code, [...codes]))
          .orderBy(asc(item.sort), asc(item.id))
      : Promise.resolve([]),
  ]);
  return { groups, items };
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

function missingFieldNote(fields: FieldLinkVO[], values: Record<string, unknown>, lang: string): string | null {
  const missing = fields.filter((f) => f.required && f.key !== PHOTO_KEY && empty(values[f.key]));
  if (!missing.length) return null;
  return say(
    lang,
    `必填项未填写：${missing.map((f) => f.label).join('、')}`,
    `required fields left empty: ${missing.map((f) => f.labelEn || f.label).join(', ')}`,
  );
}

const changedNote = (lang: string) =>
  say(lang, '上次审核后有修改，请查看变更记录', 'changed since the last decision: see the change history');

function isChanged(history: { createdAt: string }[], decisions: { createdAt: string }[]) {
  const last = decisions[0];
  return !!last && history.some((h) => h.createdAt > last.createdAt);
}

export async function athleteDetail(db: Db, u: CurrentUser, id: number, lang: string): Promise<AuditDetailVO> {
  const [found] = await db.select({ meetingId: athlete.meetingId }).from(athlete).where(eq(athlete.id, id));
  if (!found) throw notFound();
  const r = await reach(db, u, found.meetingId);
  const [row] = await selectAthletes(db, and(eq(athlete.id, id), areaCondition(r.areas, delegation.areaCodeId)));
  if (!row) throw notFound();
  const [entries, files, history, decisions] = await Promise.all([
    selectEntries(db, eq(entry.athleteId, id)),
    delegationFiles(db, row.a.delegationId),
    historyOf(db, 'athlete', id),
    decisionsOf(db, 'athlete', id),
  ]);
  const [formFields, names] = await Promise.all([
    formFieldsOf(db, row.a.meetingId, 'athlete', row.a.groupId, fieldKeys(row.a.fields, history)),
    namesOf(db, row.a.meetingId, [row.a.groupId], history),
  ]);
  const problems: string[] = [];
  if (!row.a.photoFileId && empty(row.a.fields[PHOTO_KEY])) problems.push(say(lang, '缺少照片', 'no photo'));
  const fieldNote = missingFieldNote(formFields, row.a.fields, lang);
  if (fieldNote) problems.push(fieldNote);
  if (!row.entries?.length) problems.push(say(lang, '未报任何项目', 'not entered in any event'));
  if (isChanged(history, decisions)) problems.push(changedNote(lang));
  return {
    entity: 'athlete',
    athlete: toAthleteVO(row),
    coach: null,
    entries: entries.map(toEntryVO),
    files,
    history,
    decisions,
    formFields,
    ...names,
    problems,
  };
}

export async function coachDetail(db: Db, u: CurrentUser, id: number, lang: string): Promise<AuditDetailVO> {
  const [found] = await db.select({ meetingId: coach.meetingId }).from(coach).where(eq(coach.id, id));
  if (!found) throw notFound();
  const r = await reach(db, u, found.meetingId);
  const [row] = await selectCoaches(db, and(eq(coach.id, id), areaCondition(r.areas, delegation.areaCodeId)));
  if (!row) throw notFound();
  const [files, history, decisions] = await Promise.all([
    delegationFiles(db, row.c.delegationId),
    historyOf(db, 'coach', id),
    decisionsOf(db, 'coach', id),
  ]);
  const formFields = await formFieldsOf(db, row.c.meetingId, 'coach', null, fieldKeys(row.c.fields, history));
  const problems: string[] = [];
  const fieldNote = missingFieldNote(formFields, row.c.fields, lang);
  if (fieldNote) problems.push(fieldNote);
  if (isChanged(history, decisions)) problems.push(changedNote(lang));
  return {
    entity: 'coach',
    athlete: null,
    coach: toCoachVO(row),
    entries: [],
    files,
    history,
    decisions,
    formFields,
    groups: [],
    items: [],
    problems,
  };
}
