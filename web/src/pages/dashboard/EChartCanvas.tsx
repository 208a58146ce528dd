import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import { useIsDark } from '../../app/theme';
import type { EChartProps } from './EChart';

// Only what the dashboard draws. This file (and so ECharts) loads when a chart is first shown
// (EChart.tsx), after the page around it.
echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

/**
 * A small React wrapper around an ECharts instance: created on mount, re-created when the theme
 * switches between light and dark, given every option change, resized with its box (also when a
 * kept-alive page becomes visible again), disposed on unmount.
 */
export default function EChartCanvas({ option, height = 320, loading, style, testId, ariaLabel }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<echarts.ECharts | null>(null);
  const dark = useIsDark();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    setChart(instance);
    const observer = new ResizeObserver(() => {
      if (el.clientWidth && el.clientHeight) instance.resize();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      setChart(null);
    };
  }, [dark]);

  useEffect(() => {
    // The page's own background shows through in either theme.
    chart?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [chart, option]);

  useEffect(() => {
    if (loading) chart?.showLoading({ text: '', maskColor: 'transparent' });
    else chart?.hideLoading();
  }, [chart, loading]);

  return (
    <div ref={box} role="img" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%', height, ...style }} />
  );
}
