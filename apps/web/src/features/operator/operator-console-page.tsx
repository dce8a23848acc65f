import { Alert, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { BackupsPanel } from './backups-panel';
import { HealthPanel } from './health-panel';
import { JobsPanel } from './jobs-panel';
import { LogsPanel } from './logs-panel';
import { MailPanel } from './mail-panel';
import { operatorQueries } from './queries';

const TABS = ['health', 'mail', 'logs', 'backups', 'jobs', 'superusers'] as const;

/** /operator: the server itself, for superusers (the tab is kept in `?tab=`). */
export function OperatorConsolePage() {
  const t = messages();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((each) => each === asked) ?? 'health';
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t.operator.console}
        </Title>
        <Text c="dimmed">{t.operator.consoleLead}</Text>
      </div>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value && value !== 'health' ? { tab: value } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="health">{t.operator.health}</Tabs.Tab>
          <Tabs.Tab value="mail">{t.operator.settings}</Tabs.Tab>
          <Tabs.Tab value="logs">{t.operator.logs}</Tabs.Tab>
          <Tabs.Tab value="backups">{t.operator.backups}</Tabs.Tab>
          <Tabs.Tab value="jobs">{t.operator.jobs}</Tabs.Tab>
          <Tabs.Tab value="superusers">{t.operator.superusers}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="health" pt="md">
          <HealthPanel />
        </Tabs.Panel>
        <Tabs.Panel value="mail" pt="md">
          <MailPanel />
        </Tabs.Panel>
        <Tabs.Panel value="logs" pt="md">
          <LogsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="backups" pt="md">
          <BackupsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="jobs" pt="md">
          <JobsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="superusers" pt="md">
          <Superusers />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Superusers() {
  const t = messages();
  const list = useQuery(operatorQueries.superusers());
  if (list.isPending) return <Loader aria-label={t.operator.superusers} />;
  if (list.isError) return <Alert color="red">{t.operator.couldNotLoad}</Alert>;
  return (
    <Table fz="sm" maw={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.operator.email}</Table.Th>
          <Table.Th>{t.operator.created}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.data.map((record) => (
          <Table.Tr key={record.id}>
            <Table.Td>{String(record.email)}</Table.Td>
            <Table.Td>{String(record.created).slice(0, 10)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
