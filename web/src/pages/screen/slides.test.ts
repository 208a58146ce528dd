import { describe, expect, it } from 'vitest';
import { field, heat, start } from '../../test/live-fixtures';
import {
  buildSlides,
  clockText,
  followSlides,
  paginate,
  RESULT_MAX,
  RESULT_RECENT_MS,
  recentResults,
  recordsSet,
  screenLayout,
} from './slides';

const NOW = Date.parse('2030-06-01T02:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('paginate', () => {
  it('cuts rows into as few pages as fit the size, evened out', () => {
    expect(paginate([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(paginate([1, 2, 3, 4, 5], 4)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(paginate([1, 2], 9)).toEqual([[1, 2]]);
    const thirteen = Array.from({ length: 13 }, (_, i) => i);
    expect(paginate(thirteen, 12).map((p) => p.length)).toEqual([7, 6]);
    expect(paginate(thirteen, 13).map((p) => p.length)).toEqual([13]);
    expect(paginate(thirteen, 4).map((p) => p.length)).toEqual([4, 3, 3, 3]);
    expect(paginate([], 9)).toEqual([[]]);
  });
});

describe('recentResults', () => {
  it('keeps the results of the last half hour, newest first, at most RESULT_MAX', () => {
    const latest = [
      heat(1, [], { officialAt: ago(40) }),
      heat(2, [], { officialAt: ago(5) }),
      heat(3, [], { officialAt: ago(20) }),
    ];
    expect(recentResults(latest, NOW).map((h) => h.heat.id)).toEqual([2, 3]);
    const many = Array.from({ length: RESULT_MAX + 3 }, (_, i) => heat(10 + i, [], { officialAt: ago(i) }));
    expect(recentResults(many, NOW).map((h) => h.heat.id)).toEqual(many.slice(0, RESULT_MAX).map((h) => h.heat.id));
  });

  it('shows the newest result when none is recent, and nothing when there is none', () => {
    const old = [heat(1, [], { officialAt: ago(300) }), heat(2, [], { officialAt: ago(90) })];
    expect(recentResults(old, NOW).map((h) => h.heat.id)).toEqual([2]);
    expect(recentResults([], NOW)).toEqual([]);
    expect(RESULT_RECENT_MS).toBe(30 * 60_000);
  });
});

describe('recordsSet', () => {
  it('lists the record-setting starts, newest heat first, by place', () => {
    const a = heat(1, [start(1, { place: 2, record: 'MR' }), start(2, { place: 1, record: 'MR' })], {
      officialAt: ago(50),
    });
    const b = heat(2, [start(3, { place: 1, record: 'MR' }), start(4, { place: 2 })], { officialAt: ago(2) });
    expect(recordsSet([a, b]).map((r) => [r.heat.heat.id, r.start.id])).toEqual([
      [2, 3],
      [1, 2],
      [1, 1],
    ]);
  });
});

describe('buildSlides', () => {
  it('puts the recent results first, then the next start lists, then the records, a page per rows', () => {
    const result = heat(
      1,
      field(3, 1, true).map((s, i) => (i === 0 ? { ...s, record: 'MR' } : s)),
      {
        officialAt: ago(1),
      },
    );
    const next = [heat(2, field(20, 10), { number: 2 }), heat(3, field(4, 40), { number: 3 })];
    const slides = buildSlides({ latest: [result], next, now: NOW, rows: 9 });
    expect(slides.map((s) => s.key)).toEqual([
      'result:1:0',
      'startlist:2:0',
      'startlist:2:1',
      'startlist:2:2',
      'startlist:3:0',
      'records:0',
    ]);
    const pages = slides.filter((s) => s.owner === 'startlist:2');
    expect(pages.map((s) => (s.kind === 'records' ? 0 : s.rows.length))).toEqual([7, 7, 6]);
    expect(pages.every((s) => s.pages === 3)).toBe(true);
    // Every competitor once, in start order.
    const ids = pages.flatMap((s) => (s.kind === 'records' ? [] : s.rows.map((r) => r.id)));
    expect(ids).toEqual(next[0]!.heat.starts.map((s) => s.id));
  });

  it('shows a result by place, and not the start list of a heat already official', () => {
    const placed = heat(5, [start(1, { place: 2, mark: '12.0' }), start(2, { code: 'DNS' }), start(3, { place: 1 })], {
      officialAt: ago(1),
    });
    const stale = heat(5, field(3), { number: 1 });
    const slides = buildSlides({ latest: [placed], next: [stale], now: NOW, rows: 9 });
    expect(slides.map((s) => s.key)).toEqual(['result:5:0']);
    const [first] = slides;
    expect(first!.kind === 'result' && first!.rows.map((r) => r.id)).toEqual([3, 1, 2]);
  });
});

describe('followSlides', () => {
  const list = (latest: ReturnType<typeof heat>[], next: ReturnType<typeof heat>[]) =>
    buildSlides({ latest, next, now: NOW, rows: 9 });
  const a = heat(1, field(3), { number: 1 });
  const b = heat(2, field(12, 10), { number: 2 });

  it('starts at the first page, and keeps the page shown when nothing new came', () => {
    const before = list([], [a, b]);
    expect(followSlides([], before, 0)).toBe(0);
    const again = list([], [a, b]);
    expect(followSlides(before, again, 2)).toBe(2);
  });

  it('jumps to a heat that has just appeared: its start list to its result', () => {
    const before = list([], [a, b]);
    const official = heat(1, field(3, 1, true), { officialAt: ago(0) });
    const after = list([official], [b]);
    expect(after[followSlides(before, after, 2)]!.key).toBe('result:1:0');
  });

  it('stays with the heat when the page it showed is gone, else where it was', () => {
    const before = list([], [a, b]);
    // Heat 2 shrinks to one page while its second page was shown.
    const shorter = list([], [a, heat(2, field(3, 10), { number: 2 })]);
    expect(shorter[followSlides(before, shorter, 2)]!.key).toBe('startlist:2:0');
    // The heat shown is gone (unpublished): the place it had, within the new length.
    expect(followSlides(before, list([], [b]), 0)).toBe(0);
    expect(followSlides(before, [], 1)).toBe(0);
  });
});

describe('screenLayout', () => {
  it('shows 9 rows on a 16:9 screen of any size, scaled by its height', () => {
    for (const [w, h] of [
      [1920, 1080],
      [1280, 720],
      [3840, 2160],
    ] as const) {
      expect(screenLayout(w, h)).toEqual({ unit: h / 100, rows: 9, narrow: false });
    }
  });

  it('is scaled by the width on a wider screen, and shows more rows (at most 12) on a taller one', () => {
    expect(screenLayout(2560, 1080).unit).toBe(10.8);
    expect(screenLayout(1280, 1024).rows).toBe(12);
    const phone = screenLayout(390, 844);
    expect(phone).toMatchObject({ narrow: true, rows: 12 });
    expect(phone.unit).toBeCloseTo(390 / 80);
  });
});

describe('clockText', () => {
  it("shows the meeting's own clock to the second", () => {
    expect(clockText(Date.parse('2030-06-01T01:02:03Z'), 'Asia/Shanghai')).toBe('09:02:03');
    expect(clockText(Date.parse('2030-06-01T01:02:03Z'), 'Europe/London')).toBe('02:02:03');
    expect(clockText(Date.parse('2030-06-01T01:02:03Z'), 'America/New_York')).toBe('21:02:03');
  });
});
