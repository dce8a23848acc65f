import { Box, ColorSwatch, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** A chart's data as a table: what screen readers read instead of the drawing. */
export interface ChartTable {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

/** A series' colour (Mantine's `teal.6`) as a CSS variable. */
export const chartColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** A legend that wraps like text (Mantine's own is drawn inside the chart's fixed height). */
function ChartLegend({ items }: { items: readonly { label: string; color: string }[] }) {
  return (
    <Group gap="md" justify="flex-end" mt={4}>
      {items.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <ColorSwatch color={chartColor(item.color)} size={10} withShadow={false} />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * A chart with its text alternative: the drawing hidden from assistive technology, a visible
 * one-line summary (the figure's caption), and the same data as a table only screen readers see.
 */
export function ChartFigure({
  summary,
  table,
  legend,
  children,
  testId,
}: {
  summary: string;
  table: ChartTable;
  legend?: readonly { label: string; color: string }[];
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack component="figure" gap={4} m={0} data-testid={testId}>
      <Box aria-hidden>
        {children}
        {legend && legend.length > 1 && <ChartLegend items={legend} />}
      </Box>
      <Text component="figcaption" size="sm" c="dimmed">
        {summary}
      </Text>
      <VisuallyHidden>
        <Table>
          <caption>{table.caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {table.columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed table, never reordered.
              <Table.Tr key={index}>
                {row.map((cell, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row.
                  <Table.Td key={at}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
