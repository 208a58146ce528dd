import type { ResultFormat } from '@baton/contracts';
import { badInput } from '../../lib/errors.js';

/**
 * Seed marks (PB/SB) in the format of the item's results:
 * - time: `10.85` (seconds), `1:58.30` (minutes:seconds), `1:02:03.4` (hours:minutes:seconds),
 *   to 1/1000 s at most; minutes and seconds after a colon below 60;
 * - distance and height: metres to the centimetre, `5.62`, `1.85`;
 * - points: a whole number, `5120`.
 * The number is what seeding sorts on: seconds, metres or points.
 */
export interface SeedMark {
  mark: string;
  value: number;
}

const EXPECTED: Record<ResultFormat, { zh: string; en: string }> = {
  time: {
    zh: '成绩格式应为 10.85、1:58.30 或 1:02:03.4',
    en: 'the mark should be a time such as 10.85, 1:58.30 or 1:02:03.4',
  },
  distance: { zh: '成绩格式应为米数，如 5.62', en: 'the mark should be metres such as 5.62' },
  height: { zh: '成绩格式应为米数，如 1.85', en: 'the mark should be metres such as 1.85' },
  points: { zh: '成绩格式应为整数分，如 5120', en: 'the mark should be whole points such as 5120' },
};

function wrong(format: ResultFormat, text: string): never {
  const e = EXPECTED[format];
  throw badInput(`成绩 ${text} 无效：${e.zh}`, `seed mark ${text} is invalid: ${e.en}`);
}

/** The seed mark parsed by the item's format; null for none. Throws A0400 naming the expected format. */
export function parseSeedMark(format: ResultFormat, raw: string | null | undefined): SeedMark | null {
  const text = (raw ?? '').trim();
  if (!text) return null;
  if (format === 'time') {
    const m = /^(?:(\d{1,2}):)?(?:(\d{1,2}):)?(\d{1,5})(?:\.(\d{1,3}))?$/.exec(text);
    if (!m) wrong(format, text);
    // One colon: minutes:seconds; two: hours:minutes:seconds.
    const [, a, b, s, frac] = m;
    const hours = a !== undefined && b !== undefined ? Number(a) : 0;
    const minutes = b !== undefined ? Number(b) : a !== undefined ? Number(a) : 0;
    const seconds = Number(s);
    if (a !== undefined && (seconds >= 60 || s!.length !== 2)) wrong(format, text);
    if (b !== undefined && (minutes >= 60 || b.length !== 2)) wrong(format, text);
    const value = hours * 3600 + minutes * 60 + seconds + (frac ? Number(`0.${frac}`) : 0);
    if (value <= 0) wrong(format, text);
    return { mark: text, value: Math.round(value * 1000) / 1000 };
  }
  if (format === 'points') {
    if (!/^\d{1,5}$/.test(text) || Number(text) <= 0) wrong(format, text);
    return { mark: String(Number(text)), value: Number(text) };
  }
  // Distance and height: metres to the centimetre.
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) <= 0) wrong(format, text);
  return { mark: text, value: Number(text) };
}
