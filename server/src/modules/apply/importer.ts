import type { AthleteBody, IdType, ImportReport, Lang } from '@baton/contracts';
import type { Db } from '../../db/client.js';
import { AppError, say } from '../../lib/errors.js';
import { type ImportColumn, keyedRows, readXlsx, templateColumns, toXlsx } from '../../lib/excel.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { type Forms, loadForms } from './forms.js';
import {
  checkPerson,
  eligibilityProblem,
  formFields,
  invalid,
  isUpload,
  messageOf,
  notEligible,
  RuleError,
} from './rules.js';
import { acting, delegationIdOf, writing } from './scope.js';
import { addAthletes, inTransaction } from './service.js';

/**
 * Athletes from a spreadsheet (issue 5 "Excel import with a row report"). Every row goes
 * through the same rules as `POST /apply/athletes` (addAthletes: checked in memory in row order,
 * then written in batches, in one transaction under the delegation's lock); all-or-nothing by
 * default: one bad row and nothing is written.
 * The group is named in Chinese or English, or left blank when exactly one group fits the
 * athlete's gender and birth date.
 */
const BASE_COLUMNS: ImportColumn[] = [
  { key: 'name', zh: '姓名', en: 'Name', required: true },
  { key: 'idNumber', zh: '证件号码', en: 'ID number', required: true },
  { key: 'group', zh: '组别', en: 'Group', required: false },
  { key: 'nameEn', zh: '英文名', en: 'Name (English)', required: false },
  { key: 'idType', zh: '证件类型', en: 'ID type', required: false },
  { key: 'gender', zh: '性别', en: 'Gender', required: false },
  { key: 'birthDate', zh: '出生日期', en: 'Birth date', required: false },
];

/** The template's columns: the base ones, then the athlete fields (uploads are added in the form). */
function columnsOf(forms: Forms): ImportColumn[] {
  const seen = new Set(BASE_COLUMNS.map((c) => c.key));
  const extra: ImportColumn[] = [];
  for (const f of formFields(forms.athlete, [...forms.groupFields.values()].flat())) {
    if (isUpload(f) || seen.has(f.key)) continue;
    seen.add(f.key);
    extra.push({ key: f.key, zh: f.label, en: f.labelEn || f.label, required: false });
  }
  return [...BASE_COLUMNS, ...extra];
}

export async function athleteTemplate(db: Db, u: CurrentUser, delegationId: number | undefined, lang: Lang) {
  const a = await acting(db, u, delegationId);
  const forms = await loadForms(db, a.m.id);
  return toXlsx(say(lang, '运动员', 'Athletes'), templateColumns(columnsOf(forms), lang), []);
}

const ID_TYPES: Record<string, IdType> = {
  '1': '1',
  身份证: '1',
  居民身份证: '1',
  'id card': '1',
  '2': '2',
  护照: '2',
  passport: '2',
  '3': '3',
  港澳台: '3',
  港澳台居民居住证: '3',
  通行证: '3',
  permit: '3',
};
const GENDERS: Record<string, 'M' | 'F'> = { m: 'M', 男: 'M', male: 'M', f: 'F', 女: 'F', female: 'F' };

/** A spreadsheet row as the form it stands for (group by name, or the one group that fits). */
function rowToBody(v: Record<string, string>, forms: Forms, columns: ImportColumn[]): AthleteBody {
  const text = (k: string) => (v[k] ?? '').trim();
  const name = text('name');
  if (!name) throw invalid('name', '姓名必填', 'the name is required');
  if (name.length > 50) throw invalid('name', '姓名不能超过 50 字', 'the name is longer than 50 characters');
  const nameEn = text('nameEn');
  if (nameEn.length > 100)
    throw invalid('nameEn', '英文名不能超过 100 字', 'the English name is longer than 100 characters');
  const idNumber = text('idNumber').replace(/\s+/g, '');
  if (!/^[0-9A-Za-z()-]{5,30}$/.test(idNumber)) {
    throw invalid('idNumber', '证件号码应为 5–30 位字母或数字', 'the ID number should be 5–30 letters or digits');
  }
  const idTypeText = text('idType').toLowerCase();
  const idType = idTypeText ? ID_TYPES[idTypeText] : '1';
  if (!idType) throw invalid('idType', `证件类型 ${text('idType')} 无效`, `ID type ${text('idType')} is not known`);
  const genderText = text('gender').toLowerCase();
  const gender = genderText ? GENDERS[genderText] : undefined;
  if (genderText && !gender)
    throw invalid('gender', `性别 ${text('gender')} 无效`, `gender ${text('gender')} is not known`);
  const birthText = text('birthDate').replace(/[/.]/g, '-');
  const birth = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(birthText);
  const birthDate = birth ? `${birth[1]}-${birth[2]!.padStart(2, '0')}-${birth[3]!.padStart(2, '0')}` : undefined;
  if (birthText && !birthDate) {
    throw invalid(
      'birthDate',
      `出生日期 ${text('birthDate')} 应为 2012-05-01 格式`,
      'the birth date should look like 2012-05-01',
    );
  }
  const fields: Record<string, unknown> = {};
  for (const c of columns) if (!BASE_COLUMNS.some((b) => b.key === c.key) && text(c.key)) fields[c.key] = text(c.key);
  const body: AthleteBody = { groupId: 0, name, nameEn: nameEn || null, idType, idNumber, gender, birthDate, fields };

  const groupText = text('group').toLowerCase();
  if (groupText) {
    const g = forms.groups.find((x) => x.name.toLowerCase() === groupText || x.nameEn.toLowerCase() === groupText);
    if (!g) throw invalid('group', `组别 ${text('group')} 不存在`, `group ${text('group')} does not exist`);
    return { ...body, groupId: g.id };
  }
  // No group named: the one the athlete fits (gender and birth from the ID number when mainland).
  const p = checkPerson(body);
  const fitting = forms.groups.filter((g) => !eligibilityProblem(g, p));
  if (!fitting.length) throw notEligible('group', '没有适合该运动员的组别', 'no group fits this athlete');
  if (fitting.length > 1) {
    throw invalid('group', '有多个组别适合该运动员，请填写组别', 'several groups fit this athlete; name the group');
  }
  return { ...body, groupId: fitting[0]!.id };
}

/** Thrown to roll an all-or-nothing import back, carrying its report. */
class RolledBack extends Error {
  constructor(readonly report: ImportReport) {
    super('import rolled back');
  }
}

export async function importAthletes(
  db: Db,
  u: CurrentUser,
  delegationId: number | undefined,
  file: Buffer,
  validOnly: boolean,
  lang: Lang,
): Promise<ImportReport & { override: boolean }> {
  const dId = delegationIdOf(u, delegationId);
  const sheet = await readXlsx(file);
  try {
    return await inTransaction(db, async (tx) => {
      const w = await writing(tx, u, dId);
      const forms = await loadForms(tx, w.m.id);
      const columns = columnsOf(forms);
      const rows = keyedRows(sheet, columns);
      // Each row read as its form; the rules that need the database then run over all of them
      // at once (addAthletes), in row order, as if the rows were added one after the other.
      const failed = new Map<number, AppError>();
      const bodies: AthleteBody[] = [];
      const bodyRows: number[] = [];
      for (const r of rows) {
        try {
          bodies.push(rowToBody(r.values, forms, columns));
          bodyRows.push(r.row);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          failed.set(r.row, err);
        }
      }
      const mode = validOnly ? 'valid' : failed.size ? 'none' : 'all';
      const results = await addAthletes(tx, w, forms, bodies, mode);
      let valid = 0;
      results.forEach((result, i) => {
        if (result instanceof AppError) failed.set(bodyRows[i]!, result);
        else valid += 1;
      });
      const errors: ImportReport['errors'] = rows.flatMap((r) => {
        const e = failed.get(r.row);
        return e
          ? [{ row: r.row, field: e instanceof RuleError ? e.field : 'idNumber', message: messageOf(e, lang) }]
          : [];
      });
      const report: ImportReport & { override: boolean } = {
        total: rows.length,
        valid,
        invalid: new Set(errors.map((e) => e.row)).size,
        imported: 0,
        errors,
        override: w.override,
      };
      if (errors.length && !validOnly) throw new RolledBack(report);
      report.imported = valid;
      return report;
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.report as ImportReport & { override: boolean };
    throw err;
  }
}
