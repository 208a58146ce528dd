/**
 * A meeting's clock (issue 25, "one clock per meeting"): every meeting carries an IANA time zone
 * (`meet_meeting.time_zone`; new meetings take the server's BATON_TIME_ZONE, MEETING_TIME_ZONE
 * out of the box) and every time of the meeting — pages, PDFs, exports — is shown on it.
 * Times are stored as instants; these turn them into the meeting's wall-clock days and times and
 * back. Pure (Intl only), shared by the server and the web.
 */

let known: Set<string> | null = null;

/** The zones Intl lists (`Intl.supportedValuesOf('timeZone')`), with UTC, which it leaves out. */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf('timeZone');
  return names.includes('UTC') ? names : [...names, 'UTC'];
}

/**
 * The name a meeting stores for a zone, or null when Intl does not know it: a name Intl lists
 * (or UTC) as it is; another spelling Intl accepts (`europe/london`, `Asia/Kolkata` where ICU
 * lists `Asia/Calcutta`) as the listed name it resolves to.
 */
export function knownTimeZone(name: string): string | null {
  known ??= new Set(timeZoneNames());
  if (known.has(name)) return name;
  if (!name || name.length > 64) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return known.has(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Year, month, day, hour, minute, second of an instant on a zone's clock. */
function wallClock(at: Date, timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second! };
}

const asDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** The calendar day (`YYYY-MM-DD`) of an instant on a zone's clock. */
export function zonedDay(at: Date | string, timeZone: string): string {
  const c = wallClock(asDate(at), timeZone);
  return `${c.y}-${c.mo}-${c.d}`;
}

/**
 * The last `count` calendar days on a zone's clock, today (at `now`) last: `YYYY-MM-DD` each. A
 * chart "per day" counts by these days, whatever zone the server's process runs in.
 */
export function lastDays(count: number, timeZone: string, now: Date = new Date()): string[] {
  const today = Date.parse(`${zonedDay(now, timeZone)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The clock time (`HH:mm`) of an instant on a zone's clock. */
export function zonedTime(at: Date | string, timeZone: string): string {
  const c = wallClock(asDate(at), timeZone);
  return `${c.h}:${c.mi}`;
}

/** `YYYY-MM-DD HH:mm` of an instant on a zone's clock, '' for none or an unreadable one. */
export function zonedStamp(at: Date | string | null | undefined, timeZone: string): string {
  if (!at) return '';
  const d = asDate(at);
  if (Number.isNaN(d.getTime())) return '';
  const c = wallClock(d, timeZone);
  return `${c.y}-${c.mo}-${c.d} ${c.h}:${c.mi}`;
}

/**
 * The instant (ISO, UTC) of a wall-clock day (`YYYY-MM-DD`) and time (`HH:mm`) on a zone's
 * clock, summer time included. A time the clock skips or shows twice (the hour of a change)
 * comes out as one of its neighbours.
 */
export function zonedInstant(day: string, hhmm: string, timeZone: string): string {
  const guess = new Date(`${day}T${hhmm}:00Z`);
  const offset = (at: Date) => {
    const c = wallClock(at, timeZone);
    return Date.UTC(+c.y, +c.mo - 1, +c.d, +c.h, +c.mi, +c.s) - at.getTime();
  };
  // The zone's offset at the guess, then at the instant it gives (they differ across a change).
  const first = new Date(guess.getTime() - offset(guess));
  const second = new Date(guess.getTime() - offset(first));
  return (zonedDay(second, timeZone) === day && zonedTime(second, timeZone) === hhmm ? second : first).toISOString();
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** A zone's offset at an instant as Intl's short form: `GMT+8`, `GMT+1`, `GMT` or `GMT+0` at zero (as ICU words it). */
export function timeZoneOffset(timeZone: string | undefined, at: Date = new Date()): string {
  // One formatter per zone (the meeting form lists every zone with its offset on each render).
  const key = timeZone ?? '';
  let f = offsetFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
    offsetFormats.set(key, f);
  }
  const parts = f.formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}
