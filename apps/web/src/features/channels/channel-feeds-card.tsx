import {
  ActionIcon,
  Anchor,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { feedUrls } from './channel-feeds';
import { channelQueries } from './queries';

// The channel page's feeds card: the channel's guide feed and embed addresses.

export function FeedsCard({
  channel,
  organization,
}: {
  channel: ChannelRecord;
  organization: string;
}) {
  const org = useQuery(channelQueries.organization(organization));

  return (
    <SectionCard title="Feeds and embed">
      {org.isPending ? (
        <Loader role="status" size="sm" aria-label="Loading feeds" />
      ) : org.isError ? (
        <Text c="red" role="alert">
          {describeError(org.error).error}
        </Text>
      ) : (
        <Stack gap="sm">
          {feedUrls(window.location.origin, org.data.slug, channel.slug).map((feed) => (
            <div key={feed.label}>
              <Text size="sm" fw={600}>
                {feed.label}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={`${feed.label} URL`}
                  value={feed.url}
                  readOnly
                  size="xs"
                  style={{ flex: 1 }}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton value={feed.url} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={`Copy the ${feed.label} URL`}
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                {feed.description}
              </Text>
            </div>
          ))}
          {!channel.public && (
            <Text size="xs" c="dimmed">
              This channel is private, so the M3U playlist leaves it out.
            </Text>
          )}
          <Text size="sm">
            Widgets for other websites (guide, player, now/next, upcoming list) are configured under{' '}
            <Anchor component={Link} to="/embeds">
              Embeds
            </Anchor>
            .
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
