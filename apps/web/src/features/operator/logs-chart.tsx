// Loaded only when the Logs tab opens (logs-panel.tsx imports it lazily): the charts library
// and its styles stay out of every other page's bundle.
import '@mantine/charts/styles.css';

import { BarChart } from '@mantine/charts';
import {
  Box,
  ColorSwatch,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { messages } from '../../i18n/messages';
import {
  bucketRows,
  LOG_PERIODS,
  type LogPeriod,
  periodStart,
  rowTotal,
  summarize,
} from './operator-model';
import { operatorLogQueries } from './queries';

const CHART_HEIGHT = 200;

/**
 * The request log (GET /api/logs/stats) for the list's filter, by status class: the last hour
 * by minute, a day or a week by hour. Screen readers get the summary and a table of the bars.
 */
export function LogsChart({ filter }: { filter: string }) {
  const t = messages();
  // The period and when it was chosen, so its start (and the query key) stays put meanwhile.
  const [{ period, chosenAt }, setView] = useState(() => ({
    period: 'hour' as LogPeriod,
    chosenAt: Date.now(),
  }));
  const since = periodStart(chosenAt, period);
  const stats = useQuery({
    ...operatorLogQueries.stats(filter, since, LOG_PERIODS[period].interval),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(
    () => (stats.data ? bucketRows(since, period, stats.data) : []),
    [stats.data, since, period],
  );
  const summary = summarize(rows);
  const periodName = t.operator.periods[period];
  const bucket = t.operator.buckets[LOG_PERIODS[period].interval];
  const series = [
    { name: 'answered', label: t.operator.answered, color: 'teal.6' },
    { name: 'clientErrors', label: t.operator.clientErrors, color: 'yellow.6' },
    { name: 'serverErrors', label: t.operator.serverErrors, color: 'red.6' },
  ];

  return (
    <Stack gap="xs" component="section" aria-labelledby="logs-chart-title">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={2} size="h4" id="logs-chart-title">
          {t.operator.requestsOverTime}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t.operator.chartPeriod}
          value={period}
          onChange={(value) => setView({ period: value as LogPeriod, chosenAt: Date.now() })}
          data={(Object.keys(LOG_PERIODS) as LogPeriod[]).map((each) => ({
            value: each,
            label: t.operator.periods[each],
          }))}
        />
      </Group>
      {stats.isPending && <Skeleton h={CHART_HEIGHT + 20} />}
      {stats.data &&
        (summary.total === 0 ? (
          <Text size="sm" c="dimmed">
            {t.operator.noRequestsInPeriod}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t.operator.chartSummary(
                periodName,
                summary.total,
                summary.clientErrors,
                summary.serverErrors,
                bucket,
                summary.busiest
                  ? { at: summary.busiest.at, total: rowTotal(summary.busiest) }
                  : null,
              )}
            </Text>
            <Box aria-hidden>
              <BarChart
                h={CHART_HEIGHT}
                data={rows}
                dataKey="label"
                type="stacked"
                series={series}
                barChartProps={{ accessibilityLayer: false }}
                xAxisProps={{ minTickGap: 12 }}
                yAxisProps={{ allowDecimals: false, width: 40 }}
              />
              {/* Mantine's legend is drawn inside the chart's fixed height: on a phone it wraps
                  over what follows. This one wraps like text. */}
              <Group gap="md" justify="flex-end" mt={4}>
                {series.map((each) => (
                  <Group key={each.name} gap={6} wrap="nowrap">
                    <ColorSwatch
                      color={`var(--mantine-color-${each.color.replace('.', '-')})`}
                      size={10}
                      withShadow={false}
                    />
                    <Text size="xs">{each.label}</Text>
                  </Group>
                ))}
              </Group>
            </Box>
            <VisuallyHidden>
              <Table>
                <caption>{t.operator.chartTableCaption(bucket, periodName)}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.operator.bucketUtc(bucket)}</Table.Th>
                    <Table.Th>{t.operator.total}</Table.Th>
                    {series.map((each) => (
                      <Table.Th key={each.name}>{each.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows
                    .filter((row) => rowTotal(row) > 0)
                    .map((row) => (
                      <Table.Tr key={row.at}>
                        <Table.Td>{row.at}</Table.Td>
                        <Table.Td>{rowTotal(row)}</Table.Td>
                        <Table.Td>{row.answered}</Table.Td>
                        <Table.Td>{row.clientErrors}</Table.Td>
                        <Table.Td>{row.serverErrors}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </>
        ))}
    </Stack>
  );
}
