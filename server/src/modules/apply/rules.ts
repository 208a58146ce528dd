import {
  type FieldLinkVO,
  formatMessage,
  type IdType,
  idCheckChar,
  parseIdNumber,
  type ResultCode,
} from '@baton/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import { patternMatches } from '../../lib/pattern.js';
import { isCalendarDate } from '../../lib/sql.js';

/**
 * The registration rules that need no database (DOMAIN.md "Registration" 3 and 5): ID numbers,
 * eligibility for a group, form fields, and the errors the rules raise.
 */

/** A rule's error, naming the form field it concerns (the import's row report shows it). */
export class RuleError extends AppError {
  constructor(
    code: ResultCode,
    readonly field: string,
    zh: string,
    en: string,
  ) {
    // Catalogue codes with {detail} show the catalogue sentence around the detail.
    const wrap = code === 'A0400' ? null : code;
    super(
      code,
      { detail: en },
      wrap
        ? { zh: formatMessage(wrap, 'zh-cn', { detail: zh }), en: formatMessage(wrap, 'en', { detail: en }) }
        : { zh, en },
    );
  }
}

export const invalid = (field: string, zh: string, en: string) => new RuleError('A0400', field, zh, en);
/** A0462: a registration limit reached. */
export const limitReached = (field: string, zh: string, en: string) => new RuleError('A0462', field, zh, en);
/** A0464: the athlete does not fit the group (or the group item is not the athlete's group's). */
export const notEligible = (field: string, zh: string, en: string) => new RuleError('A0464', field, zh, en);
export const locked = () => new AppError('A0461');

/**
 * The record a team's change is for, as read in the change's transaction: 404 when there is
 * none, A0461 while it is under audit (submitted), A0409 when the form's version is not its own.
 */
export function changeable<R extends { status: string; version: number }>(cur: R | undefined, version: number): R {
  if (!cur) throw notFound();
  if (cur.status === 'submitted') throw locked();
  if (cur.version !== version) throw new AppError('A0409');
  return cur;
}
export const personTaken = () => new AppError('A0463');

export const today = () => new Date().toISOString().slice(0, 10);

/** A 15-digit legacy number as its 18-digit form (century 19 and the check character). */
export function upgradeIdNumber(id15: string): string {
  const first17 = `${id15.slice(0, 6)}19${id15.slice(6)}`;
  return `${first17}${idCheckChar(first17)}`;
}

const GENDER_ZH = { M: '男', F: '女' } as const;
const GENDER_EN = { M: 'male', F: 'female' } as const;

export interface Person {
  idType: IdType;
  /** Null only for an athlete imported without one (a Hy-Tek file as Hy-Tek writes it). */
  idNumber: string | null;
  gender: 'M' | 'F';
  birthDate: string;
}

/**
 * Who the form describes. A mainland ID (type 1) must carry a valid GB 11643 number (18 with
 * its check character, or the legacy 15 digits, stored as its 18-digit form); birth date and
 * gender come from it, and differing values in the form are refused. Other documents need the
 * gender and the birth date in the form.
 *
 * `idOptional` (the Hy-Tek import only: Hy-Tek's files carry no ID number): a blank number
 * is accepted, the person is then its name, birth date and gender (both required), and the
 * delegation adds the number by editing the athlete before it can submit (submit.ts).
 */
export function checkPerson(
  body: {
    idType?: IdType;
    idNumber: string;
    gender?: 'M' | 'F';
    birthDate?: string;
  },
  opts: { idOptional?: boolean } = {},
): Person {
  const idType = body.idType ?? '1';
  const raw = body.idNumber.trim().toUpperCase();
  if (!raw && opts.idOptional) {
    if (!body.gender)
      throw invalid('gender', '没有证件号码时性别必填', 'the gender is required when there is no ID number');
    return { ...datedPerson(idType, body.gender, body.birthDate), idNumber: null };
  }
  if (idType === '1') {
    if (!/^\d{17}[\dX]$/.test(raw) && !/^\d{15}$/.test(raw)) {
      throw invalid(
        'idNumber',
        '身份证号应为 18 位（末位可为 X）或 15 位数字',
        'a mainland ID number has 18 characters (the last may be X) or 15 digits',
      );
    }
    const info = parseIdNumber(raw);
    if (!info) {
      if (raw.length === 18 && idCheckChar(raw.slice(0, 17)) !== raw[17]) {
        throw invalid(
          'idNumber',
          '身份证号校验位错误，请核对号码',
          'the ID number check digit is wrong; check the number',
        );
      }
      throw invalid('idNumber', '身份证号中的出生日期无效', 'the birth date in the ID number is not a valid date');
    }
    if (body.gender && body.gender !== info.gender) {
      throw invalid(
        'gender',
        `性别与身份证号不符：身份证号为${GENDER_ZH[info.gender]}性`,
        `the gender does not match the ID number, which is of a ${GENDER_EN[info.gender]}`,
      );
    }
    if (body.birthDate && body.birthDate !== info.birthDate) {
      throw invalid(
        'birthDate',
        `出生日期与身份证号不符：身份证号为 ${info.birthDate}`,
        `the birth date does not match the ID number, which gives ${info.birthDate}`,
      );
    }
    const idNumber = raw.length === 15 ? upgradeIdNumber(raw) : raw;
    return { idType, idNumber, gender: info.gender, birthDate: info.birthDate };
  }
  if (!body.gender) throw invalid('gender', '请选择性别', 'the gender is required for this ID type');
  return { ...datedPerson(idType, body.gender, body.birthDate), idNumber: raw };
}

/** A person known by gender and a birth date given in the form (checked as a date of the past). */
function datedPerson(idType: IdType, gender: 'M' | 'F', birthDate: string | undefined) {
  if (!birthDate) throw invalid('birthDate', '请填写出生日期', 'the birth date is required');
  if (!isCalendarDate(birthDate) || birthDate > today() || birthDate < '1900-01-01') {
    throw invalid('birthDate', `出生日期 ${birthDate} 无效`, `the birth date ${birthDate} is not valid`);
  }
  return { idType, gender, birthDate };
}

/**
 * Spaces a name may carry from where it was typed: every Unicode space (`\s` covers U+3000
 * the full-width space Chinese input and Excel sheets use, U+00A0, U+2000–U+200A, U+202F,
 * U+205F, U+FEFF) and the zero-width ones (U+200B–U+200D, U+2060).
 */
const NAME_SPACES = /[\s\u200b-\u200d\u2060]+/g;
/** One space between two Chinese characters: layout, not part of a Chinese name. */
const HAN_GAP = /(?<=\p{Script=Han}) (?=\p{Script=Han})/gu;

/**
 * A person's name as stored, whatever typed it (the forms, the Excel and Hy-Tek imports all
 * come through here): trimmed, every run of spaces one ASCII space, and no space between two
 * Chinese characters (`李　明` → `李明`, `欧阳 娜娜` → `欧阳娜娜`). Latin names keep their
 * letters and case as written (`Mary  Ann O'Neil` → `Mary Ann O'Neil`).
 */
export function normalizeName(name: string): string {
  return name.replace(NAME_SPACES, ' ').trim().replace(HAN_GAP, '');
}

/** A required person's name (athlete, coach), normalised. */
export function cleanName(name: string): string {
  const v = normalizeName(name);
  if (!v) throw invalid('name', '姓名必填', 'the name is required');
  return v;
}

export interface GroupRule {
  name: string;
  nameEn: string;
  gender: 'M' | 'F' | 'X';
  birthFrom: string;
  birthTo: string;
}

/** Why a person does not fit a group, or null when they do. */
export function eligibilityProblem(g: GroupRule, p: { gender: 'M' | 'F'; birthDate: string }) {
  if (g.gender !== 'X' && g.gender !== p.gender) {
    return {
      field: 'gender',
      zh: `${g.name}仅限${GENDER_ZH[g.gender]}子运动员`,
      en: `${g.nameEn || g.name} is for ${GENDER_EN[g.gender]} athletes only`,
    };
  }
  if (p.birthDate < g.birthFrom || p.birthDate > g.birthTo) {
    return {
      field: 'birthDate',
      zh: `${g.name}限 ${g.birthFrom} 至 ${g.birthTo} 出生，该运动员出生于 ${p.birthDate}`,
      en: `${g.nameEn || g.name} is for athletes born ${g.birthFrom} to ${g.birthTo}; this athlete was born ${p.birthDate}`,
    };
  }
  return null;
}

export function checkEligible(g: GroupRule, p: { gender: 'M' | 'F'; birthDate: string }): void {
  const problem = eligibilityProblem(g, p);
  if (problem) throw notEligible(problem.field, problem.zh, problem.en);
}

// ─── Form fields ─────────────────────────────────────────────────────────────────────────

/** The field of the meeting's forms that is the athlete's photo (`photoFileId`), not a field value. */
export const PHOTO_FIELD_KEY = 'photo';
const UPLOAD_KINDS = new Set(['image', 'file']);
export const isUpload = (f: Pick<FieldLinkVO, 'kind'>) => UPLOAD_KINDS.has(f.kind);
const FILE_ID = /^[A-Za-z0-9_-]{22}$/;
const MOBILE = /^1\d{10}$/;

/**
 * The fields a form shows: the meeting's fields of the target and, for athletes, those of the
 * group; a field in both is required when either requires it. The photo field is left out.
 */
export function formFields(meetingFields: FieldLinkVO[], groupFields: FieldLinkVO[] = []): FieldLinkVO[] {
  const out = new Map<string, FieldLinkVO>();
  for (const f of [...meetingFields, ...groupFields]) {
    if (f.key === PHOTO_FIELD_KEY) continue;
    const seen = out.get(f.key);
    out.set(f.key, seen ? { ...seen, required: seen.required || f.required } : f);
  }
  return [...out.values()];
}

const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Check and clean a form's field values against its fields: only the form's fields are kept;
 * required ones must be present (uploads excepted: they are added after the record exists and
 * the submission summary asks for them); values fit the kind and the field's pattern; a select
 * takes a value of its dictionary. Returns the values and the ids of uploads to verify.
 * `requiredLater` (a record from another program's file, the Hy-Tek import): a required field
 * may be missing too — the submission summary asks for it as it does for uploads.
 */
export function checkFieldValues(
  fields: FieldLinkVO[],
  values: Record<string, unknown> | undefined,
  dictValues: Map<string, Set<string>>,
  opts: { requiredLater?: boolean } = {},
): { values: Record<string, unknown>; fileIds: { key: string; id: string; image: boolean }[] } {
  const out: Record<string, unknown> = {};
  const fileIds: { key: string; id: string; image: boolean }[] = [];
  const given = values ?? {};
  for (const f of fields) {
    const raw = given[f.key];
    const label = { zh: f.label, en: f.labelEn || f.label };
    if (empty(raw)) {
      if (f.required && !isUpload(f) && !opts.requiredLater)
        throw invalid(f.key, `${label.zh}必填`, `${label.en} is required`);
      continue;
    }
    const bad = (zh: string, en: string) => invalid(f.key, `${label.zh}${zh}`, `${label.en} ${en}`);
    let value: unknown;
    if (f.kind === 'number') {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
      if (!Number.isFinite(n)) throw bad('应为数字', 'should be a number');
      value = n;
    } else if (typeof raw === 'string' || (typeof raw === 'number' && Number.isFinite(raw))) {
      const text = String(raw).trim();
      if (text.length > 200) throw bad('不能超过 200 字', 'is longer than 200 characters');
      if (f.kind === 'date' && !isCalendarDate(text))
        throw bad('应为日期，如 2012-05-01', 'should be a date such as 2012-05-01');
      if (f.kind === 'mobile' && !MOBILE.test(text))
        throw bad('应为 11 位手机号', 'should be an 11-digit mobile number');
      if (f.kind === 'id_number' && !/^[0-9A-Za-z()-]{5,30}$/.test(text))
        throw bad('格式不正确', 'is not a valid ID number');
      if (f.kind === 'select' && f.dictCode && !dictValues.get(f.dictCode)?.has(text)) {
        throw bad('不是可选的值', 'is not one of the options');
      }
      if (isUpload(f)) {
        if (!FILE_ID.test(text)) throw bad('应为已上传的文件', 'should be an uploaded file');
        fileIds.push({ key: f.key, id: text, image: f.kind === 'image' });
      }
      value = text;
    } else {
      throw bad('格式不正确', 'has a value of the wrong type');
    }
    if (f.pattern) {
      // On RE2, in linear time (lib/pattern.ts). A pattern saved before the engine changed that
      // RE2 cannot run is not skipped (the value would go in unchecked): the committee must fix it.
      const ok = patternMatches(f.pattern, String(value));
      if (ok === null) {
        throw invalid(
          f.key,
          `${label.zh}：该字段的格式规则无法执行，请组委会修改该字段的校验规则`,
          `${label.en}: the format rule of this field cannot be applied; the committee must fix the field's pattern`,
        );
      }
      if (!ok) throw bad('格式不正确', 'does not match the required format');
    }
    out[f.key] = value;
  }
  return { values: out, fileIds };
}

/** Required fields (uploads included) a stored record lacks, for the submission summary. */
export function missingFields(fields: FieldLinkVO[], values: Record<string, unknown>): FieldLinkVO[] {
  return fields.filter((f) => f.required && empty(values[f.key]));
}
