import { badInput } from '../../../lib/errors.js';

/**
 * Small text helpers shared by the FinishLynx and Hy-Tek formats: the lines of an uploaded
 * file, a field cleaned for a delimited record, and a person's name as last and first name.
 */

/** The lines of a text file with their 1-based numbers (CRLF or LF; a UTF-8 BOM dropped). */
export function linesOf(text: string, maxLines: number): { line: number; text: string }[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (lines.length > maxLines + 1) {
    throw badInput(`文件超过 ${maxLines} 行`, `the file has more than ${maxLines} lines`);
  }
  return lines.map((t, i) => ({ line: i + 1, text: t }));
}

/**
 * A value for a delimited field: the delimiter and line breaks become spaces (neither format
 * quotes fields), runs of spaces collapse, and the value is trimmed.
 */
export function clean(value: string | null | undefined, delimiter: ',' | ';'): string {
  return (value ?? '')
    .replaceAll(delimiter, ' ')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * A name as (last, first). Chinese names: the surname is the first character ("张三" → 张, 三);
 * other names: the last word is the surname ("Mary Ann Smith" → Smith, Mary Ann).
 * `joinName(splitName(x))` gives `x` back for every name with single spaces.
 */
export function splitName(name: string): { last: string; first: string } {
  const n = name.trim().replace(/\s+/g, ' ');
  if (CJK.test(n) && !n.includes(' ')) return { last: n.slice(0, 1), first: n.slice(1) };
  const i = n.lastIndexOf(' ');
  return i < 0 ? { last: n, first: '' } : { last: n.slice(i + 1), first: n.slice(0, i) };
}

/** The name back from (last, first): Chinese names without a space, others as "first last". */
export function joinName(last: string, first: string): string {
  const l = last.trim();
  const f = first.trim();
  if (CJK.test(l + f) && !(l + f).includes(' ')) return `${l}${f}`;
  return [f, l].filter(Boolean).join(' ');
}

/** A whole number in a field, or null when blank; anything else is an error naming the line. */
export function intField(raw: string, what: { zh: string; en: string }, line: number, max: number): number | null {
  const t = raw.trim();
  if (!t) return null;
  if (!/^\d{1,6}$/.test(t) || Number(t) > max) {
    throw badInput(
      `第 ${line} 行：${what.zh} ${t.slice(0, 20)} 无效`,
      `line ${line}: ${what.en} ${t.slice(0, 20)} is not valid`,
    );
  }
  return Number(t);
}
