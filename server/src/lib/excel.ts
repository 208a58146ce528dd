import { createInflateRaw } from 'node:zlib';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { badInput, say } from './errors.js';
import type { Report } from './jobs.js';

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
export const excel = () => import('exceljs').then((m) => m.default);

/**
 * One sheet as an .xlsx buffer, every text cell neutralised. `report(done, total)` follows a big
 * one (an export job's progress bar): rows written of all, the file last; it then lets other
 * requests in every thousand rows.
 */
export async function toXlsx<Row>(
  sheetName: string,
  columns: Column<Row>[],
  rows: Row[],
  report?: Report,
): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  const total = rows.length + 1;
  for (const [i, row] of rows.entries()) {
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, safeCell(c.value(row))])));
    if (report && (i + 1) % 1000 === 0) {
      report(i + 1, total);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  report?.(rows.length, total);
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

/** Limits on an uploaded workbook, checked before exceljs unpacks it. */
export interface SheetLimits {
  maxBytes: number;
  /** Bytes all the archive's entries may inflate to, counted while inflating. */
  maxUnpackedBytes: number;
  /** Bytes one entry may inflate to (default: DEFAULT_SHEET_LIMITS'). */
  maxEntryBytes?: number;
  /** Entries (files) in the archive (default: DEFAULT_SHEET_LIMITS'). */
  maxEntries?: number;
  maxRows: number;
}

export const DEFAULT_SHEET_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxEntryBytes: 64 * 1024 * 1024,
  maxEntries: 1000,
  maxRows: 20_000,
} satisfies Required<SheetLimits>;

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Sum the uncompressed sizes the zip's central directory declares, without inflating
 * anything: a zip bomb that admits its size is refused before a byte of it is unpacked.
 */
export function declaredUnpackedSize(zip: Buffer): number | null {
  const dir = centralDirectory(zip);
  return dir && dir.entries.reduce((n, e) => n + e.declaredSize, 0);
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

/** The entries the central directory lists; null when it cannot be walked (or is Zip64). */
function centralDirectory(zip: Buffer): { entries: ZipEntry[]; start: number } | null {
  const minEocd = 22;
  for (let i = zip.length - minEocd; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) !== 0x06054b50) continue;
    const count = zip.readUInt16LE(i + 10);
    const start = zip.readUInt32LE(i + 16);
    if (count === 0xffff || start === 0xffffffff) return null;
    let offset = start;
    const entries: ZipEntry[] = [];
    for (let n = 0; n < count; n++) {
      if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) return null;
      const nameLength = zip.readUInt16LE(offset + 28);
      entries.push({
        name: zip.toString('utf8', offset + 46, Math.min(zip.length, offset + 46 + nameLength)),
        method: zip.readUInt16LE(offset + 10),
        compressedSize: zip.readUInt32LE(offset + 20),
        declaredSize: zip.readUInt32LE(offset + 24),
        localOffset: zip.readUInt32LE(offset + 42),
      });
      offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
    }
    return { entries, start };
  }
  return null;
}

const damaged = () => badInput('Excel 文件已损坏', 'the Excel file is damaged');

/**
 * Bytes a raw deflate stream inflates to, counted as zlib produces them (256 KB at a time, each
 * chunk dropped once counted) and stopped as soon as the count passes `limit`: memory stays a
 * few chunks, however much the stream would unpack to. The stream is read to its own end
 * marker, not to the size any header claims.
 */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const z = createInflateRaw({ chunkSize: 256 * 1024 });
    let n = 0;
    let done = false;
    const finish = (err: Error | null) => {
      if (done) return;
      done = true;
      if (err) reject(err);
      else resolve(n);
    };
    z.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > limit) {
        finish(null);
        z.destroy();
      }
    });
    z.on('end', () => finish(null));
    z.on('error', () => finish(damaged()));
    z.end(data);
  });
}

/**
 * Walk the archive as an unzipper would and count the bytes its entries really inflate to —
 * never trusting the sizes the local or central headers declare — before exceljs sees it.
 * Refuses more than `maxEntries` entries, an entry past `maxEntryBytes`, or a total past
 * `maxUnpackedBytes` (each naming the limit), and anything but stored or deflated entries.
 */
export async function checkUnpackedSize(zip: Buffer, limits: SheetLimits = DEFAULT_SHEET_LIMITS): Promise<number> {
  const maxEntries = limits.maxEntries ?? DEFAULT_SHEET_LIMITS.maxEntries;
  const maxEntry = limits.maxEntryBytes ?? DEFAULT_SHEET_LIMITS.maxEntryBytes;
  const dir = centralDirectory(zip);
  if (!dir) throw damaged();
  if (dir.entries.length > maxEntries) {
    throw badInput(`Excel 文件包含超过 ${maxEntries} 个文件`, `the Excel file holds more than ${maxEntries} files`);
  }
  const tooLarge = () =>
    badInput(
      `Excel 文件解压后超过 ${MB(limits.maxUnpackedBytes)}`,
      `the Excel file unpacks to more than ${MB(limits.maxUnpackedBytes)}`,
    );
  let total = 0;
  for (const e of dir.entries) {
    const local = e.localOffset;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw damaged();
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (dataStart > zip.length) throw damaged();
    // Stored: the bytes themselves (as many as the header says, within the file). Deflated:
    // everything up to the central directory is offered, and the stream's own end stops it.
    const budget = Math.min(maxEntry, limits.maxUnpackedBytes - total);
    let size: number;
    if (e.method === 0) size = Math.min(e.compressedSize, zip.length - dataStart);
    else if (e.method === 8) size = await inflatedSize(zip.subarray(dataStart, Math.max(dataStart, dir.start)), budget);
    else throw badInput('Excel 文件使用了不支持的压缩方式', 'the Excel file uses an unsupported compression method');
    if (size > maxEntry) {
      throw badInput(
        `Excel 文件中的 ${e.name} 解压后超过 ${MB(maxEntry)}`,
        `the Excel file's entry ${e.name} unpacks to more than ${MB(maxEntry)}`,
      );
    }
    total += size;
    if (total > limits.maxUnpackedBytes) throw tooLarge();
  }
  return total;
}

/**
 * The first sheet of an .xlsx upload, after the checks: refuses, with a clear message, anything
 * that is not an xlsx, too large, too many rows, or a zip bomb (counted while inflating:
 * checkUnpackedSize).
 */
export async function loadWorksheet(
  file: Buffer,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): Promise<ExcelJS.Worksheet> {
  if (file.length > limits.maxBytes) {
    throw badInput('文件过大', `the file is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB`);
  }
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) {
    throw badInput('文件不是 Excel（.xlsx）格式', 'the file is not an Excel (.xlsx) workbook');
  }
  const declared = declaredUnpackedSize(file);
  if (declared === null) throw damaged();
  if (declared > limits.maxUnpackedBytes) {
    throw badInput(
      `Excel 文件解压后超过 ${MB(limits.maxUnpackedBytes)}`,
      `the Excel file unpacks to more than ${MB(limits.maxUnpackedBytes)}`,
    );
  }
  // The declared sizes can lie: count what the entries really inflate to, stopping at the limits.
  await checkUnpackedSize(file, limits);
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
  return sheet;
}

/**
 * Read the first sheet of an .xlsx upload into rows of trimmed text keyed by the headers of
 * row 1 (the checks of loadWorksheet first). Imports read through sheet-import.ts instead.
 */
export async function readXlsx(
  file: Buffer,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): Promise<{ headers: string[]; rows: { row: number; values: Record<string, string> }[] }> {
  const sheet = await loadWorksheet(file, limits);
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

/** A cell as trimmed text (rich text joined, a formula's result, a date as YYYY-MM-DD). */
export function cellText(value: ExcelJS.CellValue): string {
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
  /** Other headers that mean this column, in either language (matched as sheet-import.ts says). */
  synonyms?: readonly string[];
  /** Several columns may fill it (项目一, 项目二 …): the header may end in a number. */
  multiple?: boolean;
  /** How its cells are read: a date (serial numbers too), an ID (a number cell that lost digits), as typed. */
  kind?: 'text' | 'date' | 'id' | 'raw';
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
