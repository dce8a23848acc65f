import '@mantine/charts/styles.css';

import { BarChart } from '@mantine/charts';
import { ChartFigure, type ChartTable } from './chart-figure';

export interface ChartSeries {
  /** The data key. */
  name: string;
  label: string;
  /** A Mantine colour: `teal.6`. */
  color: string;
}

/** Height of a horizontal bar's row, in px: the chart grows with its rows. */
const ROW_HEIGHT = 32;

/**
 * A bar chart with its text alternative (ChartFigure): vertical bars by default, or
 * `horizontal` ones for long labels (shows, channels), one row per item.
 */
export function BarChartFigure({
  data,
  dataKey,
  series,
  summary,
  table,
  horizontal = false,
  stacked = false,
  height,
  valueFormatter,
  maxValue,
  testId,
}: {
  data: readonly Record<string, string | number>[];
  dataKey: string;
  series: readonly ChartSeries[];
  summary: string;
  table: ChartTable;
  horizontal?: boolean;
  stacked?: boolean;
  height?: number;
  valueFormatter?: (value: number) => string;
  /** The value axis' end (1 for shares); from the data when left out. */
  maxValue?: number;
  testId?: string;
}) {
  const h = height ?? (horizontal ? Math.max(120, data.length * ROW_HEIGHT + 40) : 220);
  const domain: [number, number | 'auto'] = [0, maxValue ?? 'auto'];
  return (
    <ChartFigure
      summary={summary}
      table={table}
      legend={series.map(({ label, color }) => ({ label, color }))}
      testId={testId}
    >
      <BarChart
        h={h}
        data={[...data]}
        dataKey={dataKey}
        series={series.map(({ name, label, color }) => ({ name, label, color }))}
        type={stacked ? 'stacked' : 'default'}
        orientation={horizontal ? 'vertical' : 'horizontal'}
        valueFormatter={valueFormatter}
        barChartProps={{ accessibilityLayer: false }}
        gridAxis={horizontal ? 'x' : 'y'}
        xAxisProps={
          horizontal ? { domain, allowDecimals: maxValue !== undefined } : { minTickGap: 8 }
        }
        yAxisProps={
          horizontal ? { width: 120 } : { width: 48, domain, allowDecimals: maxValue !== undefined }
        }
        withTooltip
      />
    </ChartFigure>
  );
}
