import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { saveFile } from '../../ui/save-file';
import { type ReportTable, tableCsv } from './analytics-model';

/** A table of a report as the page shows it (the CSV holds the same). */
export function ReportTableView({ table, label }: { table: ReportTable; label: string }) {
  return (
    <Table.ScrollContainer minWidth={Math.max(420, table.columns.length * 110)}>
      <Table verticalSpacing="xs" striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows, replaced whole.
            <Table.Tr key={index}>
              {row.map((cell, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row.
                <Table.Td key={at}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A button that saves a table as CSV. */
export function CsvButton({
  table,
  name,
  title,
}: {
  table: ReportTable;
  name: string;
  title: string;
}) {
  const t = messages().analytics;
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={t.downloadCsvOf(title)}
      disabled={table.rows.length === 0}
      onClick={() =>
        saveFile(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }), name)
      }
    >
      {t.downloadCsv}
    </Button>
  );
}

/**
 * One report of the page: a card titled as its section, its hint, and the report's body once
 * read, with the loader and the error before it. `?section=<id>` scrolls to it once it is read
 * (not `#<id>`: a hash opens the app's details modal, seed §2).
 */
export function ReportCard<T>({
  id,
  title,
  hint,
  query,
  actions,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  query: UseQueryResult<T>;
  actions?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const t = messages().analytics;
  const headingId = useId();
  const [search] = useSearchParams();
  const card = useRef<HTMLDivElement>(null);
  const loaded = query.data !== undefined;
  const wanted = search.get('section') === id;
  useEffect(() => {
    if (loaded && wanted) card.current?.scrollIntoView({ block: 'start' });
  }, [loaded, wanted]);
  let body: ReactNode;
  if (query.isPending)
    body = <Loader size="sm" role="status" aria-label={t.loadingReport(title)} />;
  else if (query.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(query.error).error}
      </Alert>
    );
  else body = children(query.data);
  return (
    <Card
      ref={card}
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      id={id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {query.data !== undefined && actions?.(query.data)}
        </Group>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {body}
      </Stack>
    </Card>
  );
}
