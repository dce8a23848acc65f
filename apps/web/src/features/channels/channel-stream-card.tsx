import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { SectionCard } from '../../ui/section-card';

// The channel page's stream card: the live stream's address, to copy or watch.

export function StreamCard({ channel }: { channel: ChannelRecord }) {
  const t = messages();
  return (
    <SectionCard title={t.channels.stream}>
      {channel.streamUrl ? (
        <Stack gap={4}>
          <Badge color="blue" variant="dot">
            {t.channels.streamUrlSet}
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
            {t.channels.theWatchPagePlaysThis}
          </Text>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Badge color="orange" variant="dot">
            {t.channels.noStreamUrl}
          </Badge>
          <Text size="sm" c="dimmed">
            {t.channels.withoutAStreamUrlThe}
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
