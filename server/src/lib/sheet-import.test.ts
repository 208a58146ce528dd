import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportColumn } from './excel.js';
import {
  columnLetter,
  dateOfNumber,
  dateText,
  halfWidth,
  headerKey,
  importMapping,
  readImportSheet,
} from './sheet-import.js';

/** The one reader of every Excel import (issue 22), cell by cell and sheet by sheet. */
const FIELDS: ImportColumn[] = [
  { key: 'name', zh: '姓名', en: 'Name', required: true, synonyms: ['名字'] },
  { key: 'idNumber', zh: '证件号码', en: 'ID number', required: true, kind: 'id', synonyms: ['身份证号', 'ID No.'] },
  { key: 'birthDate', zh: '出生日期', en: 'Birth date', required: false, kind: 'date', synonyms: ['出生年月', 'DOB'] },
  { key: 'events', zh: '项目', en: 'Event', required: false, multiple: true, synonyms: ['参赛项目'] },
];

async function book(build: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb.addWorksheet('s'));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('cells', () => {
  it('full-width letters, digits, punctuation and spaces become ASCII', () => {
    expect(halfWidth('ＡＢ１２（三）　班')).toBe('AB12(三) 班');
  });

  it('headers compare without spaces, case, * and (必填) marks', () => {
    expect(headerKey(' * 身份证号（必填）')).toBe('身份证号');
    expect(headerKey('ID　No.')).toBe('idno');
    expect(headerKey('Event 2')).toBe('event2');
  });

  it('reads the dates schools write, and refuses what is no date', () => {
    for (const text of [
      '2012-11-11',
      '2012/11/11',
      '2012.11.11',
      '2012年11月11日',
      '20121111',
      '２０１２年１１月１１日',
    ]) {
      expect(dateText(text)).toBe('2012-11-11');
    }
    expect(dateText('2012-11-11 00:00:00')).toBe('2012-11-11');
    expect(dateText('2012-02-30')).toBeNull();
    expect(dateText('2012年11月')).toBeNull();
  });

  it('a serial number in an unformatted cell is an Excel date (1900 system), only in a plausible range', () => {
    expect(dateOfNumber(41224)).toBe('2012-11-11');
    expect(dateOfNumber(61)).toBe('1900-03-01');
    expect(dateOfNumber(20121111)).toBe('2012-11-11');
    expect(dateOfNumber(60)).toBeNull();
    expect(dateOfNumber(41224.5)).toBeNull();
    expect(dateOfNumber(999_999)).toBeNull();
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 27, 701].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ']);
  });
});

describe('sheets', () => {
  it('skips title and unit rows, knows synonyms, reads every kind of cell, and reports unknown columns', async () => {
    const file = await book((ws) => {
      ws.addRow(['2025 春季运动会报名表']);
      ws.addRow(['单位：实验小学', '', '领队：张三', '电话：13900001111']);
      ws.addRow(['名字', '身份证号', 'DOB', '参赛项目', '项目2', '备注']);
      ws.addRow([
        '李　明',
        '１１０１０５２０１２１１１１００１Ｘ',
        new Date(Date.UTC(2012, 10, 11)),
        '100米',
        '跳远',
        '',
      ]);
      ws.addRow(['王五', 110105201211110000, 41224, '', '', '']);
      ws.addRow(['赵六', '1.10105201211110E+17', '2012年11月11日', '', '', '走读']);
      ws.addRow(['钱七', 110105121111001, 20121111, '', '', '']);
      ws.addRow([]);
    });
    const s = await readImportSheet(file, FIELDS, { lang: 'en' });
    expect(s.headerRow).toBe(3);
    expect(s.columns.map((c) => [c.header, c.key, c.by])).toEqual([
      ['名字', 'name', 'synonym'],
      ['身份证号', 'idNumber', 'synonym'],
      ['DOB', 'birthDate', 'synonym'],
      ['参赛项目', 'events', 'synonym'],
      ['项目2', 'events', 'title'],
      ['备注', null, 'none'],
    ]);
    expect(s.notices).toEqual(['column F "备注" was not recognised and is ignored']);
    expect(s.rows.map((r) => [r.row, r.values.name, r.values.idNumber, r.values.birthDate])).toEqual([
      [4, '李 明', '11010520121111001X', '2012-11-11'],
      [5, '王五', '110105201211110000', '2012-11-11'],
      [6, '赵六', '1.10105201211110E+17', '2012-11-11'],
      [7, '钱七', '110105121111001', '2012-11-11'],
    ]);
    expect(s.rows[0]!.lists.events!.map((e) => [e.header, e.text])).toEqual([
      ['参赛项目', '100米'],
      ['项目2', '跳远'],
    ]);
    // 18 digits in a number cell (and the E+17 text copied from one) lost their last digits; 15 digits did not.
    expect(s.rows.map((r) => r.problems.map((p) => p.field))).toEqual([[], ['idNumber'], ['idNumber'], []]);
    expect(s.rows[1]!.problems[0]!.en).toContain('set the column to Text');
    expect(s.missing).toEqual([]);
  });

  it('a sheet whose header matches nothing is read from row 1, with the required columns missing', async () => {
    const file = await book((ws) => {
      ws.addRow(['甲', '乙']);
      ws.addRow(['1', '2']);
    });
    const s = await readImportSheet(file, FIELDS, { lang: 'zh-cn' });
    expect(s.headerRow).toBe(1);
    expect(s.missing.map((f) => f.key)).toEqual(['name', 'idNumber']);
    expect(s.notices).toEqual(['第 A 列「甲」未识别，已忽略', '第 B 列「乙」未识别，已忽略']);
  });

  it('the mapping field: JSON of column index to field key or null, bounded', () => {
    expect(importMapping({ mapping: '{"0":"name","3":null}' })).toEqual(
      new Map<number, string | null>([
        [0, 'name'],
        [3, null],
      ]),
    );
    expect(importMapping({})).toBeUndefined();
    for (const bad of ['x', '[]', '{"a":"name"}', '{"999":"name"}', '{"1":3}']) {
      expect(() => importMapping({ mapping: bad })).toThrow(/mapping/);
    }
  });
});
