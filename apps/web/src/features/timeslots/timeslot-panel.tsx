import { formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import type { GuideChannel, ShowRecord, TimeslotRecord } from '@airgrid/schema';
import { Alert, Button, Drawer, Group, List, Loader, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { type FormEvent, useEffect, useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { timeslotQueries, updateTimeslot } from './queries';
import { editSeries } from './series-queries';
import type { ShowItem } from './show-list';
import { TimeslotFields } from './timeslot-fields';
import {
  changedFields,
  checkTimeslot,
  collisionLines,
  type EditScope,
  placeServerErrors,
  SCOPE_OPTIONS,
  seriesChanges,
  type TimeslotErrors,
  type TimeslotValues,
  valuesOf,
} from './timeslot-form';
import { revertFields, type UndoWrite } from './undo';

/** The panel's width: the page scrolls the chart so the selected bar stays left of it. */
export const PANEL_WIDTH = 400;

type Loaded = TimeslotRecord & { expand?: { show?: ShowRecord } };

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
  const [values, setValues] = useState<TimeslotValues>(() => valuesOf(record, zone));
  const [errors, setErrors] = useState<TimeslotErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [collisions, setCollisions] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'cancel' | null>(null);
  /** For an airing of a series: which airings a save applies to. */
  const [scope, setScope] = useState<EditScope>('this');
  const inSeries = record.recurrence !== '' && record.occurrence !== '';

  // Another member's change (or an undo) reloads the record: the form takes the new values
  // unless the person has started editing.
  const [base, setBase] = useState(record);
  useEffect(() => {
    if (record.updated === base.updated) return;
    setBase(record);
    setValues((current) =>
      JSON.stringify(current) === JSON.stringify(valuesOf(base, zone))
        ? valuesOf(record, zone)
        : current,
    );
  }, [record, base, zone]);

  const title = record.expand?.show?.title ?? t.timeslots.timeslot;
  const choices = shows.some((show) => show.id === record.show)
    ? shows
    : [{ id: record.show, title }, ...shows];

  /** A refusal as the form shows it: under the fields, else above them, with any collisions. */
  const showFailure = (error: unknown) => {
    const described = describeError(error);
    setCollisions(error instanceof ClientResponseError ? collisionLines(error.response?.data) : []);
    const placed = placeServerErrors(described.fieldErrors);
    setErrors(placed.errors);
    const placedSome = Object.keys(placed.errors).length > 0;
    setFormError(
      [placedSome ? null : described.error, ...placed.rest].filter(Boolean).join(' ') || null,
    );
  };

  const write = async (
    fields: Record<string, unknown>,
    summary: string,
    kind: 'save' | 'cancel',
  ) => {
    setBusy(kind);
    setFormError(null);
    setCollisions([]);
    try {
      await updateTimeslot(record.id, fields);
      onDone(summary, [revertFields(record, fields)]);
      onClose();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  };

  /** "This and following" or "The whole series": one server operation (no undo). */
  const writeSeries = async (changed: ReturnType<typeof changedFields>, seriesScope: EditScope) => {
    const channelZone =
      channels.find((channel) => channel.id === (changed.channel ?? record.channel))?.timeZone ??
      zone;
    const series = seriesChanges(record, changed, channelZone);
    if (!series.ok) {
      setErrors(series.errors);
      return;
    }
    setBusy('save');
    setFormError(null);
    setCollisions([]);
    try {
      const result = await editSeries(record.recurrence, {
        scope: seriesScope === 'following' ? 'following' : 'series',
        occurrence: record.occurrence,
        changes: series.changes,
      });
      const count = result.updated + result.created;
      const which =
        seriesScope === 'following' ? t.timeslots.thisAndFollowingAirings : t.timeslots.theSeries;
      onDone(t.timeslots.seriesSaved(which, title, count), []);
      onClose();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTimeslot(values, zone);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const changed = changedFields(record, checked.fields);
    if (Object.keys(changed).length === 0) {
      onClose();
      return;
    }
    if (inSeries && scope !== 'this') void writeSeries(changed, scope);
    else void write(changed, t.timeslots.titleSaved(title), 'save');
  };

  const start = fromRecordDate(record.start) ?? 0;
  return (
    <form onSubmit={save} noValidate aria-label={t.timeslots.timeslotTitle(title)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {title}, {formatUsDateTime(start, zone)}
          {record.status === 'cancelled' ? t.timeslots.cancelledSuffix : ''}
        </Text>
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
        {formError && (
          <Alert color="red" role="alert">
            {formError}
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
          values={values}
          errors={errors}
          onChange={setValues}
          channels={channels}
          shows={choices}
          zone={zone}
          withLocked
        />
        <Group justify="space-between">
          <Group gap="xs">
            <Button type="submit" loading={busy === 'save'} disabled={busy !== null}>
              {t.common.save}
            </Button>
            {record.status !== 'cancelled' && (
              <Button
                variant="default"
                loading={busy === 'cancel'}
                disabled={busy !== null}
                onClick={() =>
                  void write({ status: 'cancelled' }, t.timeslots.titleCancelled(title), 'cancel')
                }
              >
                {t.timeslots.cancelThisAiring}
              </Button>
            )}
          </Group>
          <Button
            color="red"
            variant="subtle"
            disabled={busy !== null}
            onClick={() => onDelete(record.id)}
          >
            {t.common.delete}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
