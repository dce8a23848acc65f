import { formatUsDate } from '@airgrid/domain';
import { isEditorRole } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSearch } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/use-auth';
import { browserTimeZone } from '../../shared/slug';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import {
  ARCHIVE_KINDS,
  type ArchiveKind,
  deletionDate,
  isArchiveKind,
  KIND_LABELS,
  searchArchive,
} from './archive-model';
import { type ArchivedItem, archiveKeys, archiveQueries, deleteForGood, restore } from './queries';

function confirmDelete(kind: ArchiveKind, item: ArchivedItem, queryClient: QueryClient) {
  const what = KIND_LABELS[kind].one;
  modals.openConfirmModal({
    title: `Delete ${item.name} for good?`,
    children: (
      <Text size="sm">
        {kind === 'channels'
          ? 'The channel and its whole schedule are deleted. This cannot be undone.'
          : kind === 'shows'
            ? 'The show, its media and every airing of it are deleted. This cannot be undone.'
            : 'Sites that embed this widget show nothing any more. This cannot be undone.'}
      </Text>
    ),
    labels: { confirm: 'Delete for good', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => deleteForGood(kind, item.id),
          invalidate: [archiveKeys.all, [kind]],
          success: () => `${item.name} deleted for good`,
          failure: { summary: `The ${what} was not deleted`, group: 'archive-delete' },
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

  let body: ReactNode;
  if (list.isPending) body = <Loader role="status" aria-label="Loading the archive" />;
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(list.error).error}
      </Alert>
    );
  else {
    const shown = searchArchive(list.data, search);
    body =
      shown.length === 0 ? (
        <Text c="dimmed" py="lg">
          {list.data.length === 0
            ? `No archived ${KIND_LABELS[kind].plural.toLowerCase()}.`
            : 'Nothing archived matches the search.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table
            verticalSpacing="sm"
            aria-label={`Archived ${KIND_LABELS[kind].plural.toLowerCase()}`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Archived</Table.Th>
                <Table.Th>Deleted for good</Table.Th>
                {canEdit && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((item) => {
                const archived = deletionDate(item.archivedAt, 0);
                const purge = days === undefined ? null : deletionDate(item.archivedAt, days);
                return (
                  <Table.Tr key={item.id}>
                    <Table.Td fw={600}>{item.name}</Table.Td>
                    <Table.Td>{archived === null ? '—' : formatUsDate(archived, zone)}</Table.Td>
                    <Table.Td>{purge === null ? '—' : `on ${formatUsDate(purge, zone)}`}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Restore ${item.name}`}
                            onClick={() =>
                              runAction(
                                {
                                  save: () => restore(kind, item.id),
                                  invalidate: [archiveKeys.all, [kind]],
                                  success: () => `${item.name} restored`,
                                  failure: {
                                    summary: `The ${KIND_LABELS[kind].one} was not restored`,
                                    group: 'archive-restore',
                                  },
                                },
                                appEffects(queryClient),
                              )
                            }
                          >
                            Restore
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${item.name} for good`}
                            onClick={() => confirmDelete(kind, item, queryClient)}
                          >
                            Delete for good
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
      );
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Archive</Title>
        <Text c="dimmed" size="sm">
          What your station retired, ready to restore.{' '}
          {days !== undefined &&
            `Archived records are deleted for good ${days} days after they were archived. `}
          <Anchor component={Link} to="/archive/settings">
            Archive settings
          </Anchor>
        </Text>
      </div>
      <Group gap="md" align="center" wrap="wrap">
        <SegmentedControl
          aria-label="Kind of record"
          data={ARCHIVE_KINDS.map((value) => ({ value, label: KIND_LABELS[value].plural }))}
          value={kind}
          onChange={(value) => setParams(value === 'channels' ? {} : { kind: value })}
        />
        <TextInput
          aria-label="Search the archive"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
      </Group>
      {body}
    </Stack>
  );
}
