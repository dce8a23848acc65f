import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { SectionCard } from '../../ui/section-card';

// The channel page's stream card: the live stream's address, to copy or watch.

export function StreamCard({ channel }: { channel: ChannelRecord }) {
  return (
    <SectionCard title="Stream">
      {channel.streamUrl ? (
        <Stack gap={4}>
          <Badge color="blue" variant="dot">
            Stream URL set
          </Badge>
          <Anchor
            href={channel.streamUrl}
            target="_blank"
            rel="noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {channel.streamUrl}
          </Anchor>
          <Text size="sm" c="dimmed">
            The watch page plays this stream, and shows the bumper when nothing is scheduled.
          </Text>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Badge color="gray" variant="dot">
            No stream URL
          </Badge>
          <Text size="sm" c="dimmed">
            Without a stream URL the watch page shows the bumper. Add one with Edit channel.
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
