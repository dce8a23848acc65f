import { addDays, formatDuration } from '@airgrid/domain';
import { ActionIcon, Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { saveFile } from '../../ui/save-file';
import { SectionCard } from '../../ui/section-card';
import { coverageCsv, formatShare } from './coverage-model';
import { captionQueries } from './queries';

const hours = (seconds: number) => (seconds > 0 ? formatDuration(seconds, 'length') : '0:00');

/** Caption coverage per channel for a week, with the previous and next weeks and a CSV. */
export function CoverageCard({ organization }: { organization: string }) {
  const t = messages().captions;
  const [week, setWeek] = useState('');
  const report = useQuery({
    ...captionQueries.coverage(organization, week),
    placeholderData: keepPreviousData,
  });
  const shown = report.data;
  const move = (days: number) => shown && setWeek(addDays(shown.week, days));

  function download() {
    if (!shown) return;
    saveFile(
      new Blob([coverageCsv(shown)], { type: 'text/csv;charset=utf-8' }),
      `caption-coverage-${shown.week}.csv`,
    );
  }

  let body: React.ReactNode;
  if (report.isPending) body = <Loader role="status" aria-label={t.coverage} />;
  else if (report.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(report.error).error}
      </Alert>
    );
  else if (report.data.channels.length === 0) body = <Text c="dimmed">{t.noChannels}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label={t.coverage}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.channel}</Table.Th>
              <Table.Th>{t.language}</Table.Th>
              <Table.Th ta="right">{t.scheduled}</Table.Th>
              <Table.Th ta="right">{t.captioned}</Table.Th>
              <Table.Th ta="right">{t.share}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.data.channels.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {row.number > 0 ? `${row.number} · ` : ''}
                  {row.name}
                </Table.Td>
                <Table.Td>{row.language || t.anyLanguage}</Table.Td>
                <Table.Td ta="right">{hours(row.scheduledSec)}</Table.Td>
                <Table.Td ta="right">{hours(row.captionedSec)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatShare(row.share, row.scheduledSec)}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={600}>{t.allChannels}</Table.Td>
              <Table.Td />
              <Table.Td ta="right">{hours(report.data.total.scheduledSec)}</Table.Td>
              <Table.Td ta="right">{hours(report.data.total.captionedSec)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatShare(report.data.total.share, report.data.total.scheduledSec)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <SectionCard title={t.coverage}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.coverageIntro}
        </Text>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <ActionIcon variant="default" aria-label={t.previousWeek} onClick={() => move(-7)}>
              <IconChevronLeft size={16} />
            </ActionIcon>
            <Text fw={600} aria-live="polite">
              {shown ? t.weekOf(shown.week) : ''}
            </Text>
            <ActionIcon variant="default" aria-label={t.nextWeek} onClick={() => move(7)}>
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={download}
            disabled={!shown}
          >
            {t.downloadCsv}
          </Button>
        </Group>
        {body}
      </Stack>
    </SectionCard>
  );
}
