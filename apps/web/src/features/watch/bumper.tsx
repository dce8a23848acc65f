import type { GuideTimeslot } from '@airgrid/schema';
import { Anchor, Card, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { NEEDS_APP } from '../../lib/app-start';
import { useAuth } from '../../lib/use-auth';
import { type ChannelRecord, DEFAULT_BUMPER_TITLE } from '../../shared/channels/channel-model';
import { airingTimes } from '../../shared/channels/channel-schedule';
import { bumperImageUrl } from '../../shared/channels/queries';
import { type BumperReason, countdown, programmeProgress } from './watch-model';

/**
 * What shows instead of the video: "We'll be right back" (or the channel's own bumper) with the
 * next programme's countdown when nothing is on; when a programme is on but the channel does not
 * stream it, that programme, said plainly (never "right back" over a live show).
 */
export function Bumper({
  channel,
  reason,
  current,
  next,
  now,
  zone,
  compact = false,
}: {
  channel: ChannelRecord;
  reason: BumperReason;
  /** The programme on air, when there is one. */
  current: GuideTimeslot | null;
  next: GuideTimeslot | null;
  now: number;
  zone: string;
  /** A multiview tile: smaller type, no description. */
  compact?: boolean;
}) {
  if (reason !== 'off-air' && current)
    return (
      <NotStreaming
        channel={channel}
        reason={reason}
        current={current}
        now={now}
        zone={zone}
        compact={compact}
      />
    );
  return <RightBack channel={channel} next={next} now={now} zone={zone} compact={compact} />;
}

/** A programme on air that the channel does not stream: no stream address, or one that fails. */
function NotStreaming({
  channel,
  reason,
  current,
  now,
  zone,
  compact,
}: {
  channel: ChannelRecord;
  reason: Exclude<BumperReason, 'off-air'>;
  current: GuideTimeslot;
  now: number;
  zone: string;
  compact: boolean;
}) {
  const t = messages();
  const { user } = useAuth();
  // The station's own people are told what to fix; viewers only what is happening.
  const staff = Boolean(user?.organization) && user?.organization === channel.organization;
  const progress = programmeProgress(current, now);
  return (
    <Stack
      data-testid="watch-not-streaming"
      {...NEEDS_APP}
      role="status"
      pos="absolute"
      inset={0}
      align="center"
      justify="center"
      gap={compact ? 4 : 'sm'}
      p={compact ? 'xs' : 'lg'}
      style={{
        overflowY: 'auto',
        background:
          'radial-gradient(circle at 50% 30%, var(--mantine-color-dark-5), var(--mantine-color-dark-9))',
        textAlign: 'center',
      }}
    >
      <Text size="xs" tt="uppercase" c="gray.4" fw={700}>
        {t.watch.onNow}
      </Text>
      <Title order={2} size={compact ? 'h5' : 'h3'} c="gray.0">
        {current.show.title}
      </Title>
      <Text size="sm" c="gray.3">
        {airingTimes(current, zone, now)}
      </Text>
      <Progress
        value={progress}
        w={compact ? '80%' : 'min(260px, 80%)'}
        // Not squeezed to nothing when a phone's small player makes the card scroll.
        style={{ flexShrink: 0 }}
        size="sm"
        color="gray.3"
        aria-label={t.watch.programmeProgress}
      />
      <Text c="gray.2" size={compact ? 'xs' : 'sm'}>
        {reason === 'stream-down'
          ? t.watch.streamNotAnswering
          : staff
            ? t.watch.streamNotSetUp
            : t.watch.notStreamingRightNow}
      </Text>
      {staff && reason === 'no-stream' && !compact && (
        <Anchor component={Link} to={`/channels/${channel.id}`} c="blue.3" size="sm">
          {t.watch.setUpTheStream}
        </Anchor>
      )}
    </Stack>
  );
}

/** "We'll be right back" (or the channel's own bumper) with the next programme's countdown. */
function RightBack({
  channel,
  next,
  now,
  zone,
  compact,
}: {
  channel: ChannelRecord;
  next: GuideTimeslot | null;
  now: number;
  zone: string;
  compact: boolean;
}) {
  const t = messages();
  const image = bumperImageUrl(channel);
  const nextStart = next ? Date.parse(next.start.replace(' ', 'T')) : 0;
  return (
    <Stack
      data-testid="watch-bumper"
      // Its countdown ticks every second: a guest's page starts the app at once.
      {...NEEDS_APP}
      role="status"
      pos="absolute"
      inset={0}
      align="center"
      justify="center"
      gap={compact ? 4 : 'sm'}
      p={compact ? 'xs' : 'lg'}
      style={{
        // A small tile keeps the countdown reachable rather than cut off.
        overflowY: 'auto',
        background: image
          ? `linear-gradient(rgba(0,0,0,.55), rgba(0,0,0,.75)), url("${image}") center / cover`
          : 'radial-gradient(circle at 50% 30%, var(--mantine-color-dark-5), var(--mantine-color-dark-9))',
        textAlign: 'center',
      }}
    >
      <Title order={2} size={compact ? 'h5' : 'h2'} c="gray.0">
        {channel.bumperTitle || DEFAULT_BUMPER_TITLE}
      </Title>
      {channel.bumperDescription && !compact && <Text c="gray.2">{channel.bumperDescription}</Text>}
      {next ? (
        <Card
          bg="rgba(0,0,0,.55)"
          mt={compact ? 0 : 'sm'}
          p={compact ? 'xs' : 'md'}
          data-testid="watch-next-up"
          miw={compact ? 0 : 260}
        >
          <Text size="xs" tt="uppercase" c="gray.4" fw={700}>
            {t.watch.nextUp}
          </Text>
          <Text fw={700} c="gray.0">
            {next.show.title}
          </Text>
          <Text size="sm" c="gray.3">
            {airingTimes(next, zone, now)}
          </Text>
          <Text size="sm" c="gray.1" mt={4} aria-live="off">
            {t.watch.startsIn}{' '}
            <span data-testid="watch-countdown">{countdown(nextStart, now)}</span>
          </Text>
        </Card>
      ) : (
        <Text c="gray.4">{t.watch.nothingElseIsScheduledToday}</Text>
      )}
    </Stack>
  );
}
