import type { FieldBody, FieldExportQuery, FieldPageQuery, FieldUpdateBody, FieldVO } from '@baton/contracts';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { dict, field, groupField, meetingField, natureField } from '../../db/schema/index.js';
import { badInput, notFound, say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, toXlsx } from '../../lib/excel.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { compilePattern } from '../../lib/pattern.js';
import { iso, isUniqueViolation, likeAny } from '../../lib/sql.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireBaseDataOwner } from '../meetings/base-data.js';

type FieldRow = typeof field.$inferSelect;

export const toFieldVO = (r: FieldRow): FieldVO => ({
  id: r.id,
  key: r.key,
  label: r.label,
  labelEn: r.labelEn,
  kind: r.kind,
  dictCode: r.dictCode,
  target: r.target,
  required: r.required,
  pattern: r.pattern,
  sort: r.sort,
  version: r.version,
  createdAt: iso(r.createdAt),
});

const SORT = {
  key: field.key,
  label: field.label,
  kind: field.kind,
  target: field.target,
  sort: field.sort,
  createdAt: field.createdAt,
};

function where(q: FieldExportQuery): SQL | undefined {
  return and(
    likeAny(q.keywords, [field.key, field.label, field.labelEn]),
    q.kind ? eq(field.kind, q.kind) : undefined,
    q.target ? eq(field.target, q.target) : undefined,
  );
}

export async function pageFields(db: Db, q: FieldPageQuery) {
  const w = where(q);
  const [total] = await db.select({ n: count() }).from(field).where(w);
  const { limit, offset } = limitOffset(q);
  const rows = await db
    .select()
    .from(field)
    .where(w)
    .orderBy(...orderFrom(SORT, q.sortKey, q.sortDir, [asc(field.target), asc(field.sort), asc(field.id)]))
    .limit(limit)
    .offset(offset);
  return { list: rows.map(toFieldVO), total: total?.n ?? 0 };
}

export async function getField(db: Db, id: number): Promise<FieldVO> {
  const [row] = await db.select().from(field).where(eq(field.id, id));
  if (!row) throw notFound();
  return toFieldVO(row);
}

/**
 * A select needs an existing dictionary; a pattern must compile as a regular expression and on
 * the linear-time engine the values are checked with (lib/pattern.ts).
 */
async function values(db: DbOrTx, body: FieldBody) {
  const dictCode = body.kind === 'select' ? body.dictCode?.trim() || null : null;
  if (body.kind === 'select') {
    if (!dictCode) throw badInput('下拉字段须选择字典', 'a select field needs a dictionary');
    const [d] = await db.select({ id: dict.id }).from(dict).where(eq(dict.dictCode, dictCode));
    if (!d) throw badInput(`字典 ${dictCode} 不存在`, `dictionary ${dictCode} does not exist`);
  }
  const pattern = body.pattern?.trim() || null;
  if (pattern) {
    try {
      // Compiled only, never run: a JavaScript RegExp is run on nobody's input here.
      new RegExp(pattern, 'u');
    } catch {
      throw badInput('校验规则不是有效的正则表达式', 'the pattern is not a valid regular expression');
    }
    if (compilePattern(pattern) instanceof Error) {
      throw badInput(
        '校验规则使用了不支持的写法（环视 (?=…)、(?!…)、(?<=…) 或反向引用 \\1 等），请改写',
        'the pattern uses look-around or back-references (such as (?=…) or \\1), which are not supported; rewrite it',
      );
    }
  }
  return {
    key: body.key,
    label: body.label.trim(),
    labelEn: body.labelEn?.trim() || body.label.trim(),
    kind: body.kind,
    dictCode,
    target: body.target,
    required: body.required ?? false,
    pattern,
    sort: body.sort ?? 0,
  };
}

const duplicateKey = (key: string) => badInput(`字段标识 ${key} 已存在`, `field key ${key} already exists`);

export async function createField(db: Db, u: CurrentUser, body: FieldBody): Promise<FieldVO> {
  requireBaseDataOwner(u);
  const v = await values(db, body);
  try {
    const [row] = await db.insert(field).values(v).returning();
    return toFieldVO(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateKey(body.key);
    throw err;
  }
}

/** Where a field is used: natures, meetings and groups that chose it. */
async function usage(db: DbOrTx, ids: number[]) {
  const [natures, meetings, groups] = await Promise.all([
    db
      .select({ id: natureField.fieldId, n: count() })
      .from(natureField)
      .where(inArray(natureField.fieldId, ids))
      .groupBy(natureField.fieldId),
    db
      .select({ id: meetingField.fieldId, n: count() })
      .from(meetingField)
      .where(inArray(meetingField.fieldId, ids))
      .groupBy(meetingField.fieldId),
    db
      .select({ id: groupField.fieldId, n: count() })
      .from(groupField)
      .where(inArray(groupField.fieldId, ids))
      .groupBy(groupField.fieldId),
  ]);
  const of = (rows: { id: number; n: number }[], id: number) => rows.find((r) => r.id === id)?.n ?? 0;
  return (id: number) => ({ natures: of(natures, id), meetings: of(meetings, id), groups: of(groups, id) });
}

function inUse(key: string, u: { natures: number; meetings: number; groups: number }, action: 'delete' | 'rekey') {
  const zh = `字段 ${key} 正被 ${u.natures} 个赛事性质、${u.meetings} 个赛事、${u.groups} 个组别使用`;
  const en = `field ${key} is used by ${u.natures} nature(s), ${u.meetings} meeting(s) and ${u.groups} group(s)`;
  return action === 'delete'
    ? badInput(`${zh}，不能删除`, `${en} and cannot be deleted`)
    : badInput(`${zh}，不能修改标识`, `${en}; its key cannot change`);
}

export async function updateField(
  db: Db,
  u: CurrentUser,
  id: number,
  body: FieldUpdateBody,
): Promise<{ before: FieldVO; after: FieldVO }> {
  requireBaseDataOwner(u);
  const before = await getField(db, id);
  const v = await values(db, body);
  if (v.key !== before.key) {
    const u = (await usage(db, [id]))(id);
    if (u.natures + u.meetings + u.groups > 0) throw inUse(before.key, u, 'rekey');
  }
  try {
    const [row] = await db
      .update(field)
      .set({ ...v, ...nextVersion(field) })
      .where(sameVersion(field, id, body.version))
      .returning();
    if (!row) return staleOrMissing(db.select({ id: field.id }).from(field).where(eq(field.id, id)));
    return { before, after: toFieldVO(row) };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateKey(body.key);
    throw err;
  }
}

export async function deleteFields(db: Db, u: CurrentUser, ids: number[]): Promise<FieldVO[]> {
  requireBaseDataOwner(u);
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(field).where(inArray(field.id, ids));
    if (rows.length !== ids.length) throw notFound();
    const of = await usage(tx, ids);
    for (const r of rows) {
      const u = of(r.id);
      if (u.natures + u.meetings + u.groups > 0) throw inUse(r.key, u, 'delete');
    }
    await tx.delete(field).where(inArray(field.id, ids));
    return rows.map(toFieldVO);
  });
}

export async function exportFields(db: Db, q: FieldExportQuery, lang: string): Promise<Buffer> {
  const rows = await db
    .select()
    .from(field)
    .where(where(q))
    .orderBy(...orderFrom(SORT, q.sortKey, q.sortDir, [asc(field.target), asc(field.sort), asc(field.id)]))
    .limit(EXPORT_MAX_ROWS);
  const columns: Column<FieldRow>[] = [
    { header: say(lang, '标识', 'Key'), key: 'key', value: (r) => r.key },
    { header: say(lang, '名称', 'Label'), key: 'label', value: (r) => r.label },
    { header: say(lang, '英文名称', 'English label'), key: 'labelEn', width: 24, value: (r) => r.labelEn },
    { header: say(lang, '类型', 'Kind'), key: 'kind', width: 12, value: (r) => r.kind },
    { header: say(lang, '字典', 'Dictionary'), key: 'dictCode', width: 14, value: (r) => r.dictCode },
    { header: say(lang, '对象', 'Target'), key: 'target', width: 12, value: (r) => r.target },
    { header: say(lang, '必填', 'Required'), key: 'required', width: 8, value: (r) => (r.required ? 'Y' : '') },
    { header: say(lang, '校验规则', 'Pattern'), key: 'pattern', width: 24, value: (r) => r.pattern },
  ];
  return toXlsx(say(lang, '字段', 'Fields'), columns, rows);
}
