import { type CombinedStandingVO, combinedPoints } from '@baton/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../../app/i18n';
import { CombinedTable } from '../../../components/competition/CombinedTable';

/**
 * A heptathlon after two of its seven disciplines (100 m hurdles and high jump official, the
 * shot put's start list published): Ennis on the London 2012 marks, one athlete timed by hand,
 * one who did not start the hurdles and abandoned (TR 39.10), as GET …/combined answers it.
 */
const HEP: [string, string, string][] = [
  ['100H', '100米栏', '100 m hurdles'],
  ['HJ', '跳高', 'High jump'],
  ['SP', '铅球', 'Shot put'],
  ['200', '200米', '200 m'],
  ['LJ', '跳远', 'Long jump'],
  ['JT', '标枪', 'Javelin throw'],
  ['800', '800米', '800 m'],
];
const status = (i: number) => (i < 2 ? 'official' : i === 2 ? 'set' : 'draft') as 'official' | 'set' | 'draft';
const pts = (code: string, value: number, hand = false) => combinedPoints(code, 'F', value, hand)!;
const score = (
  i: number,
  mark: string | null,
  points: number,
  extra: Partial<{ code: string; hand: boolean }> = {},
) => ({
  roundId: 100 + i,
  mark,
  code: extra.code ?? null,
  wind: i === 0 ? 0.5 : null,
  handTimed: extra.hand ?? false,
  points,
});
const ennis = [pts('100H', 12.54), pts('HJ', 1.86)];
const hand = [pts('100H', 13.5, true), pts('HJ', 1.71)];

const STANDING: CombinedStandingVO = {
  groupItemId: 9,
  meetingId: 7,
  groupName: 'U18女子组',
  groupNameEn: 'Girls U18',
  itemName: '七项全能',
  itemNameEn: 'Heptathlon',
  disciplines: HEP.map(([code, name, nameEn], index) => ({
    roundId: 100 + index,
    index,
    code,
    name,
    nameEn,
    status: status(index),
    counted: status(index) === 'official',
  })),
  rows: [
    {
      athleteId: 1,
      name: '恩尼斯',
      nameEn: 'Jessica Ennis',
      bib: '101',
      delegationId: 11,
      delegationName: '东城区',
      scores: [score(0, '12.54', ennis[0]!), score(1, '1.86', ennis[1]!)],
      total: ennis[0]! + ennis[1]!,
      place: 1,
      abandoned: false,
    },
    {
      athleteId: 2,
      name: '张手计',
      nameEn: null,
      bib: '102',
      delegationId: 12,
      delegationName: '西城区',
      scores: [score(0, '13.5', hand[0]!, { hand: true }), score(1, '1.71', hand[1]!)],
      total: hand[0]! + hand[1]!,
      place: 2,
      abandoned: false,
    },
    {
      athleteId: 3,
      name: '李放弃',
      nameEn: null,
      bib: '103',
      delegationId: 13,
      delegationName: '朝阳区',
      scores: [score(0, null, 0, { code: 'DNS' })],
      total: 0,
      place: null,
      abandoned: true,
    },
  ],
  final: false,
};

async function mount(lang: 'en' | 'zh-cn') {
  await i18n.changeLanguage(lang);
  return render(
    <MemoryRouter>
      <CombinedTable standing={STANDING} athleteHref={(id) => `/h5/athlete/${id}`} />
    </MemoryRouter>,
  );
}

const table = () => document.querySelector<HTMLElement>('[data-testid="combined-table"]')!;
const heads = () => [...table().querySelectorAll('thead th')].map((th) => th.textContent);
const rows = () => [...table().querySelectorAll<HTMLElement>('[data-testid="combined-row"]')];
const cell = (row: HTMLElement, id: string) => row.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
const visible = (el: Element) => getComputedStyle(el).display !== 'none';

afterEach(async () => {
  await page.viewport(1280, 800);
});

describe('the standing of a combined event', () => {
  it('a column per discipline in English: mark and points, "h" when hand-timed, the code, totals; the abandoned last', async () => {
    await page.viewport(1280, 800);
    await mount('en');
    await expect.poll(() => rows().length).toBe(3);
    expect(heads()).toEqual([
      'Place',
      'Bib',
      'Name',
      'Delegation',
      '1100 m hurdles',
      '2High jump',
      '3Shot put',
      '4200 m',
      '5Long jump',
      '6Javelin throw',
      '7800 m',
      'Total',
    ]);
    expect(table().querySelector('[data-testid="combined-progress"]')!.textContent).toBe('2 of 7 disciplines counted');
    // Disciplines not official yet are greyed and have no results.
    expect(table().querySelector('[data-testid="combined-head-2"]')!.className).toContain('cmb-uncounted');

    const [first, second, third] = rows();
    expect(first!.textContent).toContain('Jessica Ennis');
    expect(cell(first!, 'combined-place').textContent).toBe('1');
    expect(cell(first!, 'combined-score-0').textContent).toBe(`12.54${ennis[0]}`);
    expect(cell(first!, 'combined-score-1').textContent).toBe(`1.86${ennis[1]}`);
    expect(cell(first!, 'combined-score-2').textContent).toBe('');
    expect(cell(first!, 'combined-total').textContent).toBe(String(ennis[0]! + ennis[1]!));
    // London 2012: 12.54 and 1.86 are 1195 and 1054 points.
    expect(ennis).toEqual([1195, 1054]);

    // Hand-timed: the "h" marker, the time scored 0.24 s slower.
    expect(cell(second!, 'combined-score-0').textContent).toBe(`13.5h${hand[0]}`);
    expect(hand[0]).toBe(pts('100H', 13.74));
    expect(cell(second!, 'combined-hand').getAttribute('title')).toBe('hand-timed');
    expect(first!.querySelector('[data-testid="combined-hand"]')).toBeNull();

    // Abandoned: last, no place, marked, its code where the mark goes, nothing after it.
    expect(third!.dataset.abandoned).toBe('yes');
    expect(cell(third!, 'combined-place').textContent).toBe('');
    expect(cell(third!, 'combined-abandoned').textContent).toBe('Abandoned');
    expect(cell(third!, 'combined-score-0').textContent).toBe('DNS0');
    expect(cell(third!, 'combined-score-1').textContent).toBe('–');
    expect(cell(third!, 'combined-total').textContent).toBe('0');

    // The public pages link a name to the athlete's card; on a wide screen the discipline columns show.
    expect(first!.querySelector('a')!.getAttribute('href')).toBe('/h5/athlete/1');
    expect(visible(cell(first!, 'combined-score-0'))).toBe(true);
    expect(visible(table().querySelector('.cmb-series-row')!)).toBe(false);
  });

  it('in Chinese, and on a 390-px phone the results go under each name', async () => {
    await page.viewport(390, 844);
    await mount('zh-cn');
    await expect.poll(() => rows().length).toBe(3);
    expect(heads()).toContain('1100米栏');
    expect(heads()).toContain('总分');
    expect(table().querySelector('[data-testid="combined-progress"]')!.textContent).toBe('已计分 2 / 7 项');
    const [first, , third] = rows();
    expect(cell(third!, 'combined-abandoned').textContent).toBe('放弃');
    // Only place, bib, name and total stay; the counted disciplines are listed below the name.
    expect(visible(cell(first!, 'combined-score-0'))).toBe(false);
    expect(visible(cell(first!, 'combined-total'))).toBe(true);
    const series = first!.nextElementSibling as HTMLElement;
    expect(visible(series)).toBe(true);
    expect([...series.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      `1 · 100米栏12.54${ennis[0]}`,
      `2 · 跳高1.86${ennis[1]}`,
    ]);
    // The name link is a touch target of 44 px at least, and nothing scrolls sideways.
    expect(first!.querySelector('a')!.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    expect(table().scrollWidth).toBeLessThanOrEqual(390);
  });
});
