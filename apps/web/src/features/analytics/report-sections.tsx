import type { ReportDays } from '@airgrid/domain';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { BarChartFigure } from '../../ui/charts';
import {
  type CampaignsReport,
  type CaptionsReport,
  campaignsTable,
  captionsTable,
  csvName,
  formatShare,
  neverAiredTable,
  type RerunsReport,
  rerunsTable,
  uncaptionedTable,
} from './analytics-model';
import { analyticsQueries } from './queries';
import { CsvButton, ReportCard, ReportTableView } from './report-card';

/**
 * What every section of the page is given: the period as the station's days and as instants.
 * A section reads its own data (queries.ts) and draws one ReportCard; the audience sections
 * (views, watch time, peak viewers; embeds by site; the hour-by-weekday heatmap) take the same
 * props and join the list in analytics-page.tsx.
 */
export interface ReportSectionProps {
  days: ReportDays;
  from: number;
  to: number;
}

const TOP = 10;

export function RerunsSection({ days, from, to }: ReportSectionProps) {
  const t = messages().analytics;
  const query = useQuery(analyticsQueries.reruns(from, to));
  return (
    <ReportCard
      id="reruns"
      title={t.reruns}
      hint={t.rerunsHint}
      query={query}
      actions={(report: RerunsReport) => (
        <CsvButton table={rerunsTable(report)} name={csvName('reruns', days)} title={t.reruns} />
      )}
    >
      {(report) => {
        const aired = report.shows.filter((row) => row.airings > 0);
        if (aired.length === 0)
          return (
            <Text size="sm">
              {t.noAirings}{' '}
              <Anchor component={Link} to="/timeslots">
                {t.openTimeslots}
              </Anchor>
            </Text>
          );
        const top = aired.slice(0, TOP);
        return (
          <Stack gap="md">
            <BarChartFigure
              testId="reruns-chart"
              horizontal
              data={top.map((row) => ({ show: row.title, airings: row.airings }))}
              dataKey="show"
              series={[{ name: 'airings', label: t.airings, color: 'blue.6' }]}
              summary={t.rerunsChartSummary(top[0]?.title ?? '', top[0]?.airings ?? 0)}
              table={{
                caption: t.rerunsTableCaption,
                columns: [t.show, t.airings],
                rows: top.map((row) => [row.title, row.airings]),
              }}
            />
            <ReportTableView table={rerunsTable(report)} label={t.reruns} />
          </Stack>
        );
      }}
    </ReportCard>
  );
}

export function NeverAiredSection({ days, from, to }: ReportSectionProps) {
  const t = messages().analytics;
  const query = useQuery(analyticsQueries.neverAired(from, to));
  return (
    <ReportCard
      id="never-aired"
      title={t.neverAired}
      hint={t.neverAiredHint}
      query={query}
      actions={(report) => (
        <CsvButton
          table={neverAiredTable(report)}
          name={csvName('never-aired', days)}
          title={t.neverAired}
        />
      )}
    >
      {(report) =>
        report.shows.length === 0 ? (
          <Text size="sm">{t.allAired}</Text>
        ) : (
          <ReportTableView table={neverAiredTable(report)} label={t.neverAired} />
        )
      }
    </ReportCard>
  );
}

export function CaptionsSection({ days, from, to }: ReportSectionProps) {
  const t = messages().analytics;
  const query = useQuery(analyticsQueries.captions(from, to));
  return (
    <ReportCard
      id="captions"
      title={t.captions}
      hint={t.captionsHint}
      query={query}
      actions={(report: CaptionsReport) => (
        <CsvButton
          table={captionsTable(report)}
          name={csvName('captions', days)}
          title={t.captions}
        />
      )}
    >
      {(report) => {
        if (report.channels.length === 0)
          return (
            <Text size="sm">
              {t.noChannels}{' '}
              <Anchor component={Link} to="/channels">
                {t.openChannels}
              </Anchor>
            </Text>
          );
        if (report.total.airtimeSec === 0) return <Text size="sm">{t.noCaptionsAirtime}</Text>;
        const aired = report.channels.filter((row) => row.airtimeSec > 0);
        const uncaptioned = uncaptionedTable(report);
        return (
          <Stack gap="md">
            <BarChartFigure
              testId="captions-chart"
              horizontal
              maxValue={1}
              valueFormatter={(value) => formatShare(value)}
              data={aired.map((row) => ({ channel: row.name, share: row.share }))}
              dataKey="channel"
              series={[{ name: 'share', label: t.share, color: 'teal.6' }]}
              summary={t.captionsChartSummary(
                formatShare(report.total.share, report.total.airtimeSec),
              )}
              table={{
                caption: t.captionsTableCaption,
                columns: [t.channel, t.share],
                rows: aired.map((row) => [row.name, formatShare(row.share, row.airtimeSec)]),
              }}
            />
            <ReportTableView table={captionsTable(report)} label={t.captions} />
            <Title order={3} size="h5">
              {t.mostUncaptioned}
            </Title>
            {uncaptioned.rows.length === 0 ? (
              <Text size="sm">{t.allCaptioned}</Text>
            ) : (
              <>
                <ReportTableView table={uncaptioned} label={t.mostUncaptioned} />
                <Text size="sm">
                  <Anchor component={Link} to="/captions">
                    {t.addCaptions}
                  </Anchor>
                </Text>
                <div>
                  <CsvButton
                    table={uncaptioned}
                    name={csvName('uncaptioned', days)}
                    title={t.mostUncaptioned}
                  />
                </div>
              </>
            )}
          </Stack>
        );
      }}
    </ReportCard>
  );
}

export function CampaignsSection({ days, from, to }: ReportSectionProps) {
  const t = messages().analytics;
  const query = useQuery(analyticsQueries.campaigns(from, to));
  return (
    <ReportCard
      id="campaigns"
      title={t.campaigns}
      hint={t.campaignsHint}
      query={query}
      actions={(report: CampaignsReport) => (
        <CsvButton
          table={campaignsTable(report)}
          name={csvName('campaigns', days)}
          title={t.campaigns}
        />
      )}
    >
      {(report) => {
        if (report.campaigns.length === 0)
          return (
            <Text size="sm">
              {t.noCampaigns}{' '}
              <Anchor component={Link} to="/campaigns">
                {t.openCampaigns}
              </Anchor>
            </Text>
          );
        const rows = report.campaigns;
        return (
          <Stack gap="md">
            <BarChartFigure
              testId="campaigns-chart"
              horizontal
              stacked
              data={rows.map((row) => ({
                campaign: row.name,
                placed: row.placed,
                owed: row.shortfall,
              }))}
              dataKey="campaign"
              series={[
                { name: 'placed', label: t.placed, color: 'teal.6' },
                { name: 'owed', label: t.owed, color: 'orange.5' },
              ]}
              summary={t.campaignsChartSummary(rows.filter((row) => row.shortfall > 0).length)}
              table={{
                caption: t.campaignsTableCaption,
                columns: [t.campaign, t.goal, t.placed, t.owed],
                rows: rows.map((row) => [row.name, row.goal, row.placed, row.shortfall]),
              }}
            />
            <ReportTableView table={campaignsTable(report)} label={t.campaigns} />
          </Stack>
        );
      }}
    </ReportCard>
  );
}
