import type { AthleteBody, AthleteVO, IdType, ImportReport, Lang } from '@baton/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { athlete, group, groupItem, item } from '../../db/schema/index.js';
import { AppError, messageOf, say } from '../../lib/errors.js';
import { type Column, EXPORT_MAX_ROWS, excel, type ImportColumn, templateColumns, toXlsx } from '../../lib/excel.js';
import { headerKey, readableRows, type SheetRow } from '../../lib/sheet-import.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireActing } from './access.js';
import { addAthletes } from './athletes.js';
import { createEntry } from './entries.js';
import { type Forms, loadForms } from './forms.js';
import { peopleImport } from './people.js';
import { checkPerson, eligibilityProblem, formFields, invalid, isUpload, notEligible, RuleError } from './rules.js';
import { selectAthletes, toAthleteVO } from './views.js';

/** The headers an ID number column goes by (athletes and coaches). */
export const ID_NUMBER_SYNONYMS = [
  '身份证号',
  '身份证',
  '身份证号码',
  '证件号',
  '公民身份号码',
  '身份证件号码',
  'ID No.',
  'ID',
  'ID card',
  'ID card number',
  'ID card No.',
];

/**
 * Athletes from a spreadsheet (issue 5 "Excel import with a row report", issue 22 "the sheet
 * the school already has"). The sheet is read by lib/sheet-import.ts (header row found, columns
 * known by their synonyms or the user's mapping, cells normalised). Every row goes through the
 * same rules as `POST /apply/athletes` (addAthletes: checked in memory in row order, then
 * written in batches, in one transaction under the delegation's lock); the events of its event
 * columns (项目一, 项目二 …) are then entered through the same rules as the entry form
 * (createEntry), in the same transaction. All-or-nothing by default: one bad row and nothing
 * is written; `valid-only` writes the good rows; `preview` checks all and writes nothing.
 * The group is named in Chinese or English, or left blank when exactly one group fits the
 * athlete's gender and birth date.
 */
const BASE_COLUMNS: ImportColumn[] = [
  {
    key: 'name',
    zh: '姓名',
    en: 'Name',
    required: true,
    synonyms: ['名字', '运动员姓名', '运动员', '中文姓名', 'Athlete name', 'Athlete', 'Full name'],
  },
  {
    key: 'idNumber',
    zh: '证件号码',
    en: 'ID number',
    required: true,
    kind: 'id',
    synonyms: ID_NUMBER_SYNONYMS,
  },
  {
    key: 'group',
    zh: '组别',
    en: 'Group',
    required: false,
    synonyms: ['组', '组名', '参赛组别', 'Category', 'Age group'],
  },
  {
    key: 'nameEn',
    zh: '英文名',
    en: 'Name (English)',
    required: false,
    synonyms: ['英文姓名', '拼音', '姓名拼音', 'English name', 'Pinyin'],
  },
  { key: 'idType', zh: '证件类型', en: 'ID type', required: false, synonyms: ['Document type'] },
  { key: 'gender', zh: '性别', en: 'Gender', required: false, synonyms: ['Sex'] },
  {
    key: 'birthDate',
    zh: '出生日期',
    en: 'Birth date',
    required: false,
    kind: 'date',
    synonyms: ['出生年月', '出生年月日', '生日', 'Date of birth', 'DOB', 'Birthday'],
  },
];

/** Event columns: each holds an event (item name or code) of the athlete's group, entered after the athlete. */
const EVENTS_COLUMN: ImportColumn = {
  key: 'events',
  zh: '项目',
  en: 'Event',
  required: false,
  multiple: true,
  synonyms: ['参赛项目', '报名项目', '比赛项目', '项目名称', 'Events'],
};

/** The athlete fields of the meeting's forms (uploads are added in the form). */
function fieldColumns(forms: Forms): ImportColumn[] {
  const seen = new Set([...BASE_COLUMNS.map((c) => c.key), EVENTS_COLUMN.key]);
  const extra: ImportColumn[] = [];
  for (const f of formFields(forms.athlete, [...forms.groupFields.values()].flat())) {
    if (isUpload(f) || seen.has(f.key)) continue;
    seen.add(f.key);
    extra.push({ key: f.key, zh: f.label, en: f.labelEn || f.label, required: false });
  }
  return extra;
}

/** Every column the import reads: the base ones, the athlete fields, the event columns. */
const columnsOf = (forms: Forms): ImportColumn[] => [...BASE_COLUMNS, ...fieldColumns(forms), EVENTS_COLUMN];

/** Baton's own template: the base columns, then the athlete fields. */
export async function athleteTemplate(db: Db, u: CurrentUser, delegationId: number | undefined, lang: Lang) {
  const a = await requireActing(db, u, delegationId);
  const forms = await loadForms(db, a.m.id);
  return toXlsx(say(lang, '运动员', 'Athletes'), templateColumns([...BASE_COLUMNS, ...fieldColumns(forms)], lang), []);
}

/**
 * The template in the layout schools use: a title row (the meeting's name + 报名表), a row
 * 单位： 领队： 联系电话： (filled with the delegation's), then the header 姓名, 性别, 身份证号,
 * 出生日期, 组别, 项目一 … (as many as an athlete may enter), the athlete fields; the ID column
 * is formatted as text so Excel keeps all its digits. It imports back as it is.
 */
export async function schoolTemplate(db: Db, u: CurrentUser, delegationId: number | undefined, lang: Lang) {
  const a = await requireActing(db, u, delegationId);
  const forms = await loadForms(db, a.m.id);
  const most = Math.max(a.m.maxEventsPerAthlete, ...forms.groups.map((g) => g.maxEventsPerAthlete ?? 0));
  const events = Math.max(2, Math.min(8, most));
  const ordinals = ['一', '二', '三', '四', '五', '六', '七', '八'];
  const headers = [
    say(lang, '姓名', 'Name'),
    say(lang, '性别', 'Gender'),
    say(lang, '身份证号', 'ID number'),
    say(lang, '出生日期', 'Date of birth'),
    say(lang, '组别', 'Group'),
    ...Array.from({ length: events }, (_, i) => say(lang, `项目${ordinals[i]}`, `Event ${i + 1}`)),
    ...fieldColumns(forms).map((c) => say(lang, c.zh, c.en)),
  ];
  const workbook = new (await excel()).Workbook();
  const ws = workbook.addWorksheet(say(lang, '报名表', 'Entry form'));
  ws.columns = headers.map((_, i) => ({ width: i === 2 ? 22 : i === 0 ? 12 : 14 }));
  const title = ws.getCell(1, 1);
  title.value = say(lang, `${a.m.name}报名表`, `${a.m.nameEn || a.m.name} entry form`);
  title.font = { bold: true, size: 14 };
  title.alignment = { horizontal: 'center' };
  ws.mergeCells(1, 1, 1, headers.length);
  ws.getCell(2, 1).value = say(
    lang,
    `单位：${a.d.name}    领队：${a.d.leaderName ?? ''}    联系电话：${a.d.contactMobile}`,
    `Unit: ${a.d.name}    Leader: ${a.d.leaderName ?? ''}    Phone: ${a.d.contactMobile}`,
  );
  ws.mergeCells(2, 1, 2, headers.length);
  const head = ws.getRow(3);
  headers.forEach((h, i) => {
    head.getCell(i + 1).value = h;
  });
  head.font = { bold: true };
  // Text, not General: an 18-digit ID typed into a number cell loses its last digits.
  ws.getColumn(3).numFmt = '@';
  for (let r = 4; r <= 203; r++) ws.getCell(r, 3).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An ID type as the import reads it back. */
const ID_TYPE_TEXT: Record<IdType, { zh: string; en: string }> = {
  '1': { zh: '身份证', en: 'ID card' },
  '2': { zh: '护照', en: 'Passport' },
  '3': { zh: '港澳台居民居住证', en: 'Permit' },
};

/**
 * The delegation's athletes in the import's own columns (the athlete fields, then one column
 * per individual event entered: 项目一, 项目二 …), so the export re-imports as it is; the status
 * column is for the reader (the import reports it as a column it ignores).
 */
export async function exportAthletes(db: Db, u: CurrentUser, delegationId: number | undefined, lang: Lang) {
  const a = await requireActing(db, u, delegationId);
  const forms = await loadForms(db, a.m.id);
  const rows = (
    await selectAthletes(db, eq(athlete.delegationId, a.d.id)).orderBy(asc(athlete.id)).limit(EXPORT_MAX_ROWS)
  ).map(toAthleteVO);
  const relays = new Set(
    (
      await db
        .select({ id: groupItem.id })
        .from(groupItem)
        .innerJoin(item, eq(item.id, groupItem.itemId))
        .innerJoin(group, eq(group.id, groupItem.groupId))
        .where(and(eq(group.meetingId, a.m.id), eq(item.kind, 'relay')))
    ).map((r) => r.id),
  );
  const events = (x: AthleteVO) => x.entries.filter((e) => !relays.has(e.groupItemId));
  const most = Math.max(1, ...rows.map((x) => events(x).length));
  const text = (v: unknown) =>
    v === null || v === undefined ? null : Array.isArray(v) ? v.map(String).join(', ') : String(v);
  const columns: Column<AthleteVO>[] = [
    { header: say(lang, '姓名', 'Name'), key: 'name', value: (x) => x.name },
    {
      header: say(lang, '证件类型', 'ID type'),
      key: 'idType',
      value: (x) => say(lang, ID_TYPE_TEXT[x.idType].zh, ID_TYPE_TEXT[x.idType].en),
    },
    { header: say(lang, '证件号码', 'ID number'), key: 'idNumber', width: 22, value: (x) => x.idNumber },
    { header: say(lang, '英文名', 'Name (English)'), key: 'nameEn', value: (x) => x.nameEn },
    {
      header: say(lang, '性别', 'Gender'),
      key: 'gender',
      width: 8,
      value: (x) => (x.gender === 'M' ? say(lang, '男', 'Male') : say(lang, '女', 'Female')),
    },
    { header: say(lang, '出生日期', 'Birth date'), key: 'birthDate', width: 12, value: (x) => x.birthDate },
    {
      header: say(lang, '组别', 'Group'),
      key: 'group',
      value: (x) => say(lang, x.groupName, x.groupNameEn || x.groupName),
    },
    ...fieldColumns(forms).map(
      (c): Column<AthleteVO> => ({ header: say(lang, c.zh, c.en), key: c.key, value: (x) => text(x.fields[c.key]) }),
    ),
    ...Array.from(
      { length: most },
      (_, i): Column<AthleteVO> => ({
        header: say(lang, `项目${i + 1}`, `Event ${i + 1}`),
        key: `event${i + 1}`,
        value: (x) => {
          const e = events(x)[i];
          return e ? say(lang, e.itemName, e.itemNameEn || e.itemName) : null;
        },
      }),
    ),
    { header: say(lang, '状态', 'Status'), key: 'status', width: 10, value: (x) => x.status },
  ];
  return toXlsx(say(lang, '运动员', 'Athletes'), columns, rows);
}

/** ID types as a sheet writes them (compared as headerKey does). */
export const ID_TYPES: Record<string, IdType> = {
  '1': '1',
  身份证: '1',
  居民身份证: '1',
  idcard: '1',
  '2': '2',
  护照: '2',
  passport: '2',
  '3': '3',
  港澳台: '3',
  港澳台居民居住证: '3',
  通行证: '3',
  permit: '3',
};
const GENDERS: Record<string, 'M' | 'F'> = {
  m: 'M',
  男: 'M',
  男子: 'M',
  male: 'M',
  f: 'F',
  女: 'F',
  女子: 'F',
  female: 'F',
};

/** A spreadsheet row as the form it stands for (group by name, or the one group that fits). */
function rowToBody(v: Record<string, string>, forms: Forms, columns: ImportColumn[]): AthleteBody {
  const text = (k: string) => (v[k] ?? '').trim();
  // 张　伟: a space typed between Chinese characters (to line names up) is not part of the name.
  const name = text('name').replace(/(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])/g, '');
  if (!name) throw invalid('name', '姓名必填', 'the name is required');
  if (name.length > 50) throw invalid('name', '姓名不能超过 50 字', 'the name is longer than 50 characters');
  const nameEn = text('nameEn');
  if (nameEn.length > 100)
    throw invalid('nameEn', '英文名不能超过 100 字', 'the English name is longer than 100 characters');
  const idNumber = text('idNumber').replace(/\s+/g, '');
  if (!/^[0-9A-Za-z()-]{5,30}$/.test(idNumber)) {
    throw invalid('idNumber', '证件号码应为 5–30 位字母或数字', 'the ID number should be 5–30 letters or digits');
  }
  const idTypeText = headerKey(text('idType'));
  const idType = idTypeText ? ID_TYPES[idTypeText] : '1';
  if (!idType) throw invalid('idType', `证件类型 ${text('idType')} 无效`, `ID type ${text('idType')} is not known`);
  const genderText = text('gender').toLowerCase();
  const gender = genderText ? GENDERS[genderText] : undefined;
  if (genderText && !gender)
    throw invalid('gender', `性别 ${text('gender')} 无效`, `gender ${text('gender')} is not known`);
  // The reader turned every date it could read into 2012-05-01.
  const birthText = text('birthDate');
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthText);
  const birthDate = birth ? birthText : undefined;
  if (birthText && !birthDate) {
    throw invalid(
      'birthDate',
      `出生日期 ${birthText} 无法识别，应为 2012-05-01 或 2012年5月1日`,
      `the birth date ${birthText} cannot be read; write it like 2012-05-01`,
    );
  }
  const fields: Record<string, unknown> = {};
  for (const c of columns) if (!BASE_COLUMNS.some((b) => b.key === c.key) && text(c.key)) fields[c.key] = text(c.key);
  const body: AthleteBody = { groupId: 0, name, nameEn: nameEn || null, idType, idNumber, gender, birthDate, fields };

  const groupText = headerKey(text('group'));
  if (groupText) {
    const g = forms.groups.find((x) => headerKey(x.name) === groupText || headerKey(x.nameEn) === groupText);
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

type GroupEvent = { id: number; keys: string[]; label: { zh: string; en: string } };

/** The events of every group of the meeting, each known by its item's name, English name and code. */
async function groupEvents(tx: DbOrTx, meetingId: number): Promise<Map<number, GroupEvent[]>> {
  const rows = await tx
    .select({ id: groupItem.id, groupId: groupItem.groupId, code: item.code, name: item.name, nameEn: item.nameEn })
    .from(groupItem)
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .where(and(eq(group.meetingId, meetingId)));
  const out = new Map<number, GroupEvent[]>();
  for (const r of rows) {
    const list = out.get(r.groupId) ?? [];
    list.push({
      id: r.id,
      keys: [r.name, r.nameEn, r.code].map(headerKey).filter(Boolean),
      label: { zh: r.name, en: r.nameEn || r.name },
    });
    out.set(r.groupId, list);
  }
  return out;
}

/** A row's event cells as group items of the athlete's group; a cell naming none is a row error. */
function eventsOf(
  r: SheetRow,
  groupId: number,
  events: Map<number, GroupEvent[]>,
  forms: Forms,
  lang: Lang,
): { found: { groupItemId: number; header: string }[]; errors: ImportReport['errors'] } {
  const found: { groupItemId: number; header: string }[] = [];
  const errors: ImportReport['errors'] = [];
  const g = forms.groups.find((x) => x.id === groupId);
  for (const cell of r.lists.events ?? []) {
    const key = headerKey(cell.text);
    const hit = (events.get(groupId) ?? []).find((e) => e.keys.includes(key));
    if (hit) found.push({ groupItemId: hit.id, header: cell.header });
    else {
      errors.push({
        row: r.row,
        field: 'events',
        message: say(
          lang,
          `${cell.header}：${g?.name ?? ''}没有项目「${cell.text}」`,
          `${cell.header}: ${g?.nameEn || g?.name || 'the group'} has no event "${cell.text}"`,
        ),
      });
    }
  }
  return { found, errors };
}

const creates = (lang: Lang, athletes: number, entries: number): NonNullable<ImportReport['creates']> => [
  { what: 'athletes', label: say(lang, '运动员', 'Athletes'), count: athletes },
  { what: 'entries', label: say(lang, '报名项目', 'Entries'), count: entries },
];

export const importAthletes = peopleImport(columnsOf, async ({ tx, u, w, forms, sheet, delegationId: dId, lang }) => {
  const columns = columnsOf(forms);
  const events = await groupEvents(tx, w.m.id);
  const errors: ImportReport['errors'] = [];
  // Each row read as its form; the rules that need the database then run over all of them
  // at once (addAthletes), in row order, as if the rows were added one after the other.
  const bodies: AthleteBody[] = [];
  const bodyRows: SheetRow[] = [];
  const rowEvents = new Map<number, { groupItemId: number; header: string }[]>();
  for (const r of readableRows(sheet.rows, lang, errors)) {
    try {
      const body = rowToBody(r.values, forms, columns);
      const ev = eventsOf(r, body.groupId, events, forms, lang);
      errors.push(...ev.errors);
      rowEvents.set(r.row, ev.found);
      bodies.push(body);
      bodyRows.push(r);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push({
        row: r.row,
        field: err instanceof RuleError ? err.field : 'idNumber',
        message: messageOf(err, lang),
      });
    }
  }
  // The good rows are written (inside the import's transaction, undone unless the import stands).
  const results = await addAthletes(tx, w, forms, bodies, 'valid');
  let athletes = 0;
  let entries = 0;
  for (const [i, result] of results.entries()) {
    const r = bodyRows[i]!;
    if (result instanceof AppError) {
      const field = result instanceof RuleError ? result.field : 'idNumber';
      errors.push({ row: r.row, field, message: messageOf(result, lang) });
      continue;
    }
    if (typeof result !== 'number') continue;
    athletes += 1;
    // The row's events, through the entry form's rules (a savepoint each).
    for (const ev of rowEvents.get(r.row) ?? []) {
      try {
        await createEntry(tx, u, { athleteId: result, groupItemId: ev.groupItemId, delegationId: dId });
        entries += 1;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors.push({ row: r.row, field: 'events', message: `${ev.header}: ${messageOf(err, lang)}` });
      }
    }
  }
  errors.sort((x, y) => x.row - y.row);
  return {
    errors,
    valid: sheet.rows.length - new Set(errors.map((e) => e.row)).size,
    written: athletes,
    creates: (kept) => (kept ? creates(lang, athletes, entries) : creates(lang, 0, 0)),
  };
});
