import { formatTime, formatUsDate, fromRecordDate } from '@airgrid/domain';
import { Anchor, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { showQueries } from './queries';
import { type AiringRecord, type ShowRecord, splitAirings } from './show-model';

// The show page's airings cards: its upcoming and past airings, the nearest ones first.

export function AiringsCards({ show }: { show: ShowRecord }) {
  const t = messages();
  const query = useQuery(showQueries.airings(show.id));
  const { upcoming, past } = splitAirings(query.data ?? [], Date.now());

  const body = (list: AiringRecord[], empty: string, label: string) =>
    query.isPending ? (
      <Loader role="status" size="sm" aria-label={t.shows.loadingLabel(label.toLowerCase())} />
    ) : query.isError ? (
      <Text c="red" role="alert">
        {describeError(query.error).error}
      </Text>
    ) : list.length === 0 ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <Stack gap={4}>
        <AiringsTable airings={list.slice(0, AIRINGS_SHOWN)} label={label} />
        {list.length > AIRINGS_SHOWN && (
          <Text size="xs" c="dimmed">
            {t.shows.valueMoreNotShown(list.length - AIRINGS_SHOWN)}
            <Anchor component={Link} to="/timeslots" size="xs">
              {t.shows.openTheSchedule}
            </Anchor>
          </Text>
        )}
      </Stack>
    );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <SectionCard title={t.shows.upcoming}>
        {body(upcoming, t.shows.notScheduledToAir, t.shows.upcomingAirings)}
      </SectionCard>
      <SectionCard title={t.shows.pastAirings}>
        {body(past, t.shows.hasNotAiredYet, t.shows.pastAirings)}
      </SectionCard>
    </SimpleGrid>
  );
}

/** Airings listed per card: the nearest ones; the schedule has the rest. */
const AIRINGS_SHOWN = 10;

function AiringsTable({ airings, label }: { airings: AiringRecord[]; label: string }) {
  const t = messages();
  return (
    <Table verticalSpacing={6} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.shows.channel}</Table.Th>
          <Table.Th>{t.shows.date}</Table.Th>
          <Table.Th>{t.shows.time}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {airings.map((airing) => {
          const channel = airing.expand?.channel;
          const zone = channel?.timeZone || 'UTC';
          const start = fromRecordDate(airing.start) ?? 0;
          const end = start + airing.durationSec * 1000;
          return (
            <Table.Tr key={airing.id}>
              <Table.Td>
                {channel ? (
                  <Anchor component={Link} to={`/channels/${channel.id}`} size="sm">
                    {channel.name}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatUsDate(start, zone)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={t.shows.timesInZone(zone)} style={{ whiteSpace: 'nowrap' }}>
                  {formatTime(start, zone)} – {formatTime(end, zone)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
