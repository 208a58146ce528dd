import type { ImportReport } from '@baton/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { type Client, code, data, firstSheet, multipartFile, xlsx, xlsxRows } from '../meetings/testkit.js';
import { asDelegation, count, idNumber, useDemoEntrants } from './testkit.js';

/**
 * Issue 22: the sign-up sheet a school already has — title and unit rows above a two-row merged
 * header, 身份证号 for the ID column, full-width digits, Chinese and serial dates, an ID typed
 * into a number cell, 项目一/项目二 event columns — read with a preview and a column re-map.
 */
const t = useTestApp();
const { boys, girls, dlgIds } = useDemoEntrants(t);

const upload = (c: Client, file: Buffer, query = '', fields: Record<string, string> = {}) =>
  c.raw({ method: 'POST', url: `/api/v1/apply/athletes/import${query}`, ...multipartFile(file, 'sheet.xlsx', fields) });

/** Full-width digits and letters, as an input method types them (１２Ｘ). */
const fullWidth = (s: string) => s.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
/** The Excel serial (1900 date system) of a date. */
const serial = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
const chineseDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/**
 * The school's sheet: a title row and a unit/leader row (merged across), then 姓名 … merged over
 * two rows beside 项目 merged across 项目一 | 项目二.
 */
async function schoolSheet(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('报名表');
  ws.getCell('A1').value = '2025年瑞安市青少年田径运动会报名表';
  ws.mergeCells('A1:J1');
  ws.getCell('A2').value = '单位：瑞安中学　　领队：张老师　　电话：13900001111';
  ws.mergeCells('A2:J2');
  const top = ['姓名', '性别', '身份证号', '出生日期', '组别', '项目', '', '学校', '紧急联系人', '紧急联系电话'];
  top.forEach((h, i) => {
    if (h) ws.getCell(3, i + 1).value = h;
  });
  for (const col of ['A', 'B', 'C', 'D', 'E', 'H', 'I', 'J']) ws.mergeCells(`${col}3:${col}4`);
  ws.mergeCells('F3:G3');
  ws.getCell('F4').value = '项目一';
  ws.getCell('G4').value = '项目二';
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const extra = ['瑞安中学', '家长', '13900001111'];

/**
 * A boy's row as a school types it: a full-width ideographic space in the name, a full-width ID (a new
 * one each call), a Chinese date, the group and two events by their Chinese names.
 */
const zhangWei = () => [
  '张　伟',
  '男',
  fullWidth(idNumber(boys.birth, 'M')),
  chineseDate(boys.birth),
  'U16男子组',
  '100米',
  '跳远',
  ...extra,
];

/**
 * An ID as typed into a number cell. The testkit's IDs are random, and one ending in the check
 * character X is no number at all, so take one ending in a digit.
 */
function typedAsNumber(birth: string, gender: 'M' | 'F'): number {
  let id = idNumber(birth, gender);
  while (id.endsWith('X')) id = idNumber(birth, gender);
  return Number(id);
}

describe('a school sign-up sheet', () => {
  it('preview: finds the merged header under the title rows, reads every cell, writes nothing', async () => {
    const d = await asDelegation(t, dlgIds[0]!, 'zh-cn');
    const lost = typedAsNumber(girls.birth, 'F');
    const file = await schoolSheet([
      zhangWei(),
      ['李四', '男', idNumber(boys.birth, 'M'), serial(boys.birth), '', 'LJ', '', ...extra],
      ['王芳', '女', lost, boys.birth, 'U16女子组', '', '', ...extra],
      ['赵六', '男', idNumber(boys.birth, 'M'), boys.birth.replaceAll('-', ''), 'U16 Boys', '跨栏', '', ...extra],
    ]);
    const res = await upload(d, file, '?mode=preview');
    expect(code(res)).toBe('00000');
    const report = data<ImportReport>(res);
    expect(report.sheet!.headerRow).toBe(4);
    expect(report.sheet!.columns.map((c) => [c.index, c.header, c.key, c.by])).toEqual([
      [0, '姓名', 'name', 'title'],
      [1, '性别', 'gender', 'title'],
      [2, '身份证号', 'idNumber', 'synonym'],
      [3, '出生日期', 'birthDate', 'title'],
      [4, '组别', 'group', 'title'],
      [5, '项目 项目一', 'events', 'title'],
      [6, '项目 项目二', 'events', 'title'],
      [7, '学校', 'school', 'title'],
      [8, '紧急联系人', 'emergencyContact', 'title'],
      [9, '紧急联系电话', 'emergencyMobile', 'title'],
    ]);
    expect(report.sheet!.fields.find((f) => f.key === 'idNumber')).toEqual({
      key: 'idNumber',
      label: '证件号码',
      required: true,
    });
    const [first, second] = report.sheet!.rows;
    expect(first!.row).toBe(5);
    // Full-width digits and a Chinese date read; the serial number of an unformatted cell too.
    expect(first!.values).toMatchObject({ name: '张 伟', birthDate: boys.birth, events: '100米, 跳远' });
    expect(first!.values.idNumber).toMatch(/^\d{17}[\dX]$/);
    expect(second!.values.birthDate).toBe(boys.birth);
    expect(report.errors).toEqual([
      {
        row: 7,
        field: 'idNumber',
        message: '证件号码被存成了数字，Excel 已丢掉末几位；请把该列设为“文本”格式后重新输入',
      },
      { row: 8, field: 'events', message: '项目 项目一：U16男子组没有项目「跨栏」' },
    ]);
    expect(report).toMatchObject({ total: 4, valid: 2, invalid: 2, imported: 0 });
    expect(report.creates).toEqual([
      { what: 'athletes', label: '运动员', count: 3 },
      { what: 'entries', label: '报名项目', count: 3 },
    ]);
    expect(await count(t, 'reg_athlete', `delegation_id = ${dlgIds[0]}`)).toBe(0);
    expect(await count(t, 'reg_entry', `delegation_id = ${dlgIds[0]}`)).toBe(0);
    expect(await count(t, 'reg_record_history')).toBe(0);
  });

  it('the number-cell ID message in English; all-or-nothing writes nothing; valid-only writes athletes and entries', async () => {
    const d = await asDelegation(t, dlgIds[0]!);
    const file = await schoolSheet([
      zhangWei(),
      ['王芳', '女', typedAsNumber(girls.birth, 'F'), girls.birth, '', '', '', ...extra],
    ]);
    const all = data<ImportReport>(await upload(d, file));
    expect(all.errors).toEqual([
      {
        row: 6,
        field: 'idNumber',
        message:
          'the ID number was stored as a number and Excel dropped its last digits; set the column to Text and type it again',
      },
    ]);
    expect(all).toMatchObject({ total: 2, valid: 1, invalid: 1, imported: 0 });
    expect(all.sheet).toBeUndefined();
    expect(await count(t, 'reg_athlete', `delegation_id = ${dlgIds[0]}`)).toBe(0);
    const some = data<ImportReport>(await upload(d, file, '?mode=valid-only'));
    expect(some).toMatchObject({ total: 2, valid: 1, invalid: 1, imported: 1 });
    expect(some.creates).toEqual([
      { what: 'athletes', label: 'Athletes', count: 1 },
      { what: 'entries', label: 'Entries', count: 2 },
    ]);
    const page = data<{ list: { name: string; idNumber: string; entries: { groupItemId: number }[] }[] }>(
      await d.get('/api/v1/apply/athletes/page?pageSize=50'),
    );
    expect(page.list.map((a) => a.name)).toEqual(['张伟']);
    expect(page.list[0]!.idNumber).toMatch(/^330381/);
    const entries = await count(
      t,
      'reg_entry',
      `delegation_id = ${dlgIds[0]} and group_item_id in (${boys.items.get('100')}, ${boys.items.get('LJ')})`,
    );
    expect(entries).toBe(2);
  });

  it('event columns go through the entry rules: a third event breaks the per-athlete limit, named by its column', async () => {
    const d = await asDelegation(t, dlgIds[1]!);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow([
      'Name',
      'Sex',
      'ID No.',
      'DOB',
      'Event 1',
      'Event 2',
      'Event 3',
      'School',
      '紧急联系人',
      '紧急联系电话',
    ]);
    ws.addRow(['Li Lei', 'M', idNumber(boys.birth, 'M'), boys.birth, '100 m', 'long jump', 'HJ', ...extra]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const report = data<ImportReport>(await upload(d, file, '?mode=preview'));
    expect(report.sheet!.columns.slice(0, 7).map((c) => c.key)).toEqual([
      'name',
      'gender',
      'idNumber',
      'birthDate',
      'events',
      'events',
      'events',
    ]);
    expect(report.errors).toEqual([
      {
        row: 2,
        field: 'events',
        message: 'Event 3: Registration limit reached: Li Lei has 2 individual events; an athlete may enter at most 2',
      },
    ]);
    expect(report.creates![1]).toMatchObject({ what: 'entries', count: 2 });
  });
});

describe('the column mapping', () => {
  it('a mis-understood column is re-mapped by the user, in the preview and again in the import', async () => {
    const d = await asDelegation(t, dlgIds[2]!);
    const file = await xlsx(
      ['姓名', '号码', '组', '学校', '紧急联系人', '紧急联系电话', '备注'],
      [
        ['陈一', idNumber(girls.birth, 'F'), '初二(3)班', ...extra, ''],
        ['陈二', idNumber(girls.birth, 'F'), '初二(4)班', ...extra, '走读'],
      ],
    );
    const plain = data<ImportReport>(await upload(d, file, '?mode=preview'));
    expect(plain.errors).toEqual([
      { row: 1, field: 'idNumber', message: 'missing column: ID number (choose it in the column mapping)' },
    ]);
    expect(plain.sheet!.columns[1]).toEqual({ index: 1, header: '号码', key: null, by: 'none' });
    expect(plain.notices).toEqual([
      'column B "号码" was not recognised and is ignored',
      'column G "备注" was not recognised and is ignored',
    ]);
    // The real import without a mapping is refused whole, naming the column.
    expect((await upload(d, file)).json().msg).toContain('missing column(s): ID number');

    const mapping = JSON.stringify({ 1: 'idNumber', 2: null });
    const preview = data<ImportReport>(await upload(d, file, '?mode=preview', { mapping }));
    expect(preview.errors).toEqual([]);
    expect(preview.sheet!.columns.slice(1, 3)).toEqual([
      { index: 1, header: '号码', key: 'idNumber', by: 'user' },
      { index: 2, header: '组', key: null, by: 'user' },
    ]);
    expect(await count(t, 'reg_athlete', `delegation_id = ${dlgIds[2]}`)).toBe(0);
    const done = data<ImportReport>(await upload(d, file, '', { mapping }));
    expect(done).toMatchObject({ total: 2, valid: 2, invalid: 0, imported: 2 });
    expect(await count(t, 'reg_athlete', `delegation_id = ${dlgIds[2]} and group_id = ${girls.id}`)).toBe(2);

    const wrong = await upload(d, file, '?mode=preview', { mapping: '{"1":"passport"}' });
    expect(wrong.json().msg).toContain('the mapping names a field "passport" this import does not have');
    expect(code(await upload(d, file, '?mode=preview', { mapping: '[1,2]' }))).toBe('A0400');
  });
});

describe('the school template', () => {
  it('has a title, a unit row and the school header, the ID column as text, and imports back as it is', async () => {
    const d = await asDelegation(t, dlgIds[3]!, 'zh-cn');
    const res = await d.get('/api/v1/apply/athletes/template?layout=school');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('athletes-school-template.xlsx');
    const ws = await firstSheet(res.rawPayload);
    expect(String(ws.getCell('A1').value)).toMatch(/报名表$/);
    expect(String(ws.getCell('A2').value)).toMatch(/^单位：.+领队：.*联系电话：/);
    const headers = (ws.getRow(3).values as string[]).filter(Boolean);
    expect(headers.slice(0, 7)).toEqual(['姓名', '性别', '身份证号', '出生日期', '组别', '项目一', '项目二']);
    expect(headers).toContain('学校');
    expect(ws.getCell('C4').numFmt).toBe('@');
    ws.getRow(4).values = ['孙一', '男', idNumber(boys.birth, 'M'), boys.birth, 'U16男子组', '200米', '铅球', ...extra];
    ws.getRow(5).values = ['孙二', '女', idNumber(girls.birth, 'F'), girls.birth, 'U16女子组', '800米', '', ...extra];
    const filled = Buffer.from(await ws.workbook.xlsx.writeBuffer());
    const report = data<ImportReport>(await upload(d, filled));
    expect(report).toMatchObject({ total: 2, valid: 2, invalid: 0, imported: 2, errors: [] });
    expect(report.creates!.map((c) => c.count)).toEqual([2, 3]);
    expect(await count(t, 'reg_entry', `delegation_id = ${dlgIds[3]}`)).toBe(3);
  });

  it('the athletes export (events as 项目1, 项目2) re-imports as it is', async () => {
    const d = await asDelegation(t, dlgIds[3]!, 'zh-cn');
    const exported = await d.get('/api/v1/apply/athletes/export');
    expect(exported.statusCode).toBe(200);
    const before = await xlsxRows(exported.rawPayload);
    expect(before.map((r) => [r.姓名, r.项目1, r.项目2])).toEqual([
      ['孙一', '200米', '铅球'],
      ['孙二', '800米', ''],
    ]);
    const ids = data<{ list: { id: number }[] }>(await d.get('/api/v1/apply/athletes/page?pageSize=50')).list;
    expect(code(await d.del(`/api/v1/apply/athletes/${ids.map((x) => x.id).join(',')}`))).toBe('00000');
    expect(await count(t, 'reg_entry', `delegation_id = ${dlgIds[3]}`)).toBe(0);
    const preview = data<ImportReport>(await upload(d, exported.rawPayload, '?mode=preview'));
    expect(preview.errors).toEqual([]);
    expect(preview.notices).toEqual(['第 N 列「状态」未识别，已忽略']);
    const report = data<ImportReport>(await upload(d, exported.rawPayload));
    expect(report).toMatchObject({ total: 2, imported: 2, errors: [] });
    expect(report.creates!.map((c) => c.count)).toEqual([2, 3]);
    expect(await xlsxRows((await d.get('/api/v1/apply/athletes/export')).rawPayload)).toEqual(before);
  });

  it('the standard template is still the default', async () => {
    const d = await asDelegation(t, dlgIds[3]!);
    const res = await d.get('/api/v1/apply/athletes/template');
    expect(((await firstSheet(res.rawPayload)).getRow(1).values as string[]).filter(Boolean).slice(0, 3)).toEqual([
      'Name',
      'ID number',
      'Group',
    ]);
  });
});

describe('coaches', () => {
  it('a school staff list (title row, 职位, 手机号, 身份证号): preview writes nothing, valid-only writes the good rows', async () => {
    const d = await asDelegation(t, dlgIds[1]!, 'zh-cn');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['随队人员名单']);
    ws.addRow(['姓名', '性别', '职位', '手机号', '身份证号', '备注']);
    ws.addRow(['周　老师', '男', '领队', '１３９００００２２２２', '', '']);
    ws.addRow(['吴教练', '女', '主教练', '13900003333', idNumber('1985-03-02', 'F'), '']);
    ws.addRow(['郑医生', '男', '厨师', '', '', '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const url = '/api/v1/apply/coaches/import';
    const send = (q: string) => d.raw({ method: 'POST', url: `${url}${q}`, ...multipartFile(file) });
    const preview = data<ImportReport>(await send('?mode=preview'));
    expect(preview.sheet!.headerRow).toBe(2);
    expect(preview.sheet!.columns.map((c) => c.key)).toEqual(['name', 'gender', 'role', 'mobile', 'idNumber', null]);
    expect(preview.errors).toEqual([
      { row: 5, field: 'role', message: '参数错误：职务「厨师」无效，应为 领队/主教练/教练/队医/其他' },
    ]);
    expect(preview.creates).toEqual([{ what: 'coaches', label: '随队人员', count: 2 }]);
    expect(await count(t, 'reg_coach', `delegation_id = ${dlgIds[1]}`)).toBe(0);
    expect(data<ImportReport>(await send('')).imported).toBe(0);
    expect(await count(t, 'reg_coach', `delegation_id = ${dlgIds[1]}`)).toBe(0);
    const done = data<ImportReport>(await send('?mode=valid-only'));
    expect(done).toMatchObject({ total: 3, valid: 2, invalid: 1, imported: 2 });
    const page = data<{ list: { name: string; role: string; mobile: string | null }[] }>(
      await d.get('/api/v1/apply/coaches/page?pageSize=50'),
    );
    const byName = (x: string[], y: string[]) => (x[0]! < y[0]! ? -1 : 1);
    expect(page.list.map((c) => [c.name, c.role, c.mobile ?? '']).sort(byName)).toEqual(
      [
        ['周老师', 'leader', '13900002222'],
        ['吴教练', 'head_coach', '13900003333'],
      ].sort(byName),
    );
    const template = await d.get('/api/v1/apply/coaches/template');
    expect(template.statusCode).toBe(200);
  });
});
