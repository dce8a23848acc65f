import { formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import type { GuideChannel, ShowRecord, TimeslotRecord } from '@airgrid/schema';
import { Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { describeError } from '../../ui/forms/server-errors';
import { timeslotQueries, updateTimeslot } from './queries';
import type { ShowItem } from './show-list';
import { TimeslotFields } from './timeslot-fields';
import {
  changedFields,
  checkTimeslot,
  placeServerErrors,
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
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={PANEL_WIDTH}
      title="Timeslot"
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
  const record = useQuery(timeslotQueries.record(id));
  if (record.isPending) return <Loader aria-label="Loading timeslot" />;
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
  const [values, setValues] = useState<TimeslotValues>(() => valuesOf(record, zone));
  const [errors, setErrors] = useState<TimeslotErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'cancel' | null>(null);

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

  const title = record.expand?.show?.title ?? 'Timeslot';
  const choices = shows.some((show) => show.id === record.show)
    ? shows
    : [{ id: record.show, title }, ...shows];

  const write = async (
    fields: Record<string, unknown>,
    summary: string,
    kind: 'save' | 'cancel',
  ) => {
    setBusy(kind);
    setFormError(null);
    try {
      await updateTimeslot(record.id, fields);
      onDone(summary, [revertFields(record, fields)]);
      onClose();
    } catch (error) {
      const described = describeError(error);
      const placed = placeServerErrors(described.fieldErrors);
      setErrors(placed.errors);
      const placedSome = Object.keys(placed.errors).length > 0;
      setFormError(
        [placedSome ? null : described.error, ...placed.rest].filter(Boolean).join(' ') || null,
      );
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
    void write(changed, `${title} saved`, 'save');
  };

  const start = fromRecordDate(record.start) ?? 0;
  return (
    <form onSubmit={save} noValidate aria-label={`Timeslot: ${title}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {title}, {formatUsDateTime(start, zone)}
          {record.status === 'cancelled' ? ' (cancelled)' : ''}
        </Text>
        {record.recurrence !== '' && (
          <Alert color="blue" variant="light">
            This airing belongs to a series: changes here apply to this airing only.
          </Alert>
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
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
              Save
            </Button>
            {record.status !== 'cancelled' && (
              <Button
                variant="default"
                loading={busy === 'cancel'}
                disabled={busy !== null}
                onClick={() => void write({ status: 'cancelled' }, `${title} cancelled`, 'cancel')}
              >
                Cancel this airing
              </Button>
            )}
          </Group>
          <Button
            color="red"
            variant="subtle"
            disabled={busy !== null}
            onClick={() => onDelete(record.id)}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
