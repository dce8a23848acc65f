import {
  Anchor,
  Badge,
  ColorSwatch,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { type ChannelItem, sharedChannelQueries } from '../../shared/channels/queries';
import { describeError } from '../../ui/forms/server-errors';

/**
 * The collections panel beside the page: the organization's channels, one click from
 * anywhere. It opens and closes together with the sidebar.
 */
export function CollectionsPanel() {
  const t = messages();
  const { isSignedIn, user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const channels = useQuery({
    ...sharedChannelQueries.panel(organization),
    enabled: Boolean(isSignedIn && organization),
  });

  return (
    <Stack gap={0} h="100%">
      <Group justify="space-between" px="sm" pt="sm" pb={4}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t.shell.channels}
        </Text>
        {channels.data && (
          <Badge size="xs" variant="light" color="gray">
            {channels.data.totalItems}
          </Badge>
        )}
      </Group>
      <ScrollArea style={{ flex: 1 }} px="xs" pb="xs">
        <PanelBody
          isSignedIn={isSignedIn}
          hasOrganization={Boolean(organization)}
          state={channels}
        />
      </ScrollArea>
    </Stack>
  );
}

function PanelBody({
  isSignedIn,
  hasOrganization,
  state,
}: {
  isSignedIn: boolean;
  hasOrganization: boolean;
  state: ReturnType<typeof useQuery<{ items: ChannelItem[] }>>;
}) {
  const t = messages();
  const { pathname } = useLocation();
  if (!isSignedIn) {
    return (
      <Text size="sm" c="dimmed" px="sm">
        <Anchor component={Link} to="/auth/login">
          {t.shell.signIn}
        </Anchor>{' '}
        {t.shell.toSeeYourChannels}
      </Text>
    );
  }
  if (!hasOrganization) {
    return (
      <Text size="sm" c="dimmed" px="sm">
        {t.ui.noOrganization}{' '}
        <Anchor component={Link} to="/onboarding">
          {t.ui.setOneUp}
        </Anchor>
      </Text>
    );
  }
  if (state.isPending)
    return <Loader role="status" size="xs" mx="sm" aria-label={t.shell.loadingChannels} />;
  if (state.isError) {
    return (
      <Text size="sm" c="red" px="sm" role="alert">
        {describeError(state.error).error}
      </Text>
    );
  }
  const items = state.data?.items ?? [];
  return (
    <>
      {items.map((channel) => (
        <NavLink
          key={channel.id}
          component={Link}
          to={`/channels/${channel.id}`}
          label={channel.name}
          description={channel.public ? undefined : t.shell.private}
          leftSection={
            <Group gap={6} wrap="nowrap" w={40} aria-hidden>
              <ColorSwatch color={channel.color || 'var(--mantine-color-gray-5)'} size={10} />
              <Text size="xs" ff="monospace">
                {channel.number ?? '–'}
              </Text>
            </Group>
          }
          active={pathname === `/channels/${channel.id}`}
          variant="light"
        />
      ))}
      {items.length === 0 && (
        <Text size="sm" c="dimmed" px="sm">
          {t.shell.noChannelsYet}
        </Text>
      )}
      <NavLink
        component={Link}
        to="/channels"
        label={t.shell.allChannels}
        leftSection={<IconList size={14} />}
      />
    </>
  );
}
