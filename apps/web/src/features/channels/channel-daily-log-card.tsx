import { todayIn } from '@airgrid/domain';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { describeError } from '../../ui/forms/server-errors';
import { saveFile } from '../../ui/save-file';
import { SectionCard } from '../../ui/section-card';
import { toast } from '../../ui/toast';
import { dailyLogCsv } from './queries';

/**
 * The channel page's daily log (issue 40, item 5), for a channel whose own playout airs the
 * schedule: one day's programmes and the spots placed among them, downloaded as CSV; and back
 * from the playout, its as-run log imported as proof of play (item 6: the CSV importer's
 * as-run target, `?import=as-run-log&channel=<id>#upload-csv`), for those who may.
 */
export function DailyLogCard({
  channel,
  canManage,
}: {
  channel: ChannelRecord;
  canManage: boolean;
}) {
  const t = messages().channels;
  const [day, setDay] = useState(() => todayIn(channel.timeZone, Date.now()));
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      saveFile(await dailyLogCsv(channel.id, day), `log-${channel.slug}-${day}.csv`);
    } catch (failure) {
      toast({
        severity: 'error',
        summary: t.dailyLogNotDownloaded,
        detail: describeError(failure).error ?? undefined,
        group: 'daily-log-download',
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <SectionCard title={t.dailyLog}>
      <Text size="sm" c="dimmed">
        {t.dailyLogExplained}
      </Text>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={t.dailyLogDay}
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
          error={day === '' ? t.dailyLogChooseDay : undefined}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => void download()}
          loading={downloading}
          disabled={day === ''}
        >
          {t.asRunDownload}
        </Button>
      </Group>
      {canManage && (
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" maw={560}>
            {t.asRunImportExplained}
          </Text>
          <Button
            component={Link}
            to={{
              search: `?import=as-run-log&channel=${encodeURIComponent(channel.id)}`,
              hash: 'upload-csv',
            }}
            variant="light"
            leftSection={<IconFileImport size={16} />}
          >
            {t.importAsRunLog}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
