import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { BarChartFigure, HeatmapFigure } from '../../ui/charts';
import {
  type AudienceReport,
  audienceHeatmap,
  audienceTable,
  csvName,
  formatWatchTime,
} from './analytics-model';
import { type AudienceBy, analyticsQueries } from './queries';
import { CsvButton, ReportCard, ReportTableView } from './report-card';
import type { ReportSectionProps } from './report-sections';

// The audience sections of /analytics (issue 41, item 3), read from the measurement's rollups
// (GET /api/v1/analytics/audience): views, watch time and peak viewers per channel, show, spot
// and widget; widget traffic by website; watch time by weekday and hour.

const TOP = 10;

type GroupBy = Extract<AudienceBy, 'channel' | 'show' | 'ad' | 'embed'>;

function groupLabels(by: GroupBy) {
  const t = messages().analytics;
  return {
    channel: { name: t.channel, unnamed: t.channel },
    show: { name: t.show, unnamed: t.notInAProgramme },
    ad: { name: t.bySpot, unnamed: t.notASpot },
    embed: { name: t.byEmbed, unnamed: t.ownPages },
  }[by];
}

export function AudienceSection({ days, from, to }: ReportSectionProps) {
  const t = messages().analytics;
  const [by, setBy] = useState<GroupBy>('channel');
  const query = useQuery(analyticsQueries.audience(by, from, to));
  const labels = groupLabels(by);
  const table = (report: AudienceReport) => audienceTable(report, labels.name, labels.unnamed);
  return (
    <ReportCard
      id="audience"
      title={t.audience}
      hint={t.audienceHint}
      query={query}
      actions={(report: AudienceReport) => (
        <CsvButton
          table={table(report)}
          name={csvName(`audience-by-${by}`, days)}
          title={t.audience}
        />
      )}
    >
      {(report) => (
        <Stack gap="md">
          <SegmentedControl
            aria-label={t.audienceBy}
            value={by}
            onChange={(value) => setBy(value as GroupBy)}
            data={[
              { value: 'channel', label: t.byChannel },
              { value: 'show', label: t.byShow },
              { value: 'ad', label: t.bySpot },
              { value: 'embed', label: t.byEmbed },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {report.total.views === 0 ? (
            <Text size="sm">{t.noViewers}</Text>
          ) : (
            <>
              <BarChartFigure
                testId="audience-chart"
                horizontal
                data={table(report)
                  .rows.slice(0, TOP)
                  .map((row) => ({ name: String(row[0]), views: Number(row[1]) }))}
                dataKey="name"
                series={[{ name: 'views', label: t.views, color: 'indigo.6' }]}
                summary={t.audienceChartSummary(
                  String(table(report).rows[0]?.[0] ?? ''),
                  Number(table(report).rows[0]?.[1] ?? 0),
                )}
                table={{
                  caption: t.audienceTableCaption,
                  columns: [labels.name, t.views],
                  rows: table(report)
                    .rows.slice(0, TOP)
                    .map((row) => [row[0] ?? '', row[1] ?? 0]),
                }}
              />
              <ReportTableView table={table(report)} label={t.audience} />
            </>
          )}
        </Stack>
      )}
    </ReportCard>
  );
}

export function SitesSection({ days, from, to }: ReportSectionProps) {
  const t = messages().analytics;
  const query = useQuery(analyticsQueries.audience('origin', from, to));
  const table = (report: AudienceReport) => audienceTable(report, t.website, t.ownPages);
  return (
    <ReportCard
      id="sites"
      title={t.sites}
      hint={t.sitesHint}
      query={query}
      actions={(report: AudienceReport) => (
        <CsvButton table={table(report)} name={csvName('websites', days)} title={t.sites} />
      )}
    >
      {(report) => {
        const sites = { ...report, groups: report.groups.filter((group) => group.key !== '') };
        return sites.groups.length === 0 ? (
          <Text size="sm">{t.noSites}</Text>
        ) : (
          <ReportTableView table={table(sites)} label={t.sites} />
        );
      }}
    </ReportCard>
  );
}

export function WhenSection({ days, from, to }: ReportSectionProps) {
  const t = messages().analytics;
  const query = useQuery(analyticsQueries.audience('weekday-hour', from, to));
  return (
    <ReportCard
      id="when"
      title={t.whenPeopleWatch}
      hint={t.whenHint}
      query={query}
      actions={(report: AudienceReport) => (
        <CsvButton
          table={
            report.total.watchSeconds > 0
              ? audienceHeatmap(report).table
              : { columns: [], rows: [] }
          }
          name={csvName('watch-time-by-hour', days)}
          title={t.whenPeopleWatch}
        />
      )}
    >
      {(report) => {
        if (report.total.watchSeconds === 0) return <Text size="sm">{t.noViewers}</Text>;
        const heatmap = audienceHeatmap(report);
        return (
          <HeatmapFigure
            testId="audience-heatmap"
            rows={heatmap.rows}
            columns={heatmap.columns}
            values={heatmap.values}
            summary={t.heatmapSummary(
              heatmap.rows[heatmap.best.day] ?? '',
              heatmap.columns[heatmap.best.hour] ?? '',
              formatWatchTime(heatmap.best.value),
            )}
            table={{
              caption: t.heatmapTableCaption,
              columns: heatmap.table.columns,
              rows: heatmap.table.rows,
            }}
            describe={(row, column, value) =>
              t.heatmapCell(
                heatmap.rows[row] ?? '',
                heatmap.columns[column] ?? '',
                formatWatchTime(value),
              )
            }
          />
        );
      }}
    </ReportCard>
  );
}
