import '@mantine/charts/styles.css';

import { formatUsDateTime } from '@airgrid/domain';
import { BarChart } from '@mantine/charts';
import {
  Box,
  ColorSwatch,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { SectionCard } from '../../ui/section-card';
import {
  type CampaignDetail,
  deliveryOf,
  deliveryPercent,
  deliveryRows,
  deliveryText,
  missedText,
} from './campaigns-model';

const CHART_HEIGHT = 220;

/**
 * The campaign's delivery against its goal, as the server's last placement found it: a bar of
 * the whole, and each period's placed and owed spots as a chart (a table for screen readers).
 */
export function DeliveryCard({ campaign, zone }: { campaign: CampaignDetail; zone: string }) {
  const t = messages().campaigns;
  const clock = useClockSetting();
  const delivery = deliveryOf(campaign);
  const rows = deliveryRows(delivery);
  const series = [
    { name: 'placed', label: t.placed, color: 'teal.6' },
    { name: 'owed', label: t.owed, color: 'orange.5' },
  ];

  return (
    <SectionCard title={t.delivery}>
      {!delivery ? (
        <Text size="sm" c="dimmed" data-testid="delivery-summary">
          {campaign.status === 'draft' ? t.deliveryDraft : t.deliveryNotYet}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="baseline" gap="xs">
            <Text fw={600} data-testid="delivery-summary">
              {deliveryText(delivery)}
            </Text>
            <Text size="xs" c="dimmed">
              {t.placedAt(formatUsDateTime(delivery.placedAt, zone, clock))}
            </Text>
          </Group>
          {missedText(delivery) && (
            <Text
              size="sm"
              c={delivery.shortfall > 0 ? 'orange.8' : 'dimmed'}
              data-testid="delivery-missed"
            >
              {missedText(delivery)}
            </Text>
          )}
          <Progress.Root size="lg">
            <Progress.Section
              value={deliveryPercent(delivery)}
              color={delivery.shortfall > 0 ? 'orange' : 'teal'}
              aria-label={t.placedProgress}
            />
          </Progress.Root>
          {rows.length > 0 && (
            <>
              <Box aria-hidden>
                <BarChart
                  h={CHART_HEIGHT}
                  data={rows}
                  dataKey="label"
                  type="stacked"
                  series={series}
                  barChartProps={{ accessibilityLayer: false }}
                  xAxisProps={{ minTickGap: 8 }}
                  yAxisProps={{ allowDecimals: false, width: 32 }}
                  withTooltip
                />
                {/* Mantine's legend is drawn inside the chart's fixed height: on a phone it
                    wraps over what follows. This one wraps like text. */}
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
                  <caption>{t.deliveryTableCaption}</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.period}</Table.Th>
                      <Table.Th>{t.goal}</Table.Th>
                      <Table.Th>{t.placed}</Table.Th>
                      <Table.Th>{t.owed}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={row.period}>
                        <Table.Td>{row.label}</Table.Td>
                        <Table.Td>{row.goal}</Table.Td>
                        <Table.Td>{row.placed}</Table.Td>
                        <Table.Td>{row.owed}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </VisuallyHidden>
            </>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
