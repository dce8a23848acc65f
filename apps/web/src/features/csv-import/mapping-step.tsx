import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import {
  assignColumn,
  type ColumnMapping,
  headerOptions,
  type ImportTarget,
  unmappedRequired,
} from './csv-import';

/** The choice meaning "this field is not in the file". */
const NOT_IMPORTED = '';

export interface MappingStepProps {
  target: ImportTarget;
  header: readonly string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  onBack: () => void;
  onNext: () => void;
  onCancel: () => void;
}

/** Step 2: which CSV column fills which field, pre-filled from the header names. */
export function MappingStep({
  target,
  header,
  mapping,
  onChange,
  onBack,
  onNext,
  onCancel,
}: MappingStepProps) {
  const t = messages();
  const options = [
    { value: NOT_IMPORTED, label: t.csvImport.notImported },
    ...headerOptions(header),
  ];
  const missing = unmappedRequired(target.columns, mapping);
  const used = new Set(Object.values(mapping));
  const unused = headerOptions(header).filter((option) => !used.has(Number(option.value)));

  return (
    <Stack gap="md" pt="md">
      <Text size="sm" c="dimmed">
        {t.csvImport.chooseTheColumnOfYour}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {target.columns.map((column) => {
          const index = mapping[column.key] ?? null;
          return (
            <Select
              key={column.key}
              label={column.label}
              withAsterisk={column.required}
              description={column.hint}
              data={options}
              value={index === null ? NOT_IMPORTED : String(index)}
              onChange={(value) =>
                onChange(assignColumn(mapping, column.key, value ? Number(value) : null))
              }
              allowDeselect={false}
              styles={
                index === null ? { input: { color: 'var(--mantine-color-dimmed)' } } : undefined
              }
              error={
                column.required && index === null
                  ? t.csvImport.chooseTheColumnThatHolds(column.label.toLowerCase())
                  : undefined
              }
            />
          );
        })}
      </SimpleGrid>
      {unused.length > 0 && (
        <Text size="sm" c="dimmed">
          {t.csvImport.notImportedFromYourFile} {unused.map((option) => option.label).join(', ')}.
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t.common.back}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t.common.cancel}
          </Button>
          <Button onClick={onNext} disabled={missing.length > 0}>
            {t.csvImport.preview}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
