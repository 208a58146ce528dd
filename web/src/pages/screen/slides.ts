/**
 * What the big screen shows and in what order (pure, tested): the recent official results, the
 * next start lists and the records set, each cut into pages that fit the screen without
 * scrolling; where to be when the data changes; the size of everything for a given viewport.
 */
import type { PublicLatestHeatVO, StartVO } from '@baton/contracts';
import { shownRows } from '../../utils/live-format';

/** A result stays in the rotation this long after it was made official. */
export const RESULT_RECENT_MS = 30 * 60_000;
/** Results in the rotation at most (the newest). */
export const RESULT_MAX = 6;

export type HeatSlideKind = 'startlist' | 'result';

export interface RecordRow {
  heat: PublicLatestHeatVO;
  start: StartVO;
}

interface Paged {
  /** Unique in the rotation: the heat (or records) and the page. */
  key: string;
  /** What the page belongs to: `result:<heatId>`, `startlist:<heatId>`, `records`. */
  owner: string;
  page: number;
  pages: number;
}

export type Slide =
  | (Paged & { kind: HeatSlideKind; heat: PublicLatestHeatVO; rows: StartVO[] })
  | (Paged & { kind: 'records'; records: RecordRow[] });

/**
 * `rows` in as few pages as hold at most `size` each, evened out (13 rows at 12 a page: 7 and 6,
 * not 12 and a lonely 1; the longer pages first); one empty page for no rows.
 */
export function paginate<T>(rows: readonly T[], size: number): T[][] {
  if (!rows.length) return [[]];
  const count = Math.ceil(rows.length / Math.max(1, Math.floor(size)));
  const base = Math.floor(rows.length / count);
  const longer = rows.length % count;
  const pages: T[][] = [];
  let from = 0;
  for (let p = 0; p < count; p++) {
    const n = base + (p < longer ? 1 : 0);
    pages.push(rows.slice(from, from + n));
    from += n;
  }
  return pages;
}

const officialAt = (h: PublicLatestHeatVO) => (h.heat.officialAt ? Date.parse(h.heat.officialAt) : 0);

/**
 * The results the screen shows: those made official in the last RESULT_RECENT_MS (at most
 * RESULT_MAX, newest first); when none is that recent, the newest one, so a quiet moment still
 * shows the last result.
 */
export function recentResults(latest: readonly PublicLatestHeatVO[], now: number): PublicLatestHeatVO[] {
  const newest = [...latest].sort((a, b) => officialAt(b) - officialAt(a));
  const recent = newest.filter((h) => now - officialAt(h) <= RESULT_RECENT_MS).slice(0, RESULT_MAX);
  return recent.length ? recent : newest.slice(0, 1);
}

/** The records set in the latest official heats: newest heat first, by place within it. */
export function recordsSet(latest: readonly PublicLatestHeatVO[]): RecordRow[] {
  return [...latest]
    .sort((a, b) => officialAt(b) - officialAt(a))
    .flatMap((heat) => shownRows(heat.heat).flatMap((start) => (start.record ? [{ heat, start }] : [])));
}

function heatSlides(kind: HeatSlideKind, heat: PublicLatestHeatVO, size: number): Slide[] {
  const owner = `${kind}:${heat.heat.id}`;
  const pages = paginate(shownRows(heat.heat), size);
  return pages.map((rows, page) => ({ key: `${owner}:${page}`, owner, kind, heat, rows, page, pages: pages.length }));
}

/**
 * The rotation: recent results (newest first), then the next start lists (soonest first), then
 * the records set; `rows` rows a page.
 */
export function buildSlides(input: {
  latest: readonly PublicLatestHeatVO[];
  next: readonly PublicLatestHeatVO[];
  now: number;
  rows: number;
}): Slide[] {
  const { latest, next, now, rows } = input;
  // The two reads refresh one after the other: a heat just made official may still be in `next`.
  const official = new Set(latest.map((h) => h.heat.id));
  const slides: Slide[] = [
    ...recentResults(latest, now).flatMap((h) => heatSlides('result', h, rows)),
    ...next.filter((h) => !official.has(h.heat.id)).flatMap((h) => heatSlides('startlist', h, rows)),
  ];
  const records = recordsSet(latest);
  if (records.length) {
    const pages = paginate(records, rows);
    pages.forEach((list, page) => {
      slides.push({
        key: `records:${page}`,
        owner: 'records',
        kind: 'records',
        records: list,
        page,
        pages: pages.length,
      });
    });
  }
  return slides;
}

/**
 * Where the screen is after the slides changed from `before` to `after` while it showed
 * `before[index]`: the first page of a heat that has just appeared (a result made official, a
 * start list published) comes at once; else the same page, or the first page of the same heat,
 * or the place it had (within the new length).
 */
export function followSlides(before: readonly Slide[], after: readonly Slide[], index: number): number {
  if (!after.length) return 0;
  const known = new Set(before.map((s) => s.owner));
  if (before.length) {
    const fresh = after.findIndex((s) => !known.has(s.owner) && s.owner !== 'records');
    if (fresh >= 0) return fresh;
  }
  const current = before[index];
  if (current) {
    const same = after.findIndex((s) => s.key === current.key);
    if (same >= 0) return same;
    const owner = after.findIndex((s) => s.owner === current.owner);
    if (owner >= 0) return owner;
  }
  return Math.min(index, after.length - 1);
}

/** Height units of the fixed parts (header, title, table head, footer, gaps) and of one row (screen.css). */
const WIDE = { chrome: 40, row: 6.6 };
/** Narrow: the event's name may take two lines, and a row two (the delegation under the name). */
const NARROW = { chrome: 48, row: 8 };
const MIN_ROWS = 4;
const MAX_ROWS = 12;

export interface ScreenLayout {
  /** The CSS pixel size of one unit: every length of the screen is a multiple of it. */
  unit: number;
  /** Rows a page holds without scrolling. */
  rows: number;
  /** Portrait or nearly square (a phone): columns fold, the name takes the width. */
  narrow: boolean;
}

/**
 * The screen's scale: on a landscape screen one unit is a hundredth of the height, so a 16:9
 * screen of any size shows the same 9 rows (one narrower than 16:9 is scaled by its width,
 * 177.8 units across, and gets more rows); a portrait one (a phone) is scaled by its width (80
 * units across) and shows more rows, up to MAX_ROWS.
 */
export function screenLayout(width: number, height: number): ScreenLayout {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const narrow = w / h < 1.2;
  const unit = narrow ? Math.min(w / 80, h / 100) : Math.min(h / 100, (w * 9) / 1600);
  const { chrome, row } = narrow ? NARROW : WIDE;
  const rows = Math.floor((h / unit - chrome) / row);
  return { unit, rows: Math.min(MAX_ROWS, Math.max(MIN_ROWS, rows)), narrow };
}

const secondFormats = new Map<string, Intl.DateTimeFormat>();

/** `HH:mm:ss` on the meeting's clock (its `timeZone`). */
export function clockText(at: number, timeZone: string): string {
  let f = secondFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    secondFormats.set(timeZone, f);
  }
  return f.format(new Date(at));
}

/** Whether a start list's heat is due: its time has come (it is on, or about to be). */
export const isDue = (heat: Pick<PublicLatestHeatVO, 'scheduledAt'>, now: number) =>
  heat.scheduledAt !== null && Date.parse(heat.scheduledAt) <= now;
