import { Alert, Badge, Button, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { toast } from '../../ui/toast';
import { operatorKeys, operatorQueries, retryJob } from './queries';

const COLORS: Record<string, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** Background jobs of every station: the newest 50, by state; a failed one can be retried. */
export function JobsPanel() {
  const t = messages();
  const [state, setState] = useState('failed');
  const jobs = useQuery(operatorQueries.jobs(state));
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: retryJob,
    onSuccess: async () => {
      toast({ severity: 'success', summary: t.operator.retried });
      await queryClient.invalidateQueries({ queryKey: [...operatorKeys.all, 'jobs'] });
    },
  });
  return (
    <Stack gap="sm">
      <Select
        label={t.operator.state}
        value={state}
        allowDeselect={false}
        onChange={(value) => setState(value ?? '')}
        data={[
          { value: '', label: t.operator.anyState },
          ...Object.entries(t.operator.states).map(([value, label]) => ({ value, label })),
        ]}
        maw={240}
      />
      {jobs.isPending && <Loader aria-label={t.operator.jobs} />}
      {jobs.isError && <Alert color="red">{t.operator.couldNotLoad}</Alert>}
      {jobs.data && jobs.data.items.length === 0 && <Text size="sm">{t.operator.noJobs}</Text>}
      {jobs.data && jobs.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.operator.kind}</Table.Th>
                <Table.Th>{t.operator.target}</Table.Th>
                <Table.Th>{t.operator.state}</Table.Th>
                <Table.Th>{t.operator.attempts}</Table.Th>
                <Table.Th>{t.operator.updated}</Table.Th>
                <Table.Th>{t.operator.error}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.items.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>{job.kind}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{job.target}</Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[job.state]} variant="light">
                      {t.operator.states[job.state] ?? job.state}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{job.attempts}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t.operator.utc(job.updated.slice(0, 16))}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{job.error}</Table.Td>
                  <Table.Td>
                    {job.state === 'failed' && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        loading={retry.isPending && retry.variables === job.id}
                        onClick={() => retry.mutate(job.id)}
                        aria-label={`${t.operator.retry} ${job.kind} ${job.target}`}
                      >
                        {t.operator.retry}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
