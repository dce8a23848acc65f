import { Alert, Badge, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import {
  type CheckResult,
  type ColumnMapping,
  countOf,
  displayCell,
  formatRowError,
  type ImportTarget,
} from './csv-import';

const t = messages();

/** Rows the preview table shows; the error list covers every row. */
const PREVIEW_ROWS = 20;
// A row with errors is tinted and marked at its edge; the refused cell itself is underlined,
// as spell checkers do, so it stands out without relying on colour alone.
const INVALID_ROW = {
  backgroundColor: 'color-mix(in srgb, var(--mantine-color-red-light) 55%, transparent)',
  boxShadow: 'inset 3px 0 0 var(--mantine-color-red-filled)',
};
const INVALID_CELL = {
  overflowWrap: 'anywhere' as const,
  color: 'var(--mantine-color-red-text)',
  fontWeight: 600,
  textDecoration: 'underline wavy var(--mantine-color-red-filled)',
  textUnderlineOffset: 3,
};
/** Errors listed before "and N more": enough to fix a file, not a wall of text. */
const LISTED_ERRORS = 100;

export interface PreviewStepProps {
  target: ImportTarget;
  mapping: ColumnMapping;
  checked: CheckResult;
  onBack: () => void;
  onChooseFile: () => void;
  onImport: () => void;
  onCancel: () => void;
}

/** Step 3: the first rows as they will be saved, every row's errors, and the Import button. */
export function PreviewStep({
  target,
  mapping,
  checked,
  onBack,
  onChooseFile,
  onImport,
  onCancel,
}: PreviewStepProps) {
  const t = messages();
  const hasErrors = checked.invalidRows > 0;
  return (
    <Stack gap="md" pt="md">
      <Group gap="xs">
        <Badge color="teal" variant="light">
          {t.csvImport.lengthReady(checked.valid.length)}
        </Badge>
        <Badge color={hasErrors ? 'red' : 'gray'} variant="light">
          {t.csvImport.invalidRowsWithErrors(checked.invalidRows)}
        </Badge>
        <Text size="sm" c="dimmed">
          {checked.rows.length > PREVIEW_ROWS
            ? t.csvImport.theFirstPreviewRowsOf(PREVIEW_ROWS, checked.rows.length)
            : t.csvImport.allLengthRows(checked.rows.length)}
        </Text>
      </Group>
      <PreviewTable target={target} mapping={mapping} checked={checked} />
      {hasErrors && <ErrorList checked={checked} />}
      <Group justify="space-between">
        <Group gap="sm">
          <Button variant="default" onClick={onBack}>
            {t.common.back}
          </Button>
          <Button variant="subtle" onClick={onChooseFile}>
            {t.csvImport.chooseAnotherFile}
          </Button>
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t.common.cancel}
          </Button>
          <Button onClick={onImport} disabled={hasErrors}>
            {t.csvImport.importTarget(countOf(target, checked.valid.length))}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function PreviewTable({
  target,
  mapping,
  checked,
}: Pick<PreviewStepProps, 'target' | 'mapping' | 'checked'>) {
  const t = messages();
  const columns = target.columns.filter((column) => (mapping[column.key] ?? null) !== null);
  return (
    <Table.ScrollContainer minWidth={columns.length * 140} maxHeight={360}>
      <Table striped={false} highlightOnHover withTableBorder stickyHeader fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.csvImport.row}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checked.rows.slice(0, PREVIEW_ROWS).map((row) => (
            <Table.Tr
              key={row.row}
              data-invalid={row.errors.length > 0 || undefined}
              style={row.errors.length > 0 ? INVALID_ROW : undefined}
            >
              <Table.Td>{row.row}</Table.Td>
              {columns.map((column) => {
                const cell = row.cells[column.key];
                return (
                  <Table.Td
                    key={column.key}
                    title={
                      cell?.error ? t.csvImport.labelError(column.label, cell.error) : undefined
                    }
                    maw={260}
                    style={cell?.error ? INVALID_CELL : { overflowWrap: 'anywhere' }}
                  >
                    {truncate(displayCell(column, cell))}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Long descriptions would make the preview unreadable; the whole text is still imported. */
function truncate(text: string, max = 120): string {
  const t = messages();
  return text.length > max ? t.csvImport.text(text.slice(0, max - 1)) : text;
}

function ErrorList({ checked }: { checked: CheckResult }) {
  const t = messages();
  const listed = checked.errors.slice(0, LISTED_ERRORS);
  const more = checked.errors.length - listed.length;
  return (
    <Alert color="red" title={t.csvImport.fixInvalidRowsInYourFile(countRows(checked.invalidRows))}>
      <List size="sm" spacing={2} aria-label={t.csvImport.rowErrors}>
        {listed.map((error) => (
          <List.Item key={`${error.row}-${error.column}-${error.message}`}>
            {formatRowError(error)}
          </List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="sm" mt="xs">
          {t.csvImport.andMoreMore(more)}
        </Text>
      )}
    </Alert>
  );
}

const countRows = (count: number) => t.csvImport.countValue(count, count === 1 ? 'row' : 'rows');
