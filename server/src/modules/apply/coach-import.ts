import type { CoachBody, CoachRole, ImportReport, Lang } from '@baton/contracts';
import type { Db } from '../../db/client.js';
import { AppError, messageOf, say } from '../../lib/errors.js';
import { type ImportColumn, templateColumns, toXlsx } from '../../lib/excel.js';
import { headerKey, readableRows } from '../../lib/sheet-import.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireActing } from './access.js';
import { addCoach } from './coaches.js';
import { type Forms, loadForms } from './forms.js';
import { ID_NUMBER_SYNONYMS, ID_TYPES } from './importer.js';
import { peopleImport } from './people.js';
import { formFields, invalid, isUpload, RuleError } from './rules.js';

/**
 * Coaches and staff from a spreadsheet, on the same reader as the athletes (issue 22): the
 * header found under title rows, columns by synonyms or the user's mapping. Every row goes
 * through the coach form's rules (addCoach, a savepoint each) in one transaction under the
 * delegation's lock; all-or-nothing by default, `valid-only` writes the good rows, `preview`
 * writes nothing.
 */
const BASE_COLUMNS: ImportColumn[] = [
  { key: 'name', zh: '姓名', en: 'Name', required: true, synonyms: ['名字', '人员姓名', 'Full name'] },
  { key: 'gender', zh: '性别', en: 'Gender', required: true, synonyms: ['Sex'] },
  {
    key: 'role',
    zh: '职务',
    en: 'Role',
    required: true,
    synonyms: ['身份', '职位', '类别', '人员类别', '担任职务', 'Position', 'Post'],
  },
  { key: 'mobile', zh: '手机', en: 'Mobile', required: false, synonyms: ['手机号', '手机号码', '联系电话', 'Phone'] },
  { key: 'idType', zh: '证件类型', en: 'ID type', required: false, synonyms: ['Document type'] },
  { key: 'idNumber', zh: '证件号码', en: 'ID number', required: false, kind: 'id', synonyms: ID_NUMBER_SYNONYMS },
];

function columnsOf(forms: Forms): ImportColumn[] {
  const seen = new Set(BASE_COLUMNS.map((c) => c.key));
  const extra: ImportColumn[] = [];
  for (const f of formFields(forms.coach)) {
    if (isUpload(f) || seen.has(f.key)) continue;
    seen.add(f.key);
    extra.push({ key: f.key, zh: f.label, en: f.labelEn || f.label, required: false });
  }
  return [...BASE_COLUMNS, ...extra];
}

export async function coachTemplate(db: Db, u: CurrentUser, delegationId: number | undefined, lang: Lang) {
  const a = await requireActing(db, u, delegationId);
  const forms = await loadForms(db, a.m.id);
  return toXlsx(say(lang, '随队人员', 'Coaches'), templateColumns(columnsOf(forms), lang), []);
}

/** Roles as a sheet writes them (compared as headerKey does). */
const ROLES: Record<string, CoachRole> = {
  leader: 'leader',
  领队: 'leader',
  teamleader: 'leader',
  head_coach: 'head_coach',
  主教练: 'head_coach',
  headcoach: 'head_coach',
  coach: 'coach',
  教练: 'coach',
  教练员: 'coach',
  doctor: 'doctor',
  队医: 'doctor',
  医生: 'doctor',
  other: 'other',
  其他: 'other',
  工作人员: 'other',
  staff: 'other',
};
const GENDERS: Record<string, 'M' | 'F'> = { m: 'M', 男: 'M', male: 'M', f: 'F', 女: 'F', female: 'F' };

function rowToBody(v: Record<string, string>, columns: ImportColumn[]): CoachBody {
  const text = (k: string) => (v[k] ?? '').trim();
  const name = text('name').replace(/(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])/g, '');
  if (!name) throw invalid('name', '姓名必填', 'the name is required');
  if (name.length > 50) throw invalid('name', '姓名不能超过 50 字', 'the name is longer than 50 characters');
  const gender = GENDERS[text('gender').toLowerCase()];
  if (!gender) throw invalid('gender', '性别应为 男 或 女', 'the gender should be Male or Female');
  const role = ROLES[headerKey(text('role'))];
  if (!role) {
    throw invalid(
      'role',
      `职务「${text('role')}」无效，应为 领队/主教练/教练/队医/其他`,
      `role "${text('role')}" is not known: leader, head coach, coach, doctor or other`,
    );
  }
  const mobile = text('mobile').replace(/\s+/g, '');
  if (mobile && !/^1\d{10}$/.test(mobile)) throw invalid('mobile', '手机号码格式不正确', 'not a valid mobile number');
  const idTypeText = headerKey(text('idType'));
  const idType = idTypeText ? ID_TYPES[idTypeText] : '1';
  if (!idType) throw invalid('idType', `证件类型 ${text('idType')} 无效`, `ID type ${text('idType')} is not known`);
  const idNumber = text('idNumber').replace(/\s+/g, '');
  if (idNumber && !/^[0-9A-Za-z()-]{1,30}$/.test(idNumber)) {
    throw invalid(
      'idNumber',
      '证件号码应为 30 位以内的字母或数字',
      'the ID number should be up to 30 letters or digits',
    );
  }
  const fields: Record<string, unknown> = {};
  for (const c of columns) if (!BASE_COLUMNS.some((b) => b.key === c.key) && text(c.key)) fields[c.key] = text(c.key);
  return { name, gender, role, mobile: mobile || null, idType, idNumber: idNumber || null, fields };
}

export const importCoaches = peopleImport(columnsOf, async ({ tx, w, forms, sheet, lang }) => {
  const columns = columnsOf(forms);
  const errors: ImportReport['errors'] = [];
  let written = 0;
  for (const r of readableRows(sheet.rows, lang, errors)) {
    try {
      const body = rowToBody(r.values, columns);
      await tx.transaction((sp) => addCoach(sp, w, forms, body));
      written += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push({
        row: r.row,
        field: err instanceof RuleError ? err.field : 'name',
        message: messageOf(err, lang),
      });
    }
  }
  const label = say(lang, '随队人员', 'Coaches');
  return {
    errors,
    valid: written,
    written,
    creates: (kept) => [{ what: 'coaches', label, count: kept ? written : 0 }],
  };
});
