import type { GuideTimeslot } from '@airgrid/schema';
import { Alert, Badge, Box, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../lib/use-auth';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { nowAndNext, slotTimes } from '../../shared/channels/channel-schedule';
import { describeError } from '../../ui/forms/server-errors';
import { Bumper } from './bumper';
import { HlsPlayer, type PlayerState } from './hls-player';
import { watchQueries } from './queries';
import { bumperReason, todaysSchedule, watchWindow } from './watch-model';

/** How often the schedule is read again while the page is open. */
const SCHEDULE_REFRESH_MS = 60_000;

/** The clock the countdown and the now/next cards run on, ticking every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The channel a /watch path names (id or slug), or for bare /watch the first one: your
 * organization's when signed in, otherwise the first public channel. Public channels are
 * readable by anyone (the channels' rule); archived ones never play.
 */
function useWatchedChannel(key: string) {
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  return useQuery(watchQueries.channel(key, organization));
}

/**
 * /watch and /watch/:channel (watch layout, always dark): the live player, now and next, and
 * today's schedule. The bumper takes the player's place whenever nothing is scheduled or the
 * stream is missing or down, with the next programme and a countdown to it; the player keeps
 * trying the stream and comes back by itself.
 */
export function WatchPage() {
  const { channel: key = '' } = useParams();
  const channel = useWatchedChannel(key);

  if (channel.isPending) return <Loader aria-label="Loading channel" />;
  if (channel.isError) {
    return (
      <Alert color="red" role="alert" title="The channel could not be loaded">
        {describeError(channel.error).error}
      </Alert>
    );
  }
  if (!channel.data) {
    return (
      <Stack gap="sm" maw={560}>
        <Title order={1} c="gray.1">
          {key ? 'Channel not found' : 'Nothing to watch yet'}
        </Title>
        <Text c="gray.4">
          {key
            ? `There is no public channel “${key}”. It may be private or archived.`
            : 'No public channel is on air here yet.'}{' '}
          See what is on in the <Link to="/tvguide">TV guide</Link>.
        </Text>
      </Stack>
    );
  }
  return <ChannelPlayer channel={channel.data} />;
}

function ChannelPlayer({ channel }: { channel: ChannelRecord }) {
  const now = useNow();
  const zone = channel.timeZone || 'UTC';
  const window = watchWindow(now, zone);
  const [player, setPlayer] = useState<PlayerState>('loading');
  const schedule = useQuery({
    ...watchQueries.guide(channel, window),
    refetchInterval: SCHEDULE_REFRESH_MS,
  });
  const timeslots = schedule.data?.timeslots ?? [];
  const { now: current, next } = nowAndNext(timeslots, now);
  const reason = bumperReason({
    onAir: current !== null,
    streamUrl: channel.streamUrl,
    streamFailed: player === 'failed',
  });
  const playing = reason === null || reason === 'stream-down';

  return (
    <Stack gap="md" data-testid="watch-page">
      <Group gap="sm" align="baseline">
        <Title order={1} size="h2" c="gray.0">
          {channel.name}
        </Title>
        {channel.number > 0 && <Text c="dimmed">Channel {channel.number}</Text>}
        {reason === null && player === 'playing' && (
          <Badge color="red.9" variant="filled">
            Live
          </Badge>
        )}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Box
            pos="relative"
            style={{
              aspectRatio: '16 / 9',
              background: '#000',
              borderRadius: 8,
              overflow: 'hidden',
            }}
          >
            {playing && channel.streamUrl && (
              <HlsPlayer
                src={channel.streamUrl}
                title={current?.show.title ?? channel.name}
                onState={setPlayer}
              />
            )}
            {reason && <Bumper channel={channel} next={next} now={now} zone={zone} />}
          </Box>
          {current && (
            <Card mt="md" bg="dark.7" data-testid="watch-now">
              <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
                Now
              </Text>
              <Text fw={700} c="gray.0">
                {current.show.title}
              </Text>
              <Text size="sm" c="gray.4">
                {slotTimes(current, zone)}
                {current.show.subtitle ? ` · ${current.show.subtitle}` : ''}
              </Text>
              {current.show.description && (
                <Text size="sm" c="gray.3" mt={4} lineClamp={3}>
                  {current.show.description}
                </Text>
              )}
            </Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card bg="dark.7">
            <Title order={2} size="h4" c="gray.0" mb="xs">
              Today
            </Title>
            {schedule.isPending ? (
              <Loader size="sm" aria-label="Loading today’s schedule" />
            ) : schedule.isError ? (
              <Text c="red.4" role="alert">
                {describeError(schedule.error).error}
              </Text>
            ) : (
              <TodayList
                slots={todaysSchedule(timeslots, window.today)}
                current={current}
                zone={zone}
              />
            )}
            <Text size="xs" c="dimmed" mt="sm">
              Times in {zone}. <Link to="/tvguide">Full TV guide</Link>
            </Text>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function TodayList({
  slots,
  current,
  zone,
}: {
  slots: GuideTimeslot[];
  current: GuideTimeslot | null;
  zone: string;
}) {
  if (slots.length === 0) return <Text c="gray.4">Nothing scheduled today.</Text>;
  return (
    <Stack
      gap={2}
      component="ol"
      aria-label="Today’s schedule"
      // It scrolls when the day is long: focusable, so the keyboard can scroll it too.
      tabIndex={0}
      style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 420, overflowY: 'auto' }}
    >
      {slots.map((slot) => {
        const isCurrent = slot.id === current?.id;
        return (
          <Box
            component="li"
            key={slot.id}
            aria-current={isCurrent ? 'true' : undefined}
            px="xs"
            py={4}
            style={{
              borderRadius: 4,
              background: isCurrent ? 'var(--mantine-color-dark-5)' : undefined,
            }}
          >
            <Text size="sm" c={isCurrent ? 'gray.0' : 'gray.3'} fw={isCurrent ? 700 : 400}>
              <Text span size="sm" c={isCurrent ? 'gray.2' : 'dimmed'}>
                {slotTimes(slot, zone)}
              </Text>{' '}
              {slot.show.title}
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}
