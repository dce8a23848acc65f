import { formatBytes } from '@airgrid/domain';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import type { UploadState } from './use-resumable-upload';

/** An upload under way: its bar, how much is in, and pause, resume or cancel. */
export function UploadProgress({
  name,
  state,
  onPause,
  onResume,
  onCancel,
}: {
  name: string;
  state: UploadState;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
}) {
  const t = messages().uploads;
  const percent = state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;
  const paused = state.status === 'paused' || state.status === 'failed';
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {paused ? t.paused(name) : t.uploading(name)}
      </Text>
      <Progress value={percent} aria-label={t.progressLabel} animated={!paused} />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t.progress(formatBytes(state.sent), formatBytes(state.total), percent)}
        </Text>
        <Group gap="xs">
          {paused ? (
            <Button size="xs" variant="default" onClick={onResume}>
              {state.status === 'failed' ? t.tryAgain : t.resume}
            </Button>
          ) : (
            <Button size="xs" variant="default" onClick={onPause}>
              {t.pause}
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={onCancel}>
            {t.cancel}
          </Button>
        </Group>
      </Group>
      {state.error && (
        <Alert color="red" role="alert">
          {state.error}
        </Alert>
      )}
    </Stack>
  );
}
