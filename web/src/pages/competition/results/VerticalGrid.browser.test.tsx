import type { HeatStandingVO, HeatVO, RoundVO, StartVO, TrialVO } from '@baton/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { resultsApi } from '../../../api/competition-results';
import i18n from '../../../app/i18n';
import { VerticalGrid } from './VerticalGrid';

/**
 * The jump-off for first place on the entry screen (TR 26.9): two high jumpers tied at 2.33
 * after countback (athlib's Rio 2016 style), out at 2.35. "The jump-off shall start at the next
 * height … after the height last cleared" (26.9.3): the panel offers 2.35; trials go in flagged.
 */

const trial = (seq: number, height: number, outcome: TrialVO['outcome'], jumpOff = false): TrialVO => ({
  seq,
  outcome,
  height,
  mark: null,
  wind: null,
  jumpOff,
});
const tiedSeries = (extra: TrialVO[] = []) => [
  trial(1, 2.29, 'O'),
  trial(2, 2.33, 'O'),
  trial(3, 2.35, 'X'),
  trial(4, 2.35, 'X'),
  trial(5, 2.35, 'X'),
  ...extra,
];
const start = (id: number, name: string, nameEn: string, trials: TrialVO[], place: number) =>
  ({
    id,
    position: id,
    bib: String(100 + id),
    name,
    nameEn,
    delegationName: '瑞安中学代表队',
    delegationShort: '瑞安中学',
    trials,
    code: null,
    mark: '2.33',
    place,
    version: 1,
  }) as unknown as StartVO;

function fixture(jumpOffA: TrialVO[] = []) {
  const starts = [
    start(1, '张三', 'Zhang San', tiedSeries(jumpOffA), 1),
    start(2, '李四', 'Li Si', tiedSeries(), 1),
    start(
      3,
      '王五',
      'Wang Wu',
      [trial(1, 2.29, 'O'), trial(2, 2.33, 'X'), trial(3, 2.33, 'X'), trial(4, 2.33, 'X')],
      3,
    ),
  ];
  const round = { id: 9, heights: [2.29, 2.33, 2.35, 2.37], event: { itemCode: 'HJ' } } as unknown as RoundVO;
  const heat = { id: 7, starts } as unknown as HeatVO;
  const standing: HeatStandingVO = {
    heatId: 7,
    kind: 'vertical',
    cutReached: false,
    jumpOff: true,
    rows: starts.map((s) => ({
      startId: s.id,
      place: s.place,
      best: '2.33',
      trials: s.trials.length,
      eliminated: s.id === 3,
      order: null,
    })),
  };
  return { round, heat, standing };
}

afterEach(() => vi.restoreAllMocks());

async function mount(lang: 'en' | 'zh-cn', jumpOffA: TrialVO[] = []) {
  await i18n.changeLanguage(lang);
  const trialSpy = vi.spyOn(resultsApi, 'trial').mockResolvedValue({} as RoundVO);
  const run = vi.fn(async (write: () => Promise<RoundVO>) => write());
  const { round, heat, standing } = fixture(jumpOffA);
  const screen = await render(
    <div style={{ width: 1000, padding: 16 }}>
      <VerticalGrid round={round} heat={heat} standing={standing} editable busy={false} run={run} />
    </div>,
  );
  await expect.poll(() => document.querySelector('[data-testid="jump-off"]')).not.toBeNull();
  return { screen, trialSpy };
}

const heightBox = () =>
  document.querySelector<HTMLInputElement>(
    'input[data-testid="jump-off-height"], [data-testid="jump-off-height"] input',
  )!;

describe('VerticalGrid jump-off (TR 26.9)', () => {
  it('offers the next height above the tie and posts a flagged trial for each athlete due', async () => {
    const { trialSpy } = await mount('en');
    expect(document.body.textContent).toContain('Jump-off (TR 26.9)');
    expect(heightBox().value).toBe('2.35');
    // Only the two tied for first are due; the third is out.
    expect(document.querySelector('[data-testid="jo-X-1"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="jo-X-2"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="jo-X-3"]')).toBeNull();
    // The competition itself is over: no O / X / – in the height columns.
    expect(document.querySelector('[data-testid="v-O-1"]')).toBeNull();
    await page.screenshot({ path: '__screenshots__/jump-off-en.png' });
    await userEvent.click(document.querySelector<HTMLButtonElement>('[data-testid="jo-X-1"]')!);
    await expect.poll(() => trialSpy.mock.calls.length).toBe(1);
    expect(trialSpy).toHaveBeenCalledWith(1, { seq: 6, outcome: 'X', height: 2.35, jumpOff: true, version: 1 });
  });

  it('after one failure at 2.35 only the other is due there; the jump-off column shows the series (zh-cn)', async () => {
    await mount('zh-cn', [trial(6, 2.35, 'X', true)]);
    expect(document.body.textContent).toContain('决名次赛（TR 26.9）');
    expect(heightBox().value).toBe('2.35');
    expect(document.querySelector('[data-testid="jo-X-1"]')).toBeNull();
    expect(document.querySelector('[data-testid="jo-O-2"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="jo-series-1"]')!.textContent).toBe('2.35 X');
    // The jump-off trial is not one of the competition's: the 2.35 cell keeps XXX.
    expect(document.querySelector('[data-testid="vcell-1-235"]')!.textContent).toBe('XXX');
    await page.screenshot({ path: '__screenshots__/jump-off-zh.png' });
  });
});
