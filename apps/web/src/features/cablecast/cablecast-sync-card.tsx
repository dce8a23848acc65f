import { formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import type { CablecastConnectionRecord, CablecastSyncRecord } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { channelKeys, sharedChannelQueries } from '../../shared/channels/queries';
import { FormError } from '../../ui/form-error';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { cablecastKeys, cablecastQueries } from './cablecast-queries';
import {
  type ChannelChoice,
  choiceOptions,
  countsSentence,
  failingSince,
  foundChannels,
  intervalOptions,
  isActive,
  nextSyncAt,
  rowProblems,
  type SyncFormValues,
  type SyncRow,
  settingsBody,
  settingsKey,
  skippedCount,
  skippedOf,
  sortSyncs,
  syncFormOf,
  syncNowBlocked,
  tookText,
} from './cablecast-sync-model';
import {
  cablecastSyncKeys,
  cablecastSyncQueries,
  saveSyncSettings,
  syncNow,
  watchCablecastSyncs,
} from './cablecast-sync-queries';

const STATE_COLORS: Record<string, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

/** Row problems as form errors, by `rows.{index}`; the server's `channels` message joins them. */
function checkRows(values: SyncFormValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(rowProblems(values.rows)).map(([index, message]) => [`rows.${index}`, message]),
  );
}

/** Where each Cablecast channel goes, how often the sync runs, and Save. */
function SyncSettingsForm({
  organization,
  record,
  channels,
  zone,
}: {
  organization: string;
  record: CablecastConnectionRecord;
  channels: readonly ChannelChoice[];
  zone: string;
}) {
  const t = messages();
  const clock = useClockSetting();
  const form: RecordForm<SyncFormValues, CablecastConnectionRecord> = useRecordForm({
    initialValues: () => syncFormOf(record, channels),
    validate: checkRows,
    serverFields: ['channels', 'syncEveryMinutes'],
    save: (values) => saveSyncSettings(settingsBody(values)),
    // A "new" choice made a channel: the channel lists are stale too.
    invalidate: [cablecastKeys.one(organization), channelKeys.all],
    success: () => t.cablecastSync.saved,
  });
  const setRow = (index: number, choice: string) => {
    form.update((values) => ({
      ...values,
      rows: values.rows.map((row, at) => (at === index ? { ...row, choice } : row)),
    }));
    // The messages were about the choices replaced.
    if (Object.keys(form.errors).some((name) => name.startsWith('rows.') || name === 'channels'))
      form.setErrors(
        Object.fromEntries(
          Object.entries(form.errors).filter(
            ([name]) => !name.startsWith('rows.') && name !== 'channels',
          ),
        ),
      );
  };
  const next = nextSyncAt(record);
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <Stack gap="sm" role="group" aria-label={t.cablecastSync.channels}>
          {form.values.rows.map((row: SyncRow, index) => (
            <Select
              key={row.cablecast}
              label={row.name}
              description={t.cablecastSync.importsInto}
              data={choiceOptions(row, channels)}
              value={row.choice}
              allowDeselect={false}
              error={form.errors[`rows.${index}`]}
              onChange={(choice) => choice !== null && setRow(index, choice)}
              maw={480}
            />
          ))}
          {form.errors.channels && (
            <Text size="sm" c="red.8" role="alert">
              {form.errors.channels}
            </Text>
          )}
        </Stack>
        <Select
          label={t.cablecastSync.syncByItself}
          data={intervalOptions()}
          value={form.values.every}
          allowDeselect={false}
          error={form.errors.syncEveryMinutes}
          onChange={(every) => every !== null && form.set({ every })}
          maw={480}
          description={
            next === null
              ? undefined
              : t.cablecastSync.nextSync(formatUsDateTime(next, zone, clock))
          }
        />
        <Group>
          <Button type="submit" loading={form.busy}>
            {t.cablecastSync.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One run in the history: state, trigger, when, how long, counts, and what was skipped. */
function SyncItem({ sync, zone }: { sync: CablecastSyncRecord; zone: string }) {
  const t = messages();
  const clock = useClockSetting();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const created = fromRecordDate(sync.created);
  const counts = countsSentence(sync);
  const listed = skippedOf(sync);
  const skipped = skippedCount(sync);
  return (
    <Paper withBorder p="sm" radius="sm" component="li">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge color={STATE_COLORS[sync.state] ?? 'gray'} variant="light" tt="none">
            {t.cablecastSync.stateLabels[sync.state] ?? sync.state}
          </Badge>
          {isActive(sync) && <Loader size="xs" aria-hidden />}
          <Text size="sm" fw={500}>
            {t.cablecastSync.triggerLabels[sync.trigger] ?? sync.trigger}
          </Text>
          <Text size="sm" c="dimmed">
            {[created === null ? '' : formatUsDateTime(created, zone, clock), tookText(sync)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Group>
        {counts && <Text size="sm">{counts}</Text>}
        {sync.state === 'failed' && (
          <Text size="sm" c="red.8">
            {sync.error} {t.cablecastSync.nothingWritten}
          </Text>
        )}
        {listed.length > 0 && (
          <>
            <Anchor
              component="button"
              type="button"
              size="sm"
              w="fit-content"
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? t.cablecastSync.hideSkipped : t.cablecastSync.showSkipped(skipped)}
            </Anchor>
            {open && (
              <List size="sm" id={listId} aria-label={t.cablecastSync.skippedList} spacing={2}>
                {listed.map((entry, at) => (
                  // The same run can be skipped for two reasons: the index keeps keys apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own
                  <List.Item key={`${entry.externalId}-${at}`}>
                    {t.cablecastSync.skippedItem(entry.externalId, entry.reason)}
                  </List.Item>
                ))}
                {skipped > listed.length && (
                  <List.Item>{t.cablecastSync.skippedMore(skipped - listed.length)}</List.Item>
                )}
              </List>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Sync now, and the latest runs, live. */
function SyncHistory({
  organization,
  record,
  zone,
}: {
  organization: string;
  record: CablecastConnectionRecord;
  zone: string;
}) {
  const t = messages();
  const queryClient = useQueryClient();
  const list = useQuery(cablecastSyncQueries.list(organization));
  const [starting, setStarting] = useState(false);
  const blocked = syncNowBlocked(record);
  const blockedId = useId();

  // Runs change on the server (queued, running, done): show each step without a reload (the
  // list also polls while a run is under way, should realtime be cut).
  useEffect(
    () =>
      watchCablecastSyncs(() => {
        void queryClient.invalidateQueries({ queryKey: cablecastSyncKeys.list(organization) });
      }),
    [queryClient, organization],
  );

  // A run that finishes moves the connection's failing streak and next sync, which the banner
  // and the schedule read: the connection is read again then (not on the first load).
  const latest = list.data?.[0];
  const finished = latest && !isActive(latest) ? latest.id : '';
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (list.data === undefined) return;
    if (seen.current !== null && finished !== '' && finished !== seen.current)
      void queryClient.invalidateQueries({ queryKey: cablecastKeys.one(organization) });
    seen.current = finished;
  }, [finished, list.data, queryClient, organization]);

  async function start() {
    setStarting(true);
    await runAction(
      {
        save: () => syncNow(),
        invalidate: [cablecastSyncKeys.list(organization)],
        success: () => t.cablecastSync.syncQueued,
        failure: { summary: t.cablecastSync.notSynced, group: 'cablecast-sync' },
      },
      appEffects(queryClient),
    );
    setStarting(false);
  }

  let body: ReactNode;
  if (list.isPending)
    body = <Loader role="status" aria-label={t.cablecastSync.loadingHistory} size="sm" />;
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(list.error).error}
      </Alert>
    );
  else if (list.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t.cablecastSync.noSyncs}
      </Text>
    );
  else
    body = (
      <Stack
        gap="xs"
        component="ul"
        aria-label={t.cablecastSync.history}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {sortSyncs(list.data).map((sync) => (
          <SyncItem key={sync.id} sync={sync} zone={zone} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Group gap="sm" align="center" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={starting}
          disabled={blocked !== null}
          onClick={start}
          aria-describedby={blocked === null ? undefined : blockedId}
        >
          {t.cablecastSync.syncNow}
        </Button>
        {blocked !== null && (
          <Text size="sm" c="dimmed" id={blockedId}>
            {blocked}
          </Text>
        )}
      </Group>
      <Title order={3} size="h5">
        {t.cablecastSync.history}
      </Title>
      {body}
    </Stack>
  );
}

/** The channel map's form once the station's channels are read. */
function SyncSettings({
  organization,
  record,
  zone,
}: {
  organization: string;
  record: CablecastConnectionRecord;
  zone: string;
}) {
  const t = messages();
  const channels = useQuery(sharedChannelQueries.list(organization));
  if (channels.isPending)
    return <Loader role="status" aria-label={t.cablecastSync.loadingChannels} size="sm" />;
  if (channels.isError)
    return (
      <Alert color="red" role="alert">
        {describeError(channels.error).error}
      </Alert>
    );
  return (
    // Starts over when the saved settings, the last test or the channels change (a "new"
    // choice's channel may arrive after the saved map), not on a sync's bookkeeping.
    <SyncSettingsForm
      key={`${settingsKey(record)}|${channels.data.map((channel) => channel.id).join(',')}`}
      organization={organization}
      record={record}
      channels={channels.data}
      zone={zone}
    />
  );
}

/**
 * Channels and sync (owners and admins; issue 19): once the Cablecast connection is saved and
 * its test found channels, which of them come into which Airgrid channel, how often, Sync now,
 * and the latest runs with what they did, or why they failed.
 */
export function CablecastSyncCard({ organization, zone }: { organization: string; zone: string }) {
  const t = messages();
  const clock = useClockSetting();
  const connection = useQuery(cablecastQueries.one(organization));
  const record = connection.data ?? null;
  // Nothing to map before a connection is saved: the Cablecast card says what to do.
  if (record === null) return null;
  const failing = failingSince(record);
  const found = foundChannels(record).length > 0;
  return (
    <SectionCard title={t.cablecastSync.title}>
      <Stack gap="md">
        <Text size="sm">{t.cablecastSync.intro}</Text>
        {failing !== null && (
          <Alert color="orange" role="alert" title={t.cablecastSync.failingTitle}>
            {t.cablecastSync.failingSince(formatUsDateTime(failing, zone, clock))}
          </Alert>
        )}
        {found ? (
          <SyncSettings organization={organization} record={record} zone={zone} />
        ) : (
          <Text size="sm" c="dimmed">
            {t.cablecastSync.testFirst}
          </Text>
        )}
        <SyncHistory organization={organization} record={record} zone={zone} />
      </Stack>
    </SectionCard>
  );
}
