import { formatTime } from '@airgrid/domain';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { SectionCard } from '../../ui/section-card';
import classes from './dashboard.module.css';
import {
  type Airing,
  type DashboardChannel,
  dayLabel,
  formatSpan,
  type StationDay,
  upcomingAirings,
} from './dashboard-model';

// The dashboard's "Next 24 hours" card: the airings that start soon across channels, compact.

/** How many rows the card lists before pointing at the guide. */
const LIMIT = 10;

export function UpcomingCard({
  channels,
  airings,
  now,
  day,
  zone,
}: {
  channels: readonly DashboardChannel[];
  airings: readonly Airing[];
  now: number;
  day: StationDay;
  zone: string;
}) {
  const t = messages();
  const clock = useClockSetting();
  const upcoming = upcomingAirings(airings, channels, now, LIMIT);
  const names = new Map(channels.map((channel) => [channel.id, channel]));

  return (
    <SectionCard title={t.dashboard.next24Hours}>
      {upcoming.airings.length === 0 ? (
        <Stack gap="xs">
          <Text c="dimmed">{t.dashboard.nothingStartsInTheNext}</Text>
          <Button component={Link} to="/timeslots" variant="default" w="fit-content">
            {t.dashboard.openTheSchedule}
          </Button>
        </Stack>
      ) : (
        <>
          <Stack
            component="ul"
            gap={6}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t.dashboard.airingsInTheNext24}
          >
            {upcoming.airings.map((airing) => {
              const channel = names.get(airing.channel);
              const label = dayLabel(airing.start, day);
              return (
                <Group component="li" key={airing.id} gap="sm" wrap="nowrap" align="flex-start">
                  <div className={classes.time}>
                    <Text size="sm" fw={600}>
                      {formatTime(airing.start, zone, clock)}
                    </Text>
                    {label && (
                      <Text size="xs" c="dimmed">
                        {label}
                      </Text>
                    )}
                  </div>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {airing.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {channel ? `${channel.number} · ${channel.name}` : ''} ·{' '}
                      {formatSpan(airing, zone, clock)}
                    </Text>
                  </div>
                </Group>
              );
            })}
          </Stack>
          {upcoming.more > 0 && (
            <Group gap={4}>
              <Text size="sm" c="dimmed">
                {t.dashboard.moreMoreInTheNext(upcoming.more)}
              </Text>
              <Anchor component={Link} to="/tvguide" size="sm">
                {t.dashboard.seeThemInTheGuide}
              </Anchor>
            </Group>
          )}
        </>
      )}
    </SectionCard>
  );
}
