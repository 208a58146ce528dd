import type {
  FieldLinksBody,
  FieldLinkVO,
  FieldTarget,
  NatureBody,
  NaturePageQuery,
  NatureUpdateBody,
  NatureVO,
} from '@baton/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { field, groupField, meetingField, nature, natureField } from '../../db/schema/index.js';
import { badInput, notFound, say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, toXlsx } from '../../lib/excel.js';
import { limitOffset } from '../../lib/paging.js';
import { iso, likeAny } from '../../lib/sql.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireBaseDataOwner } from '../meetings/base-data.js';

// ─── Field links: the fields a nature, a meeting or a group chose ───────────────────────

/** One of the three link tables, described by its columns. */
export interface LinkTable {
  table: typeof natureField | typeof meetingField | typeof groupField;
  owner: PgColumn;
  ownerKey: 'natureId' | 'meetingId' | 'groupId';
  fieldId: PgColumn;
  required: PgColumn;
  sort: PgColumn;
}
export const NATURE_LINKS: LinkTable = {
  table: natureField,
  owner: natureField.natureId,
  ownerKey: 'natureId',
  fieldId: natureField.fieldId,
  required: natureField.required,
  sort: natureField.sort,
};
export const MEETING_LINKS: LinkTable = {
  table: meetingField,
  owner: meetingField.meetingId,
  ownerKey: 'meetingId',
  fieldId: meetingField.fieldId,
  required: meetingField.required,
  sort: meetingField.sort,
};
export const GROUP_LINKS: LinkTable = {
  table: groupField,
  owner: groupField.groupId,
  ownerKey: 'groupId',
  fieldId: groupField.fieldId,
  required: groupField.required,
  sort: groupField.sort,
};

/** The columns of a field as a FieldLinkVO shows it (without the link's own `required` and `sort`). */
export const FIELD_COLUMNS = {
  fieldId: field.id,
  key: field.key,
  label: field.label,
  labelEn: field.labelEn,
  kind: field.kind,
  dictCode: field.dictCode,
  target: field.target,
  pattern: field.pattern,
};

export async function linkedFields(
  db: DbOrTx,
  link: LinkTable,
  ownerId: number,
  target?: FieldTarget,
): Promise<FieldLinkVO[]> {
  const rows = await db
    .select({
      ...FIELD_COLUMNS,
      required: sql<boolean>`${link.required}`,
      sort: sql<number>`${link.sort}`,
    })
    .from(link.table as typeof natureField)
    .innerJoin(field, eq(field.id, link.fieldId))
    .where(and(eq(link.owner, ownerId), target ? eq(field.target, target) : undefined))
    .orderBy(asc(field.target), asc(link.sort), asc(field.id));
  return rows;
}

/**
 * Replace the chosen fields (only those of `target` when given; a group's fields are always
 * athlete fields). Every field must exist, once, and be of the target.
 */
export async function replaceLinks(
  tx: DbOrTx,
  link: LinkTable,
  ownerId: number,
  links: FieldLinksBody,
  target?: FieldTarget,
): Promise<void> {
  const ids = links.map((l) => l.fieldId);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined) throw badInput(`字段 ${dup} 重复`, `field ${dup} is listed twice`);
  const found = ids.length
    ? await tx.select({ id: field.id, key: field.key, target: field.target }).from(field).where(inArray(field.id, ids))
    : [];
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined) throw badInput(`字段 ${missing} 不存在`, `field ${missing} does not exist`);
  if (target) {
    const other = found.find((f) => f.target !== target);
    if (other) {
      throw badInput(`字段 ${other.key} 不是${target}字段`, `field ${other.key} is not a ${target} field`);
    }
  }
  const scope: SQL | undefined = target
    ? inArray(link.fieldId, tx.select({ id: field.id }).from(field).where(eq(field.target, target)))
    : undefined;
  await tx.delete(link.table).where(and(eq(link.owner, ownerId), scope));
  if (links.length) {
    await tx.insert(link.table as typeof natureField).values(
      links.map(
        (l, i) =>
          ({
            [link.ownerKey]: ownerId,
            fieldId: l.fieldId,
            required: l.required ?? false,
            sort: l.sort ?? i + 1,
          }) as unknown as typeof natureField.$inferInsert,
      ),
    );
  }
}

// ─── Natures ────────────────────────────────────────────────────────────────────────────

const fieldCount = sql<number>`(select count(*)::int from meet_nature_field f where f.nature_id = meet_nature.id)`;
const meetingCount = sql<number>`(select count(*)::int from meet_meeting m where m.nature_id = meet_nature.id)`;
const natureColumns = {
  id: nature.id,
  name: nature.name,
  nameEn: nature.nameEn,
  remark: nature.remark,
  sort: nature.sort,
  version: nature.version,
  fieldCount,
  meetingCount,
  createdAt: nature.createdAt,
};
type NatureRow = Omit<NatureVO, 'createdAt'> & { createdAt: Date };
const toVO = (r: NatureRow): NatureVO => ({ ...r, createdAt: iso(r.createdAt) });

export async function pageNatures(db: Db, q: NaturePageQuery) {
  const w = likeAny(q.keywords, [nature.name, nature.nameEn]);
  const [total] = await db.select({ n: count() }).from(nature).where(w);
  const { limit, offset } = limitOffset(q);
  const rows = await db
    .select(natureColumns)
    .from(nature)
    .where(w)
    .orderBy(asc(nature.sort), asc(nature.id))
    .limit(limit)
    .offset(offset);
  return { list: rows.map(toVO), total: total?.n ?? 0 };
}

export async function getNature(db: DbOrTx, id: number): Promise<NatureVO> {
  const [row] = await db.select(natureColumns).from(nature).where(eq(nature.id, id));
  if (!row) throw notFound();
  return toVO(row);
}

const values = (body: NatureBody) => ({
  name: body.name.trim(),
  nameEn: body.nameEn?.trim() || body.name.trim(),
  remark: body.remark?.trim() || null,
  sort: body.sort ?? 0,
});

export async function createNature(db: Db, u: CurrentUser, body: NatureBody): Promise<NatureVO> {
  requireBaseDataOwner(u);
  const [row] = await db.insert(nature).values(values(body)).returning({ id: nature.id });
  return getNature(db, row!.id);
}

export async function updateNature(
  db: Db,
  u: CurrentUser,
  id: number,
  body: NatureUpdateBody,
): Promise<{ before: NatureVO; after: NatureVO }> {
  requireBaseDataOwner(u);
  const before = await getNature(db, id);
  const [row] = await db
    .update(nature)
    .set({ ...values(body), ...nextVersion(nature) })
    .where(sameVersion(nature, id, body.version))
    .returning({ id: nature.id });
  if (!row) return staleOrMissing(db.select({ id: nature.id }).from(nature).where(eq(nature.id, id)));
  return { before, after: await getNature(db, id) };
}

/** Delete natures no meeting uses (their field choices go with them). */
export async function deleteNatures(db: Db, u: CurrentUser, ids: number[]): Promise<NatureVO[]> {
  requireBaseDataOwner(u);
  return db.transaction(async (tx) => {
    const rows = await tx.select(natureColumns).from(nature).where(inArray(nature.id, ids));
    if (rows.length !== ids.length) throw notFound();
    const used = rows.find((r) => r.meetingCount > 0);
    if (used) {
      throw badInput(
        `赛事性质 ${used.name} 正被 ${used.meetingCount} 个赛事使用，不能删除`,
        `nature ${used.nameEn || used.name} is used by ${used.meetingCount} meeting(s) and cannot be deleted`,
      );
    }
    await tx.delete(nature).where(inArray(nature.id, ids));
    return rows.map(toVO);
  });
}

export async function natureFields(db: Db, id: number, target?: FieldTarget) {
  await getNature(db, id);
  return linkedFields(db, NATURE_LINKS, id, target);
}

export async function setNatureFields(db: Db, u: CurrentUser, id: number, links: FieldLinksBody, target?: FieldTarget) {
  requireBaseDataOwner(u);
  return db.transaction(async (tx) => {
    await getNature(tx, id);
    const before = await linkedFields(tx, NATURE_LINKS, id, target);
    await replaceLinks(tx, NATURE_LINKS, id, links, target);
    await tx.update(nature).set(nextVersion(nature)).where(eq(nature.id, id));
    return { before, after: await linkedFields(tx, NATURE_LINKS, id, target) };
  });
}

export async function exportNatures(db: Db, q: NaturePageQuery, lang: string): Promise<Buffer> {
  const rows = await db
    .select(natureColumns)
    .from(nature)
    .where(likeAny(q.keywords, [nature.name, nature.nameEn]))
    .orderBy(asc(nature.sort), asc(nature.id))
    .limit(EXPORT_MAX_ROWS);
  const cols: Column<NatureRow>[] = [
    { header: say(lang, '名称', 'Name'), key: 'name', width: 24, value: (r) => r.name },
    { header: say(lang, '英文名称', 'English name'), key: 'nameEn', width: 24, value: (r) => r.nameEn },
    { header: say(lang, '字段数', 'Fields'), key: 'fields', width: 10, value: (r) => r.fieldCount },
    { header: say(lang, '赛事数', 'Meetings'), key: 'meetings', width: 10, value: (r) => r.meetingCount },
    { header: say(lang, '备注', 'Remark'), key: 'remark', width: 30, value: (r) => r.remark },
  ];
  return toXlsx(say(lang, '赛事性质', 'Natures'), cols, rows);
}
