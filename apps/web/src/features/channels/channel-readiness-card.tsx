import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { channelQueries } from './queries';
import {
  type ReadinessRow,
  type ReadinessWindow,
  readinessRows,
  readinessSummary,
} from './readiness-model';

// The channel page's "Ready to air" card (issue 39, item 4), for a channel airing through
// Airgrid playout: what will not air as scheduled in the next 24 hours or 7 days, each with its
// time on the channel's clock, its show, what is wrong and what to do; all clear otherwise.

/** Rows shown before "Show all": a week of a channel without media is hundreds. */
const FIRST_ROWS = 12;

export function ReadinessCard({ channel }: { channel: ChannelRecord }) {
  const t = messages().channels;
  const [hours, setHours] = useState<ReadinessWindow>('24');
  const [all, setAll] = useState(false);
  const query = useQuery(channelQueries.readiness(channel.id, hours));
  const rows = query.data ? readinessRows(query.data) : [];

  return (
    <SectionCard title={t.readyToAir}>
      <Stack gap="sm" data-testid="channel-readiness">
        <SegmentedControl
          aria-label={t.readinessWindow}
          value={hours}
          onChange={(value) => setHours(value as ReadinessWindow)}
          data={[
            { value: '24', label: t.readinessNext24HoursTab },
            { value: '168', label: t.readinessNext7DaysTab },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {query.isPending ? (
          <Loader size="sm" role="status" aria-label={t.loadingReadiness} />
        ) : query.isError ? (
          <Text c="red" role="alert">
            {describeError(query.error).error}
          </Text>
        ) : (
          <>
            <Group gap="xs" wrap="nowrap" role="status">
              {rows.length === 0 ? (
                <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
              ) : (
                <IconAlertTriangle size={18} color="var(--mantine-color-orange-7)" aria-hidden />
              )}
              <Text size="sm" fw={500}>
                {readinessSummary(query.data, hours)}
              </Text>
            </Group>
            {rows.length > 0 && (
              <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {(all ? rows : rows.slice(0, FIRST_ROWS)).map((row) => (
                  <IssueRow key={row.key} row={row} />
                ))}
              </Stack>
            )}
            {!all && rows.length > FIRST_ROWS && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => setAll(true)}
                style={{ alignSelf: 'flex-start' }}
              >
                {t.readinessShowAll(rows.length)}
              </Button>
            )}
          </>
        )}
      </Stack>
    </SectionCard>
  );
}

function IssueRow({ row }: { row: ReadinessRow }) {
  return (
    <Stack
      component="li"
      gap={4}
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="xs" wrap="wrap">
        <Badge color={row.color} variant="light" radius="sm">
          {row.when}
        </Badge>
        {row.show && (
          <Anchor component={Link} to={`/shows/${row.show.id}`} size="sm" fw={500}>
            {row.show.title}
          </Anchor>
        )}
      </Group>
      <Text size="sm">{row.problem}</Text>
      {row.progress !== null && (
        <Progress value={row.progress} size="sm" aria-hidden style={{ maxWidth: 320 }} />
      )}
      <Text size="sm" c="dimmed">
        {row.action}
      </Text>
    </Stack>
  );
}
