import { formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import type { GuideChannel, ShowRecord, TimeslotRecord } from '@airgrid/schema';
import { Alert, Button, Drawer, Group, List, Loader, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useEffect, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { isDraftShow } from '../../shared/shows/draft-shows';
import { describeError } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { DraftShowAlert } from './draft-show-alert';
import { timeslotQueries, updateTimeslot } from './queries';
import { editSeries } from './series-queries';
import type { ShowItem } from './show-list';
import { TimeslotFields } from './timeslot-fields';
import {
  cablecastTiming,
  collisionLines,
  type EditScope,
  explainTimeslotFailure,
  isImported,
  type PanelSave,
  planPanelSave,
  SCOPE_OPTIONS,
  type TimeslotValues,
  valuesOf,
} from './timeslot-form';
import { revertFields, type UndoWrite } from './undo';

/** The panel's width: the page scrolls the chart so the selected bar stays left of it. */
export const PANEL_WIDTH = 400;

type Loaded = TimeslotRecord & { expand?: { show?: ShowRecord } };

/** A panel save once sent: a series edit also counts the airings it wrote. */
type SavedPanel =
  | Exclude<PanelSave, { kind: 'series' }>
  | (Extract<PanelSave, { kind: 'series' }> & { count: number });

interface Props {
  /** The timeslot shown, or null when the panel is closed. */
  id: string | null;
  onClose: () => void;
  zone: string;
  channels: readonly GuideChannel[];
  shows: readonly ShowItem[];
  /** A change was saved: the page says so, with an Undo that runs `undo`. */
  onDone: (summary: string, undo: UndoWrite[]) => void;
  /** Delete was pressed: the page asks before deleting. */
  onDelete: (id: string) => void;
}

/** The side panel of a selected timeslot: its fields, Save, Cancel this airing, Delete. */
export function TimeslotPanel({ id, onClose, zone, channels, shows, onDone, onDelete }: Props) {
  const t = messages();
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={PANEL_WIDTH}
      title={t.timeslots.timeslot}
      withOverlay={false}
      lockScroll={false}
      shadow="xl"
    >
      {id !== null && (
        <PanelBody
          key={id}
          id={id}
          onClose={onClose}
          zone={zone}
          channels={channels}
          shows={shows}
          onDone={onDone}
          onDelete={onDelete}
        />
      )}
    </Drawer>
  );
}

function PanelBody({
  id,
  onClose,
  zone,
  channels,
  shows,
  onDone,
  onDelete,
}: Props & { id: string }) {
  const t = messages();
  const record = useQuery(timeslotQueries.record(id));
  if (record.isPending) return <Loader role="status" aria-label={t.timeslots.loadingTimeslot} />;
  if (record.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(record.error).error}
      </Alert>
    );
  }
  return (
    <PanelForm
      record={record.data}
      onClose={onClose}
      zone={zone}
      channels={channels}
      shows={shows}
      onDone={onDone}
      onDelete={onDelete}
    />
  );
}

interface FormProps extends Omit<Props, 'id'> {
  record: Loaded;
}

function PanelForm({ record, onClose, zone, channels, shows, onDone, onDelete }: FormProps) {
  const t = messages();
  const clock = useClockSetting();
  const imported = isImported(record);
  const timing = cablecastTiming(record, zone, clock);
  /** For an airing of a series: which airings a save applies to. */
  const [scope, setScope] = useState<EditScope>('this');
  const inSeries = record.recurrence !== '' && record.occurrence !== '';
  // The airings a series refusal lists, shown with the form's message (set by `explain`).
  const [collisions, setCollisions] = useState<string[]>([]);
  const title = record.expand?.show?.title ?? t.timeslots.timeslot;
  const plan = (values: TimeslotValues) =>
    planPanelSave(record, values, {
      zone,
      scope,
      channelZone: (id) => channels.find((channel) => channel.id === id)?.timeZone ?? zone,
    });
  /** A refusal as the form shows it: under the fields, else above them, with any collisions. */
  const explain = (failure: unknown) => {
    const data = failure instanceof ClientResponseError ? failure.response?.data : undefined;
    setCollisions(collisionLines(data));
    return explainTimeslotFailure(failure);
  };

  const form = useRecordForm<TimeslotValues, SavedPanel>({
    initialValues: () => valuesOf(record, zone),
    validate: (values) => {
      const planned = plan(values);
      return planned.ok ? {} : planned.errors;
    },
    save: async (values) => {
      const planned = plan(values);
      if (!planned.ok) throw new Error(Object.values(planned.errors).join(' '));
      const { save } = planned;
      if (save.kind === 'one') await updateTimeslot(record.id, save.changed);
      if (save.kind !== 'series') return save;
      // "This and following" or "The whole series": one server operation (no undo).
      const result = await editSeries(record.recurrence, {
        scope: save.scope,
        occurrence: record.occurrence,
        changes: save.changes,
      });
      return { ...save, count: result.updated + result.created };
    },
    onSaved: (saved) => {
      if (saved.kind === 'one') {
        onDone(t.timeslots.titleSaved(title), [revertFields(record, saved.changed)]);
      } else if (saved.kind === 'series') {
        const which =
          saved.scope === 'following' ? t.timeslots.thisAndFollowingAirings : t.timeslots.theSeries;
        onDone(t.timeslots.seriesSaved(which, title, saved.count), []);
      }
      onClose();
    },
    explain,
  });

  // Another member's change (or an undo) reloads the record: the form takes the new values
  // unless the person has started editing.
  const [base, setBase] = useState(record);
  const { update } = form;
  useEffect(() => {
    if (record.updated === base.updated) return;
    setBase(record);
    update((current) =>
      JSON.stringify(current) === JSON.stringify(valuesOf(base, zone))
        ? valuesOf(record, zone)
        : current,
    );
  }, [record, base, zone, update]);

  const choices = shows.some((show) => show.id === record.show)
    ? shows
    : [{ id: record.show, title }, ...shows];

  const cancelAiring = () => {
    const fields = { status: 'cancelled' };
    return form.run({
      name: 'cancel',
      save: () => updateTimeslot(record.id, fields),
      onSaved: () => {
        onDone(t.timeslots.titleCancelled(title), [revertFields(record, fields)]);
        onClose();
      },
      explain,
    });
  };

  // Restore is the List tab's restore: the status back to scheduled, with an Undo that cancels
  // it again. The server refuses it, with the show in the way, if the time was booked since.
  const restoreAiring = () => {
    const fields = { status: 'scheduled' };
    return form.run({
      name: 'restore',
      save: () => updateTimeslot(record.id, fields),
      onSaved: () => {
        onDone(t.timeslots.titleRestored(title), [revertFields(record, fields)]);
        onClose();
      },
      explain,
    });
  };

  const start = fromRecordDate(record.start) ?? 0;
  const show = record.expand?.show;
  // A draft's airing still airs (and the guide lists it): warned of while it is yet to end.
  const airsAsDraft =
    show !== undefined &&
    isDraftShow(show.status) &&
    record.status !== 'cancelled' &&
    start + record.durationSec * 1000 > Date.now();
  return (
    <form onSubmit={form.submit} noValidate aria-label={t.timeslots.timeslotTitle(title)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {title}, {formatUsDateTime(start, zone)}
          {record.status === 'cancelled' ? t.timeslots.cancelledSuffix : ''}
        </Text>
        {airsAsDraft && <DraftShowAlert show={show} timeslot={record.id} />}
        {imported && (
          <Alert color="blue" variant="light" role="note" title={t.timeslots.importedFromCablecast}>
            <Stack gap={4}>
              <Text size="sm">{t.timeslots.importedExplained}</Text>
              {timing && <Text size="sm">{timing}</Text>}
            </Stack>
          </Alert>
        )}
        {record.recurrence !== '' && !inSeries && (
          <Alert color="blue" variant="light">
            {t.timeslots.thisAiringBelongsToA}
          </Alert>
        )}
        {inSeries && (
          <Radio.Group
            label={t.timeslots.partOfASeriesSave}
            value={scope}
            onChange={(value) => setScope(value as EditScope)}
          >
            <Group gap="md" mt={4}>
              {SCOPE_OPTIONS.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
            {collisions.length > 0 && (
              <List size="sm" mt={4}>
                {collisions.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <TimeslotFields
          values={form.values}
          errors={form.errors}
          onChange={(next) => update(() => next)}
          channels={channels}
          shows={choices}
          zone={zone}
          withLocked
          onlyNote={imported}
        />
        <Group justify="space-between">
          <Group gap="xs">
            <Button type="submit" loading={form.pending === 'submit'} disabled={form.busy}>
              {t.common.save}
            </Button>
            {record.status === 'cancelled' ? (
              <Button
                variant="default"
                loading={form.pending === 'restore'}
                disabled={form.busy || imported}
                onClick={() => void restoreAiring()}
              >
                {t.timeslots.restoreThisAiring}
              </Button>
            ) : (
              <Button
                variant="default"
                loading={form.pending === 'cancel'}
                disabled={form.busy || imported}
                onClick={() => void cancelAiring()}
              >
                {t.timeslots.cancelThisAiring}
              </Button>
            )}
          </Group>
          <Button
            color="red"
            variant="subtle"
            disabled={form.busy || imported}
            onClick={() => onDelete(record.id)}
          >
            {t.common.delete}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
