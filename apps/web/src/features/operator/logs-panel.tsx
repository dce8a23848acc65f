import { Alert, Badge, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { operatorLogQueries } from './queries';

// The chart brings the charts library: loaded when this tab opens, not with the console.
const LogsChart = lazy(async () => ({ default: (await import('./logs-chart')).LogsChart }));

/**
 * The request log: the lines per hour and the newest 50 lines matching a filter (a bad filter
 * says why).
 */
export function LogsPanel() {
  const t = messages();
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter.trim(), 400);
  const logs = useQuery({
    ...operatorLogQueries.logs(debounced),
    placeholderData: keepPreviousData,
  });
  const problem = logs.isError ? describeError(logs.error).error : null;
  return (
    <Stack gap="sm">
      <TextInput
        label={t.operator.logFilter}
        description={t.operator.logFilterHint}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        error={problem}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        maw={720}
      />
      {!problem && (
        <Suspense fallback={<Loader size="sm" aria-label={t.operator.requestsOverTime} />}>
          <LogsChart filter={debounced} />
        </Suspense>
      )}
      {logs.isPending && <Loader aria-label={t.operator.logs} />}
      {logs.isError && !problem && <Alert color="red">{t.operator.couldNotLoad}</Alert>}
      {logs.data && (
        <>
          <Text size="sm" c="dimmed">
            {t.operator.newest50(logs.data.totalItems)}
          </Text>
          {logs.data.items.length === 0 ? (
            <Text size="sm">{t.operator.noLogs}</Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table fz="sm" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.operator.time}</Table.Th>
                    <Table.Th>{t.operator.request}</Table.Th>
                    <Table.Th>{t.operator.status}</Table.Th>
                    <Table.Th>{t.operator.duration}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {logs.data.items.map((line) => (
                    <Table.Tr key={line.id}>
                      {/* The date above the time: on a phone the request keeps the room. */}
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <div>{line.created.slice(0, 10)}</div>
                        <div>{line.created.slice(11, 19)}</div>
                      </Table.Td>
                      <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {line.message}
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          color={(line.data.status ?? 0) >= 400 ? 'red' : 'green'}
                          variant="light"
                        >
                          {line.data.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {t.operator.ms(line.data.execTime ?? 0)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
