import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { SectionCard } from '../../ui/section-card';
import {
  type Airing,
  type Conflict,
  conflictsWithin,
  type DashboardChannel,
  formatSpan,
  gapSummary,
  gapsByChannel,
  localDate,
  type StationDay,
  timeslotsAt,
} from './dashboard-model';

// The dashboard's "Today's gaps" card: each channel's unscheduled time today (viewers see the
// bumper then) and any overlapping airings, each with a link to the workspace at that date.

/** Mantine's green for text, readable on both colour schemes. */
const DONE_COLOR = 'var(--mantine-color-green-text)';

export function GapsCard({
  channels,
  airings,
  conflicts,
  day,
  zone,
  canEdit,
}: {
  channels: readonly DashboardChannel[];
  airings: readonly Airing[];
  /** Every conflict in the dashboard's window; the card shows today's. */
  conflicts: readonly Conflict[];
  day: StationDay;
  zone: string;
  canEdit: boolean;
}) {
  const t = messages();
  const clock = useClockSetting();
  const gaps = gapsByChannel(channels, airings, day);
  const today = conflictsWithin(conflicts, day);
  const names = new Map(channels.map((channel) => [channel.id, channel.name]));
  const nothingToday = gaps.every((channel) => channel.empty);
  const allScheduled = gaps.every((channel) => channel.spans.length === 0);

  return (
    <SectionCard title={t.dashboard.todaySGaps}>
      {today.length > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t.dashboard.conflicts(today.length)}
        >
          <List size="sm" spacing={4}>
            {today.map((conflict) => (
              <List.Item key={`${conflict.first.id}/${conflict.second.id}`}>
                {t.dashboard.conflict(
                  names.get(conflict.channel) ?? t.dashboard.aChannel,
                  conflict.first.title,
                  conflict.second.title,
                  formatSpan(conflict, zone, clock),
                )}
                <Anchor
                  component={Link}
                  to={timeslotsAt(localDate(conflict.start, zone))}
                  c="inherit"
                  underline="always"
                  fw={600}
                >
                  {t.dashboard.fixInTimeslots}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {allScheduled ? (
        <Group gap={6} wrap="nowrap" align="flex-start" style={{ color: DONE_COLOR }}>
          <IconCircleCheck size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm">
            {gaps.length === 1
              ? t.dashboard.theChannelIsFullyScheduled
              : t.dashboard.allLengthChannelsAreFully(gaps.length)}
          </Text>
        </Group>
      ) : nothingToday ? (
        <Stack gap="xs">
          <Text>{t.dashboard.nothingIsScheduledTodayEvery}</Text>
          {canEdit && (
            <Group gap="xs">
              <Button component={Link} to={timeslotsAt(day.date)} w="fit-content">
                {t.dashboard.scheduleToday}
              </Button>
              <Button
                component={Link}
                to="/timeslots?import=timeslots#upload-csv"
                variant="default"
              >
                {t.dashboard.importASchedule}
              </Button>
            </Group>
          )}
        </Stack>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {gaps.map((channel) => (
            <li key={channel.channel.id} aria-label={t.dashboard.gapsOnName(channel.channel.name)}>
              <Text size="sm" fw={600}>
                {channel.channel.number} · {channel.channel.name}
              </Text>
              {channel.spans.length === 0 ? (
                <Group gap={4} style={{ color: DONE_COLOR }}>
                  <IconCircleCheck size={16} aria-hidden />
                  <Text size="sm">{t.dashboard.fullyScheduled}</Text>
                </Group>
              ) : (
                <Text size="sm">
                  {channel.empty
                    ? t.dashboard.nothingScheduledToday
                    : gapSummary(channel, zone, clock)}
                  {canEdit && (
                    <>
                      {' '}
                      <Anchor component={Link} to={timeslotsAt(day.date)} size="sm">
                        {t.dashboard.fillIn}
                      </Anchor>
                    </>
                  )}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
