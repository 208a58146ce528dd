import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { badInput, say } from './errors.js';

export interface Column<Row> {
  header: string;
  key: string;
  width?: number;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
}

/**
 * Neutralise spreadsheet formula injection: a text cell starting with = + - @ (or a tab or
 * carriage return) would be run as a formula by Excel; prefix it with an apostrophe.
 */
export function safeCell(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** exceljs is large (≈27 MB resident): loaded on the first spreadsheet, not at start. */
const excel = () => import('exceljs').then((m) => m.default);

/** One sheet as an .xlsx buffer, every text cell neutralised. */
export async function toXlsx<Row>(sheetName: string, columns: Column<Row>[], rows: Row[]): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, safeCell(c.value(row))])));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Send a file for download: an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
export function sendFile(reply: FastifyReply, filename: string, contentType: string, body: Buffer) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'no-store')
    .send(body);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const sendXlsx = (reply: FastifyReply, filename: string, body: Buffer) =>
  sendFile(reply, filename, XLSX_TYPE, body);

/** Limits on an uploaded workbook, checked before it is unpacked. */
export interface SheetLimits {
  maxBytes: number;
  maxUnpackedBytes: number;
  maxRows: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxRows: 20_000,
};

/**
 * Sum the uncompressed sizes the zip's central directory declares, without inflating
 * anything: a zip bomb is refused before a byte of it is unpacked.
 */
export function declaredUnpackedSize(zip: Buffer): number | null {
  const minEocd = 22;
  for (let i = zip.length - minEocd; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = zip.readUInt16LE(i + 10);
    let offset = zip.readUInt32LE(i + 16);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) return null;
      total += zip.readUInt32LE(offset + 24);
      offset += 46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
    }
    return total;
  }
  return null;
}

/**
 * Read the first sheet of an .xlsx upload into rows of trimmed text keyed by header.
 * Refuses, with a clear message, anything that is not an xlsx, too large, or a zip bomb.
 */
export async function readXlsx(
  file: Buffer,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): Promise<{ headers: string[]; rows: { row: number; values: Record<string, string> }[] }> {
  if (file.length > limits.maxBytes) {
    throw badInput('文件过大', `the file is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB`);
  }
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) {
    throw badInput('文件不是 Excel（.xlsx）格式', 'the file is not an Excel (.xlsx) workbook');
  }
  const unpacked = declaredUnpackedSize(file);
  if (unpacked === null) throw badInput('Excel 文件已损坏', 'the Excel file is damaged');
  if (unpacked > limits.maxUnpackedBytes) {
    throw badInput('Excel 文件解压后过大', 'the Excel file unpacks to more than the allowed size');
  }
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badInput('Excel 文件无法读取', 'the Excel file could not be read');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badInput('Excel 文件没有工作表', 'the Excel file has no sheet');
  if (sheet.actualRowCount - 1 > limits.maxRows) {
    throw badInput(`行数超过 ${limits.maxRows}`, `more than ${limits.maxRows} rows`);
  }
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = cellText(cell.value);
  });
  const rows: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    let any = false;
    headers.forEach((h, i) => {
      const text = cellText(r.getCell(i + 1).value);
      if (text) any = true;
      if (h) values[h] = text;
    });
    if (any) rows.push({ row: rowNumber, values });
  });
  return { headers, rows };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return String(value.result ?? '').trim();
    return '';
  }
  return String(value).trim();
}

/** The export cap: an export of the current filter never pulls more than this many rows. */
export const EXPORT_MAX_ROWS = 20_000;

/** The uploaded file of a multipart form (fields attached to the body as key values). */
export function uploadedFile(body: unknown, name = 'file'): Buffer {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  const file = Array.isArray(value) ? value[0] : value;
  if (!Buffer.isBuffer(file) || file.length === 0) {
    throw badInput('请选择要导入的 Excel 文件', 'choose an Excel file to import (form field "file")');
  }
  return file;
}

export interface ImportColumn {
  key: string;
  zh: string;
  en: string;
  required: boolean;
}

/**
 * Spreadsheet rows keyed by column key; a header may be the key or its zh/en title.
 * A required column missing from the header row refuses the whole file.
 */
export function keyedRows(
  sheet: { headers: string[]; rows: { row: number; values: Record<string, string> }[] },
  columns: readonly ImportColumn[],
): { row: number; values: Record<string, string> }[] {
  const byHeader = new Map<string, string>();
  for (const c of columns) {
    for (const h of [c.key, c.zh, c.en]) byHeader.set(h.trim().toLowerCase(), c.key);
  }
  const present = new Set(sheet.headers.map((h) => byHeader.get((h ?? '').trim().toLowerCase())).filter(Boolean));
  const missing = columns.filter((c) => c.required && !present.has(c.key));
  if (missing.length) {
    throw badInput(
      `缺少列：${missing.map((c) => c.zh).join('、')}`,
      `missing column(s): ${missing.map((c) => c.en).join(', ')}`,
    );
  }
  return sheet.rows.map((r) => {
    const values: Record<string, string> = {};
    for (const [header, text] of Object.entries(r.values)) {
      const key = byHeader.get(header.trim().toLowerCase());
      if (key && !(key in values && values[key])) values[key] = text;
    }
    return { row: r.row, values };
  });
}

/** The columns of an import template, titled in the request's language (either is accepted back). */
export function templateColumns(columns: readonly ImportColumn[], lang: string) {
  return columns.map((c) => ({
    header: say(lang, c.zh, c.en),
    key: c.key,
    width: 20,
    value: () => null,
  }));
}
