import { formatDuration, fromRecordDate } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import { Alert, Badge, Group, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../ui/forms/server-errors';
import { timeslotQueries } from './queries';
import { listStart } from './timeslots-model';

interface Props {
  from: number;
  to: number;
  channels: readonly GuideChannel[];
}

/**
 * The window's timeslots as a table, cancelled ones included (the chart, drawn from the guide,
 * leaves them out): each start on its channel's own clock.
 */
export function TimeslotsList({ from, to, channels }: Props) {
  const [channel, setChannel] = useState('');
  // Under the workspace's key, so the page's invalidation refreshes it with the chart.
  const list = useQuery(timeslotQueries.list(from, to, channel));
  const byId = new Map(channels.map((one) => [one.id, one]));

  return (
    <Stack gap="sm">
      <Group>
        <NativeSelect
          label="Channel"
          data={[
            { value: '', label: 'All channels' },
            ...channels.map((one) => ({ value: one.id, label: one.name })),
          ]}
          value={channel}
          onChange={(event) => setChannel(event.currentTarget.value)}
        />
      </Group>
      {list.isPending && <Loader size="sm" aria-label="Loading timeslots" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {describeError(list.error).error}
        </Alert>
      )}
      {list.data && list.data.length === 0 && (
        <Text c="dimmed" size="sm">
          No timeslots in this window.
        </Text>
      )}
      {list.data && list.data.length > 0 && (
        <Table striped highlightOnHover aria-label="Timeslots">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Start</Table.Th>
              <Table.Th>Show</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((slot) => {
              const owner = byId.get(slot.channel);
              const start = fromRecordDate(slot.start) ?? 0;
              return (
                <Table.Tr key={slot.id} data-timeslot-id={slot.id}>
                  <Table.Td>{owner?.name ?? 'Archived channel'}</Table.Td>
                  <Table.Td>{listStart(start, owner?.timeZone ?? 'UTC')}</Table.Td>
                  <Table.Td>{slot.expand?.show?.title ?? ''}</Table.Td>
                  <Table.Td>{formatDuration(slot.durationSec)}</Table.Td>
                  <Table.Td>
                    <Badge color={slot.status === 'cancelled' ? 'gray' : 'green'} variant="light">
                      {slot.status === 'cancelled' ? 'Cancelled' : 'Scheduled'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
