import { Badge, Box, Code, Group, Stack, Table, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import type { FieldRow } from './api-docs-model';
import { InlineText } from './inline-text';

/**
 * Fields (of parameters, a body or a reply) as a table: name, type, required, description; on
 * a phone as a list, each field's description under its name (a table's fourth column ran off
 * a 390 px screen).
 */
export function FieldTable({
  rows,
  where = false,
}: {
  rows: readonly (FieldRow & { in?: string })[];
  where?: boolean;
}) {
  const t = messages();
  if (rows.length === 0) return <Text size="sm">{t.apiDocs.noFields}</Text>;
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Box component="li" key={`${row.in ?? ''}${row.name}`}>
            <Group gap={6} wrap="wrap">
              <Code style={{ overflowWrap: 'anywhere' }}>{row.name}</Code>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {where && row.in ? `${row.in} · ${row.type}` : row.type}
              </Text>
              {row.required && (
                <Badge size="xs" variant="light">
                  {t.apiDocs.required}
                </Badge>
              )}
            </Group>
            {row.description && (
              <Box mt={2}>
                <InlineText text={row.description} />
              </Box>
            )}
          </Box>
        ))}
      </Stack>
      <FieldRowsTable rows={rows} where={where} />
    </>
  );
}

function FieldRowsTable({
  rows,
  where,
}: {
  rows: readonly (FieldRow & { in?: string })[];
  where: boolean;
}) {
  const t = messages();
  return (
    <Table.ScrollContainer minWidth={560} visibleFrom="sm">
      <Table verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.apiDocs.name}</Table.Th>
            {where && <Table.Th>{t.apiDocs.where}</Table.Th>}
            <Table.Th>{t.apiDocs.type}</Table.Th>
            <Table.Th>{t.apiDocs.required}</Table.Th>
            <Table.Th>{t.apiDocs.description}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.in ?? ''}${row.name}`}>
              <Table.Td>
                <Code>{row.name}</Code>
              </Table.Td>
              {where && <Table.Td>{row.in}</Table.Td>}
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.type}</Table.Td>
              <Table.Td>{row.required ? t.apiDocs.yes : ''}</Table.Td>
              <Table.Td>
                <InlineText text={row.description} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
