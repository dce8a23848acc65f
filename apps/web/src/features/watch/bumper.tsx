import type { GuideTimeslot } from '@airgrid/schema';
import { Card, Stack, Text, Title } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { NEEDS_APP } from '../../lib/app-start';
import { type ChannelRecord, DEFAULT_BUMPER_TITLE } from '../../shared/channels/channel-model';
import { airingTimes } from '../../shared/channels/channel-schedule';
import { bumperImageUrl } from '../../shared/channels/queries';
import { countdown } from './watch-model';

/** "We'll be right back" (or the channel's own bumper) with the next programme's countdown. */
export function Bumper({
  channel,
  next,
  now,
  zone,
  compact = false,
}: {
  channel: ChannelRecord;
  next: GuideTimeslot | null;
  now: number;
  zone: string;
  /** A multiview tile: smaller type, no description. */
  compact?: boolean;
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
