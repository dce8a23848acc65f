import { playbackPath } from '@airgrid/schema';
import { Anchor, Badge, Box, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { firstNow } from '../../lib/page-clock';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { nowAndNext } from '../../shared/channels/channel-schedule';
import { describeError } from '../../ui/forms/server-errors';
import { Bumper } from './bumper';
import { ChannelSwitcher } from './channel-switcher';
import { HlsPlayer, type PlayerState } from './hls-player';
import { NOW_CARD_MIN_HEIGHT, NowCard } from './now-card';
import { watchQueries } from './queries';
import { TodayList } from './today-list';
import { useRemote } from './use-remote';
import classes from './watch.module.css';
import { bumperReason, todaysSchedule, watchWindow } from './watch-model';

/** How often the schedule is read again while the page is open. */
const SCHEDULE_REFRESH_MS = 60_000;

/** The clock the countdown and the now/next cards run on, ticking every second. */
function useNow(): number {
  const [now, setNow] = useState(firstNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * One channel's watch page: its name, the channel switcher, the player (or the bumper in its
 * place), what is on now, and today's schedule.
 */
export function ChannelPlayer({
  channel,
  guideLink,
}: {
  channel: ChannelRecord;
  guideLink: string;
}) {
  const t = messages();
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
  // The channel's source decides what plays: its stream URL, its playout or the test pattern.
  const src = playbackPath(channel);
  const reason = bumperReason({
    onAir: current !== null,
    channel,
    streamFailed: player === 'failed',
  });
  const playing = reason === null || reason === 'stream-down';
  const remote = useRemote(channel);

  return (
    <Stack gap="md" data-testid="watch-page" className={classes.page}>
      <Group gap="sm" align="baseline">
        <Title order={1} size="h2" c="gray.0">
          {channel.name}
        </Title>
        {channel.number > 0 && <Text c="gray.4">{t.watch.channelNumber(channel.number)}</Text>}
        {reason === null && (
          // Shown by the stylesheet while the video plays (`data-player-state`, set by the
          // player), so it shows on a guest's page before the app runs too.
          <Badge color="red.9" variant="filled" className={classes.live}>
            {t.watch.live}
          </Badge>
        )}
      </Group>
      <ChannelSwitcher
        channel={channel}
        channels={remote.isPending ? [channel] : remote.channels}
        loading={remote.isPending}
        onStep={remote.step}
      />
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
            {playing && src && (
              <HlsPlayer
                key={channel.id}
                src={src}
                channel={channel.id}
                title={current?.show.title ?? channel.name}
                onState={setPlayer}
              />
            )}
            {reason && (
              <Bumper
                channel={channel}
                reason={reason}
                current={current}
                next={next}
                now={now}
                zone={zone}
              />
            )}
            {remote.display && (
              <Badge
                pos="absolute"
                top={12}
                right={12}
                size="xl"
                radius="sm"
                color="dark.9"
                variant="filled"
                role="status"
                data-testid="watch-tuning"
                style={{ zIndex: 2, fontVariantNumeric: 'tabular-nums', textTransform: 'none' }}
              >
                {remote.display}
              </Badge>
            )}
          </Box>
          {schedule.isPending ? (
            <Card mt="md" bg="dark.7" mih={NOW_CARD_MIN_HEIGHT} aria-hidden />
          ) : (
            current && <NowCard current={current} zone={zone} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card bg="dark.7">
            <Title order={2} size="h4" c="gray.0" mb="xs">
              {t.watch.today}
            </Title>
            {schedule.isPending ? (
              <Loader role="status" size="sm" aria-label={t.watch.loadingTodaySSchedule} />
            ) : schedule.isError ? (
              <Text c="red.4" role="alert">
                {describeError(schedule.error).error}
              </Text>
            ) : (
              <TodayList
                key={channel.id}
                slots={todaysSchedule(timeslots, window.today)}
                current={current}
                now={now}
                zone={zone}
              />
            )}
            <Text size="xs" c="gray.4" mt="sm">
              {t.watch.timesInZone(zone)}
              <Anchor component={Link} to={guideLink} size="xs" fw={600}>
                {t.watch.fullTvGuide}
              </Anchor>
            </Text>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
