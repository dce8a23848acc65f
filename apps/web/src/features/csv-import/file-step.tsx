import { formatBytes } from '@airgrid/domain';
import { Anchor, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
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
  const t = messages();
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(target))}`;
  return (
    <Stack gap="md" pt="md">
      <FileInput
        label={t.csvImport.csvFile}
        placeholder={t.csvImport.chooseACsvFile}
        description={t.csvImport.aHeaderRowNamingThe(
          target.noun.one,
          countOf(target, target.maxRows),
          formatBytes(MAX_FILE_BYTES),
        )}
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
          <Progress value={loading.percent} aria-label={t.csvImport.importProgress} animated />
          <Text size="sm" c="dimmed">
            {loading.label}
          </Text>
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        {t.csvImport.notSureHowToLay}{' '}
        <Anchor href={template} download={t.csvImport.idTemplateCsv(target.id)}>
          {t.csvImport.downloadATemplate}
        </Anchor>
        {t.csvImport.withEveryColumnLabelCan(target.label.toLowerCase())}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t.common.cancel}
        </Button>
        {onNext && <Button onClick={onNext}>{t.csvImport.columns}</Button>}
      </Group>
    </Stack>
  );
}
