import { Alert, Anchor, Badge, Loader, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { operatorQueries } from './queries';

/** Whether the server answers, its version and what it sees of the operator's connection. */
export function HealthPanel() {
  const t = messages();
  const health = useQuery(operatorQueries.health());
  const version = useQuery(operatorQueries.version());
  if (health.isPending) return <Loader aria-label={t.operator.health} />;
  if (health.isError) return <Alert color="red">{t.operator.serverDoesNotAnswer}</Alert>;
  const data = health.data.data as {
    canBackup?: boolean;
    realIP?: string;
    possibleProxyHeader?: string;
  };
  const rows: [string, ReactNode][] = [
    [
      t.operator.health,
      <Badge key="h" color="green" variant="light">
        {t.operator.serverAnswers}
      </Badge>,
    ],
    [t.operator.version, version.data ?? '…'],
    [t.operator.database, data.canBackup ? t.operator.yes : t.operator.no],
    [t.operator.yourAddress, data.realIP ?? ''],
    [t.operator.proxyHeader, data.possibleProxyHeader || t.operator.none],
  ];
  return (
    <Stack gap="sm">
      <Table fz="sm" maw={640}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Anchor component={Link} to="/api-docs" size="sm">
        {t.operator.apiDocs}
      </Anchor>
    </Stack>
  );
}
