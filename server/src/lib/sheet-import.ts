import type { ImportColumnVO, ImportReport, ImportSheetVO } from '@baton/contracts';
import type ExcelJS from 'exceljs';
import { badInput, say } from './errors.js';
import { cellText, DEFAULT_SHEET_LIMITS, type ImportColumn, loadWorksheet, type SheetLimits } from './excel.js';

/**
 * One reader for every Excel import (issue 22): the sheet a school already has, not only
 * Baton's template.
 * - The header row is found within the first rows (titles and a unit/leader row above it are
 *   skipped): the row whose cells match the most known columns. A two-row header whose cells
 *   are merged over both rows (出生日期 over two rows beside 项目 over 项目一 | 项目二) is read
 *   as one header per column, the two rows' texts joined.
 * - A column is known by its key, its zh/en title or one of its synonyms, ignoring spaces
 *   (full-width too), case, `*` and `(必填)` marks; a column that several may fill (项目一,
 *   项目二 …) also by a title or synonym followed by a number. The request's `mapping`
 *   (`{"<column index>": "<field key>" | null}`) overrides any of them. Columns not understood
 *   are reported as notices.
 * - Every cell is normalised: full-width letters, digits and punctuation to ASCII, spaces
 *   collapsed and trimmed. A date column reads 2012-11-11, 2012/11/11, 2012.11.11,
 *   2012年11月11日, 20121111, a date cell and a serial number in an unformatted cell. An ID
 *   column detects a number cell that kept only Excel's 15 significant digits.
 */

/** Rows searched for the header. */
export const HEADER_SCAN_ROWS = 10;
/** Rows of the sheet returned with a preview. */
export const PREVIEW_ROWS = 200;
/** Columns read (a sheet wider than this is read up to it). */
export const MAX_COLUMNS = 200;

/** Full-width ASCII (U+FF01–FF5E) to ASCII, the ideographic space (U+3000) to a space. */
export function halfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/** A header as compared: half-width, lower case, without spaces, required marks, dots or colons. */
export function headerKey(text: string): string {
  return halfWidth(text)
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/\((必填|选填|可选|required|optional)\)/g, '')
    .replace(/[*.:]/g, '');
}

/** The header of a column several may fill, without its trailing number (项目一 → 项目, event2 → event). */
const ORDINAL = /^(.+?)(\d{1,2}|[一二三四五六七八九十]{1,2})$/;

/** Column letters as Excel shows them (0 → A, 26 → AA). */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

type By = ImportColumnVO['by'];
interface Matcher {
  exact: Map<string, { key: string; by: By }>;
  numbered: Map<string, { key: string; by: By }>;
}

function matcherOf(fields: readonly ImportColumn[]): Matcher {
  const exact = new Map<string, { key: string; by: By }>();
  const numbered = new Map<string, { key: string; by: By }>();
  const add = (text: string, key: string, by: By, multiple: boolean | undefined) => {
    const k = headerKey(text);
    if (!k) return;
    if (!exact.has(k)) exact.set(k, { key, by });
    if (multiple && !numbered.has(k)) numbered.set(k, { key, by });
  };
  for (const f of fields) for (const t of [f.key, f.zh, f.en]) add(t, f.key, 'title', f.multiple);
  for (const f of fields) for (const t of f.synonyms ?? []) add(t, f.key, 'synonym', f.multiple);
  return { exact, numbered };
}

/** The field a header means: the whole text, else each of its rows' texts (last first). */
function matchHeader(m: Matcher, parts: string[]): { key: string; by: By } | null {
  const candidates = [parts.join(' '), ...[...parts].reverse()];
  for (const c of candidates) {
    const k = headerKey(c);
    if (!k) continue;
    const hit = m.exact.get(k);
    if (hit) return hit;
    const ord = ORDINAL.exec(k);
    const numbered = ord ? m.numbered.get(ord[1]!) : undefined;
    if (numbered) return numbered;
  }
  return null;
}

/** A cell's value, a formula's result in place of the formula. */
function rawValue(cell: ExcelJS.Cell): ExcelJS.CellValue {
  const v = cell.value;
  if (v && typeof v === 'object' && !(v instanceof Date) && 'result' in v)
    return (v.result ?? null) as ExcelJS.CellValue;
  return v;
}

/** Plain text of a cell: half-width, whitespace runs as one space, trimmed. */
const plain = (value: ExcelJS.CellValue) => halfWidth(cellText(value)).replace(/\s+/g, ' ').trim();

const pad = (n: number) => String(n).padStart(2, '0');
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY = 86_400_000;

function isoIfValid(y: number, m: number, d: number): string | null {
  const t = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** A date as typed: 2012-11-11, 2012/11/11, 2012.11.11, 2012年11月11日, 20121111 (a time after it is dropped). */
export function dateText(text: string): string | null {
  const t = halfWidth(text).replace(/\s+/g, '');
  const ymd = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:T?\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(t);
  if (ymd) return isoIfValid(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (compact) return isoIfValid(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  return null;
}

/**
 * A number in a date column: 20121111 as typed, or an Excel serial (1900 date system, the
 * days since 1899-12-30 past its leap-year bug) from 1900-03-01 up to today; else null.
 */
export function dateOfNumber(n: number): string | null {
  if (!Number.isInteger(n)) return null;
  if (n >= 19000101 && n <= 29991231) return dateText(String(n));
  const today = Math.floor((Date.now() - EXCEL_EPOCH) / DAY);
  if (n < 61 || n > today) return null;
  return new Date(EXCEL_EPOCH + n * DAY).toISOString().slice(0, 10);
}

export interface CellProblem {
  zh: string;
  en: string;
}

/** An ID number typed into a number cell keeps only Excel's 15 significant digits. */
const idAsNumber = (): CellProblem => ({
  zh: '证件号码被存成了数字，Excel 已丢掉末几位；请把该列设为“文本”格式后重新输入',
  en: 'the ID number was stored as a number and Excel dropped its last digits; set the column to Text and type it again',
});

/** One cell read for its column's kind: the text the import sees, and a problem found on the way. */
export function readCell(cell: ExcelJS.Cell, kind: ImportColumn['kind']): { text: string; problem?: CellProblem } {
  const v = rawValue(cell);
  if (kind === 'raw') return { text: cellText(v) };
  if (kind === 'date') {
    if (v instanceof Date) return { text: v.toISOString().slice(0, 10) };
    if (typeof v === 'number') return { text: dateOfNumber(v) ?? String(v) };
    const text = plain(v);
    return { text: dateText(text) ?? text };
  }
  if (kind === 'id') {
    if (typeof v === 'number') {
      const digits = Number.isInteger(v) ? BigInt(v).toString() : String(v);
      if (Number.isInteger(v) && digits.length > 15) return { text: digits, problem: idAsNumber() };
      return { text: digits };
    }
    const text = plain(v).replace(/\s+/g, '');
    if (/^\d(\.\d+)?e\+?\d+$/i.test(text)) return { text, problem: idAsNumber() };
    return { text };
  }
  return { text: plain(v) };
}

/** The `mapping` form field: `{"<column index>": "<field key>" | null}`, bounded and checked. */
export type Mapping = Map<number, string | null>;

export function importMapping(body: unknown): Mapping | undefined {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).mapping : undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null || value === '') return undefined;
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  const bad = () =>
    badInput(
      '列对应关系（mapping）应为 {"列序号": "字段"} 形式的 JSON',
      'the column mapping ("mapping") should be JSON like {"<column index>": "<field key>" | null}',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw bad();
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > MAX_COLUMNS) throw bad();
  const mapping: Mapping = new Map();
  for (const [k, v] of entries) {
    if (!/^\d{1,3}$/.test(k) || Number(k) >= MAX_COLUMNS) throw bad();
    if (v !== null && (typeof v !== 'string' || v.length > 64)) throw bad();
    mapping.set(Number(k), v);
  }
  return mapping;
}

export interface SheetRow {
  /** The row number as the spreadsheet shows it. */
  row: number;
  /** Text by field key (the columns of a field several fill joined with ", "). */
  values: Record<string, string>;
  /** The columns of a field several may fill, each with its header, in sheet order (empty cells left out). */
  lists: Record<string, { index: number; header: string; text: string }[]>;
  /** Problems the reader found (an ID that lost its digits), by field key. */
  problems: { field: string; zh: string; en: string }[];
}

export interface ImportSheet {
  headerRow: number;
  columns: ImportColumnVO[];
  rows: SheetRow[];
  notices: string[];
  /** Required fields no column fills. */
  missing: ImportColumn[];
  /** The sheet as the preview shows it. */
  vo: ImportSheetVO;
}

interface HeaderChoice {
  row: number;
  parts: string[][];
  score: number;
  twoRow: boolean;
}

/** The header row: the one (alone, or with the row above when merged over both) matching the most columns. */
function findHeader(sheet: ExcelJS.Worksheet, m: Matcher, width: number): HeaderChoice {
  const last = Math.min(HEADER_SCAN_ROWS, sheet.rowCount);
  let best: HeaderChoice = { row: 1, parts: [], score: -1, twoRow: false };
  for (let r = 1; r <= last; r++) {
    const row = sheet.getRow(r);
    const single = Array.from({ length: width }, (_, c) => [plain(row.getCell(c + 1).value)].filter(Boolean));
    const options: HeaderChoice[] = [{ row: r, parts: single, score: 0, twoRow: false }];
    if (r > 1) {
      const above = sheet.getRow(r - 1);
      const mergedDown = Array.from({ length: width }, (_, c) => row.getCell(c + 1)).some(
        (cell) => cell.isMerged && cell.master !== cell && Number(cell.master.row) === r - 1,
      );
      if (mergedDown) {
        const parts = Array.from({ length: width }, (_, c) => {
          const texts = [plain(above.getCell(c + 1).value), plain(row.getCell(c + 1).value)].filter(Boolean);
          return [...new Set(texts)];
        });
        options.push({ row: r, parts, score: 0, twoRow: true });
      }
    }
    for (const o of options) {
      o.score = o.parts.filter((p) => p.length && matchHeader(m, p)).length;
      if (o.score > best.score || (o.score === best.score && o.score > 0 && o.twoRow && !best.twoRow)) best = o;
    }
  }
  return best.score > 0 ? best : { row: 1, parts: [], score: 0, twoRow: false };
}

/**
 * Read an import's sheet: find its header, understand its columns (the user's `mapping` over
 * the headers), read every data row for the columns' kinds.
 */
export async function readImportSheet(
  file: Buffer,
  fields: readonly ImportColumn[],
  opts: { lang: string; mapping?: Mapping; limits?: SheetLimits },
): Promise<ImportSheet> {
  const sheet = await loadWorksheet(file, opts.limits ?? DEFAULT_SHEET_LIMITS);
  const { lang } = opts;
  const width = Math.min(Math.max(sheet.columnCount, sheet.actualColumnCount), MAX_COLUMNS);
  const m = matcherOf(fields);
  const header = findHeader(sheet, m, width);
  const headerParts =
    header.parts.length === width
      ? header.parts
      : Array.from({ length: width }, (_, c) => [plain(sheet.getRow(header.row).getCell(c + 1).value)].filter(Boolean));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const [index, key] of opts.mapping ?? []) {
    if (key !== null && !byKey.has(key)) {
      throw badInput(
        `列对应关系中的字段 ${key} 不存在`,
        `the mapping names a field "${key}" this import does not have`,
      );
    }
    if (index >= width) {
      throw badInput(
        `列对应关系中的第 ${index + 1} 列不存在`,
        `the mapping names column ${index + 1}, which the sheet lacks`,
      );
    }
  }
  // The data under the header: which columns hold anything (a column without a header but with data is reported).
  const dataRows: ExcelJS.Row[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    if (n > header.row) dataRows.push(row);
  });
  const hasData = new Set<number>();
  for (const row of dataRows) for (let c = 0; c < width; c++) if (plain(row.getCell(c + 1).value)) hasData.add(c);

  const notices: string[] = [];
  if (sheet.columnCount > MAX_COLUMNS) {
    notices.push(
      say(
        lang,
        `只读取前 ${MAX_COLUMNS} 列，其后的列已忽略`,
        `only the first ${MAX_COLUMNS} columns are read; the columns after them are ignored`,
      ),
    );
  }
  const userKeys = new Set([...(opts.mapping?.values() ?? [])].filter((k): k is string => k !== null));
  const columns: ImportColumnVO[] = [];
  const taken = new Map<string, number>();
  for (let c = 0; c < width; c++) {
    const parts = headerParts[c] ?? [];
    const text = parts.join(' ');
    if (!text && !hasData.has(c) && !opts.mapping?.has(c)) continue;
    let col: ImportColumnVO;
    if (opts.mapping?.has(c)) {
      const key = opts.mapping.get(c)!;
      col = { index: c, header: text, key, by: 'user' };
    } else {
      const hit = parts.length ? matchHeader(m, parts) : null;
      // A field the user placed on another column is no longer read from its header.
      col =
        hit && !(userKeys.has(hit.key) && !byKey.get(hit.key)?.multiple)
          ? { index: c, header: text, key: hit.key, by: hit.by }
          : { index: c, header: text, key: null, by: 'none' };
      const f = col.key ? byKey.get(col.key) : undefined;
      if (f && !f.multiple && taken.has(f.key)) {
        notices.push(
          say(
            lang,
            `第 ${columnLetter(c)} 列「${text}」与第 ${columnLetter(taken.get(f.key)!)} 列同为「${f.zh}」，已忽略`,
            `column ${columnLetter(c)} "${text}" also reads as "${f.en}" (column ${columnLetter(taken.get(f.key)!)}); it is ignored`,
          ),
        );
        col = { index: c, header: text, key: null, by: 'none' };
      } else if (!hit && !opts.mapping?.has(c)) {
        notices.push(
          text
            ? say(
                lang,
                `第 ${columnLetter(c)} 列「${text}」未识别，已忽略`,
                `column ${columnLetter(c)} "${text}" was not recognised and is ignored`,
              )
            : say(
                lang,
                `第 ${columnLetter(c)} 列没有表头，已忽略`,
                `column ${columnLetter(c)} has no header and is ignored`,
              ),
        );
      }
    }
    if (col.key && !byKey.get(col.key)?.multiple) taken.set(col.key, c);
    columns.push(col);
  }
  // Two user-mapped columns for one single field: the first is read, the other reported.
  const seenUser = new Set<string>();
  for (const col of columns) {
    if (col.by !== 'user' || !col.key || byKey.get(col.key)?.multiple) continue;
    if (seenUser.has(col.key)) {
      throw badInput(
        `列对应关系把多列对应到了「${byKey.get(col.key)!.zh}」`,
        `the mapping puts several columns on "${byKey.get(col.key)!.en}"`,
      );
    }
    seenUser.add(col.key);
  }

  const mapped = columns.filter((c): c is ImportColumnVO & { key: string } => c.key !== null);
  const rows: SheetRow[] = [];
  for (const r of dataRows) {
    const values: Record<string, string> = {};
    const lists: SheetRow['lists'] = {};
    const problems: SheetRow['problems'] = [];
    let any = false;
    for (const col of mapped) {
      const f = byKey.get(col.key)!;
      const { text, problem } = readCell(r.getCell(col.index + 1), f.kind);
      if (text) any = true;
      if (problem) problems.push({ field: col.key, ...problem });
      if (f.multiple) {
        const list = lists[col.key] ?? [];
        lists[col.key] = list;
        if (text) list.push({ index: col.index, header: col.header, text });
        values[col.key] = list.map((x) => x.text).join(', ');
      } else values[col.key] = text;
    }
    if (any) rows.push({ row: r.number, values, lists, problems });
  }
  const present = new Set(mapped.map((c) => c.key));
  const missing = fields.filter((f) => f.required && !present.has(f.key));
  const vo: ImportSheetVO = {
    headerRow: header.row,
    columns,
    fields: fields.map((f) => ({ key: f.key, label: say(lang, f.zh, f.en), required: f.required })),
    rows: rows.slice(0, PREVIEW_ROWS).map((r) => ({ row: r.row, values: r.values })),
  };
  return { headerRow: header.row, columns, rows, notices, missing, vo };
}

/** Refuse a sheet without a required column (a real import; a preview reports it instead). */
export function requireColumns(sheet: ImportSheet): void {
  if (!sheet.missing.length) return;
  throw badInput(
    `缺少列：${sheet.missing.map((c) => c.zh).join('、')}`,
    `missing column(s): ${sheet.missing.map((c) => c.en).join(', ')}`,
  );
}

/** A preview of a sheet without a required column: the sheet, and the missing columns as errors. */
export function missingColumnsReport(sheet: ImportSheet, lang: string): ImportReport {
  return withSheet(
    {
      total: sheet.rows.length,
      valid: 0,
      invalid: 0,
      imported: 0,
      errors: sheet.missing.map((c) => ({
        row: sheet.headerRow,
        field: c.key,
        message: say(
          lang,
          `缺少列：${c.zh}（请在列对应中选择）`,
          `missing column: ${c.en} (choose it in the column mapping)`,
        ),
      })),
    },
    sheet,
    true,
  );
}

/** The report with the reader's notices, and (a preview) the sheet as understood. */
export function withSheet(report: ImportReport, sheet: ImportSheet, preview: boolean): ImportReport {
  const out: ImportReport = { ...report };
  const notices = [...(report.notices ?? []), ...sheet.notices];
  if (notices.length) out.notices = notices;
  if (preview) out.sheet = sheet.vo;
  return out;
}

/**
 * The rows the reader could read: a row with the reader's problems is left out, its problems added
 * to `errors` as row errors (field = key) in the request's language.
 */
export function* readableRows(rows: SheetRow[], lang: string, errors: ImportReport['errors']): Generator<SheetRow> {
  for (const r of rows) {
    if (r.problems.length) {
      errors.push(...r.problems.map((p) => ({ row: r.row, field: p.field, message: say(lang, p.zh, p.en) })));
    } else yield r;
  }
}
