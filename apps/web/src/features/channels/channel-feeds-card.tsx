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
import { messages } from '../../i18n/messages';
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
  const t = messages();
  const org = useQuery(channelQueries.organization(organization));

  return (
    <SectionCard title={t.channels.feedsAndEmbed}>
      {org.isPending ? (
        <Loader role="status" size="sm" aria-label={t.channels.loadingFeeds} />
      ) : org.isError ? (
        <Text c="red" role="alert">
          {describeError(org.error).error}
        </Text>
      ) : (
        <Stack gap="sm">
          {feedUrls(window.location.origin, org.data.slug, channel.slug, channel.public).map(
            (feed) => (
              <div key={feed.label}>
                <Text size="sm" fw={600}>
                  {feed.label}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <TextInput
                    aria-label={t.channels.labelUrl(feed.label)}
                    value={feed.url}
                    readOnly
                    size="xs"
                    style={{ flex: 1 }}
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <CopyButton value={feed.url} timeout={2000}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t.channels.copied : t.channels.copy} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? 'teal' : 'gray'}
                          onClick={copy}
                          aria-label={t.channels.copyTheLabelUrl(feed.label)}
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
            ),
          )}
          {!channel.public && (
            <Text size="xs" c="dimmed">
              {t.channels.thisChannelIsPrivateSo}
            </Text>
          )}
          <Text size="sm">
            {t.channels.widgetsForOtherWebsitesGuide}{' '}
            <Anchor component={Link} to="/embeds">
              {t.channels.embeds}
            </Anchor>
            .
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
