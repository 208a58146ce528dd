import type {
  DictBody,
  DictDataBody,
  DictDataForm,
  DictDataPageQuery,
  DictDataUpdateBody,
  DictDataVO,
  DictForm,
  DictListaItem,
  DictPageQuery,
  DictPageVO,
  DictUpdateBody,
  DictVO,
} from '@baton/contracts';
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dict, dictData } from '../../db/schema/index.js';
import { badInput, notFound } from '../../lib/errors.js';
import { limitOffset } from '../../lib/paging.js';
import { iso, isUniqueViolation, likeAny } from '../../lib/sql.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';

/** Every enabled dictionary with its enabled entries, for the web's dictionary cache (spec §4). */
export async function listDicts(db: Db): Promise<DictVO[]> {
  const rows = await db
    .select({
      dictCode: dict.dictCode,
      name: dict.name,
      nameEn: dict.nameEn,
      value: dictData.value,
      label: dictData.label,
      labelEn: dictData.labelEn,
      tagType: dictData.tagType,
      dataStatus: dictData.status,
    })
    .from(dict)
    .leftJoin(dictData, eq(dictData.dictId, dict.id))
    .where(eq(dict.status, 1))
    .orderBy(asc(dict.dictCode), asc(dictData.sort), asc(dictData.id));
  const out = new Map<string, DictVO>();
  for (const r of rows) {
    let d = out.get(r.dictCode);
    if (!d) {
      d = { name: r.name, nameEn: r.nameEn || r.name, dictCode: r.dictCode, dictDataList: [] };
      out.set(r.dictCode, d);
    }
    if (r.value !== null && r.dataStatus === 1) {
      d.dictDataList.push({
        value: r.value,
        label: r.label ?? '',
        labelEn: r.labelEn || r.label || '',
        tagType: r.tagType,
      });
    }
  }
  return [...out.values()];
}

/** Every dictionary (code and names) for pickers. */
export async function listaDicts(db: Db): Promise<DictListaItem[]> {
  const rows = await db
    .select({ dictCode: dict.dictCode, name: dict.name, nameEn: dict.nameEn })
    .from(dict)
    .orderBy(asc(dict.dictCode));
  return rows.map((r) => ({ ...r, nameEn: r.nameEn || r.name }));
}

const codeTaken = (code: string) =>
  badInput(`字典编码“${code}”已存在`, `the dictionary code "${code}" is already used`);

export async function pageDicts(db: Db, q: DictPageQuery) {
  const where: SQL[] = [];
  const kw = likeAny(q.keywords, [dict.dictCode, dict.name, dict.nameEn]);
  if (kw) where.push(kw);
  if (q.status !== undefined) where.push(eq(dict.status, q.status));
  const cond = and(...where);
  const [total] = await db.select({ n: count() }).from(dict).where(cond);
  const rows = await db
    .select()
    .from(dict)
    .where(cond)
    .orderBy(asc(dict.dictCode))
    .limit(limitOffset(q).limit)
    .offset(limitOffset(q).offset);
  const list: DictPageVO[] = rows.map((r) => ({
    id: r.id,
    dictCode: r.dictCode,
    name: r.name,
    nameEn: r.nameEn,
    status: r.status,
    remark: r.remark,
    createdAt: iso(r.createdAt),
  }));
  return { list, total: total?.n ?? 0 };
}

export async function dictForm(db: Db, id: number): Promise<DictForm> {
  const [r] = await db.select().from(dict).where(eq(dict.id, id));
  if (!r) throw notFound();
  return {
    id: r.id,
    dictCode: r.dictCode,
    name: r.name,
    nameEn: r.nameEn,
    status: r.status,
    remark: r.remark,
    version: r.version,
  };
}

async function dictCodeExists(db: Db, code: string, exceptId?: number) {
  const rows = await db
    .select({ id: dict.id })
    .from(dict)
    .where(and(eq(dict.dictCode, code), exceptId ? ne(dict.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function createDict(db: Db, body: DictBody): Promise<DictForm> {
  if (await dictCodeExists(db, body.dictCode)) throw codeTaken(body.dictCode);
  try {
    const [row] = await db
      .insert(dict)
      .values({
        dictCode: body.dictCode,
        name: body.name.trim(),
        nameEn: body.nameEn?.trim() ?? '',
        status: body.status ?? 1,
        remark: body.remark ?? null,
      })
      .returning({ id: dict.id });
    return dictForm(db, row!.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(body.dictCode);
    throw err;
  }
}

export async function updateDict(db: Db, id: number, body: DictUpdateBody) {
  const before = await dictForm(db, id);
  if (await dictCodeExists(db, body.dictCode, id)) throw codeTaken(body.dictCode);
  try {
    const updated = await db
      .update(dict)
      .set({
        dictCode: body.dictCode,
        name: body.name.trim(),
        nameEn: body.nameEn?.trim() ?? before.nameEn,
        status: body.status ?? before.status,
        remark: body.remark === undefined ? before.remark : body.remark,
        ...nextVersion(dict),
      })
      .where(sameVersion(dict, id, body.version))
      .returning({ id: dict.id });
    if (!updated.length) await staleOrMissing(db.select({ id: dict.id }).from(dict).where(eq(dict.id, id)));
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(body.dictCode);
    throw err;
  }
  return { before, after: await dictForm(db, id) };
}

/** Delete dictionaries with their entries. */
export async function deleteDicts(db: Db, ids: number[]) {
  const rows = await db.select({ id: dict.id, dictCode: dict.dictCode }).from(dict).where(inArray(dict.id, ids));
  if (rows.length !== ids.length) throw notFound();
  await db.delete(dict).where(inArray(dict.id, ids));
  return rows;
}

// ─── Dictionary data ─────────────────────────────────────────────────────────────────────

const dataSelect = {
  id: dictData.id,
  dictCode: dict.dictCode,
  value: dictData.value,
  label: dictData.label,
  labelEn: dictData.labelEn,
  tagType: dictData.tagType,
  sort: dictData.sort,
  status: dictData.status,
  version: dictData.version,
  createdAt: dictData.createdAt,
};

export async function pageDictData(db: Db, q: DictDataPageQuery) {
  const where: SQL[] = [];
  if (q.dictCode) where.push(eq(dict.dictCode, q.dictCode));
  const kw = likeAny(q.keywords, [dictData.value, dictData.label, dictData.labelEn]);
  if (kw) where.push(kw);
  if (q.status !== undefined) where.push(eq(dictData.status, q.status));
  const cond = and(...where);
  const [total] = await db
    .select({ n: count() })
    .from(dictData)
    .innerJoin(dict, eq(dict.id, dictData.dictId))
    .where(cond);
  const rows = await db
    .select(dataSelect)
    .from(dictData)
    .innerJoin(dict, eq(dict.id, dictData.dictId))
    .where(cond)
    .orderBy(asc(dict.dictCode), asc(dictData.sort), desc(dictData.id))
    .limit(limitOffset(q).limit)
    .offset(limitOffset(q).offset);
  const list: DictDataVO[] = rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
  return { list, total: total?.n ?? 0 };
}

export async function dictDataForm(db: Db, id: number): Promise<DictDataForm> {
  const [r] = await db
    .select(dataSelect)
    .from(dictData)
    .innerJoin(dict, eq(dict.id, dictData.dictId))
    .where(eq(dictData.id, id));
  if (!r) throw notFound();
  const { createdAt: _c, ...form } = r;
  return form;
}

async function dictIdOf(db: Db, code: string): Promise<number> {
  const [d] = await db.select({ id: dict.id }).from(dict).where(eq(dict.dictCode, code));
  if (!d) throw badInput(`字典“${code}”不存在`, `no dictionary with code "${code}"`);
  return d.id;
}

const valueTaken = (code: string, value: string) =>
  badInput(`字典“${code}”中已有值“${value}”`, `the dictionary "${code}" already has the value "${value}"`);

async function valueExists(db: Db, dictId: number, value: string, exceptId?: number) {
  const rows = await db
    .select({ id: dictData.id })
    .from(dictData)
    .where(
      and(eq(dictData.dictId, dictId), eq(dictData.value, value), exceptId ? ne(dictData.id, exceptId) : undefined),
    );
  return rows.length > 0;
}

function dataValues(body: DictDataBody) {
  return {
    value: body.value.trim(),
    label: body.label.trim(),
    labelEn: body.labelEn?.trim() ?? '',
    tagType: body.tagType ? body.tagType : null,
    sort: body.sort ?? 0,
    status: body.status ?? 1,
  };
}

export async function createDictData(db: Db, body: DictDataBody): Promise<DictDataForm> {
  const dictId = await dictIdOf(db, body.dictCode);
  const values = dataValues(body);
  if (await valueExists(db, dictId, values.value)) throw valueTaken(body.dictCode, values.value);
  try {
    const [row] = await db
      .insert(dictData)
      .values({ dictId, ...values })
      .returning({ id: dictData.id });
    return dictDataForm(db, row!.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw valueTaken(body.dictCode, values.value);
    throw err;
  }
}

export async function updateDictData(db: Db, id: number, body: DictDataUpdateBody) {
  const before = await dictDataForm(db, id);
  const dictId = await dictIdOf(db, body.dictCode);
  const values = dataValues(body);
  if (await valueExists(db, dictId, values.value, id)) throw valueTaken(body.dictCode, values.value);
  try {
    const updated = await db
      .update(dictData)
      .set({ dictId, ...values, ...nextVersion(dictData) })
      .where(sameVersion(dictData, id, body.version))
      .returning({ id: dictData.id });
    if (!updated.length) {
      await staleOrMissing(db.select({ id: dictData.id }).from(dictData).where(eq(dictData.id, id)));
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw valueTaken(body.dictCode, values.value);
    throw err;
  }
  return { before, after: await dictDataForm(db, id) };
}

export async function deleteDictData(db: Db, ids: number[]) {
  const rows = await db
    .select({ id: dictData.id, dictCode: dict.dictCode, value: dictData.value, label: dictData.label })
    .from(dictData)
    .innerJoin(dict, eq(dict.id, dictData.dictId))
    .where(inArray(dictData.id, ids));
  if (rows.length !== ids.length) throw notFound();
  await db.delete(dictData).where(inArray(dictData.id, ids));
  return rows;
}
