/**
 * Marks as typed, stored and shown (WA Book C2.1 Technical Rules). Every computation runs on
 * whole thousandths / centimetres so that binary floating point never moves a mark.
 *
 * - Times: `value` keeps the time as given (seconds, to 1/1000 when the timing gave it); the
 *   shown `mark` is rounded UP: fully automatic times to the next longer 1/100 s unless exact
 *   (TR 19.24), hand times (typed to 1/10) to the next longer 1/10 s (TR 19.19). The number of
 *   decimals typed tells which: three or two → photo finish, one → hand, none → whole seconds.
 * - Distances: to the 0.01 m below the distance measured if it is not a whole centimetre
 *   (TR 25, measurement in the horizontal field events); heights in whole centimetres
 *   (TR 26, measurement in the vertical jumps).
 * - Wind: rounded to the next higher 1/10 m/s in the positive direction (TR 17.13 for races,
 *   applied to the horizontal jumps by TR 29.12): +2.03 → +2.1, −2.03 → −2.0, −1.25 → −1.2.
 * - Wind legality for records (no more than +2.0 m/s) is the scores' rule (scores/scoring.ts).
 */

export interface ParsedTime {
  /** Seconds as given. */
  value: number;
  /** Decimals typed: 0 (whole seconds), 1 (hand time), 2 or 3 (fully automatic timing). */
  decimals: number;
}

const TIME = /^(?:(?:(\d{1,2}):)?(\d{1,2}):)?(\d{1,2})(?:\.(\d{1,3}))?$/;

/** `10.853`, `10.85`, `10.8`, `58`, `1:58.30`, `1:02:03.4` → seconds; null when it is no time. */
export function parseTime(text: string): ParsedTime | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [, h, min, sec, frac = ''] = m;
  const hours = h === undefined ? 0 : Number(h);
  const minutes = min === undefined ? 0 : Number(min);
  const seconds = Number(sec);
  // Under a unit above it, a part stays below 60 (1:75.00 is not a time).
  if ((min !== undefined && seconds >= 60) || (h !== undefined && minutes >= 60)) return null;
  const ms = ((hours * 60 + minutes) * 60 + seconds) * 1000 + Number(frac.padEnd(3, '0') || 0);
  if (ms <= 0) return null;
  return { value: ms / 1000, decimals: frac.length };
}

/** Whole thousandths of a seconds value (exact for the 3 decimals stored). */
export const thousandths = (value: number) => Math.round(value * 1000);

/** The step a time is shown to, in thousandths: 1/100, 1/10 or a whole second. */
function stepOf(decimals: number): number {
  if (decimals >= 2) return 10;
  if (decimals === 1) return 100;
  return 1000;
}

/** A time as shown, rounded up to its step (TR 19.19 / 19.24): `10.853` → `10.86`. */
export function formatTime(value: number, decimals: number): string {
  const step = stepOf(decimals);
  const places = Math.min(decimals, 2);
  const ms = Math.ceil(thousandths(value) / step) * step;
  const totalSeconds = Math.floor(ms / 1000);
  const frac = places
    ? `.${String(ms % 1000)
        .padStart(3, '0')
        .slice(0, places)}`
    : '';
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  if (h) return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${frac}`;
  if (m) return `${m}:${String(s).padStart(2, '0')}${frac}`;
  return `${s}${frac}`;
}

/** The decimals a shown time carries (`10.86` → 2, `10.9` → 1, `1:02:03` → 0). */
export function shownDecimals(mark: string): number {
  const dot = mark.lastIndexOf('.');
  return dot < 0 ? 0 : mark.length - dot - 1;
}

/** A time as the ranking sees it: the shown value, and the 1/1000 when the timing gave it. */
export interface TimeKey {
  /** The shown time in thousandths (rounded up to its step). */
  shown: number;
  /** The time as given in thousandths. */
  exact: number;
  /** The 1/1000 was given (a time whose third decimal is 0 counts as given to 1/100). */
  hasThousandths: boolean;
}

export function timeKey(mark: string, value: number): TimeKey {
  const exact = thousandths(value);
  const step = stepOf(shownDecimals(mark));
  return { shown: Math.ceil(exact / step) * step, exact, hasThousandths: exact % 10 !== 0 };
}

/** Combined events: whole points. */
export function parsePoints(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,5}$/.test(t)) return null;
  return Number(t);
}

/** A measured distance or height in metres, to the centimetre below (TR 25, TR 26). */
export function toCentimetreBelow(metres: number): number {
  // 1e-6 absorbs binary noise (6.23 * 100 = 622.9999…) without lifting a real 6.229.
  return Math.floor(metres * 100 + 1e-6) / 100;
}

export const formatMetres = (metres: number) => metres.toFixed(2);

/** A wind reading rounded to the next higher 1/10 m/s (TR 17.13, TR 29.12). */
export function roundWind(reading: number): number {
  const tenths = Math.ceil(Math.round(reading * 1000) / 100 - 1e-9);
  return tenths === 0 ? 0 : tenths / 10;
}

/** `+2.1`, `-1.2`, `+0.0`: how results lists show the wind. */
export function formatWind(wind: number): string {
  return `${wind < 0 ? '-' : '+'}${Math.abs(wind).toFixed(1)}`;
}

/** A reaction time to 1/1000 s, as the start information system gives it (TR 16.6). */
export function formatReaction(seconds: number): string {
  return (thousandths(seconds) / 1000).toFixed(3);
}
