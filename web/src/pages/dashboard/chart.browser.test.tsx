import { ConfigProvider, theme } from 'antd';
import { Chart as ChartJs } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Chart, type ChartSpec } from './Chart';
import { withAlpha } from './ChartCanvas';

const VISITS: ChartSpec = {
  kind: 'line',
  labels: ['11-01', '11-02', '11-03'],
  legend: true,
  points: true,
  series: [
    { name: 'Page views', data: [3, 9, 4], color: '#1677ff', area: 0.12 },
    { name: 'Visitors', data: [1, 2, 2], color: '#14b8a6', area: 0.08 },
  ],
};
const BY_ITEM: ChartSpec = {
  kind: 'bar',
  horizontal: true,
  labels: ['男子 100 米（U16 男子组，预赛）', '跳高'],
  series: [{ name: 'Entries', data: [12, 5], color: '#8b5cf6' }],
};

/** The Chart.js chart drawn in a test id's box, once it is there. */
async function chartIn(testId: string): Promise<ChartJs> {
  let found: ChartJs | undefined;
  await expect
    .poll(() => {
      const canvas = document.querySelector(`[data-testid="${testId}"] canvas`);
      found = canvas ? ChartJs.getChart(canvas as HTMLCanvasElement) : undefined;
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

describe('dashboard charts (Chart.js)', () => {
  it('draws the series with their names and values in a labelled box of the asked height', async () => {
    const screen = await render(<Chart spec={VISITS} height={240} testId="visits" ariaLabel="Visits" />);
    const chart = await chartIn('visits');
    expect(chart.data.labels).toEqual(VISITS.labels);
    expect(chart.data.datasets.map((d) => [d.label, d.data])).toEqual([
      ['Page views', [3, 9, 4]],
      ['Visitors', [1, 2, 2]],
    ]);
    expect(chart.data.datasets[0]!.backgroundColor).toBe('rgba(22, 119, 255, 0.12)');
    const box = screen.getByRole('img', { name: 'Visits' }).element() as HTMLElement;
    expect(box.getBoundingClientRect().height).toBe(240);
    // Counts: whole numbers on the value axis.
    expect((chart.options.scales?.y?.ticks as { precision?: number } | undefined)?.precision).toBe(0);
  });

  it('lays horizontal bars along the vertical axis and shortens long event names', async () => {
    await render(<Chart spec={BY_ITEM} testId="by-item" />);
    const chart = await chartIn('by-item');
    expect(chart.options.indexAxis).toBe('y');
    const ticks = chart.scales.y!.ticks.map((t) => t.label);
    expect(ticks).toEqual(['男子 100 米（U16 男子…', '跳高']);
  });

  it('draws again in the dark theme with its colours, and is destroyed with its page', async () => {
    const screen = await render(
      <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
        <Chart spec={VISITS} testId="dark" />
      </ConfigProvider>,
    );
    const chart = await chartIn('dark');
    const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm });
    expect((chart.options.scales?.x?.ticks as { color?: string } | undefined)?.color).toBe(dark.colorTextSecondary);
    const canvas = chart.canvas;
    screen.unmount();
    expect(ChartJs.getChart(canvas)).toBeUndefined();
  });

  it('reads a colour at an opacity, and leaves a colour it cannot read as it is', () => {
    expect(withAlpha('#f59e0b', 0.5)).toBe('rgba(245, 158, 11, 0.5)');
    expect(withAlpha('rgb(1, 2, 3)', 0.5)).toBe('rgb(1, 2, 3)');
  });
});
