import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconBroadcast,
  IconPencil,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import {
  type ChannelRecord,
  canManageChannels,
  emptyListMessage,
  listedSource,
  nextChannelNumber,
  visibleChannels,
} from '../../shared/channels/channel-model';
import { ListPage } from '../../ui/list-page';
import { confirmArchive } from './archive-channel';
import { ChannelFormModal } from './channel-form-modal';
import { channelQueries, logoUrl } from './queries';

/** The form modal's state: closed, a new channel, or editing one. */
type Editing = null | { kind: 'new' } | { kind: 'edit'; channel: ChannelRecord };

/**
 * /channels: the organization's channels with search and Show archived; editors and above
 * create, edit, archive and restore them, everyone else reads.
 */
export function ChannelsPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const canManage = canManageChannels(user?.role);
  const [search, setSearch] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const queryClient = useQueryClient();

  const list = useQuery(channelQueries.list(organization));
  const all = list.data ?? [];
  const shown = visibleChannels(all, search, showArchived);

  return (
    <ListPage
      title={t.channels.channels}
      description={t.channels.theLinearServicesYourOrganization}
      actions={
        canManage &&
        organization && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
            {t.channels.newChannel}
          </Button>
        )
      }
      organization={organization}
      toolbar={
        <Group gap="md" align="center">
          <TextInput
            aria-label={t.channels.searchChannels}
            placeholder={t.channels.searchByNameSlugOr}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={320}
          />
          <Switch
            label={t.channels.showArchived}
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
          />
        </Group>
      }
      query={list}
      loadingLabel={t.channels.loadingChannels}
      isEmpty={() => shown.length === 0}
      empty={emptyListMessage(all.length, search, showArchived)}
      after={
        <ChannelFormModal
          opened={editing !== null}
          onClose={() => setEditing(null)}
          channel={editing?.kind === 'edit' ? editing.channel : undefined}
          organization={organization}
          suggestedNumber={nextChannelNumber(all)}
        />
      }
    >
      {() => (
        <ChannelsTable
          channels={shown}
          canManage={canManage}
          onEdit={(channel) => setEditing({ kind: 'edit', channel })}
          onArchive={(channel) => confirmArchive(channel, queryClient)}
        />
      )}
    </ListPage>
  );
}

function ChannelsTable({
  channels,
  canManage,
  onEdit,
  onArchive,
}: {
  channels: ChannelRecord[];
  canManage: boolean;
  onEdit: (channel: ChannelRecord) => void;
  onArchive: (channel: ChannelRecord) => void;
}) {
  const t = messages();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t.channels.channels}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>{t.channels.number}</Table.Th>
            <Table.Th>{t.channels.channel}</Table.Th>
            <Table.Th>{t.channels.visibility}</Table.Th>
            <Table.Th>{t.channels.source}</Table.Th>
            <Table.Th>{t.channels.timeZone}</Table.Th>
            {canManage && (
              <Table.Th w={100}>
                <VisuallyHidden>{t.channels.actions}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.map((channel) => (
            <Table.Tr key={channel.id} data-channel={channel.slug}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch
                    color={channel.color || 'var(--mantine-color-gray-6)'}
                    size={10}
                    aria-hidden
                  />
                  <Text ff="monospace" size="sm">
                    {channel.number}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={logoUrl(channel) || undefined} size={36} radius="sm" alt="">
                    <IconBroadcast size={18} />
                  </Avatar>
                  <div>
                    <Group gap={6}>
                      <Anchor component={Link} to={`/channels/${channel.id}`} fw={600}>
                        {channel.name}
                      </Anchor>
                      {channel.archived && (
                        <Badge size="xs" color="gray" variant="outline">
                          {t.channels.archived}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {channel.slug}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge color={channel.public ? 'green' : 'gray'} variant="light">
                  {channel.public ? t.channels.public : t.channels.private}
                </Badge>
              </Table.Td>
              <Table.Td>
                <SourceBadge channel={channel} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{channel.timeZone}</Text>
              </Table.Td>
              {canManage && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t.common.edit}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t.channels.editName(channel.name)}
                        onClick={() => onEdit(channel)}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={channel.archived ? t.common.restore : t.channels.archive}>
                      <ActionIcon
                        variant="subtle"
                        color={channel.archived ? undefined : 'red'}
                        aria-label={
                          channel.archived
                            ? t.channels.restoreNameLabel(channel.name)
                            : t.channels.archiveNameLabel(channel.name)
                        }
                        onClick={() => onArchive(channel)}
                      >
                        {channel.archived ? (
                          <IconArchiveOff size={18} />
                        ) : (
                          <IconArchive size={18} />
                        )}
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The Source column: the channel's source, or "None" when a stream source has no address. */
function SourceBadge({ channel }: { channel: ChannelRecord }) {
  const { label, airs } = listedSource(channel);
  return (
    <Badge color={airs ? 'blue' : 'gray'} variant="dot">
      {label}
    </Badge>
  );
}
