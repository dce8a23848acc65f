import { Box, Group, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { ChartFigure, type ChartTable, chartColor } from './chart-figure';
import classes from './charts.module.css';

/**
 * A grid of values (days of the week by hours of the day) as shades of one colour, mixed with
 * transparency so it reads on the light and the dark body alike; with its text alternative.
 */
export function HeatmapFigure({
  rows,
  columns,
  values,
  summary,
  table,
  color = 'teal.6',
  describe,
  testId,
}: {
  /** Row labels (Mon … Sun). */
  rows: readonly string[];
  /** Column labels (0 … 23); shown every few columns when there are many. */
  columns: readonly string[];
  /** values[row][column]. */
  values: readonly (readonly number[])[];
  summary: string;
  table: ChartTable;
  color?: string;
  /** A cell's tooltip. */
  describe: (row: number, column: number, value: number) => string;
  testId?: string;
}) {
  const t = messages().ui;
  const max = Math.max(0, ...values.flat());
  const step = columns.length > 12 ? 3 : 1;
  const shade = (value: number) =>
    max > 0 && value > 0
      ? `color-mix(in srgb, ${chartColor(color)} ${Math.round(15 + (85 * value) / max)}%, transparent)`
      : undefined;
  return (
    <ChartFigure summary={summary} table={table} testId={testId}>
      <div
        className={classes.heatmap}
        style={{ gridTemplateColumns: `auto repeat(${columns.length}, minmax(0, 1fr))` }}
      >
        <span />
        {columns.map((column, index) => (
          <Text key={column} size="xs" c="dimmed" ta="center" className={classes.columnLabel}>
            {index % step === 0 ? column : ''}
          </Text>
        ))}
        {rows.map((row, r) => (
          <Box key={row} display="contents">
            <Text size="xs" c="dimmed" pr={6}>
              {row}
            </Text>
            {columns.map((column, c) => {
              const value = values[r]?.[c] ?? 0;
              return (
                <span
                  key={column}
                  className={classes.cell}
                  style={{ background: shade(value) }}
                  title={describe(r, c, value)}
                />
              );
            })}
          </Box>
        ))}
      </div>
      <Group gap={6} justify="flex-end" mt={4}>
        <Text size="xs">{t.chartLess}</Text>
        {[0.15, 0.4, 0.7, 1].map((level) => (
          <span
            key={level}
            className={classes.swatch}
            style={{
              background: `color-mix(in srgb, ${chartColor(color)} ${Math.round(level * 100)}%, transparent)`,
            }}
          />
        ))}
        <Text size="xs">{t.chartMore}</Text>
      </Group>
    </ChartFigure>
  );
}
