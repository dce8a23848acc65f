import {
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { messages } from '../../i18n/messages';
import { BarChartFigure, HeatmapFigure, SparklineFigure } from '../../ui/charts';
import { SectionCard } from '../../ui/section-card';
import {
  SAMPLE_AIRINGS,
  SAMPLE_COVERAGE,
  SAMPLE_DELIVERY,
  SAMPLE_WEEK_VIEWS,
  sampleHeatmap,
} from './sample-charts';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The report charts of ui/charts (the analytics page's, the dashboard's) on sample data, each
 * with its text alternative, and a switch of the app's colour scheme to see them light and dark.
 */
export function ReportChartsGallery() {
  const t = messages().debug;
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const heat = sampleHeatmap();
  const hours = Array.from({ length: 24 }, (_, hour) => String(hour));
  return (
    <Stack gap="md" component="section" aria-labelledby="report-charts-title">
      <div>
        <Title order={2} size="h3" id="report-charts-title">
          {t.reportCharts}
        </Title>
        <Text c="dimmed" size="sm">
          {t.reportChartsHint}
        </Text>
      </div>
      <div>
        <Text size="sm" fw={500} id="report-charts-scheme" mb={2}>
          {t.colourSchemeOfTheApp}
        </Text>
        <SegmentedControl
          aria-labelledby="report-charts-scheme"
          data={[
            { value: 'light', label: t.light },
            { value: 'dark', label: t.dark },
          ]}
          value={colorScheme === 'light' ? 'light' : 'dark'}
          onChange={(value) => setColorScheme(value as 'light' | 'dark')}
        />
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SectionCard title={t.barChartHorizontal}>
          <BarChartFigure
            testId="sample-bars"
            horizontal
            data={SAMPLE_AIRINGS}
            dataKey="show"
            series={[{ name: 'airings', label: t.airings, color: 'blue.6' }]}
            summary={t.sampleAiringsSummary}
            table={{
              caption: t.sampleAiringsSummary,
              columns: [t.show, t.airings],
              rows: SAMPLE_AIRINGS.map((row) => [row.show, row.airings]),
            }}
          />
        </SectionCard>
        <SectionCard title={t.barChartShares}>
          <BarChartFigure
            testId="sample-shares"
            horizontal
            maxValue={1}
            valueFormatter={percent}
            data={SAMPLE_COVERAGE}
            dataKey="channel"
            series={[{ name: 'share', label: t.captioned, color: 'teal.6' }]}
            summary={t.sampleCoverageSummary}
            table={{
              caption: t.sampleCoverageSummary,
              columns: [t.channel, t.captioned],
              rows: SAMPLE_COVERAGE.map((row) => [row.channel, percent(row.share)]),
            }}
          />
        </SectionCard>
        <SectionCard title={t.barChartStacked}>
          <BarChartFigure
            testId="sample-stacked"
            horizontal
            stacked
            data={SAMPLE_DELIVERY}
            dataKey="campaign"
            series={[
              { name: 'placed', label: t.placed, color: 'teal.6' },
              { name: 'owed', label: t.owed, color: 'orange.5' },
            ]}
            summary={t.sampleDeliverySummary}
            table={{
              caption: t.sampleDeliverySummary,
              columns: [t.campaign, t.placed, t.owed],
              rows: SAMPLE_DELIVERY.map((row) => [row.campaign, row.placed, row.owed]),
            }}
          />
        </SectionCard>
        <SectionCard title={t.sparkline}>
          <SparklineFigure
            testId="sample-sparkline"
            values={SAMPLE_WEEK_VIEWS}
            summary={t.sampleWeekSummary}
            table={{
              caption: t.sampleWeekSummary,
              columns: [t.day, t.views],
              rows: SAMPLE_WEEK_VIEWS.map((views, day) => [t.weekdays[day] ?? '', views]),
            }}
          />
        </SectionCard>
      </SimpleGrid>
      <SectionCard title={t.heatmap}>
        <HeatmapFigure
          testId="sample-heatmap"
          rows={t.weekdays}
          columns={hours}
          values={heat}
          summary={t.sampleHeatmapSummary}
          describe={(row, column, value) => t.heatCell(t.weekdays[row] ?? '', column, value)}
          table={{
            caption: t.sampleHeatmapSummary,
            columns: [t.day, ...hours],
            rows: heat.map((row, day) => [t.weekdays[day] ?? '', ...row]),
          }}
        />
      </SectionCard>
    </Stack>
  );
}
