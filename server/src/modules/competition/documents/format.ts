import { type StartVO, type TrialVO, zonedStamp } from '@baton/contracts';

/**
 * How marks, winds, trials and times print. Times print on the meeting's own clock
 * (`meet_meeting.time_zone`), as the staff and public pages show them, whatever the server's zone.
 */

type Instant = string | Date | null | undefined;

/** The meeting's clock: its zone, and its times as "2025-06-01 09:30", "09:30", "2025-06-01" ('' for none). */
export function meetingClock(timeZone: string) {
  const dateTime = (value: Instant) => zonedStamp(value, timeZone);
  return {
    timeZone,
    dateTime,
    clock: (value: Instant) => dateTime(value).slice(11),
    day: (value: Instant) => dateTime(value).slice(0, 10),
  };
}
export type MeetingClock = ReturnType<typeof meetingClock>;

/** A wind reading with its sign, to 0.1 m/s as measured and stored (WA TR 29.12): "+1.2", "-0.4", "0.0". */
export function windText(wind: number | null | undefined): string {
  if (wind === null || wind === undefined) return '';
  const text = Math.abs(wind).toFixed(1);
  return wind > 0 ? `+${text}` : wind < 0 ? `-${text}` : text;
}

/**
 * The mark column: the status code when there is one (WA TR 18.7, 25.22: DNS, DNF, DQ with the
 * rule broken, NM, r), else the mark as entered (times already rounded up to 1/100, TR 19.24).
 */
export function markText(s: Pick<StartVO, 'code' | 'dqRule' | 'mark'>): string {
  if (s.code === 'DQ') return s.dqRule ? `DQ ${s.dqRule}` : 'DQ';
  if (s.code) return s.code;
  return s.mark ?? '';
}

/** A horizontal-jump or throw trial (WA TR 25.13): the distance, X (failure), – (pass), r (retired). */
export function trialText(t: TrialVO | undefined): string {
  if (!t) return '';
  if (t.outcome === 'O') return t.mark === null ? 'O' : t.mark.toFixed(2);
  if (t.outcome === '-') return '–';
  return t.outcome;
}

/**
 * A vertical jump's series (WA TR 26.x): per bar height in the order jumped, the attempts at it
 * ("1.50 O  1.55 XO  1.60 XXX"; "–" a height passed).
 */
export function heightSeries(trials: TrialVO[], jumpOffLabel = 'JO'): string {
  const byHeight = new Map<number, string>();
  const ordered = [...trials].sort((a, b) => a.seq - b.seq);
  const sign = (t: TrialVO) => (t.outcome === '-' ? '–' : t.outcome);
  for (const t of ordered) {
    if (t.height === null || t.jumpOff) continue;
    byHeight.set(t.height, (byHeight.get(t.height) ?? '') + sign(t));
  }
  const main = [...byHeight]
    .sort(([a], [b]) => a - b)
    .map(([h, s]) => `${h.toFixed(2)} ${s}`)
    .join('  ');
  // The jump-off for first (TR 26.9) in the order jumped: the bar goes down as well as up.
  const off = ordered.filter((t) => t.jumpOff && t.height !== null);
  if (!off.length) return main;
  return `${main}  ${jumpOffLabel}: ${off.map((t) => `${t.height!.toFixed(2)} ${sign(t)}`).join('  ')}`;
}

const CODE_ORDER = ['r', 'DNF', 'NM', 'DQ', 'DNS'];

/** Result order: by place, then the unplaced by status code (finishers first), then start order. */
export function byPlace(a: StartVO, b: StartVO): number {
  const pa = a.place ?? Number.MAX_SAFE_INTEGER;
  const pb = b.place ?? Number.MAX_SAFE_INTEGER;
  if (pa !== pb) return pa - pb;
  const ca = a.code ? CODE_ORDER.indexOf(a.code) : -1;
  const cb = b.code ? CODE_ORDER.indexOf(b.code) : -1;
  if (ca !== cb) return ca - cb;
  return a.position - b.position;
}

/** A file name safe on every system: no path or reserved characters, no runs of spaces. */
export function fileName(...parts: (string | null | undefined)[]): string {
  const base = parts
    .filter((p): p is string => !!p)
    .join('-')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f\\/:*?"<>|]+/g, '')
    .replace(/\s+/g, '-')
    .slice(0, 120);
  return `${base || 'document'}.pdf`;
}
