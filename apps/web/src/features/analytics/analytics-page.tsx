import {
  dayRangeInstants,
  previousRange,
  REPORT_PRESETS,
  type ReportDays,
  type ReportPreset,
  todayIn,
} from '@airgrid/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconEqual } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { describeError } from '../../ui/forms/server-errors';
import {
  type PeriodChoice,
  periodLines,
  periodSearch,
  readPeriod,
  type SummaryFigure,
  summaryFigures,
  writeDay,
} from './analytics-model';
import { AudienceSection, SitesSection, WhenSection } from './audience-sections';
import { analyticsQueries } from './queries';
import {
  CampaignsSection,
  CaptionsSection,
  NeverAiredSection,
  type ReportSectionProps,
  RerunsSection,
} from './report-sections';

/**
 * The page's sections, in order, each given the period (ReportSectionProps): the audience
 * (audience-sections.tsx: views, watch time and peak viewers per channel, show, spot and
 * widget; widget traffic by website; the weekday-by-hour heatmap), then the programme reports.
 */
const SECTIONS: readonly ((props: ReportSectionProps) => React.ReactNode)[] = [
  AudienceSection,
  WhenSection,
  SitesSection,
  RerunsSection,
  NeverAiredSection,
  CaptionsSection,
  CampaignsSection,
];

/** /analytics: the station's programme reports over a period, compared with the one before. */
export function AnalyticsPage() {
  const t = messages().analytics;
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const zone = useQuery(analyticsQueries.zone(organization));

  let body: React.ReactNode;
  if (organization === '') body = <Alert color="blue">{t.noOrganization}</Alert>;
  else if (zone.isPending) body = <Loader role="status" aria-label={t.loading} />;
  else if (zone.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(zone.error).error}
      </Alert>
    );
  else body = <Reports zone={zone.data} />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t.analytics}</Title>
        <Text c="dimmed" size="sm">
          {t.pageDescription}
        </Text>
      </div>
      {body}
    </Stack>
  );
}

function Reports({ zone }: { zone: string }) {
  const [search, setSearch] = useSearchParams();
  const [today] = useState(() => todayIn(zone, Date.now()));
  const choice = readPeriod(search, today);
  const choose = (preset: ReportPreset, days?: ReportDays) =>
    setSearch(periodSearch(preset, days), { replace: false, preventScrollReset: true });

  return (
    <Stack gap="lg">
      <PeriodPicker choice={choice} today={today} onChoose={choose} />
      {choice.problem === null ? (
        <PeriodReports days={choice.days} zone={zone} />
      ) : (
        <Alert color="orange" role="alert">
          {choice.problem}
        </Alert>
      )}
    </Stack>
  );
}

function PeriodReports({ days, zone }: { days: ReportDays; zone: string }) {
  const { from, to } = days;
  const range = useMemo(() => dayRangeInstants({ from, to }, zone), [from, to, zone]);
  const lines = periodLines(days, zone, writeDay);
  return (
    <Stack gap="lg">
      <Text size="sm" data-testid="analytics-period">
        {lines.period} {lines.compared}
      </Text>
      <Summary from={range.from} to={range.to} />
      {SECTIONS.map((Section) => (
        <Section key={Section.name} days={days} from={range.from} to={range.to} />
      ))}
    </Stack>
  );
}

/** The preset menu, and the two days of a custom period (applied together). */
function PeriodPicker({
  choice,
  today,
  onChoose,
}: {
  choice: PeriodChoice;
  today: string;
  onChoose: (preset: ReportPreset, days?: ReportDays) => void;
}) {
  const t = messages().analytics;
  const [from, setFrom] = useState(choice.days.from);
  const [to, setTo] = useState(choice.days.to);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChoose('custom', { from, to });
  };
  return (
    <Card withBorder padding="md">
      <Group align="flex-end" gap="md" wrap="wrap" component="form" onSubmit={apply}>
        <NativeSelect
          label={t.period}
          data={REPORT_PRESETS.map((preset) => ({ value: preset, label: t.presets[preset] }))}
          value={choice.preset}
          onChange={(event) => {
            const preset = event.currentTarget.value as ReportPreset;
            if (preset === 'custom') onChoose('custom', choice.days);
            else onChoose(preset);
          }}
        />
        {choice.preset === 'custom' && (
          <>
            <TextInput
              type="date"
              label={t.firstDay}
              value={from}
              max={today}
              onChange={(event) => setFrom(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t.lastDay}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
            />
            <Button type="submit" variant="light">
              {t.apply}
            </Button>
          </>
        )}
      </Group>
    </Card>
  );
}

/** The summary's numbers, each with how it moved from the period just before. */
function Summary({ from, to }: { from: number; to: number }) {
  const t = messages().analytics;
  const before = previousRange({ from, to });
  const reruns = useQuery(analyticsQueries.reruns(from, to));
  const captions = useQuery(analyticsQueries.captions(from, to));
  const campaigns = useQuery(analyticsQueries.campaigns(from, to));
  const rerunsBefore = useQuery(analyticsQueries.reruns(before.from, before.to));
  const captionsBefore = useQuery(analyticsQueries.captions(before.from, before.to));
  const campaignsBefore = useQuery(analyticsQueries.campaigns(before.from, before.to));
  if (!reruns.data || !captions.data || !campaigns.data) return null;
  const previous =
    rerunsBefore.data && captionsBefore.data && campaignsBefore.data
      ? {
          reruns: rerunsBefore.data,
          captions: captionsBefore.data,
          campaigns: campaignsBefore.data,
        }
      : undefined;
  const figures = summaryFigures(
    { reruns: reruns.data, captions: captions.data, campaigns: campaigns.data },
    previous,
  );
  return (
    <section aria-label={t.summary}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {figures.map((figure) => (
          <SummaryCard key={figure.key} figure={figure} />
        ))}
      </SimpleGrid>
    </section>
  );
}

const DIRECTION = {
  up: { icon: IconArrowUpRight, color: 'teal' },
  down: { icon: IconArrowDownRight, color: 'red' },
  same: { icon: IconEqual, color: 'gray' },
} as const;

function SummaryCard({ figure }: { figure: SummaryFigure }) {
  const direction = figure.direction ? DIRECTION[figure.direction] : null;
  return (
    <Card withBorder padding="sm" data-testid={`summary-${figure.key}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {figure.label}
      </Text>
      <Text fz="xl" fw={700}>
        {figure.value}
      </Text>
      {figure.change && direction && (
        <Group gap={4} wrap="nowrap" align="flex-start">
          <direction.icon
            size={14}
            color={`var(--mantine-color-${direction.color}-7)`}
            aria-hidden
          />
          <Text size="xs" c="dimmed">
            {figure.change}
          </Text>
        </Group>
      )}
    </Card>
  );
}
