import { badInput } from '../../../lib/errors.js';
import { normalizeName } from '../../apply/rules.js';

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
 * Chinese compound surnames (复姓), from the compound-surname part of the 《百家姓》 (the
 * pairs there that are two single surnames side by side, 仉督 or 晋楚, left out), with 独孤,
 * 贺兰, 完颜 and 纳兰. A name that starts with one of them, and has at least one
 * character after it, splits after the two characters: 欧阳娜娜 → 欧阳 / 娜娜. A list, not a
 * guess: every other Chinese name splits after its first character. (单于 is listed as the
 * 《百家姓》 does; 单 alone is also a surname, so 单于X reads as 单于 / X.)
 */
export const COMPOUND_SURNAMES: ReadonlySet<string> = new Set(
  (
    '万俟 司马 上官 欧阳 夏侯 诸葛 闻人 东方 赫连 皇甫 尉迟 公羊 澹台 公冶 宗政 濮阳 ' +
    '淳于 单于 太叔 申屠 公孙 仲孙 轩辕 令狐 钟离 宇文 长孙 慕容 鲜于 闾丘 司徒 司空 ' +
    '亓官 司寇 子车 颛孙 端木 巫马 公西 漆雕 乐正 壤驷 公良 拓跋 夹谷 宰父 谷梁 段干 ' +
    '百里 东郭 南门 呼延 羊舌 微生 梁丘 左丘 东门 西门 南宫 第五 独孤 贺兰 完颜 纳兰 '
  )
    .trim()
    .split(' '),
);

/**
 * A name as (last, first), normalised first (normalizeName: Unicode and full-width spaces,
 * `李　明` → 李明). Chinese names: the surname is the compound surname it starts with, else its
 * first character ("张三" → 张 / 三, "欧阳娜娜" → 欧阳 / 娜娜); other names: the last word is the
 * surname ("Mary Ann Smith" → Smith / Mary Ann), kept as written.
 * `joinName(splitName(x))` gives `normalizeName(x)` back.
 */
export function splitName(name: string): { last: string; first: string } {
  const n = normalizeName(name);
  if (CJK.test(n) && !n.includes(' ')) {
    const chars = [...n];
    const two = chars.slice(0, 2).join('');
    const cut = chars.length > 2 && COMPOUND_SURNAMES.has(two) ? 2 : 1;
    return { last: chars.slice(0, cut).join(''), first: chars.slice(cut).join('') };
  }
  const i = n.lastIndexOf(' ');
  return i < 0 ? { last: n, first: '' } : { last: n.slice(i + 1), first: n.slice(0, i) };
}

/** The name back from (last, first): Chinese names without a space, others as "first last". */
export function joinName(last: string, first: string): string {
  const l = normalizeName(last);
  const f = normalizeName(first);
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
