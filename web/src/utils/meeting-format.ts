/**
 * Dates, countdowns and list shaping of the public pages (pure, unit-tested). Calendar dates
 * (`YYYY-MM-DD`) are days, not instants: they are formatted in UTC so no time zone moves them;
 * a meeting's timestamps (registration window, schedule, start lists, results) are shown on the
 * meeting's clock (its `timeZone`, passed in: there is no default), as the staff pages schedule
 * them, whatever the visitor's time zone.
 */
import { type MeetingPublicVO, type PublicEntryVO, timeZoneOffset, zonedInstant, zonedStamp } from '@baton/contracts';

const day = (date: string) => new Date(`${date}T00:00:00Z`);
const enMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });

function ymd(d: Date) {
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

/** One calendar date: `2025年6月10日`, `10 Jun 2025`. */
export function formatDay(date: string, lang: string): string {
  const d = day(date);
  if (Number.isNaN(d.getTime())) return date;
  const p = ymd(d);
  return lang === 'en' ? `${p.d} ${enMonth.format(d)} ${p.y}` : `${p.y}年${p.m}月${p.d}日`;
}

/** A meeting's competition days, the shared year and month said once: `2025年6月10日–12日`, `10–12 Jun 2025`. */
export function formatDays(start: string, end: string, lang: string): string {
  const a = day(start);
  const b = day(end);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return [start, end].filter(Boolean).join(' – ');
  if (start === end || b < a) return formatDay(start, lang);
  const p = ymd(a);
  const q = ymd(b);
  if (lang === 'en') {
    if (p.y !== q.y) return `${formatDay(start, lang)} – ${formatDay(end, lang)}`;
    if (p.m !== q.m) return `${p.d} ${enMonth.format(a)} – ${q.d} ${enMonth.format(b)} ${q.y}`;
    return `${p.d}–${q.d} ${enMonth.format(b)} ${q.y}`;
  }
  if (p.y !== q.y) return `${formatDay(start, lang)}–${formatDay(end, lang)}`;
  if (p.m !== q.m) return `${p.y}年${p.m}月${p.d}日–${q.m}月${q.d}日`;
  return `${p.y}年${p.m}月${p.d}日–${q.d}日`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function clock(iso: string, timeZone: string) {
  const stamp = zonedStamp(iso, timeZone);
  return stamp ? { ymd: stamp.slice(0, 10), md: stamp.slice(5, 10), hm: stamp.slice(11) } : null;
}

/** A zone as the meeting form's choice names it: `Asia/Shanghai (GMT+8)`, its offset at `at`. */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  return `${timeZone} (${timeZoneOffset(timeZone, at)})`;
}

/**
 * The meeting's clock as a label (`GMT+8`) when the viewer's own clock differs from it at that
 * instant, '' when they agree: every time of a meeting is shown on the meeting's clock, and
 * labelled where that is not the clock on the viewer's wall.
 */
export function meetingZoneNote(timeZone: string, at: Date = new Date()): string {
  const meeting = timeZoneOffset(timeZone, at);
  return meeting === timeZoneOffset(undefined, at) ? '' : meeting;
}

/**
 * `YYYY-MM-DD HH:mm` on the meeting's clock, followed by `(…GMT+8)` from `noteOf` when the
 * viewer's clock differs: `noteOf` words the zone in the interface language.
 */
export function meetingStampNoted(
  iso: string | null | undefined,
  timeZone: string,
  noteOf: (zone: string) => string,
): string {
  const stamp = meetingStamp(iso, timeZone);
  const zone = stamp && iso ? meetingZoneNote(timeZone, new Date(iso)) : '';
  return stamp && zone ? `${stamp} (${noteOf(zone)})` : stamp;
}

/** `HH:mm` on the meeting's clock. */
export function meetingTime(iso: string | null | undefined, timeZone: string): string {
  return (iso && clock(iso, timeZone)?.hm) || '';
}

/** `MM-DD HH:mm` on the meeting's clock. */
export function meetingDateTime(iso: string | null | undefined, timeZone: string): string {
  const c = iso ? clock(iso, timeZone) : null;
  return c ? `${c.md} ${c.hm}` : '';
}

/** `YYYY-MM-DD HH:mm` on the meeting's clock (the registration window). */
export function meetingStamp(iso: string | null | undefined, timeZone: string): string {
  return zonedStamp(iso, timeZone);
}

/** `YYYY-MM-DD` of an instant on the meeting's clock (schedule days). */
export function meetingDay(iso: string, timeZone: string): string {
  return clock(iso, timeZone)?.ymd ?? '';
}

/** The local calendar day of a timestamp, `YYYY-MM-DD` (schedule grouping). */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const WEEKDAYS = {
  zh: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

/** A schedule day heading: `6月10日 周二`, `Tue 10 Jun`. */
export function formatScheduleDay(localDate: string, lang: string): string {
  const d = day(localDate);
  if (Number.isNaN(d.getTime())) return localDate;
  const p = ymd(d);
  return lang === 'en'
    ? `${WEEKDAYS.en[d.getUTCDay()]} ${p.d} ${enMonth.format(d)}`
    : `${p.m}月${p.d}日 ${WEEKDAYS.zh[d.getUTCDay()]}`;
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
}

/** What is left until `iso` (whole minutes, rounded down); null once it has passed. */
export function timeLeft(iso: string, now: number = Date.now()): TimeLeft | null {
  const ms = new Date(iso).getTime() - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

export interface ScheduleSlot {
  at: string;
  groupId: number;
  groupName: string;
  groupNameEn: string;
  itemId: number;
  itemName: string;
  itemNameEn: string;
}

/** The scheduled group items by day on the meeting's clock, each day in time order (unscheduled ones left out). */
export function scheduleByDay(
  groups: MeetingPublicVO['groups'],
  timeZone: string,
): { day: string; slots: ScheduleSlot[] }[] {
  const slots: ScheduleSlot[] = [];
  for (const g of groups) {
    for (const i of g.items) {
      if (!i.scheduledAt) continue;
      slots.push({
        at: i.scheduledAt,
        groupId: g.id,
        groupName: g.name,
        groupNameEn: g.nameEn,
        itemId: i.id,
        itemName: i.name,
        itemNameEn: i.nameEn,
      });
    }
  }
  slots.sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime() || a.itemId - b.itemId);
  const days = new Map<string, ScheduleSlot[]>();
  for (const s of slots) {
    const key = meetingDay(s.at, timeZone);
    const list = days.get(key);
    if (list) list.push(s);
    else days.set(key, [s]);
  }
  return [...days].map(([d, list]) => ({ day: d, slots: list }));
}

export interface RelayTeam {
  key: string;
  delegationName: string;
  letter: string;
  seedMark: string | null;
  /** Athletes named in the team's rows (a row naming the delegation itself stands for the team). */
  members: string[];
}

/**
 * An event's entry list as individuals and relay teams: relay rows (with a team letter) are
 * gathered per delegation and letter, in the order they came.
 */
export function splitEntries(entries: readonly PublicEntryVO[]): { individuals: PublicEntryVO[]; teams: RelayTeam[] } {
  const individuals: PublicEntryVO[] = [];
  const teams = new Map<string, RelayTeam>();
  for (const e of entries) {
    if (!e.relayLetter) {
      individuals.push(e);
      continue;
    }
    const key = `${e.delegationName}\u0000${e.relayLetter}`;
    let team = teams.get(key);
    if (!team) {
      team = { key, delegationName: e.delegationName, letter: e.relayLetter, seedMark: null, members: [] };
      teams.set(key, team);
    }
    team.seedMark ??= e.seedMark;
    if (e.athleteName && e.athleteName !== e.delegationName && !team.members.includes(e.athleteName)) {
      team.members.push(e.athleteName);
    }
  }
  return { individuals, teams: [...teams.values()] };
}

/** The meeting's group items, flat, with their group (pickers, item view). */
export function findGroupItem(meeting: MeetingPublicVO, groupItemId: number) {
  for (const g of meeting.groups) {
    const item = g.items.find((i) => i.id === groupItemId);
    if (item) return { group: g, item };
  }
  return null;
}

/** An ISO timestamp as a `datetime-local` value on the meeting's clock, `timeZone` (the registration window). */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  return meetingStamp(iso, timeZone).replace(' ', 'T');
}

/** A `datetime-local` value read on the meeting's clock, as an ISO timestamp (UTC), or null when empty. */
export function fromLocalInput(local: string | null | undefined, timeZone: string): string | null {
  const m = local ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(local) : null;
  return m ? zonedInstant(m[1]!, m[2]!, timeZone) : null;
}
