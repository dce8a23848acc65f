import { todayIn } from '@airgrid/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { saveFile } from '../../ui/save-file';
import { SectionCard } from '../../ui/section-card';
import { toast } from '../../ui/toast';
import {
  type CampaignDetail,
  type DayPeriod,
  flightPeriod,
  lastMonth,
  periodProblems,
} from './campaigns-model';
import { affidavitFile, type DownloadedFile, invoiceFile } from './queries';

type Download = 'pdf' | 'csv' | 'invoice';

/**
 * The campaign page's affidavit and invoice (issue 40, item 7): a period (the flight unless
 * another is chosen, or last month for monthly billing), the affidavit as PDF or CSV for every
 * member, and the invoice for owners and admins (it carries the station's bank details).
 */
export function AffidavitCard({
  campaign,
  zone,
  canInvoice,
}: {
  campaign: CampaignDetail;
  zone: string;
  canInvoice: boolean;
}) {
  const t = messages().campaigns;
  const [period, setPeriod] = useState<DayPeriod>(() => flightPeriod(campaign));
  const [pending, setPending] = useState<Download | null>(null);
  const [tried, setTried] = useState(false);
  const problems = periodProblems(period);
  const shown = tried ? problems : {};

  async function download(which: Download) {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    setPending(which);
    try {
      const file: DownloadedFile =
        which === 'invoice'
          ? await invoiceFile(campaign.id, period)
          : await affidavitFile(campaign.id, which, period);
      saveFile(file.blob, file.name);
    } catch (failure) {
      toast({
        severity: 'error',
        summary: t.documentNotDownloaded,
        detail: describeError(failure).error ?? undefined,
        group: 'campaign-document',
      });
    } finally {
      setPending(null);
    }
  }

  const button = (which: Download, label: string) => (
    <Button
      variant="default"
      leftSection={which === 'invoice' ? <IconFileInvoice size={16} /> : <IconDownload size={16} />}
      loading={pending === which}
      disabled={pending !== null && pending !== which}
      onClick={() => void download(which)}
    >
      {label}
    </Button>
  );

  return (
    <SectionCard title={t.documents}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.documentsExplained}
        </Text>
        <Group align="flex-start" gap="sm">
          <TextInput
            type="date"
            label={t.periodFrom}
            value={period.from}
            onChange={(event) => setPeriod({ ...period, from: event.currentTarget.value })}
            error={shown.from}
            w={{ base: '100%', xs: 180 }}
          />
          <TextInput
            type="date"
            label={t.periodTo}
            value={period.to}
            onChange={(event) => setPeriod({ ...period, to: event.currentTarget.value })}
            error={shown.to}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setPeriod(flightPeriod(campaign))}
          >
            {t.wholeFlight}
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setPeriod(lastMonth(todayIn(zone, Date.now())))}
          >
            {t.lastMonth}
          </Button>
        </Group>
        <Group gap="sm">
          {button('pdf', t.affidavitPdf)}
          {button('csv', t.affidavitCsv)}
          {canInvoice && button('invoice', t.invoicePdf)}
        </Group>
        {!canInvoice && (
          <Text size="xs" c="dimmed">
            {t.invoicesForAdmins}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
