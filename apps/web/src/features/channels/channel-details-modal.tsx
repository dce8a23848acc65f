import {
  Anchor,
  Badge,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { sourceLabel } from '../../shared/channels/channel-model';
import { channelSource } from '../../shared/channels/playback';
import { describeError } from '../../ui/forms/server-errors';
import { channelQueries } from './queries';

/** How long the details modal shows its loader after a route change (seed §9). */
const DETAILS_LOADING_MS = 1200;

interface ChannelRecord {
  id: string;
  name: string;
  slug: string;
  number?: number;
  description?: string;
  timeZone: string;
  source?: string;
  streamUrl?: string;
  public?: boolean;
  bumperTitle?: string;
}

export interface ChannelDetailsModalProps {
  /** What the hash names, e.g. "Stream health"; shown under the title. */
  contextTitle: string;
  /** The route's `:channel` parameter (an id or a slug), when the page has one. */
  channel: string | undefined;
  onClose: () => void;
}

/**
 * The details modal the URL hash opens (seed §2): after each route change it shows a loader for
 * 1.2 s, then the channel named by the route parameter.
 */
export function ChannelDetailsModal({ contextTitle, channel, onClose }: ChannelDetailsModalProps) {
  const t = messages();
  const { pathname } = useLocation();
  const settling = useSettlingAfter(pathname, DETAILS_LOADING_MS);
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  // The parameter may be the id or the slug.
  const query = useQuery(channelQueries.details(channel, organization));

  let body: ReactNode;
  if (settling || (channel && query.isPending)) {
    body = (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label={t.channels.loadingDetails} />
      </Group>
    );
  } else if (!channel) {
    body = <Text c="dimmed">{t.channels.openAChannelToSee}</Text>;
  } else if (query.isError) {
    body = (
      <Text c="red" role="alert">
        {describeError(query.error).error}
      </Text>
    );
  } else if (!query.data) {
    body = <Text role="alert">{t.channels.noChannelChannelInYour(channel)}</Text>;
  } else {
    body = <ChannelSummary channel={query.data} />;
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Stack gap={0}>
          <Text fw={600}>{t.channels.details}</Text>
          <Text size="sm" c="dimmed">
            {contextTitle}
          </Text>
        </Stack>
      }
      size="lg"
    >
      {body}
    </Modal>
  );
}

function ChannelSummary({ channel }: { channel: ChannelRecord }) {
  const t = messages();
  return (
    <Stack>
      <Group gap="sm">
        <ThemeIcon variant="light" size="lg">
          <IconBroadcast size={20} />
        </ThemeIcon>
        <div>
          <Text fw={600}>
            {channel.number ? `${channel.number} · ` : ''}
            {channel.name}
          </Text>
          <Text size="sm" c="dimmed">
            {channel.slug}
          </Text>
        </div>
        <Badge ml="auto" color={channel.public ? 'green' : 'gray'} variant="light">
          {channel.public ? t.channels.public : t.channels.private}
        </Badge>
      </Group>
      {channel.description && <Text size="sm">{channel.description}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label={t.channels.timeZone}>{channel.timeZone}</Fact>
        <Fact label={t.channels.source}>
          {channelSource(channel) !== 'stream' ? (
            sourceLabel(channelSource(channel))
          ) : channel.streamUrl ? (
            <Anchor href={channel.streamUrl} target="_blank" rel="noreferrer" size="sm">
              {channel.streamUrl}
            </Anchor>
          ) : (
            t.channels.noStreamUrlYet
          )}
        </Fact>
        <Fact label={t.channels.bumper}>{channel.bumperTitle || t.channels.weLlBeRightBack}</Fact>
      </SimpleGrid>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** True for `ms` after mount and after each change of `key`. */
function useSettlingAfter(key: string, ms: number): boolean {
  const [settling, setSettling] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts on each change of key.
  useEffect(() => {
    setSettling(true);
    const timer = setTimeout(() => setSettling(false), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settling;
}
