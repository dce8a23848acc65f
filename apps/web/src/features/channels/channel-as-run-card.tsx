import { todayIn } from '@airgrid/domain';
import { Badge, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { describeError } from '../../ui/forms/server-errors';
import { saveFile } from '../../ui/save-file';
import { SectionCard } from '../../ui/section-card';
import { toast } from '../../ui/toast';
import { asRunLines, exportRange, KIND_COLORS } from './as-run-model';
import { asRunCsv, channelQueries } from './queries';

/** Entries shown at first, and added by each "Show more". */
const PAGE = 20;

/**
 * The channel page's as-run log, for a channel airing through Airgrid playout: the latest items
 * aired (newest first, more on demand) and a CSV download of chosen days.
 */
export function AsRunCard({ channel }: { channel: ChannelRecord }) {
  const t = messages().channels;
  const [count, setCount] = useState(PAGE);
  const today = todayIn(channel.timeZone, Date.now());
  const [first, setFirst] = useState(today);
  const [last, setLast] = useState(today);
  const [downloading, setDownloading] = useState(false);
  const log = useQuery(channelQueries.asRun(channel.id, count));
  const range = exportRange(first, last, channel.timeZone);

  async function download() {
    if ('error' in range) return;
    setDownloading(true);
    try {
      saveFile(
        await asRunCsv(channel.id, range.from, range.to),
        `as-run-${channel.slug}-${first}-${last}.csv`,
      );
    } catch (failure) {
      toast({
        severity: 'error',
        summary: t.asRunNotDownloaded,
        detail: describeError(failure).error ?? undefined,
        group: 'as-run-download',
      });
    } finally {
      setDownloading(false);
    }
  }

  let body: React.ReactNode;
  if (log.isPending) body = <Loader role="status" size="sm" aria-label={t.loadingAsRun} />;
  else if (log.isError)
    body = (
      <Text c="red" role="alert">
        {describeError(log.error).error}
      </Text>
    );
  else if (log.data.items.length === 0) body = <Text c="dimmed">{t.asRunEmpty}</Text>;
  else
    body = (
      <Stack gap="xs">
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} aria-label={t.asRunLog}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.asRunAired}</Table.Th>
                <Table.Th>{t.asRunKind}</Table.Th>
                <Table.Th>{t.asRunShow}</Table.Th>
                <Table.Th ta="right">{t.asRunDuration}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {asRunLines(log.data.items, channel.timeZone).map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text span size="sm" c="dimmed">
                      {line.date}
                    </Text>{' '}
                    {line.times}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={KIND_COLORS[line.kind]}>
                      {line.kindLabel}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{line.title}</Table.Td>
                  <Table.Td ta="right">{line.duration}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {log.data.more && (
          <Group>
            <Button variant="default" size="xs" onClick={() => setCount(count + PAGE)}>
              {t.asRunShowMore}
            </Button>
          </Group>
        )}
      </Stack>
    );

  return (
    <SectionCard title={t.asRunLog}>
      <Text size="sm" c="dimmed">
        {t.asRunExplained}
      </Text>
      {body}
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={t.asRunFirstDay}
          value={first}
          onChange={(event) => setFirst(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t.asRunLastDay}
          value={last}
          onChange={(event) => setLast(event.currentTarget.value)}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => void download()}
          loading={downloading}
          disabled={'error' in range}
        >
          {t.asRunDownload}
        </Button>
      </Group>
      {'error' in range && (
        <Text size="sm" c="red" role="alert">
          {range.error}
        </Text>
      )}
    </SectionCard>
  );
}
