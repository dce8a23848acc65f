import { Anchor, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { groupByDay, slotTimes, weekWindow } from '../../shared/channels/channel-schedule';
import { toChart } from '../../shared/schedule/guide-chart';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { Timeline } from '../../ui/timeline';
import { channelGuide, channelKeys } from './queries';

// The channel page's "This week" card: the week's timeslots, by day and on the timeline.

export function WeekCard({ channel }: { channel: ChannelRecord }) {
  const t = messages();
  const week = weekWindow(Date.now(), channel.timeZone);
  const query = useQuery({
    queryKey: channelKeys.week(channel.id, week.monday, channel.timeZone),
    queryFn: () => channelGuide(week, channel.id),
  });
  const days = query.data ? groupByDay(query.data.timeslots, week.monday, channel.timeZone) : [];
  const count = query.data?.timeslots.length ?? 0;
  const chart = useMemo(() => (query.data ? toChart(query.data) : null), [query.data]);

  return (
    <SectionCard title={t.channels.thisWeek}>
      {query.isPending ? (
        <Loader role="status" size="sm" aria-label={t.channels.loadingThisWeek} />
      ) : query.isError ? (
        <Text c="red" role="alert">
          {describeError(query.error).error}
        </Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {count === 0
              ? t.channels.nothingScheduledThisWeek
              : t.channels.weekSummary(
                  count,
                  String(days[0]?.label),
                  String(days[6]?.label),
                  channel.timeZone,
                )}{' '}
            <Anchor component={Link} to="/timeslots" size="sm">
              {t.channels.openTheSchedule}
            </Anchor>
          </Text>
          {chart && count > 0 && (
            <div style={{ overflowX: 'auto' }}>
              <Timeline
                aria-label={t.channels.weekTimelineOfName(channel.name)}
                rows={chart.rows}
                bars={chart.bars}
                from={Date.parse(week.from)}
                to={Date.parse(week.to)}
                precision="date"
                timeZone={channel.timeZone}
              />
            </div>
          )}
          {count > 0 && (
            <Stack gap={0}>
              {days.map((day) => (
                <Group
                  key={day.date}
                  data-testid={`week-${day.date}`}
                  align="flex-start"
                  wrap="nowrap"
                  gap="md"
                  py="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Text size="sm" fw={600} w={170} style={{ flexShrink: 0 }}>
                    {day.label}
                  </Text>
                  {day.timeslots.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t.channels.nothingScheduled}
                    </Text>
                  ) : (
                    <SimpleGrid
                      component="ul"
                      cols={{ base: 1, md: 2 }}
                      spacing="md"
                      verticalSpacing={4}
                      style={{ listStyle: 'none', padding: 0, margin: 0, flex: 1 }}
                    >
                      {day.timeslots.map((slot) => (
                        <Text component="li" key={slot.id} size="sm" truncate="end">
                          <Text span c="dimmed" size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {slotTimes(slot, channel.timeZone)}
                          </Text>{' '}
                          {slot.show.title}
                        </Text>
                      ))}
                    </SimpleGrid>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
