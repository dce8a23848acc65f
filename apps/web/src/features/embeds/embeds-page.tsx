import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive, IconCheck, IconCode, IconPencil, IconPlus } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../lib/use-auth';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { sharedChannelQueries } from '../../shared/channels/queries';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { ListPage } from '../../ui/list-page';
import { EmbedEditor } from './embed-editor';
import { canManageEmbeds, type EmbedRecord, embedSnippet, kindLabel } from './embed-model';
import { archiveEmbed, embedKeys, embedQueries } from './queries';

/** The editor's state: closed, a new embed, or editing one. */
type Editing = null | { kind: 'new' } | { kind: 'edit'; embed: EmbedRecord };

/** Asks before archiving an embed, then archives it (the archive restores or deletes it). */
function confirmArchive(embed: EmbedRecord, queryClient: QueryClient): void {
  modals.openConfirmModal({
    title: `Archive ${embed.name}?`,
    children: (
      <Text size="sm">
        Websites that show it will say “Widget not found” instead. You can restore it from the
        archive until it is deleted for good.
      </Text>
    ),
    labels: { confirm: 'Archive', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => archiveEmbed(embed.id),
          invalidate: [embedKeys.all, ['archive']],
          success: () => `${embed.name} archived`,
          failure: { summary: 'The embed was not archived', group: 'embed-archive' },
        },
        appEffects(queryClient),
      ),
  });
}

/** "All public channels", or the chosen channels' names. */
function channelSummary(embed: EmbedRecord, byId: ReadonlyMap<string, ChannelRecord>): string {
  if (embed.channels.length === 0) return 'All public channels';
  return embed.channels.map((id) => byId.get(id)?.name ?? 'Deleted channel').join(', ');
}

/**
 * /embeds: the organization's widgets for other websites (guide, player, now/next, upcoming);
 * editors and above create, edit and delete them with a live preview, and everyone copies the
 * snippet to paste.
 */
export function EmbedsPage() {
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const canManage = canManageEmbeds(user?.role);
  const [editing, setEditing] = useState<Editing>(null);
  const queryClient = useQueryClient();

  const embeds = useQuery(embedQueries.list(organization));
  // The channels page's query: the two pages share its cache.
  const channels = useQuery(sharedChannelQueries.list(organization));
  const byId = new Map((channels.data ?? []).map((channel) => [channel.id, channel]));

  return (
    <ListPage
      title="Embeds"
      description="Widgets for your own website: a guide, a player, now and next, or the upcoming airings, from the same schedule as everything else."
      actions={
        canManage &&
        organization && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
            New embed
          </Button>
        )
      }
      organization={organization}
      query={embeds}
      loadingLabel="Loading embeds"
      isEmpty={(data) => data.length === 0}
      empty={
        canManage
          ? 'No embeds yet. Create one to put your schedule on your website.'
          : 'No embeds yet.'
      }
      after={
        <EmbedEditor
          opened={editing !== null}
          onClose={() => setEditing(null)}
          embed={editing?.kind === 'edit' ? editing.embed : undefined}
          organization={organization}
          channels={channels.data ?? []}
          onSaved={(embed) => setEditing({ kind: 'edit', embed })}
        />
      }
    >
      {(data) => (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Embeds">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th w={150}>Kind</Table.Th>
                <Table.Th>Channels</Table.Th>
                <Table.Th>Theme</Table.Th>
                <Table.Th>Allowed websites</Table.Th>
                <Table.Th w={canManage ? 130 : 60}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((embed) => (
                <Table.Tr key={embed.id} data-embed={embed.id}>
                  <Table.Td fw={600}>{embed.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{kindLabel(embed.kind)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {channelSummary(embed, byId)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" tt="capitalize">
                      {embed.theme || 'auto'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {(embed.allowedOrigins ?? []).length === 0
                        ? 'Any website'
                        : (embed.allowedOrigins ?? []).join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <CopyButton
                        value={embedSnippet(window.location.origin, embed)}
                        timeout={2000}
                      >
                        {({ copied, copy }) => (
                          <Tooltip label={copied ? 'Snippet copied' : 'Copy snippet'}>
                            <ActionIcon
                              variant="subtle"
                              color={copied ? 'teal' : 'gray'}
                              aria-label={`Copy the snippet of ${embed.name}`}
                              onClick={copy}
                            >
                              {copied ? <IconCheck size={18} /> : <IconCode size={18} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </CopyButton>
                      {canManage && (
                        <>
                          <Tooltip label="Edit">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Edit ${embed.name}`}
                              onClick={() => setEditing({ kind: 'edit', embed })}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Archive">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Archive ${embed.name}`}
                              onClick={() => confirmArchive(embed, queryClient)}
                            >
                              <IconArchive size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListPage>
  );
}
