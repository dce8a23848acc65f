import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { toast } from '../../ui/toast';
import {
  backupDownloadUrl,
  createBackup,
  deleteBackup,
  operatorKeys,
  operatorLogQueries,
  restoreBackup,
} from './queries';

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The database's backups: make one, download, restore (after saying what it replaces), delete. */
export function BackupsPanel() {
  const t = messages();
  const queryClient = useQueryClient();
  const list = useQuery(operatorLogQueries.backups());
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: [...operatorKeys.all, 'backups'] });
  const failed = (error: unknown) =>
    toast({ severity: 'error', summary: describeError(error).error ?? t.operator.couldNotLoad });
  const create = useMutation({
    mutationFn: createBackup,
    onSuccess: async () => {
      toast({ severity: 'success', summary: t.operator.backedUp });
      await refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: deleteBackup,
    onSuccess: async () => {
      toast({ severity: 'success', summary: t.operator.deleted });
      await refresh();
    },
    onError: failed,
  });
  const restore = useMutation({
    mutationFn: restoreBackup,
    onSuccess: async () => {
      toast({ severity: 'success', summary: t.operator.restored });
      await queryClient.invalidateQueries();
    },
    onError: failed,
  });
  const download = async (key: string) => {
    try {
      window.location.assign(await backupDownloadUrl(key));
    } catch (error) {
      failed(error);
    }
  };
  const confirmRestore = (key: string) =>
    modals.openConfirmModal({
      title: t.operator.restoreTitle(key),
      children: <Text size="sm">{t.operator.restoreWarning}</Text>,
      labels: { confirm: t.operator.restoreConfirm, cancel: t.operator.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () => restore.mutate(key),
    });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" maw={720}>
        {t.operator.backupsLead}
      </Text>
      <Group>
        <Button onClick={() => create.mutate()} loading={create.isPending}>
          {t.operator.backUpNow}
        </Button>
      </Group>
      {list.isPending && <Loader aria-label={t.operator.backups} />}
      {list.isError && <Alert color="red">{describeError(list.error).error}</Alert>}
      {list.data && list.data.length === 0 && <Text size="sm">{t.operator.noBackups}</Text>}
      {list.data && list.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.operator.key}</Table.Th>
                <Table.Th>{t.operator.size}</Table.Th>
                <Table.Th>{t.operator.modified}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((backup) => (
                <Table.Tr key={backup.key}>
                  <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {backup.key}
                  </Table.Td>
                  <Table.Td>{size(backup.size)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t.operator.utc(backup.modified.slice(0, 16))}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => download(backup.key)}
                      >
                        {t.operator.download}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        color="red"
                        loading={restore.isPending && restore.variables === backup.key}
                        onClick={() => confirmRestore(backup.key)}
                      >
                        {t.operator.restore}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        loading={remove.isPending && remove.variables === backup.key}
                        onClick={() => remove.mutate(backup.key)}
                      >
                        {t.operator.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
