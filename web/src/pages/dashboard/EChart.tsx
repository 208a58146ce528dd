import type { EChartsCoreOption } from 'echarts/core';
import { type CSSProperties, lazy, Suspense } from 'react';

export type EChartOption = EChartsCoreOption;

/** ECharts (about 200 KB gzip) is fetched when a chart is first drawn, not with the dashboard. */
const EChartCanvas = lazy(() => import('./EChartCanvas'));

export interface EChartProps {
  option: EChartOption;
  height?: number;
  loading?: boolean;
  style?: CSSProperties;
  testId?: string;
  ariaLabel?: string;
}

/** A chart of the dashboard: its box holds its height while ECharts loads, so nothing below moves. */
export function EChart(props: EChartProps) {
  const { height = 320, style, testId, ariaLabel } = props;
  return (
    <Suspense
      fallback={
        <div role="img" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%', height, ...style }} />
      }
    >
      <EChartCanvas {...props} />
    </Suspense>
  );
}
