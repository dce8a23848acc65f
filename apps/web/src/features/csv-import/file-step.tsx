import { formatBytes } from '@airgrid/domain';
import { Anchor, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { countOf, type ImportTarget, MAX_FILE_BYTES, templateCsv } from './csv-import';

/** Where reading the chosen file has got. */
export interface Loading {
  percent: number;
  label: string;
}

export interface FileStepProps {
  target: ImportTarget;
  file: File | null;
  loading: Loading | null;
  /** Why the chosen file cannot be imported. */
  problem: string | null;
  onFile: (file: File | null) => void;
  /** Set when the chosen file has been read: back to its columns without choosing it again. */
  onNext?: () => void;
  onCancel: () => void;
}

/** Step 1: choose the CSV file; it is read and checked at once. */
export function FileStep({
  target,
  file,
  loading,
  problem,
  onFile,
  onNext,
  onCancel,
}: FileStepProps) {
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(target))}`;
  return (
    <Stack gap="md" pt="md">
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        description={`A header row naming the columns, then one ${target.noun.one} per row: up to ${countOf(target, target.maxRows)} and ${formatBytes(MAX_FILE_BYTES)}.`}
        accept=".csv,text/csv"
        leftSection={<IconFileTypeCsv size={18} stroke={1.6} />}
        value={file}
        onChange={onFile}
        error={problem}
        disabled={loading !== null}
        data-autofocus
      />
      {loading && (
        <Stack gap={4}>
          <Progress value={loading.percent} aria-label="Import progress" animated />
          <Text size="sm" c="dimmed">
            {loading.label}
          </Text>
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        Not sure how to lay it out?{' '}
        <Anchor href={template} download={`${target.id}-template.csv`}>
          Download a template
        </Anchor>{' '}
        with every column {target.label.toLowerCase()} can have.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        {onNext && <Button onClick={onNext}>Columns</Button>}
      </Group>
    </Stack>
  );
}
