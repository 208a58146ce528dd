/**
 * Adding delegations in bulk: from pasted rows (batch), from a spreadsheet (import, and its
 * template) and from chosen customers, every row checked against the rules and the meeting.
 */
import {
  CONTACT_MOBILE_PATTERN,
  DELEGATION_IMPORT_COLUMNS,
  type DelegationBatchRow,
  type ImportMode,
  type ImportReport,
} from '@baton/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { areaCode, customer, delegation } from '../../db/schema/index.js';
import { badInput, say } from '../../lib/errors.js';
import { type ImportColumn, templateColumns, toXlsx } from '../../lib/excel.js';
import {
  type Mapping,
  missingColumnsReport,
  readImportSheet,
  requireColumns,
  withSheet,
} from '../../lib/sheet-import.js';
import { isUniqueViolation } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireMeeting } from '../meetings/access.js';

const MOBILE_RE = new RegExp(CONTACT_MOBILE_PATTERN);

interface Candidate {
  row: number;
  name: string;
  shortName: string | null;
  contactName: string | null;
  contactMobile: string;
  areaCodeId: number | null;
  customerId: number | null;
}
type RowError = ImportReport['errors'][number];

/**
 * Check rows against the rules and the meeting: name (≤ 100) and a valid contact mobile
 * required; short name and contact ≤ 50; an area code that exists; names and mobiles unique in
 * the file and in the meeting. Returns the good rows and one error per problem (row + field).
 */
async function checkRows(
  db: DbOrTx,
  meetingId: number,
  rows: { row: number; values: Record<string, string | null | undefined>; customerId?: number | null }[],
  lang: string,
): Promise<{ good: Candidate[]; errors: RowError[] }> {
  const errors: RowError[] = [];
  const fail = (row: number, field: string, zh: string, en: string) =>
    errors.push({ row, field, message: say(lang, zh, en) });
  const existing = await db
    .select({ name: delegation.name, mobile: delegation.contactMobile })
    .from(delegation)
    .where(eq(delegation.meetingId, meetingId));
  const nameHolder = new Set(existing.map((e) => e.name));
  const mobileHolder = new Map(existing.map((e) => [e.mobile, e.name]));
  const codes = [...new Set(rows.map((r) => (r.values.areaCode ?? '').trim()).filter(Boolean))];
  const areas = codes.length
    ? await db.select({ id: areaCode.id, code: areaCode.code }).from(areaCode).where(inArray(areaCode.code, codes))
    : [];
  const areaIds = new Map(areas.map((a) => [a.code, a.id]));
  const namesSeen = new Map<string, number>();
  const mobilesSeen = new Map<string, number>();
  const good: Candidate[] = [];
  for (const { row, values: v, customerId } of rows) {
    const before = errors.length;
    const name = (v.name ?? '').trim();
    const shortName = (v.shortName ?? '').trim();
    const contactName = (v.contactName ?? '').trim();
    const mobile = (v.contactMobile ?? '').replace(/\s+/g, '');
    const code = (v.areaCode ?? '').trim();
    if (!name) fail(row, 'name', '代表队名称必填', 'name is required');
    else if (name.length > 100) fail(row, 'name', '名称不能超过 100 字', 'name is longer than 100 characters');
    else if (nameHolder.has(name)) fail(row, 'name', `本赛事已有代表队 ${name}`, `the meeting already has ${name}`);
    else if (namesSeen.has(name)) {
      fail(row, 'name', `名称与第 ${namesSeen.get(name)} 行重复`, `name repeats row ${namesSeen.get(name)}`);
    }
    if (name && !namesSeen.has(name)) namesSeen.set(name, row);
    if (shortName.length > 50) fail(row, 'shortName', '简称不能超过 50 字', 'short name is longer than 50 characters');
    if (contactName.length > 50)
      fail(row, 'contactName', '联系人不能超过 50 字', 'contact is longer than 50 characters');
    if (!mobile) fail(row, 'contactMobile', '联系手机必填', 'contact mobile is required');
    else if (!MOBILE_RE.test(mobile)) {
      fail(
        row,
        'contactMobile',
        `联系手机 ${mobile} 格式不正确`,
        `contact mobile ${mobile} is not a valid mobile number`,
      );
    } else if (mobileHolder.has(mobile)) {
      fail(
        row,
        'contactMobile',
        `联系手机 ${mobile} 已被代表队 ${mobileHolder.get(mobile)} 使用`,
        `contact mobile ${mobile} is already used by ${mobileHolder.get(mobile)}`,
      );
    } else if (mobilesSeen.has(mobile)) {
      fail(
        row,
        'contactMobile',
        `联系手机与第 ${mobilesSeen.get(mobile)} 行重复`,
        `contact mobile repeats row ${mobilesSeen.get(mobile)}`,
      );
    }
    if (mobile && !mobilesSeen.has(mobile)) mobilesSeen.set(mobile, row);
    if (code && !areaIds.has(code))
      fail(row, 'areaCode', `区域编码 ${code} 不存在`, `area code ${code} does not exist`);
    if (errors.length === before) {
      good.push({
        row,
        name,
        shortName: shortName || null,
        contactName: contactName || null,
        contactMobile: mobile,
        areaCodeId: code ? areaIds.get(code)! : null,
        customerId: customerId ?? null,
      });
    }
  }
  return { good, errors };
}

/** Write the good rows (all-or-nothing unless `valid-only`; nothing in a preview) and report. */
async function insertChecked(
  db: Db,
  meetingId: number,
  total: number,
  checked: { good: Candidate[]; errors: RowError[] },
  mode: ImportMode,
  source: 'batch' | 'import' | 'customer',
): Promise<ImportReport> {
  const { good, errors } = checked;
  const report: ImportReport = {
    total,
    valid: good.length,
    invalid: new Set(errors.map((e) => e.row)).size,
    imported: 0,
    errors,
  };
  if (mode === 'preview' || !good.length || (errors.length && mode !== 'valid-only')) return report;
  try {
    await db.insert(delegation).values(
      good.map((g) => ({
        meetingId,
        name: g.name,
        shortName: g.shortName,
        contactName: g.contactName,
        contactMobile: g.contactMobile,
        areaCodeId: g.areaCodeId,
        customerId: g.customerId,
        source,
      })),
    );
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw badInput('导入期间代表队被他人修改，请重试', 'delegations changed meanwhile; import again');
    }
    throw err;
  }
  report.imported = good.length;
  return report;
}

/** Add delegations from pasted rows (row numbers from 1). */
export async function batchDelegations(
  db: Db,
  u: CurrentUser,
  meetingId: number,
  rows: DelegationBatchRow[],
  mode: ImportMode,
  lang: string,
): Promise<ImportReport> {
  await requireMeeting(db, u, meetingId, 'manage');
  const checked = await checkRows(
    db,
    meetingId,
    rows.map((values, i) => ({ row: i + 1, values })),
    lang,
  );
  return insertChecked(db, meetingId, rows.length, checked, mode, 'batch');
}

export const delegationTemplate = (lang: string) =>
  toXlsx(say(lang, '代表队', 'Delegations'), templateColumns(DELEGATION_IMPORT_COLUMNS, lang), []);

/** The import's columns with the other headers a sheet may use for them (sheet-import.ts). */
const SYNONYMS: Record<(typeof DELEGATION_IMPORT_COLUMNS)[number]['key'], string[]> = {
  name: ['代表队', '队名', '队伍名称', '单位名称', 'Delegation', 'Delegation name', 'Team', 'Team name'],
  shortName: ['队伍简称', '单位简称', 'Abbreviation'],
  contactName: ['联系人姓名', 'Contact name', 'Contact person'],
  contactMobile: ['手机', '手机号', '手机号码', '联系电话', '联系人手机', '电话', 'Mobile', 'Phone', 'Contact phone'],
  areaCode: ['地区编码', '区域代码', '行政区划代码'],
};
const IMPORT_FIELDS: ImportColumn[] = DELEGATION_IMPORT_COLUMNS.map((c) => ({ ...c, synonyms: SYNONYMS[c.key] }));

/**
 * Add delegations from a spreadsheet (row numbers as the spreadsheet shows them), read by
 * sheet-import.ts (header found, synonyms, the user's mapping); its export re-imports as is.
 */
export async function importDelegations(
  db: Db,
  u: CurrentUser,
  meetingId: number,
  file: Buffer,
  mode: ImportMode,
  lang: string,
  mapping?: Mapping,
): Promise<ImportReport> {
  await requireMeeting(db, u, meetingId, 'manage');
  const sheet = await readImportSheet(file, IMPORT_FIELDS, { lang, mapping });
  const preview = mode === 'preview';
  if (preview && sheet.missing.length) return missingColumnsReport(sheet, lang);
  requireColumns(sheet);
  const checked = await checkRows(db, meetingId, sheet.rows, lang);
  const report = await insertChecked(db, meetingId, sheet.rows.length, checked, mode, 'import');
  const label = say(lang, '代表队', 'Delegations');
  const count = preview || report.imported ? checked.good.length : 0;
  return withSheet({ ...report, creates: [{ what: 'delegations', label, count }] }, sheet, preview);
}

/** "Choose delegation": one delegation per chosen customer, with its name, area and contact. */
export async function delegationsFromCustomers(
  db: Db,
  u: CurrentUser,
  meetingId: number,
  customerIds: number[],
  mode: ImportMode,
  lang: string,
): Promise<ImportReport> {
  await requireMeeting(db, u, meetingId, 'manage');
  const ids = [...new Set(customerIds)];
  const found = await db
    .select({ c: customer, areaCode: areaCode.code })
    .from(customer)
    .leftJoin(areaCode, eq(areaCode.id, customer.areaCodeId))
    .where(inArray(customer.id, ids));
  const missing = ids.find((id) => !found.some((f) => f.c.id === id));
  if (missing !== undefined) throw badInput(`单位 ${missing} 不存在`, `customer ${missing} does not exist`);
  const ordered = ids.map((id) => found.find((f) => f.c.id === id)!);
  const checked = await checkRows(
    db,
    meetingId,
    ordered.map((f, i) => ({
      row: i + 1,
      customerId: f.c.id,
      values: {
        name: f.c.name,
        shortName: f.c.shortName,
        contactName: f.c.contactName,
        contactMobile: f.c.contactMobile,
        areaCode: f.areaCode,
      },
    })),
    lang,
  );
  return insertChecked(db, meetingId, ids.length, checked, mode, 'customer');
}
