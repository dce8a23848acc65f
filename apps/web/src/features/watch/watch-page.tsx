import { fromRecordDate } from '@airgrid/domain';
import type { GuideTimeslot } from '@airgrid/schema';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { DESCRIBED, NEEDS_APP } from '../../lib/app-start';
import { firstNow } from '../../lib/page-clock';
import { useAuth } from '../../lib/use-auth';
import { usePageReady } from '../../lib/use-page-ready';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { nowAndNext, slotTimes } from '../../shared/channels/channel-schedule';
import { DescriptionsSwitch } from '../../shared/descriptions/descriptions-switch';
import {
  useBroadcastDescriptions,
  useDescriptionsPreference,
} from '../../shared/descriptions/use-audio-descriptions';
import { stationQueries } from '../../shared/stations/queries';
import { StationMissing } from '../../shared/stations/station-missing';
import { publicPagePath, stationPath } from '../../shared/stations/station-path';
import { StationPicker } from '../../shared/stations/station-picker';
import { usePublicStation } from '../../shared/stations/use-public-station';
import { describeError } from '../../ui/forms/server-errors';
import { Bumper } from './bumper';
import { CHANNEL_STRIP, revealCurrentChannel } from './channel-strip';
import { HlsPlayer, type PlayerState } from './hls-player';
import { watchKeys, watchQueries } from './queries';
import classes from './watch.module.css';
import {
  bumperReason,
  DIGIT_WAIT_MS,
  isTypingTarget,
  MAX_CHANNEL_DIGITS,
  remoteKey,
  splitToday,
  stepChannel,
  type TunableChannel,
  todaysSchedule,
  tuneDigits,
  tuningOrder,
  watchWindow,
} from './watch-model';

/**
 * The watch page of a channel, by id: a slug is only unique inside its station, and these links
 * must not land on another station's channel of the same name. Under the station's own URL
 * when the page knows its station (stationPath).
 */
function watchPath(channel: Pick<TunableChannel, 'id'>, stationSlug?: string | null): string {
  return stationSlug
    ? stationPath(stationSlug, 'watch', channel.id)
    : `/watch/${encodeURIComponent(channel.id)}`;
}

/** The slug of the page's station when the channel is its own, for links that keep it. */
function useStationSlug(channel: Pick<ChannelRecord, 'organization'>): string | null {
  const { station } = usePublicStation();
  return station && station.id === channel.organization ? station.slug : null;
}

/**
 * The "Now" card's height with a two-line description, kept while the schedule loads: on a
 * phone today's schedule sits below it and would jump down when it appears (layout shift).
 */
const NOW_CARD_MIN_HEIGHT = 146;

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
 * The channel a /watch path names (id or slug) inside the page's station when one is known
 * (usePublicStation), else any public channel with that id or slug. Public channels are
 * readable by anyone (the channels' rule); archived ones never play.
 */
function useWatchedChannel(key: string, station: string) {
  return useQuery({ ...watchQueries.channel(key, station), enabled: key !== '' });
}

/**
 * /watch, /watch/:channel, /o/:org/watch and /o/:org/watch/:channel (watch layout, always
 * dark): the live player, now and next, and today's schedule. The bumper takes the player's
 * place whenever nothing is scheduled or the stream is missing or down, with the next
 * programme and a countdown to it; the player keeps trying the stream and comes back by
 * itself. Bare /watch opens the station's live channel; with no station known, the picker.
 */
export function WatchPage() {
  const t = messages();
  usePageReady();
  const { channel: named = '' } = useParams();
  const publicStation = usePublicStation();
  const station = publicStation.station;
  // The station's chosen landing channel, else the one on air now.
  const landing = station?.landingChannel ?? '';
  const live = useQuery({
    ...stationQueries.live(station?.id ?? ''),
    enabled: named === '' && station !== null && landing === '',
  });
  const key = named || landing || live.data?.id || '';
  const channel = useWatchedChannel(key, station?.id ?? '');

  if (named === '') {
    if (publicStation.isPending)
      return <Loader role="status" aria-label={t.watch.loadingChannel} {...NEEDS_APP} />;
    if (publicStation.source === null) return <StationPicker page="watch" />;
    if (!station) {
      return (
        <StationMissing stationKey={publicStation.key} error={publicStation.error} page="watch" />
      );
    }
    if (landing === '' && live.isPending)
      return <Loader role="status" aria-label={t.watch.loadingChannel} {...NEEDS_APP} />;
  }
  const guideLink = publicPagePath(station?.slug, 'tvguide');

  if (key !== '' && channel.isPending)
    return <Loader role="status" aria-label={t.watch.loadingChannel} {...NEEDS_APP} />;
  if (channel.isError || live.isError) {
    return (
      <Alert color="red" role="alert" title={t.watch.theChannelCouldNotBe}>
        {describeError(channel.error ?? live.error).error}
      </Alert>
    );
  }
  if (!channel.data) {
    return (
      <Stack gap="sm" maw={560}>
        <Title order={1} c="gray.1">
          {named ? t.watch.channelNotFound : t.watch.nothingToWatchYet}
        </Title>
        <Text c="gray.4">
          {named ? t.watch.thereIsNoPublicChannel(named) : t.watch.noPublicChannelIsOn}{' '}
          {t.watch.seeWhatIsOnIn}{' '}
          <Anchor component={Link} to={guideLink}>
            {t.watch.tvGuide}
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }
  return <ChannelPlayer channel={channel.data} guideLink={guideLink} />;
}

function ChannelPlayer({ channel, guideLink }: { channel: ChannelRecord; guideLink: string }) {
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
  const reason = bumperReason({
    onAir: current !== null,
    streamUrl: channel.streamUrl,
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
            {playing && channel.streamUrl && (
              <HlsPlayer
                key={channel.id}
                src={channel.streamUrl}
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

/** What is on now: the programme, its times and its description. */
function NowCard({ current, zone }: { current: GuideTimeslot; zone: string }) {
  const t = messages();
  return (
    <Card mt="md" bg="dark.7" mih={NOW_CARD_MIN_HEIGHT} data-testid="watch-now">
      <Text size="xs" tt="uppercase" c="gray.4" fw={700}>
        {t.watch.now}
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
      {current.show.descriptions && <SpokenDescriptions current={current} />}
    </Card>
  );
}

/** The programme's audio descriptions, spoken on the broadcast's clock once the viewer asks. */
function SpokenDescriptions({ current }: { current: GuideTimeslot }) {
  const [on, setOn] = useDescriptionsPreference();
  const track = useQuery(watchQueries.descriptions(on ? current.show.descriptions : ''));
  useBroadcastDescriptions(
    track.data?.cues,
    fromRecordDate(current.start) ?? 0,
    track.data?.language ?? '',
    on,
  );
  return (
    <Box mt="sm" {...DESCRIBED}>
      <DescriptionsSwitch checked={on} onChange={setOn} onDark />
    </Box>
  );
}

/**
 * The remote control: the station's channels, and the keys a TV answers to. Digits tune to a
 * channel number (at once when no longer number starts with them, else after a short wait or
 * on Enter); ArrowUp/ArrowDown (and a remote's ChannelUp/ChannelDown) step through the
 * channels. Keys typed into a field, or into a list that scrolls by keyboard, are left alone.
 */
function useRemote(channel: ChannelRecord) {
  const t = messages();
  const { user } = useAuth();
  const member =
    typeof user?.organization === 'string' && user.organization === channel.organization;
  const list = useQuery(watchQueries.stationChannels(channel.organization, member));
  const channels = list.data ?? [];
  const stationSlug = useStationSlug(channel);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [digits, setDigits] = useState('');
  const [missed, setMissed] = useState<string | null>(null);

  const tune = useCallback(
    (target: ChannelRecord) => {
      if (target.id === channel.id) return;
      // The switcher already has the record: the page shows it at once (the page reads it
      // inside its station, whose id is the channel's organization).
      queryClient.setQueryData(watchKeys.channel(target.id, target.organization), target);
      navigate(watchPath(target, stationSlug));
    },
    [channel.id, navigate, queryClient, stationSlug],
  );

  const commit = useCallback(
    (typed: string) => {
      setDigits('');
      if (typed === '') return;
      const { channel: found } = tuneDigits(channels, typed);
      if (found) {
        setMissed(null);
        tune(found);
      } else setMissed(typed);
    },
    [channels, tune],
  );

  // Typed digits wait a moment for the next one, then tune.
  useEffect(() => {
    if (digits === '') return;
    const timer = window.setTimeout(() => commit(digits), DIGIT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [digits, commit]);
  // "No channel 7" stays a moment, then goes.
  useEffect(() => {
    if (missed === null) return;
    const timer = window.setTimeout(() => setMissed(null), DIGIT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [missed]);

  const step = useCallback(
    (direction: 1 | -1) => {
      const target = stepChannel(channels, channel.id, direction);
      if (target) tune(target);
    },
    [channels, channel.id, tune],
  );

  // The key listener reads the latest page: a key pressed right after a channel change must
  // step from the new channel, so the handler is swapped as the change commits (layout effect),
  // not a moment later (a passive effect would leave the old one listening in between).
  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (isTypingTarget(event.target)) return;
    if (event.key === 'Enter' && digits !== '') {
      event.preventDefault();
      commit(digits);
      return;
    }
    const key = remoteKey(event.key);
    if (!key || channels.length === 0) return;
    event.preventDefault();
    if ('step' in key) {
      setDigits('');
      step(key.step);
      return;
    }
    const typed = (digits + key.digit).slice(-MAX_CHANNEL_DIGITS);
    setMissed(null);
    if (tuneDigits(channels, typed).complete) commit(typed);
    else setDigits(typed);
  };
  const handler = useRef(onKey);
  useLayoutEffect(() => {
    handler.current = onKey;
  });
  // Listening from the commit too, so a remounted page has no moment without a listener.
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => handler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const display =
    digits !== ''
      ? t.watch.channelDigits(digits)
      : missed !== null
        ? t.watch.noChannelMissed(missed)
        : null;
  return { channels, isPending: list.isPending, step, display };
}

/**
 * The station's channels by number and name, the current one marked, with up and down. While
 * the line-up loads it shows the current channel alone, so the page below does not move when
 * the others arrive; a station with one channel has no switcher.
 */
function ChannelSwitcher({
  channel,
  channels,
  loading,
  onStep,
}: {
  channel: ChannelRecord;
  channels: readonly ChannelRecord[];
  loading: boolean;
  onStep: (direction: 1 | -1) => void;
}) {
  const t = messages();
  const strip = useRef<HTMLDivElement>(null);
  // The current channel scrolled into the strip's view (a long line-up scrolls sideways), on
  // each change of channel and when the line-up arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the channel or line-up changes.
  useLayoutEffect(() => {
    if (strip.current && channels.length > 1) revealCurrentChannel(strip.current);
  }, [channel.id, channels]);
  const stationSlug = useStationSlug(channel);
  if (channels.length < 2 && !loading) return null;
  const ordered = tuningOrder(channels);
  return (
    <Group gap="xs" wrap="nowrap" component="nav" aria-label={t.watch.channels}>
      <Tooltip label={t.watch.previousChannelTooltip}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t.watch.previousChannel}
          onClick={() => onStep(-1)}
        >
          <IconChevronDown size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t.watch.nextChannelTooltip}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t.watch.nextChannel}
          onClick={() => onStep(1)}
        >
          <IconChevronUp size={18} />
        </ActionIcon>
      </Tooltip>
      <Group
        ref={strip}
        gap={6}
        wrap="nowrap"
        component="ul"
        data-testid="watch-channels"
        {...CHANNEL_STRIP}
        style={{ listStyle: 'none', margin: 0, padding: 2, overflowX: 'auto', flex: 1 }}
      >
        {ordered.map((one) => {
          const isCurrent = one.id === channel.id;
          return (
            <li key={one.id} data-channel={one.id} style={{ flex: '0 0 auto' }}>
              <Button
                component={Link}
                to={watchPath(one, stationSlug)}
                aria-current={isCurrent ? 'page' : undefined}
                variant={isCurrent ? 'filled' : 'default'}
                size="sm"
                radius="xl"
                leftSection={
                  <Text span fw={700} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {one.number}
                  </Text>
                }
              >
                {one.name}
              </Button>
            </li>
          );
        })}
      </Group>
    </Group>
  );
}

/**
 * Today's programmes from the one on now: those already over wait behind "Show earlier", so
 * the list opens at now (on a phone too) and the day's past is one press away.
 */
function TodayList({
  slots,
  current,
  now,
  zone,
}: {
  slots: GuideTimeslot[];
  current: GuideTimeslot | null;
  now: number;
  zone: string;
}) {
  const t = messages();
  const [showEarlier, setShowEarlier] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const { earlier, later } = splitToday(slots, now);
  // Opening the earlier ones keeps now in view: the list scrolls to the first of the rest.
  useLayoutEffect(() => {
    const box = list.current;
    const first = box?.querySelector<HTMLElement>('[data-from-now]');
    if (box && first && showEarlier) box.scrollTop = first.offsetTop - box.offsetTop;
  }, [showEarlier]);
  if (slots.length === 0) return <Text c="gray.4">{t.watch.nothingScheduledToday}</Text>;
  const shown = showEarlier ? [...earlier, ...later] : later;
  return (
    <>
      {earlier.length > 0 && (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          mb={4}
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={showEarlier}
          onClick={() => setShowEarlier((open) => !open)}
          leftSection={showEarlier ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        >
          {showEarlier ? t.watch.hideEarlier : t.watch.showEarlierLength(earlier.length)}
        </Button>
      )}
      {later.length === 0 && !showEarlier && <Text c="gray.4">{t.watch.nothingMoreToday}</Text>}
      <Stack
        ref={list}
        gap={2}
        component="ol"
        aria-label={t.watch.todaySSchedule}
        // It scrolls when the day is long: focusable, so the keyboard can scroll it too (its
        // arrow keys stay its own, not the remote's).
        tabIndex={0}
        data-own-keys
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          maxHeight: 420,
          overflowY: 'auto',
          position: 'relative',
        }}
      >
        {shown.map((slot) => {
          const isCurrent = slot.id === current?.id;
          const fromNow = slot === later[0];
          return (
            <Box
              component="li"
              key={slot.id}
              aria-current={isCurrent ? 'true' : undefined}
              data-from-now={fromNow || undefined}
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
    </>
  );
}
