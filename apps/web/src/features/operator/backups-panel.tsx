import { Alert, Button, FileButton, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { toast } from '../../ui/toast';
import { backupFileProblem, backupUploadName, fileSize } from './operator-model';
import {
  backupDownloadUrl,
  createBackup,
  deleteBackup,
  operatorKeys,
  operatorLogQueries,
  operatorQueries,
  restoreBackup,
  uploadBackup,
} from './queries';

/** The server's reason for refusing an upload: the file's own message first. */
function uploadRefusal(error: unknown): string {
  const described = describeError(error);
  return described.fieldErrors.file ?? described.error ?? '';
}

/**
 * The database's backups: make one or upload one made elsewhere, download, restore (after
 * saying what it replaces), delete.
 */
export function BackupsPanel() {
  const t = messages();
  const queryClient = useQueryClient();
  const list = useQuery(operatorLogQueries.backups());
  // BACKUP_MAX_UPLOAD_MB, for the check before an upload (unknown until the settings load).
  const maxUpload = useQuery(operatorQueries.settings()).data?.backups?.maxUploadSize;
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
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
  const upload = useMutation({
    mutationFn: uploadBackup,
    onSuccess: async (_done, { name }) => {
      toast({ severity: 'success', summary: t.operator.uploaded(name) });
      await refresh();
    },
    onError: (error, { file }) =>
      setUploadProblem(t.operator.uploadRefused(file.name, uploadRefusal(error))),
  });
  const chooseUpload = (file: File | null) => {
    resetFile.current?.();
    setUploadProblem(null);
    if (!file) return;
    const problem = backupFileProblem(file, maxUpload);
    if (problem === 'type') return setUploadProblem(t.operator.notABackupFile(file.name));
    if (problem === 'size')
      return setUploadProblem(
        t.operator.backupTooLarge(file.name, fileSize(file.size), fileSize(maxUpload ?? 0)),
      );
    upload.mutate({ file, name: backupUploadName(file.name) });
  };
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
    onSuccess: async ({ signedOut }) => {
      toast({
        severity: 'success',
        summary: signedOut ? t.operator.restoredSignedOut : t.operator.restored,
        ...(signedOut ? { life: 15_000 } : {}),
      });
      if (!signedOut) await queryClient.invalidateQueries();
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
      <Group gap="sm">
        <Button onClick={() => create.mutate()} loading={create.isPending}>
          {t.operator.backUpNow}
        </Button>
        <FileButton onChange={chooseUpload} accept=".zip,application/zip" resetRef={resetFile}>
          {(props) => (
            <Button {...props} variant="default" loading={upload.isPending}>
              {t.operator.uploadBackup}
            </Button>
          )}
        </FileButton>
      </Group>
      {maxUpload !== undefined && (
        <Text size="xs" c="dimmed">
          {t.operator.uploadHint(fileSize(maxUpload))}
        </Text>
      )}
      {uploadProblem && (
        <Alert color="red" maw={720}>
          {uploadProblem}
        </Alert>
      )}
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
                  <Table.Td>{fileSize(backup.size)}</Table.Td>
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
