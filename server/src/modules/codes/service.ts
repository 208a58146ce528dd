import {
  AREA_CODE_IMPORT_COLUMNS,
  AREA_CODE_PATTERN,
  type AreaCodeBody,
  type AreaCodeForm,
  type AreaCodeQuery,
  type AreaCodeUpdateBody,
  type AreaCodeVO,
  type ImportMode,
  type ImportReport,
} from '@baton/contracts';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { areaCode, customer, delegation, meetingAreaUser } from '../../db/schema/index.js';
import { badInput, notFound, say } from '../../lib/errors.js';
import { type Column, type ImportColumn, templateColumns, toXlsx } from '../../lib/excel.js';
import {
  type Mapping,
  missingColumnsReport,
  readImportSheet,
  requireColumns,
  withSheet,
} from '../../lib/sheet-import.js';
import { isUniqueViolation } from '../../lib/sql.js';
import { buildTree, withAncestors } from '../../lib/tree.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireBaseDataOwner } from '../meetings/base-data.js';

type AreaRow = typeof areaCode.$inferSelect;

const toForm = (r: AreaRow): AreaCodeForm => ({
  id: r.id,
  parentId: r.parentId,
  code: r.code,
  name: r.name,
  nameEn: r.nameEn,
  level: r.level,
  sort: r.sort,
  version: r.version,
});

const allCodes = (db: DbOrTx) => db.select().from(areaCode).orderBy(asc(areaCode.sort), asc(areaCode.code));

/** The code tree; with keywords, the matching codes and their ancestors. */
export async function codeTree(db: Db, q: AreaCodeQuery): Promise<AreaCodeVO[]> {
  let rows = await allCodes(db);
  const kw = q.keywords?.trim().toLowerCase();
  if (kw) {
    rows = withAncestors(rows, (r) => [r.code, r.name, r.nameEn].some((t) => t.toLowerCase().includes(kw)));
  }
  return buildTree<AreaRow, AreaCodeVO>(rows, (r, children) => ({ ...toForm(r), children }));
}

export async function getCode(db: DbOrTx, id: number): Promise<AreaCodeForm> {
  const [row] = await db.select().from(areaCode).where(eq(areaCode.id, id));
  if (!row) throw notFound();
  return toForm(row);
}

const duplicateCode = (code: string) => badInput(`编码 ${code} 已存在`, `code ${code} already exists`);

async function parentLevel(db: DbOrTx, parentId: number | null | undefined): Promise<number> {
  if (!parentId) return 0;
  const [p] = await db.select({ level: areaCode.level }).from(areaCode).where(eq(areaCode.id, parentId));
  if (!p) throw badInput('上级编码不存在', 'the parent code does not exist');
  return p.level;
}

export async function createCode(db: Db, u: CurrentUser, body: AreaCodeBody): Promise<AreaCodeForm> {
  requireBaseDataOwner(u);
  const level = (await parentLevel(db, body.parentId)) + 1;
  try {
    const [row] = await db
      .insert(areaCode)
      .values({
        parentId: body.parentId ?? null,
        code: body.code,
        name: body.name.trim(),
        nameEn: body.nameEn?.trim() ?? '',
        level,
        sort: body.sort ?? 0,
      })
      .returning();
    return toForm(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCode(body.code);
    throw err;
  }
}

export async function updateCode(
  db: Db,
  u: CurrentUser,
  id: number,
  body: AreaCodeUpdateBody,
): Promise<{ before: AreaCodeForm; after: AreaCodeForm }> {
  requireBaseDataOwner(u);
  const before = await getCode(db, id);
  const parentId = body.parentId ?? null;
  if (parentId !== before.parentId) {
    if (parentId === id) throw badInput('上级不能是自己', 'a code cannot be its own parent');
    const [child] = await db.select({ n: count() }).from(areaCode).where(eq(areaCode.parentId, id));
    if ((child?.n ?? 0) > 0) {
      throw badInput('有下级编码的编码不能移动', 'a code with sub-codes cannot move to another parent');
    }
  }
  const level = (await parentLevel(db, parentId)) + 1;
  try {
    const [row] = await db
      .update(areaCode)
      .set({
        parentId,
        code: body.code,
        name: body.name.trim(),
        nameEn: body.nameEn?.trim() ?? '',
        level,
        sort: body.sort ?? 0,
        ...nextVersion(areaCode),
      })
      .where(sameVersion(areaCode, id, body.version))
      .returning();
    if (!row) return staleOrMissing(db.select({ id: areaCode.id }).from(areaCode).where(eq(areaCode.id, id)));
    return { before, after: toForm(row) };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCode(body.code);
    throw err;
  }
}

/** Delete codes nothing hangs on: no sub-codes, delegations, customers or area users. */
export async function deleteCodes(db: Db, u: CurrentUser, ids: number[]): Promise<AreaCodeForm[]> {
  requireBaseDataOwner(u);
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(areaCode).where(inArray(areaCode.id, ids));
    if (rows.length !== ids.length) throw notFound();
    const name = (id: number | null) => rows.find((r) => r.id === id)?.code ?? '';
    const kids = await tx
      .select({ id: areaCode.id, parentId: areaCode.parentId })
      .from(areaCode)
      .where(inArray(areaCode.parentId, ids));
    // A parent deleted together with all its children is fine; otherwise the children hold it.
    const orphan = kids.find((k) => !ids.includes(k.id));
    if (orphan) {
      const n = kids.filter((k) => k.parentId === orphan.parentId && !ids.includes(k.id)).length;
      throw badInput(
        `编码 ${name(orphan.parentId)} 下还有 ${n} 个下级编码，不能删除`,
        `code ${name(orphan.parentId)} still has ${n} sub-code(s) and cannot be deleted`,
      );
    }
    const held = async (rowsHeld: Promise<{ id: number | null; n: number }[]>, zh: string, en: string) => {
      const [h] = await rowsHeld;
      if (h) {
        throw badInput(
          `编码 ${name(h.id)} 正被 ${h.n} ${zh}使用，不能删除`,
          `code ${name(h.id)} is used by ${h.n} ${en} and cannot be deleted`,
        );
      }
    };
    await held(
      tx
        .select({ id: delegation.areaCodeId, n: count() })
        .from(delegation)
        .where(inArray(delegation.areaCodeId, ids))
        .groupBy(delegation.areaCodeId),
      '个代表队',
      'delegation(s)',
    );
    await held(
      tx
        .select({ id: customer.areaCodeId, n: count() })
        .from(customer)
        .where(inArray(customer.areaCodeId, ids))
        .groupBy(customer.areaCodeId),
      '个单位',
      'customer(s)',
    );
    await held(
      tx
        .select({ id: meetingAreaUser.areaCodeId, n: count() })
        .from(meetingAreaUser)
        .where(inArray(meetingAreaUser.areaCodeId, ids))
        .groupBy(meetingAreaUser.areaCodeId),
      '个赛区用户分配',
      'area user assignment(s)',
    );
    await tx.delete(areaCode).where(inArray(areaCode.id, ids));
    return rows.map(toForm);
  });
}

const exportColumns = (lang: string, byId: Map<number, AreaRow>): Column<AreaRow>[] => [
  { header: say(lang, '编码', 'Code'), key: 'code', value: (r) => r.code },
  { header: say(lang, '名称', 'Name'), key: 'name', width: 24, value: (r) => r.name },
  { header: say(lang, '英文名称', 'English name'), key: 'nameEn', width: 24, value: (r) => r.nameEn },
  {
    header: say(lang, '上级编码', 'Parent code'),
    key: 'parentCode',
    value: (r) => (r.parentId === null ? null : (byId.get(r.parentId)?.code ?? null)),
  },
  { header: say(lang, '层级', 'Level'), key: 'level', width: 8, value: (r) => r.level },
];

/** The codes (of the keyword filter) in the import's own columns: an export re-imports as is. */
export async function exportCodes(db: Db, q: AreaCodeQuery, lang: string): Promise<Buffer> {
  const all = await allCodes(db);
  const kw = q.keywords?.trim().toLowerCase();
  const rows = kw
    ? withAncestors(all, (r) => [r.code, r.name, r.nameEn].some((t) => t.toLowerCase().includes(kw)))
    : all;
  // Parents before children, so the file imports in one pass.
  // (buildTree makes the children before their parent: walk its tree instead.)
  type Node = { r: AreaRow; children: Node[] };
  const ordered: AreaRow[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      ordered.push(n.r);
      walk(n.children);
    }
  };
  walk(buildTree<AreaRow, Node>(rows, (r, children) => ({ r, children })));
  const byId = new Map(all.map((r) => [r.id, r]));
  return toXlsx(say(lang, '编码', 'Codes'), exportColumns(lang, byId), ordered);
}

export const codeTemplate = (lang: string) =>
  toXlsx(say(lang, '编码', 'Codes'), templateColumns(AREA_CODE_IMPORT_COLUMNS, lang), []);

const CODE_RE = new RegExp(AREA_CODE_PATTERN);

/** The import's columns with the other headers a sheet may use for them (sheet-import.ts). */
const SYNONYMS: Record<(typeof AREA_CODE_IMPORT_COLUMNS)[number]['key'], string[]> = {
  code: ['区域编码', '地区编码', '行政区划代码', '代码', 'Area code'],
  name: ['区域名称', '地区名称', '区域', 'Area name'],
  nameEn: ['英文名', 'Name (English)', 'Name EN'],
  parentCode: ['上级代码', '父级编码', 'Parent'],
};
const IMPORT_FIELDS: ImportColumn[] = AREA_CODE_IMPORT_COLUMNS.map((c) => ({ ...c, synonyms: SYNONYMS[c.key] }));

/**
 * Import codes from a spreadsheet: every row is checked (code format and uniqueness in the
 * file and the table, name, parent code in the table or the file). All-or-nothing unless
 * `validOnly`; a child of a refused row is refused too. Parents are written before children.
 */
export async function importCodes(
  db: Db,
  u: CurrentUser,
  file: Buffer,
  mode: ImportMode,
  lang: string,
  mapping?: Mapping,
): Promise<ImportReport> {
  requireBaseDataOwner(u);
  const sheet = await readImportSheet(file, IMPORT_FIELDS, { lang, mapping });
  const preview = mode === 'preview';
  if (preview && sheet.missing.length) return missingColumnsReport(sheet, lang);
  requireColumns(sheet);
  const rows = sheet.rows;
  const validOnly = mode === 'valid-only';
  const errors: ImportReport['errors'] = [];
  const fail = (row: number, fieldKey: string, zh: string, en: string) => {
    errors.push({ row, field: fieldKey, message: say(lang, zh, en) });
  };
  const existing = new Map((await allCodes(db)).map((r) => [r.code, r]));
  const seen = new Map<string, number>();
  type Pending = { row: number; code: string; name: string; nameEn: string; parentCode: string };
  const candidates: Pending[] = [];
  for (const { row, values } of rows) {
    const code = values.code ?? '';
    const name = values.name ?? '';
    const nameEn = values.nameEn ?? '';
    const parentCode = values.parentCode ?? '';
    const before = errors.length;
    if (!code) fail(row, 'code', '编码必填', 'code is required');
    else if (!CODE_RE.test(code)) fail(row, 'code', '编码格式不正确', 'code must be 1-32 letters, digits, _ or -');
    else if (existing.has(code)) fail(row, 'code', `编码 ${code} 已存在`, `code ${code} already exists`);
    else if (seen.has(code)) {
      fail(row, 'code', `编码 ${code} 与第 ${seen.get(code)} 行重复`, `code ${code} repeats row ${seen.get(code)}`);
    }
    if (code && !seen.has(code)) seen.set(code, row);
    if (!name) fail(row, 'name', '名称必填', 'name is required');
    else if (name.length > 50) fail(row, 'name', '名称不能超过 50 字', 'name is longer than 50 characters');
    if (nameEn.length > 100)
      fail(row, 'nameEn', '英文名称不能超过 100 字', 'English name is longer than 100 characters');
    if (parentCode && parentCode === code)
      fail(row, 'parentCode', '上级编码不能是自己', 'a code cannot be its own parent');
    if (errors.length === before) candidates.push({ row, code, name, nameEn, parentCode });
  }
  // Resolve parents: in the table, or a good row of the file (any order).
  const levels = new Map<string, number>();
  for (const [code, r] of existing) levels.set(code, r.level);
  let pending = candidates;
  const resolved: (Pending & { level: number })[] = [];
  for (let changed = true; changed && pending.length; ) {
    changed = false;
    const next: Pending[] = [];
    for (const p of pending) {
      const parentLevel = p.parentCode ? levels.get(p.parentCode) : 0;
      if (parentLevel === undefined) next.push(p);
      else {
        levels.set(p.code, parentLevel + 1);
        resolved.push({ ...p, level: parentLevel + 1 });
        changed = true;
      }
    }
    pending = next;
  }
  for (const p of pending) {
    fail(p.row, 'parentCode', `上级编码 ${p.parentCode} 不存在`, `parent code ${p.parentCode} does not exist`);
  }
  errors.sort((a, b) => a.row - b.row);
  const invalidRows = new Set(errors.map((e) => e.row)).size;
  const label = say(lang, '编码', 'Codes');
  const writes = preview || !(errors.length && !validOnly);
  const report: ImportReport = withSheet(
    {
      total: rows.length,
      valid: resolved.length,
      invalid: invalidRows,
      imported: 0,
      errors,
      creates: [{ what: 'codes', label, count: writes ? resolved.length : 0 }],
    },
    sheet,
    preview,
  );
  if (preview || resolved.length === 0 || (errors.length && !validOnly)) return report;
  try {
    await db.transaction(async (tx) => {
      const ids = new Map<string, number>();
      for (const [code, r] of existing) ids.set(code, r.id);
      resolved.sort((a, b) => a.level - b.level || a.row - b.row);
      for (const [i, r] of resolved.entries()) {
        const [row] = await tx
          .insert(areaCode)
          .values({
            code: r.code,
            name: r.name,
            nameEn: r.nameEn,
            parentId: r.parentCode ? ids.get(r.parentCode)! : null,
            level: r.level,
            sort: i + 1,
          })
          .returning({ id: areaCode.id });
        ids.set(r.code, row!.id);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw badInput('导入期间编码被他人添加，请重试', 'codes were added meanwhile; import again');
    }
    throw err;
  }
  report.imported = resolved.length;
  return report;
}
