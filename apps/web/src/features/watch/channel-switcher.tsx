import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { CHANNEL_STRIP, revealCurrentChannel } from './channel-strip';
import { useStationSlug, watchPath } from './watch-links';
import { tuningOrder } from './watch-model';

/**
 * The station's channels by number and name, the current one marked, with up and down. While
 * the line-up loads it shows the current channel alone, so the page below does not move when
 * the others arrive; a station with one channel has no switcher.
 */
export function ChannelSwitcher({
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
