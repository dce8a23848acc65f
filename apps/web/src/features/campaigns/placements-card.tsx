import { formatDuration, formatUsDate, fromRecordDate } from '@airgrid/domain';
import type { CampaignAiring } from '@airgrid/schema/contracts';
import {
  Anchor,
  Badge,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { type PlacementRow, proofBadge, spotTime } from './campaigns-model';
import { campaignsQueries, PLACEMENTS_PER_PAGE, type PlacementsWhen } from './queries';

/** The longest window the airings are read over (the endpoint's limit, 400 days). */
const AIRINGS_WINDOW_MS = 400 * 86_400_000;

/**
 * The window of airings a page of past placements reads: from its earliest spot to just after
 * its latest (the first page: to `now`, so off-plan airings since the latest show on it).
 */
function airingsWindow(items: readonly PlacementRow[], page: number, now: number) {
  const starts = items.map((item) => fromRecordDate(item.start) ?? 0);
  const to = page === 1 ? now : Math.max(...starts) + 1;
  return { from: Math.max(Math.min(...starts), to - AIRINGS_WINDOW_MS), to };
}

/**
 * The campaign's placed spots, upcoming (soonest first) or past (latest first), 50 a page:
 * each one's date and time on its channel's clock, the channel, the programme, the spot and
 * its runtime; a past one its proof (issue 40, item 6: aired at its second by the as-run log
 * or an imported one, missed, or aired by schedule), and the page's off-plan airings under it.
 * On a phone the columns left out are said under the time.
 */
export function PlacementsCard({ campaign, zone }: { campaign: string; zone: string }) {
  const t = messages().campaigns;
  const clock = useClockSetting();
  const [when, setWhen] = useState<PlacementsWhen>('upcoming');
  const [page, setPage] = useState(1);
  // Upcoming and past are told apart at one instant, so pages do not shift under the reader.
  const [now] = useState(() => Date.now());
  const query = useQuery(campaignsQueries.placements(campaign, when, page, now));
  const list = query.data;
  const past = when === 'past' && list && list.items.length > 0;
  const window = past ? airingsWindow(list.items, list.page, now) : { from: 0, to: 0 };
  const airingsQuery = useQuery({
    ...campaignsQueries.airings(campaign, window.from, window.to),
    enabled: Boolean(past),
  });
  const airings = new Map(
    (airingsQuery.data?.airings ?? []).flatMap((airing) =>
      airing.placement ? [[airing.placement, airing] as const] : [],
    ),
  );
  const offPlan = (airingsQuery.data?.airings ?? []).filter(
    (airing) => airing.status === 'off-plan',
  );
  const first = list ? (list.page - 1) * PLACEMENTS_PER_PAGE + 1 : 0;
  const last = list ? first + list.items.length - 1 : 0;

  return (
    <SectionCard title={t.placements}>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t.whichPlacements}
          value={when}
          onChange={(value) => {
            setWhen(value as PlacementsWhen);
            setPage(1);
          }}
          data={[
            { value: 'upcoming', label: t.upcomingPlacements },
            { value: 'past', label: t.pastPlacements },
          ]}
        />
        {list && list.totalItems > 0 && (
          <Text size="xs" c="dimmed">
            {t.placementsCount(first, last, list.totalItems)}
          </Text>
        )}
      </Group>
      {query.isPending ? (
        <Loader role="status" size="sm" aria-label={t.loadingPlacements} />
      ) : query.isError ? (
        <Text c="red" role="alert">
          {describeError(query.error).error}
        </Text>
      ) : list && list.items.length > 0 ? (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={300}>
            <Table
              verticalSpacing={6}
              aria-label={when === 'upcoming' ? t.upcomingPlacements : t.pastPlacements}
              data-testid="placements"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.date}</Table.Th>
                  <Table.Th>{t.time}</Table.Th>
                  <Table.Th visibleFrom="sm">{t.channel}</Table.Th>
                  <Table.Th visibleFrom="md">{t.programme}</Table.Th>
                  <Table.Th visibleFrom="sm">{t.spot}</Table.Th>
                  <Table.Th visibleFrom="sm">{t.duration}</Table.Th>
                  {when === 'past' && <Table.Th>{t.proof}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((placement) => (
                  <PlacementLine
                    key={placement.id}
                    placement={placement}
                    clock={clock}
                    past={when === 'past'}
                    airing={airings.get(placement.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {when === 'past' && offPlan.length > 0 && (
            <OffPlanList airings={offPlan} clock={clock} zones={zonesOf(list.items, zone)} />
          )}
          {list.totalPages > 1 && (
            <Pagination
              total={list.totalPages}
              value={page}
              onChange={setPage}
              size="sm"
              siblings={1}
              aria-label={t.placementPages}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next'
                    ? t.nextPage
                    : control === 'previous'
                      ? t.previousPage
                      : control,
              })}
            />
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {when === 'upcoming' ? t.noUpcomingPlacements : t.noPastPlacements}
        </Text>
      )}
    </SectionCard>
  );
}

function PlacementLine({
  placement,
  clock,
  past,
  airing,
}: {
  placement: PlacementRow;
  clock: ReturnType<typeof useClockSetting>;
  /** A spot whose time has come: what proves it aired is said (the schedule, until a log does). */
  past: boolean;
  /** What became of it, once read. */
  airing: CampaignAiring | undefined;
}) {
  const t = messages().campaigns;
  const channel = placement.expand?.channel;
  const zone = channel?.timeZone || 'UTC';
  const start = fromRecordDate(placement.start) ?? 0;
  const programme = placement.expand?.show?.title ?? t.betweenProgrammes;
  const spot = placement.expand?.ad?.title ?? '—';
  const runtime = formatDuration(placement.durationSec, 'runtime', { fraction: 2 });
  return (
    <Table.Tr data-placement={placement.id}>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatUsDate(start, zone)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={t.timesInZone(zone)} style={{ whiteSpace: 'nowrap' }}>
          {spotTime(start, zone, clock)}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {[channel?.name, spot, runtime].filter(Boolean).join(' · ')}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {programme}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        {channel ? (
          <Anchor component={Link} to={`/channels/${channel.id}`} size="sm">
            {channel.name}
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm">{programme}</Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{spot}</Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {runtime}
        </Text>
      </Table.Td>
      {past && (
        <Table.Td>
          <ProofBadgeOf badge={proofBadge(airing, zone, clock)} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** Each channel's zone as the page's placements carry it; the station's for the others. */
function zonesOf(items: readonly PlacementRow[], station: string) {
  const zones = new Map(
    items.flatMap((item) => {
      const channel = item.expand?.channel;
      return channel?.timeZone ? [[channel.id, channel.timeZone] as const] : [];
    }),
  );
  return (channel: string) => zones.get(channel) ?? station;
}

function ProofBadgeOf({ badge }: { badge: ReturnType<typeof proofBadge> }) {
  return (
    <Badge
      variant="light"
      color={badge.color}
      tt="none"
      title={badge.hint}
      // The whole label ("Aired 12:00:05 PM · import"), wrapped on a phone rather than cut.
      h="auto"
      py={2}
      radius="sm"
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } }}
      data-proof
    >
      {badge.label}
    </Badge>
  );
}

/** The page's airings of imported logs where none of the campaign's spots was placed. */
function OffPlanList({
  airings,
  clock,
  zones,
}: {
  airings: readonly CampaignAiring[];
  clock: ReturnType<typeof useClockSetting>;
  zones: (channel: string) => string;
}) {
  const t = messages().campaigns;
  return (
    <Stack gap={4} data-testid="off-plan">
      <Text size="sm" fw={600}>
        {t.offPlanAirings}
      </Text>
      <Text size="xs" c="dimmed">
        {t.offPlanExplained}
      </Text>
      <Table verticalSpacing={4} aria-label={t.offPlanAirings}>
        <Table.Tbody>
          {airings.map((airing) => {
            const at = Date.parse(airing.airedStart ?? '');
            const zone = zones(airing.channel);
            return (
              <Table.Tr key={`${airing.channel}:${airing.airedStart}:${airing.ad}`}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatUsDate(at, zone)} {spotTime(at, zone, clock)}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {airing.channelName}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{airing.channelName}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{airing.adTitle}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
