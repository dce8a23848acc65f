import { formatUsDate } from '@airgrid/domain';
import { isEditorRole } from '@airgrid/schema';
import {
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSearch } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { archiveKeys } from '../../shared/archive/queries';
import { browserTimeZone } from '../../shared/slug';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { ListPage } from '../../ui/list-page';
import {
  ARCHIVE_KINDS,
  type ArchiveKind,
  deletionDate,
  isArchiveKind,
  KIND_LABELS,
  searchArchive,
} from './archive-model';
import { type ArchivedItem, archiveQueries, deleteForGood, restore } from './queries';

function confirmDelete(kind: ArchiveKind, item: ArchivedItem, queryClient: QueryClient) {
  const t = messages();
  const what = KIND_LABELS[kind].one;
  modals.openConfirmModal({
    title: t.archive.deleteNameForGood(item.name),
    children: (
      <Text size="sm">
        {kind === 'channels'
          ? t.archive.theChannelAndItsWhole
          : kind === 'shows'
            ? t.archive.theShowItsMediaAnd
            : t.archive.sitesThatEmbedThisWidget}
      </Text>
    ),
    labels: { confirm: t.archive.deleteForGood, cancel: t.common.cancel },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => deleteForGood(kind, item.id),
          invalidate: [archiveKeys.all, [kind]],
          success: () => t.archive.nameDeletedForGood(item.name),
          failure: { summary: t.archive.theWhatWasNotDeleted(what), group: 'archive-delete' },
        },
        appEffects(queryClient),
      ),
  });
}

/**
 * /archive/organization: what the station archived, by kind, with search; editors restore a
 * record or delete it for good, and everyone sees when the daily purge will delete it.
 */
export function ArchivePage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const canEdit = isEditorRole(user?.role);
  const [params, setParams] = useSearchParams();
  const kind: ArchiveKind = isArchiveKind(params.get('kind'))
    ? (params.get('kind') as ArchiveKind)
    : 'channels';
  const [search, setSearch] = useState('');
  const list = useQuery(archiveQueries.list(kind, organization));
  const retention = useQuery(archiveQueries.retention(organization));
  const queryClient = useQueryClient();
  const zone = browserTimeZone();
  const days = retention.data?.days;

  return (
    <ListPage
      title={t.archive.archive}
      description={
        <>
          {t.archive.whatYourStationRetiredReady}{' '}
          {days !== undefined && t.archive.archivedRecordsAreDeletedFor(days)}
          <Anchor component={Link} to="/archive/settings">
            {t.archive.archiveSettings}
          </Anchor>
        </>
      }
      organization={organization}
      toolbar={
        <Group gap="md" align="center" wrap="wrap">
          <SegmentedControl
            aria-label={t.archive.kindOfRecord}
            data={ARCHIVE_KINDS.map((value) => ({ value, label: KIND_LABELS[value].plural }))}
            value={kind}
            onChange={(value) => setParams(value === 'channels' ? {} : { kind: value })}
          />
          <TextInput
            aria-label={t.archive.searchTheArchive}
            placeholder={t.archive.searchByName}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
          />
        </Group>
      }
      query={list}
      loadingLabel={t.archive.loadingTheArchive}
      isEmpty={(items) => searchArchive(items, search).length === 0}
      empty={
        list.data?.length === 0
          ? t.archive.noArchivedPlural(KIND_LABELS[kind].plural.toLowerCase())
          : t.archive.nothingArchivedMatchesTheSearch
      }
    >
      {(items) => (
        <Table.ScrollContainer minWidth={640}>
          <Table
            verticalSpacing="sm"
            aria-label={t.archive.archivedPlural(KIND_LABELS[kind].plural.toLowerCase())}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.archive.name}</Table.Th>
                <Table.Th>{t.archive.archived}</Table.Th>
                <Table.Th>{t.archive.deletedForGood}</Table.Th>
                {canEdit && (
                  <Table.Th>
                    <VisuallyHidden>{t.archive.actions}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {searchArchive(items, search).map((item) => {
                const archived = deletionDate(item.archivedAt, 0);
                const purge = days === undefined ? null : deletionDate(item.archivedAt, days);
                return (
                  <Table.Tr key={item.id}>
                    <Table.Td fw={600}>{item.name}</Table.Td>
                    <Table.Td>{archived === null ? '—' : formatUsDate(archived, zone)}</Table.Td>
                    <Table.Td>
                      {purge === null ? '—' : t.archive.onPurge(formatUsDate(purge, zone))}
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={t.archive.restoreName(item.name)}
                            onClick={() =>
                              runAction(
                                {
                                  save: () => restore(kind, item.id),
                                  invalidate: [archiveKeys.all, [kind]],
                                  success: () => t.archive.nameRestored(item.name),
                                  failure: {
                                    summary: t.archive.theOneWasNotRestored(KIND_LABELS[kind].one),
                                    group: 'archive-restore',
                                  },
                                },
                                appEffects(queryClient),
                              )
                            }
                          >
                            {t.common.restore}
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={t.archive.deleteNameForGoodLabel(item.name)}
                            onClick={() => confirmDelete(kind, item, queryClient)}
                          >
                            {t.archive.deleteForGood}
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListPage>
  );
}
