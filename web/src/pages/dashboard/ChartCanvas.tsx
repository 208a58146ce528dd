import { theme } from 'antd';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { ChartProps, ChartSpec } from './Chart';

// Only what the dashboard draws. This file (and so Chart.js) loads when a chart is first shown
// (Chart.tsx), after the page around it.
Chart.register(
  LineController,
  BarController,
  LineElement,
  BarElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Filler,
  Tooltip,
  Legend,
);

/** `#rrggbb` at an opacity, as Chart.js takes a fill colour. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  const [r, g, b] = m.slice(1).map((h) => Number.parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** A category label cut to `max` characters (an event's long name beside its bar). */
const cut = (label: string, max: number) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

type Tokens = ReturnType<typeof theme.useToken>['token'];

/** The Chart.js configuration of a spec, in the theme's text, border and font. */
export function chartConfig(spec: ChartSpec, token: Tokens): ChartConfiguration<'line' | 'bar'> {
  const text = token.colorTextSecondary;
  const valueAxis = {
    beginAtZero: true,
    ticks: { color: text, precision: 0 },
    grid: { color: token.colorBorderSecondary },
    border: { color: token.colorBorder },
  };
  const categoryAxis = {
    ticks: {
      color: text,
      maxRotation: 30,
      autoSkip: !spec.horizontal,
      // Category scales hand the tick's index; the label is read back from the spec.
      callback: (_value: unknown, index: number) => cut(spec.labels[index] ?? '', spec.horizontal ? 16 : 24),
    },
    grid: { display: false },
    border: { color: token.colorBorder },
  };
  return {
    type: spec.kind,
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s) => ({
        label: s.name,
        data: s.data,
        borderColor: s.color,
        backgroundColor: spec.kind === 'bar' ? s.color : withAlpha(s.color, s.area ?? 0),
        fill: spec.kind === 'line' && s.area !== undefined,
        tension: spec.smooth ? 0.35 : 0,
        pointRadius: spec.points ? 3 : 0,
        pointHoverRadius: 4,
        borderWidth: spec.kind === 'line' ? 2 : 0,
        borderRadius: 4,
        maxBarThickness: spec.horizontal ? 18 : 36,
      })),
    },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      font: { family: token.fontFamily },
      plugins: {
        legend: { display: Boolean(spec.legend), labels: { color: text, boxWidth: 14 } },
        tooltip: { enabled: true },
      },
      scales: spec.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
    },
  } as ChartConfiguration<'line' | 'bar'>;
}

/**
 * A small React wrapper around a Chart.js chart: drawn on mount, drawn again when the spec or the
 * theme (light, dark, the primary colour) changes, resized with its box (Chart.js watches it, also
 * when a kept-alive page becomes visible again), destroyed on unmount.
 */
export default function ChartCanvas({ spec, height = 320, loading, style, testId, ariaLabel }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const chart = new Chart(el, chartConfig(spec, token));
    return () => chart.destroy();
  }, [spec, token]);

  return (
    <div
      role="img"
      aria-label={ariaLabel}
      aria-busy={loading || undefined}
      data-testid={testId}
      style={{ position: 'relative', width: '100%', height, opacity: loading ? 0.6 : 1, ...style }}
    >
      <canvas ref={canvas} />
    </div>
  );
}
