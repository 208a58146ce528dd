import { type CSSProperties, lazy, Suspense } from 'react';

/** One series of a chart: its name (the legend and the tooltip), its values, its colour. */
export interface ChartSeries {
  name: string;
  data: number[];
  /** A CSS colour as `#rrggbb`. */
  color: string;
  /** A line's area under it, as the colour's opacity (0 – 1); none when absent. */
  area?: number;
}

/**
 * What a dashboard chart draws — counts over categories (days, groups, events) — said in the
 * page's terms; `ChartCanvas` turns it into Chart.js's configuration with the theme's colours.
 */
export interface ChartSpec {
  kind: 'line' | 'bar';
  /** Bars along the vertical axis (long category names stay readable on a phone). */
  horizontal?: boolean;
  labels: string[];
  series: ChartSeries[];
  /** The series' names above the chart (for more than one series). */
  legend?: boolean;
  /** A line's values drawn as dots (readable up to a month of days). */
  points?: boolean;
  /** A curved line. */
  smooth?: boolean;
}

export interface ChartProps {
  spec: ChartSpec;
  height?: number;
  loading?: boolean;
  style?: CSSProperties;
  testId?: string;
  ariaLabel?: string;
}

/** Chart.js (about 60 KB gzip) is fetched when a chart is first drawn, not with the dashboard. */
const ChartCanvas = lazy(() => import('./ChartCanvas'));

/** A chart of the dashboard: its box holds its height while Chart.js loads, so nothing below moves. */
export function Chart(props: ChartProps) {
  const { height = 320, style, testId, ariaLabel } = props;
  return (
    <Suspense
      fallback={
        <div role="img" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%', height, ...style }} />
      }
    >
      <ChartCanvas {...props} />
    </Suspense>
  );
}
