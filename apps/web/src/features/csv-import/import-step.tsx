import { Alert, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import {
  countOf,
  formatRowError,
  type ImportOutcome,
  type ImportProgress,
  type ImportTarget,
  progressPercent,
} from './csv-import';

/** The import under way (`outcome` null) or finished. */
export interface Saving {
  progress: ImportProgress;
  outcome: ImportOutcome | null;
}

export interface ImportStepProps {
  target: ImportTarget;
  saving: Saving;
  onBackToPreview: () => void;
  onChooseFile: () => void;
  onDone: () => void;
}

/** Step 4: the progress bar while the server saves, then the summary or its refusal. */
export function ImportStep({
  target,
  saving,
  onBackToPreview,
  onChooseFile,
  onDone,
}: ImportStepProps) {
  const t = messages();
  const { progress, outcome } = saving;
  const fraction = progress.total > 0 ? progress.completed / progress.total : 0;
  const color = outcome === null ? undefined : outcome.ok ? 'teal' : 'red';
  return (
    <Stack gap="md" pt="md">
      <Stack gap={4}>
        <Progress
          value={progressPercent('save', fraction)}
          color={color}
          animated={outcome === null}
          aria-label={t.csvImport.importProgress}
          size="lg"
        />
        {outcome === null && (
          <Text size="sm" c="dimmed">
            {progress.label}
          </Text>
        )}
      </Stack>
      {outcome?.ok && (
        <>
          <Alert color="teal" icon={<IconCircleCheck />} role="status">
            {t.csvImport.importedTarget(countOf(target, outcome.imported))}
            {outcome.report && (
              <Text size="sm" mt={4} data-testid="import-summary">
                {outcome.report.summary}
              </Text>
            )}
          </Alert>
          {outcome.report?.sections.map((section) => (
            <Stack key={section.title} gap={4}>
              <Text size="sm" fw={600}>
                {section.title}
              </Text>
              <List size="sm" spacing={2} aria-label={section.title}>
                {section.lines.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button onClick={onDone}>{t.csvImport.done}</Button>
          </Group>
        </>
      )}
      {outcome && !outcome.ok && (
        <>
          <Alert color="red" role="alert" title={outcome.message}>
            {outcome.errors.length > 0 && (
              <List size="sm" spacing={2} aria-label={t.csvImport.rowErrors}>
                {outcome.errors.map((error) => (
                  <List.Item key={`${error.row}-${error.column}-${error.message}`}>
                    {formatRowError(error)}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
          <Group justify="space-between">
            <Group gap="sm">
              <Button variant="default" onClick={onBackToPreview}>
                {t.csvImport.backToPreview}
              </Button>
              <Button variant="subtle" onClick={onChooseFile}>
                {t.csvImport.chooseAnotherFile}
              </Button>
            </Group>
            <Button variant="default" onClick={onDone}>
              {t.common.close}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
