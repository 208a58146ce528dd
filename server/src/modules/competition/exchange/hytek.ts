import { isCalendarDate } from '../../../lib/sql.js';
import { toCentimetreBelow } from '../results/rules/marks.js';
import { clean, linesOf } from './text.js';

/**
 * Hy-Tek Meet Manager's semicolon-delimited entry file, as pure functions (write and parse).
 *
 * Source: HY-TEK Track & Field Meet Manager user guide, "Import Entries from a Semi-Colon
 * Delimited File" (hytek.active.com/User_Guides_HTML/TFMM5 and TFMM6/importentriesfromsemicolon.htm).
 * Rules taken from it: one record a line ending in CR LF; fields separated by `;`, a blank
 * field still has its `;`, trailing blank fields may be left off; the record's first field is
 * its type; at most one I record per athlete and one D (or E) record per individual entry;
 * fields 2–10 are the same in the I, D and E records, and fields 2–8 identify the athlete
 * across them; the I record is optional. Q and R (relay) records are not imported by Baton.
 *
 * Layout Baton writes and reads (fields numbered from 1 as in the guide):
 *
 *  I — athlete information (the guide's 25 fields, then Baton's own fields after them):
 *    1 `I`  2 last name  3 first name  4 initial (blank)  5 gender M/F  6 birth date MM/DD/YYYY
 *    (read also as M/D/YYYY and ISO YYYY-MM-DD)  7 team code (the delegation's short name, else
 *    its name)  8 team name (the delegation's name)  9 age (blank: an open meet)  10 school year
 *    11–25 Hy-Tek's address and contact fields: written blank, ignored on import
 *    26 ID type (1 mainland ID, 2 passport, 3 permit)  27 ID number  28 English name
 *    29 group name  30 the athlete's form fields, JSON, URI-encoded (no `;` inside)
 *    Fields 26–30 are Baton's extension and optional: a file as Hy-Tek writes it ends at field 25
 *    and has no ID number. Such an athlete is registered without one (the person is then its
 *    name, birth date and gender in the meeting) and the delegation adds the number before it
 *    submits. The export carries ID numbers, so it is for managers only.
 *
 *  D — individual entry (20 fields):
 *    1 `D`  2–10 as in I  11 event code (the item code: 100, 400H, LJ…)  12 entry mark
 *    (`10.85`, `1:58.30`, `5.62`; blank, NT, ND, NH, NM = no mark)  13 mark measure (`M` metric,
 *    `E` English: a distance or height in feet-inches `21-06.50`, converted to metres by the
 *    import (see metricMark); times are the same in both)  14 division (the group's number in the
 *    meeting, 1-based in display order; written for Hy-Tek, the athlete's group decides on
 *    import)  15 competitor number (the bib; written, not imported — bibs are assigned in Baton)
 *    16–20 blank
 *
 *  E — older individual entry (15 fields), read only: 1 `E`  2–10 as in I  11 event code
 *    12 entry mark  13 measure  14 division.
 */

export interface HytekPerson {
  lastName: string;
  firstName: string;
  gender: 'M' | 'F' | '';
  /** YYYY-MM-DD, or blank. */
  birthDate: string;
  teamCode: string;
  teamName: string;
}

export interface HytekAthlete extends HytekPerson {
  idType: string;
  idNumber: string;
  nameEn: string;
  group: string;
  fields: Record<string, unknown>;
}

export interface HytekEntry extends HytekPerson {
  eventCode: string;
  mark: string;
  measure: string;
  division: number | null;
  bib: string;
}

export interface Problem {
  line: number;
  field: string;
  zh: string;
  en: string;
}

export interface HytekFile {
  athletes: (HytekAthlete & { line: number })[];
  entries: (HytekEntry & { line: number })[];
  problems: Problem[];
}

const MAX_LINES = 20_000;
const MAX_FIELD = 200;
const c = (v: string | null | undefined) => clean(v, ';');

/** `2012-05-01` → `05/01/2012` (Hy-Tek writes US dates). */
const toUsDate = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(5, 7)}/${iso.slice(8)}/${iso.slice(0, 4)}` : '';

/**
 * A birth date as Hy-Tek writes it (`05/01/2012`, also `5/1/2012`) or as ISO (`2012-05-01`),
 * as YYYY-MM-DD; null when it is neither or not a day of the calendar (`02/30/2012`).
 */
export function hytekDate(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : text;
  return isCalendarDate(iso) ? iso : null;
}

const INCH = 0.0254;

/**
 * An entry mark in metric form for an item of `format`. English measure (`E`): a distance or
 * height is feet-inches, `21-06.50` = 21 ft 6.5 in = 258.5 in × 0.0254 = 6.5659 m, recorded
 * as 6.56 — World Athletics TR 25 (field events): a distance is recorded to the nearest 0.01 m
 * below the distance measured when that is not a whole centimetre; heights likewise (TR 26–27:
 * whole centimetres). Times (and points) are the same in either measure and are kept. Returns
 * the mark, or null when an English distance is not feet-inches.
 */
export function metricMark(mark: string, measure: string, format: string): string | null {
  if (!mark || measure !== 'E' || (format !== 'distance' && format !== 'height')) return mark;
  const m = /^(\d{1,3})-(\d{1,2}(?:\.\d{1,2})?)$/.exec(mark);
  if (!m || Number(m[2]) >= 12) return null;
  const inches = Number(m[1]) * 12 + Number(m[2]);
  return toCentimetreBelow(inches * INCH).toFixed(2);
}

function personFields(p: HytekPerson): string[] {
  return [p.lastName, p.firstName, '', p.gender, toUsDate(p.birthDate), p.teamCode, p.teamName, '', ''];
}

const record = (fields: string[]) => fields.map(c).join(';').replace(/;+$/, '');

export function writeHytek(athletes: HytekAthlete[], entries: HytekEntry[]): string {
  const lines: string[] = [];
  for (const a of athletes) {
    const fields = ['I', ...personFields(a), ...Array<string>(15).fill('')];
    const json = Object.keys(a.fields).length ? encodeURIComponent(JSON.stringify(a.fields)) : '';
    lines.push(record([...fields, a.idType, a.idNumber, a.nameEn, a.group, json]));
  }
  for (const e of entries) {
    lines.push(
      record([
        'D',
        ...personFields(e),
        e.eventCode,
        e.mark,
        e.measure,
        e.division === null ? '' : String(e.division),
        e.bib,
      ]),
    );
  }
  return lines.length ? `${lines.join('\r\n')}\r\n` : '';
}

/** The key that ties a D or E record to its athlete's I record (fields 2–8). */
export const personKey = (p: HytekPerson) =>
  [p.lastName, p.firstName, p.gender, p.birthDate, p.teamCode, p.teamName].map((x) => x.toLowerCase()).join('\u0001');

/**
 * Read an entry file. Problems of form (a bad date, an unknown record type, an English mark)
 * are listed by line; the records that read well are returned for the registration rules.
 */
export function parseHytek(input: string): HytekFile {
  const out: HytekFile = { athletes: [], entries: [], problems: [] };
  for (const { line, text } of linesOf(input, MAX_LINES)) {
    if (!text.trim()) continue;
    const f = text.split(';').map((x) => x.trim());
    const at = (i: number) => f[i - 1] ?? '';
    const problem = (field: string, zh: string, en: string) => out.problems.push({ line, field, zh, en });
    const type = at(1).toUpperCase();
    if (type !== 'I' && type !== 'D' && type !== 'E') {
      if (type === 'Q' || type === 'R')
        problem('type', '接力记录（Q/R）不导入', 'relay records (Q/R) are not imported');
      else problem('type', `未知的记录类型 ${at(1).slice(0, 10)}`, `unknown record type ${at(1).slice(0, 10)}`);
      continue;
    }
    if (f.some((x) => x.length > MAX_FIELD)) {
      problem('type', `字段超过 ${MAX_FIELD} 字`, `a field is longer than ${MAX_FIELD} characters`);
      continue;
    }
    // Hy-Tek writes M or F; W (women) is read as F.
    const gender = at(5).toUpperCase() === 'W' ? 'F' : at(5).toUpperCase();
    if (gender !== 'M' && gender !== 'F' && gender !== '') {
      problem(
        'gender',
        `性别（第 5 项）${at(5).slice(0, 10)} 无效：应为 M（男）或 F（女）`,
        `the gender (field 5) ${at(5).slice(0, 10)} is not valid: write M or F`,
      );
      continue;
    }
    const birth = at(6) ? hytekDate(at(6)) : '';
    if (birth === null) {
      problem(
        'birthDate',
        `出生日期（第 6 项）${at(6).slice(0, 20)} 无效：应为 MM/DD/YYYY（如 05/01/2012）或 YYYY-MM-DD`,
        `the birth date (field 6) ${at(6).slice(0, 20)} is not valid: write MM/DD/YYYY (05/01/2012) or YYYY-MM-DD`,
      );
      continue;
    }
    if (!at(2)) {
      problem('name', '姓（第 2 项）为空：请填写运动员的姓', 'the last name (field 2) is empty: fill it in');
      continue;
    }
    if (!at(7) && !at(8)) {
      problem(
        'delegation',
        '代表队代码和名称（第 7、8 项）都为空：请填写本赛事代表队的名称或简称',
        "the team code and name (fields 7, 8) are empty: write the name or short name of the meeting's delegation",
      );
      continue;
    }
    const person: HytekPerson = {
      lastName: at(2),
      firstName: at(3),
      gender,
      birthDate: birth,
      teamCode: at(7),
      teamName: at(8),
    };
    if (type === 'I') {
      let fields: Record<string, unknown> = {};
      if (at(30)) {
        try {
          const parsed: unknown = JSON.parse(decodeURIComponent(at(30)));
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
          fields = parsed as Record<string, unknown>;
        } catch {
          problem(
            'fields',
            '第 30 项（报名表字段）无法读取：请留空，或从 Baton 重新导出',
            'field 30 (the form fields) cannot be read: leave it blank or export the file from Baton again',
          );
          continue;
        }
      }
      out.athletes.push({
        line,
        ...person,
        idType: at(26),
        idNumber: at(27),
        nameEn: at(28),
        group: at(29),
        fields,
      });
      continue;
    }
    if (!at(11)) {
      problem(
        'groupItemId',
        '项目代码（第 11 项）为空：请填写项目代码，如 100、LJ',
        'the event code (field 11) is empty: write the event code such as 100 or LJ',
      );
      continue;
    }
    const measure = at(13).toUpperCase();
    if (measure !== '' && measure !== 'M' && measure !== 'E') {
      problem(
        'seedMark',
        `成绩单位（第 13 项）${at(13).slice(0, 10)} 无效：应为 M（公制）或 E（英制）`,
        `the mark measure (field 13) ${at(13).slice(0, 10)} is not M (metric) or E (English)`,
      );
      continue;
    }
    const division = /^\d{1,2}$/.test(at(14)) ? Number(at(14)) : null;
    const mark = /^(NT|ND|NH|NM)$/i.test(at(12)) ? '' : at(12);
    out.entries.push({
      line,
      ...person,
      eventCode: at(11),
      mark,
      measure: measure || 'M',
      division,
      bib: type === 'D' ? at(15) : '',
    });
  }
  return out;
}
