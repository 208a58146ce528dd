import iconv from 'iconv-lite';
import { badInput } from './errors.js';

/**
 * The one reader of every imported text file (FinishLynx `.lif`, Hy-Tek entry files, …).
 *
 * Programs write text in the encoding of the machine they run on: FinishLynx lets the operator
 * save a LIF file in the Windows ANSI code page (GBK on a Chinese Windows, Windows-1252 on a
 * Western one), in UTF-8, or as "Unicode" (UTF-16LE with a BOM); Hy-Tek writes the ANSI code
 * page. The reader decides, in this order:
 *   1. a byte-order mark: UTF-8, UTF-16LE, UTF-16BE;
 *   2. UTF-16 without a mark, recognised by its NUL bytes in every other position;
 *   3. strict UTF-8 (every byte sequence valid);
 *   4. otherwise GB18030 (a superset of GBK and GB2312) when the high bytes read as Chinese text
 *      does (pairs in the GB2312 rows, 0xA1–0xFE), else Windows-1252.
 * Decoding is iconv-lite's. Line ends become `\n`. A NUL byte in text that is not UTF-16 refuses
 * the file (a binary file). The encoding used is returned for the import report.
 */

export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'gb18030', 'windows-1252'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  /** True when the file began with a byte-order mark. */
  bom: boolean;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** NUL bytes at every other position (ASCII text in UTF-16): 'le' when at odd offsets. */
function utf16WithoutBom(bytes: Buffer): 'le' | 'be' | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul += 1;
    if (bytes[i + 1] === 0) oddNul += 1;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.3 && evenNul === 0) return 'le';
  if (evenNul > pairs * 0.3 && oddNul === 0) return 'be';
  return null;
}

/**
 * Whether the high bytes of a non-UTF-8 file read as GB text: walking the bytes as GB18030 does,
 * at least 90 % of the two-byte characters lie in the GB2312 rows (lead and trail 0xA1–0xFE),
 * where nearly all Chinese text is. Windows-1252 text has its high bytes alone between ASCII
 * letters (`Hürden`: 0xFC 0x72), which GB reads as a lead byte with an ASCII trail — rare in
 * Chinese text.
 */
function looksLikeGb(bytes: Buffer): boolean {
  let common = 0;
  let other = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const next = bytes[i + 1];
    if (b === 0x80 || b === 0xff || next === undefined) {
      other += 1;
      continue;
    }
    // A four-byte GB18030 sequence: lead, digit, lead, digit.
    if (next >= 0x30 && next <= 0x39) {
      other += 1;
      i += 3;
      continue;
    }
    if (b >= 0xa1 && b <= 0xfe && next >= 0xa1 && next <= 0xfe) common += 1;
    else other += 1;
    i += 1;
  }
  return common > 0 && common >= (common + other) * 0.9;
}

/** Line ends as `\n` (CRLF, CR). */
const normalised = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * The text of an uploaded file and the encoding it was written in. `name` is what the messages
 * call the file (e.g. `the result file`).
 */
export function decodeText(bytes: Buffer): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: normalised(utf8(bytes.subarray(3))), encoding: 'utf-8', bom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: normalised(iconv.decode(bytes.subarray(2), 'utf-16le')), encoding: 'utf-16le', bom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: normalised(iconv.decode(bytes.subarray(2), 'utf-16be')), encoding: 'utf-16be', bom: true };
  }
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) {
    const encoding = utf16 === 'le' ? 'utf-16le' : 'utf-16be';
    return { text: normalised(iconv.decode(bytes, encoding)), encoding, bom: false };
  }
  if (bytes.includes(0)) throw badInput('文件不是文本文件', 'the file is not a text file');
  try {
    return { text: normalised(strictUtf8.decode(bytes)), encoding: 'utf-8', bom: false };
  } catch {
    // Not UTF-8: an ANSI code page.
  }
  const encoding: TextEncoding = looksLikeGb(bytes) ? 'gb18030' : 'windows-1252';
  return { text: normalised(iconv.decode(bytes, encoding)), encoding, bom: false };
}

function utf8(bytes: Buffer): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw badInput(
      '文件以 UTF-8 标记开头，但内容不是有效的 UTF-8',
      'the file starts with a UTF-8 mark but its content is not valid UTF-8',
    );
  }
}

/** Export encodings an operator can pick for a venue's files. */
export const EXPORT_ENCODINGS = ['utf-8', 'utf-8-bom', 'gbk'] as const;
export type ExportEncoding = (typeof EXPORT_ENCODINGS)[number];

/**
 * Text as the bytes of a file in the chosen encoding. GBK cannot hold every character: one it
 * cannot hold is refused with a message naming it, rather than written as `?`.
 */
export function encodeText(text: string, encoding: ExportEncoding): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  if (encoding === 'utf-8-bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
  const out = iconv.encode(text, 'gbk');
  const back = iconv.decode(out, 'gbk');
  if (back !== text) {
    const chars = [...text];
    const backChars = [...back];
    const at = chars.findIndex((ch, i) => backChars[i] !== ch);
    const ch = chars[at] ?? '?';
    throw badInput(
      `字符“${ch}”无法用 GBK 编码保存，请选择 UTF-8`,
      `the character “${ch}” cannot be written in GBK; choose UTF-8`,
    );
  }
  return out;
}
