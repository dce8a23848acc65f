import '@mantine/charts/styles.css';

import { Sparkline } from '@mantine/charts';
import { ChartFigure, type ChartTable } from './chart-figure';

/** A small trend line (a week of a number, day by day) with its text alternative. */
export function SparklineFigure({
  values,
  summary,
  table,
  color = 'teal.6',
  height = 60,
  testId,
}: {
  values: readonly number[];
  summary: string;
  table: ChartTable;
  color?: string;
  height?: number;
  testId?: string;
}) {
  return (
    <ChartFigure summary={summary} table={table} testId={testId}>
      {/* recharts makes its drawing focusable, and a sparkline has nothing to point at: inert. */}
      <div inert>
        <Sparkline
          h={height}
          data={[...values]}
          color={color}
          curveType="linear"
          fillOpacity={0.3}
        />
      </div>
    </ChartFigure>
  );
}
