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
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { archiveKeys } from '../../shared/archive/queries';
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
  const t = messages();
  modals.openConfirmModal({
    title: t.embeds.archiveName(embed.name),
    children: <Text size="sm">{t.embeds.websitesThatShowItWill}</Text>,
    labels: { confirm: t.embeds.archive, cancel: t.common.cancel },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => archiveEmbed(embed.id),
          invalidate: [embedKeys.all, archiveKeys.all],
          success: () => t.embeds.nameArchived(embed.name),
          failure: { summary: t.embeds.theEmbedWasNotArchived, group: 'embed-archive' },
        },
        appEffects(queryClient),
      ),
  });
}

/** "All public channels", or the chosen channels' names. */
function channelSummary(embed: EmbedRecord, byId: ReadonlyMap<string, ChannelRecord>): string {
  const t = messages();
  if (embed.channels.length === 0) return t.embeds.allPublicChannels;
  return embed.channels.map((id) => byId.get(id)?.name ?? t.embeds.deletedChannel).join(', ');
}

/**
 * /embeds: the organization's widgets for other websites (guide, player, now/next, upcoming);
 * editors and above create, edit and delete them with a live preview, and everyone copies the
 * snippet to paste.
 */
export function EmbedsPage() {
  const t = messages();
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
      title={t.embeds.embeds}
      description={t.embeds.widgetsForYourOwnWebsite}
      actions={
        canManage &&
        organization && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
            {t.embeds.newEmbed}
          </Button>
        )
      }
      organization={organization}
      query={embeds}
      loadingLabel={t.embeds.loadingEmbeds}
      isEmpty={(data) => data.length === 0}
      empty={canManage ? t.embeds.noEmbedsYetCreateOne : t.embeds.noEmbedsYet}
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
          <Table verticalSpacing="sm" highlightOnHover aria-label={t.embeds.embeds}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.embeds.name}</Table.Th>
                <Table.Th w={150}>{t.embeds.kind}</Table.Th>
                <Table.Th>{t.embeds.channels}</Table.Th>
                <Table.Th>{t.embeds.theme}</Table.Th>
                <Table.Th>{t.embeds.allowedWebsites}</Table.Th>
                <Table.Th w={canManage ? 130 : 60}>
                  <VisuallyHidden>{t.embeds.actions}</VisuallyHidden>
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
                        ? t.embeds.anyWebsite
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
                          <Tooltip label={copied ? t.embeds.snippetCopied : t.embeds.copySnippet}>
                            <ActionIcon
                              variant="subtle"
                              color={copied ? 'teal' : 'gray'}
                              aria-label={t.embeds.copyTheSnippetOfName(embed.name)}
                              onClick={copy}
                            >
                              {copied ? <IconCheck size={18} /> : <IconCode size={18} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </CopyButton>
                      {canManage && (
                        <>
                          <Tooltip label={t.common.edit}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t.embeds.editName(embed.name)}
                              onClick={() => setEditing({ kind: 'edit', embed })}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t.embeds.archive}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t.embeds.archiveNameLabel(embed.name)}
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
