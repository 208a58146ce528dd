/**
 * Marks as typed, stored and shown (WA Book C2.1 Technical Rules). Every computation runs on
 * whole thousandths / centimetres so that binary floating point never moves a mark.
 *
 * - Times: `value` keeps the time as given (seconds, to 1/1000 when the timing gave it); the
 *   shown `mark` is rounded UP to the step the event's rule gives (`timeStep`, TR 19.19 /
 *   19.24): 1/100 on the track up to 10,000 m, 1/10 beyond it and for hand times, whole
 *   seconds outside the stadium. The typed decimals tell only which timing gave the time.
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
  return formatStep(value, stepOf(decimals));
}

/** A time rounded up to `step` thousandths (10: 1/100, 100: 1/10, 1000: whole seconds). */
function formatStep(value: number, step: number): string {
  const places = step === 10 ? 2 : step === 100 ? 1 : 0;
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

/** What the rounding of a race's times depends on: where it is run and how far. */
export interface TimedEvent {
  /** `road`: wholly or partly outside the stadium; `track` and `relay`: in the stadium. */
  kind: string;
  /** The item's code (`100`, `10000W`, `20kmW`, `4x400`, `3000SC`, `HM`). */
  itemCode: string;
}

/**
 * The distance of a race in metres from its code: `100` → 100, `10000W` → 10,000, `3000SC` →
 * 3000, `20kmW` → 20,000, `4x400` → 1600 (the whole relay); null when the code names no
 * distance (`HM`, `MAR`, a club's own code).
 */
export function raceDistance(itemCode: string): number | null {
  const code = itemCode.trim();
  const relay = /^(\d+)\s*[x×]\s*(\d+)/i.exec(code);
  if (relay) return Number(relay[1]) * Number(relay[2]);
  const m = /^(\d+(?:\.\d+)?)\s*(km|k|m)?/i.exec(code);
  if (!m) return null;
  const unit = (m[2] ?? 'm').toLowerCase();
  return Number(m[1]) * (unit === 'm' ? 1 : 1000);
}

/**
 * The step a race's time is recorded to, in thousandths — decided by the event, not by the
 * decimals typed. The rule is WA Book C2.1 TR 19.24 (fully automatic timing) and TR 19.19
 * (hand timing), but NEITHER TEXT WAS FOUND in the stored copies of the rules checked for this
 * change, so it is not quoted here and the numbering is unverified. What was found:
 * - for races outside the stadium, the IAAF wording as quoted on ascentsportstech.com: "For
 *   races partly or entirely outside the stadium, unless the time is an exact whole second, the
 *   time shall be converted and recorded to the next longer whole second, e.g. 2:09:44.3 shall
 *   be recorded as 2:09:45." (the hand-timing rule), and IAAF Rule 165.24 (transponders, as
 *   quoted on sydney-marathon.com): "All read times not ending in zero shall be converted and
 *   recorded to the next longer whole second".
 * - nothing for the 1/100 (track up to 10,000 m) and 1/10 (track beyond 10,000 m) steps: they
 *   are as the brief of issue 23 gives them ("races up to 10,000 m in the stadium to 1/100 up;
 *   longer track races as the rule says") and should be checked against TR 19.24 itself.
 * Steps: outside the stadium whole seconds up; hand times (typed to 1/10 or whole seconds)
 * 1/10 up; fully automatic times (1/100 or 1/1000 typed) 1/100 up on the track to 10,000 m,
 * 1/10 up beyond it. A distance the code does not name counts as within 10,000 m.
 */
export function timeStep(event: TimedEvent, decimals: number): number {
  if (event.kind === 'road') return 1000;
  if (decimals < 2) return 100;
  const distance = raceDistance(event.itemCode);
  return distance !== null && distance > 10_000 ? 100 : 10;
}

/** A race's time as recorded for its event (`timeStep`): `2:09:44.32` in a marathon → `2:09:45`. */
export function formatRaceTime(event: TimedEvent, value: number, decimals: number): string {
  return formatStep(value, timeStep(event, decimals));
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
