import { todayIn, WEEKDAYS, type Weekday } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { ClientResponseError } from 'pocketbase';
import { type FormEvent, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { createRecurrence, deleteRecurrence, expandRecurrence } from './queries';
import {
  buildRule,
  DAY_LABELS,
  describeRepeat,
  EMPTY_REPEAT,
  END_KINDS,
  END_LABELS,
  type EndKind,
  expandWindow,
  firstStart,
  ORDINAL_LABELS,
  ORDINALS,
  REPEAT_KINDS,
  REPEAT_LABELS,
  type RepeatForm,
  type RepeatKind,
  repeatFromRule,
  scheduledMessage,
  weekdayOf,
} from './recurrence-form';
import { editSeries, type ListedRecurrence, type SeriesChanges } from './series-queries';

/** A show the form can pick. */
export interface ShowChoice {
  id: string;
  title: string;
  durationSec: number;
}

interface Collision {
  message?: string;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  organization: string;
  channels: readonly GuideChannel[];
  shows: readonly ShowChoice[];
  /** The airings were created: the page reads its window again. */
  onScheduled: () => void;
  /**
   * A recurrence to change instead of a new one: the form starts from its rule, and saving
   * changes its airings from the chosen date on (the earlier ones stay as they are).
   */
  editing?: ListedRecurrence | null;
}

interface Values {
  channel: string;
  show: string;
  date: string;
  time: string;
  durationMin: number | string;
}

type Errors = Partial<Record<string, string>>;

/** What saving answers: the airings made, or the ones a change touched. */
type Saved = { kind: 'created'; created: number } | { kind: 'changed'; message: string };

/** "Changed 3 airings, added 1, removed 2" / "Saved the rule". */
function changedMessage(result: { updated: number; created: number; removed: number }): string {
  const t = messages();
  const parts = [
    result.updated > 0 ? t.timeslots.changedAirings(result.updated) : '',
    result.created > 0 ? t.timeslots.addedCreated(result.created) : '',
    result.removed > 0 ? t.timeslots.removedRemoved(result.removed) : '',
  ].filter(Boolean);
  const text = parts.length > 0 ? parts.join(', ') : t.timeslots.savedTheRule;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The values the form starts from: empty, or the recurrence being edited from today on. */
function initialValues(editing: ListedRecurrence | null | undefined): Values {
  if (!editing) return { channel: '', show: '', date: '', time: '', durationMin: 30 };
  const today = todayIn(editing.timeZone, Date.now());
  const first = editing.startLocal.slice(0, 10);
  return {
    channel: editing.channel,
    show: editing.show,
    date: first > today ? first : today,
    time: editing.startLocal.slice(11, 16),
    durationMin: Math.round(editing.durationSec / 60),
  };
}

/** The client-side checks, before the server's: every field that is wrong, with a message. */
function check(values: Values, repeat: RepeatForm): { errors: Errors; rrule: string | null } {
  const t = messages();
  const errors: Errors = {};
  if (values.channel === '') errors.channel = t.timeslots.chooseAChannel;
  if (values.show === '') errors.show = t.timeslots.chooseAShow;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = t.timeslots.chooseTheFirstAiringS;
  if (!/^\d{2}:\d{2}$/.test(values.time)) errors.time = t.timeslots.chooseTheTimeItStarts;
  else if (Number(values.time.slice(3)) % 15 !== 0) {
    // Timeslots start on the quarter hour everywhere in the schedule.
    errors.time = t.timeslots.mustBeOnTheQuarter;
  }
  const minutes = Number(values.durationMin);
  if (!Number.isInteger(minutes) || minutes < 15 || minutes % 15 !== 0) {
    errors.durationMin = t.timeslots.mustBeAtLeast15;
  }
  const built = buildRule(repeat, values.date);
  if (!built.ok) errors[built.field] = built.message;
  return { errors, rrule: built.ok ? built.rrule : null };
}

/** The server's field names, as the form's. */
const SERVER_FIELDS: Record<string, string> = {
  channel: 'channel',
  show: 'show',
  startLocal: 'date',
  durationSec: 'durationMin',
  timeZone: 'channel',
  until: 'until',
};

/**
 * "New recurrence": a show airing on a channel on a repeating rule in the channel's zone. Saves
 * the recurrence, then creates its airings for the next 8 weeks, all or none.
 */
export function RecurrenceModal({
  opened,
  onClose,
  organization,
  channels,
  shows,
  onScheduled,
  editing,
}: Props) {
  const t = messages();
  const [repeat, setRepeat] = useState<RepeatForm>(() =>
    editing ? repeatFromRule(editing.rrule, editing.startLocal.slice(0, 10)) : EMPTY_REPEAT,
  );
  const initial = initialValues(editing);
  const [collisions, setCollisions] = useState<string[]>([]);
  const zoneOf = (id: string) => channels.find((one) => one.id === id)?.timeZone ?? 'UTC';
  const form = useRecordForm<Values, Saved | null>({
    initialValues: initial,
    validate: (values) => check(values, repeat).errors as Record<string, string>,
    save: async (values) => {
      if (editing) {
        const rrule = check(values, repeat).rrule;
        const changes: SeriesChanges = {};
        if (values.channel !== editing.channel) changes.channel = values.channel;
        if (values.show !== editing.show) changes.show = values.show;
        if (values.time !== editing.startLocal.slice(11, 16)) changes.time = values.time;
        if (Number(values.durationMin) * 60 !== editing.durationSec)
          changes.durationSec = Number(values.durationMin) * 60;
        if (rrule !== null && rrule !== editing.rrule) changes.rrule = rrule;
        if (Object.keys(changes).length === 0) {
          throw new Error('Nothing changed: change the rule, time, length, show or channel first.');
        }
        try {
          const result = await editSeries(editing.id, {
            scope: 'following',
            occurrence: values.date,
            changes,
          });
          return { kind: 'changed', message: changedMessage(result) };
        } catch (error) {
          const listed =
            error instanceof ClientResponseError
              ? ((error.response?.data?.collisions as Collision[] | undefined) ?? [])
              : [];
          setCollisions(listed.map((one) => one.message ?? '').filter(Boolean));
          throw error;
        }
      }
      const zone = zoneOf(values.channel);
      const startLocal = `${values.date}T${values.time}`;
      const rrule = check(values, repeat).rrule;
      const first = firstStart(values.date, values.time, zone);
      if (rrule === null || first === null) return null;
      const recurrence = await createRecurrence({
        organization,
        channel: values.channel,
        show: values.show,
        rrule,
        timeZone: zone,
        startLocal,
        durationSec: Number(values.durationMin) * 60,
      });
      try {
        const expanded = await expandRecurrence(recurrence.id, expandWindow(first, Date.now()));
        return { kind: 'created', created: expanded.created.length };
      } catch (error) {
        const listed =
          error instanceof ClientResponseError
            ? ((error.response?.data?.collisions as Collision[] | undefined) ?? [])
            : [];
        setCollisions(listed.map((one) => one.message ?? '').filter(Boolean));
        // Nothing aired, so the recurrence goes too: fixing the form and saving again does not
        // leave a second, empty series behind.
        await deleteRecurrence(recurrence.id).catch(() => undefined);
        throw error;
      }
    },
    success: (result) =>
      result === null
        ? null
        : result.kind === 'created'
          ? scheduledMessage(result.created)
          : result.message,
    onSaved: (result) => {
      if (!result) return;
      onScheduled();
      close();
    },
    // Every field the server names lands under the form's field of that name.
    aliases: { ...SERVER_FIELDS, rrule: repeat.kind === 'custom' ? 'custom' : 'rrule' },
  });
  const { values, errors, busy, set } = form;
  const failure = form.formError;

  const zone = zoneOf(values.channel);
  const chosen = channels.find((one) => one.id === values.channel);
  const startLocal = `${values.date}T${values.time}`;
  const description = describeRepeat(repeat, startLocal, zone);
  const setRule = (patch: Partial<RepeatForm>) =>
    setRepeat((current) => ({ ...current, ...patch }));

  const close = () => {
    form.clearMessages();
    setCollisions([]);
    onClose();
  };

  const submit = (event: FormEvent) => {
    setCollisions([]);
    return form.submit(event);
  };

  const showDays = repeat.kind === 'weekly' || repeat.kind === 'every-n-weeks';
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? t.timeslots.editRecurrence : t.timeslots.newRecurrence}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group grow align="start">
            <NativeSelect
              label={t.timeslots.channel}
              required
              data={[
                { value: '', label: t.timeslots.chooseAChannelPlaceholder },
                ...channels.map((one) => ({ value: one.id, label: one.name })),
              ]}
              value={values.channel}
              error={errors.channel}
              onChange={(event) => set({ channel: event.currentTarget.value })}
            />
            <NativeSelect
              label={t.timeslots.show}
              required
              data={[
                { value: '', label: t.timeslots.chooseAShowPlaceholder },
                ...shows.map((one) => ({ value: one.id, label: one.title })),
              ]}
              value={values.show}
              error={errors.show}
              onChange={(event) => {
                const show = shows.find((one) => one.id === event.currentTarget.value);
                set({
                  show: event.currentTarget.value,
                  ...(show
                    ? { durationMin: Math.max(15, Math.round(show.durationSec / 900) * 15) }
                    : {}),
                });
              }}
            />
          </Group>
          {/* On a phone the date and time share a row and the duration takes the next. */}
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" verticalSpacing="sm">
            <TextInput
              type="date"
              label={editing ? t.timeslots.changesFrom : t.timeslots.firstAiring}
              miw={0}
              required
              value={values.date}
              error={errors.date}
              onChange={(event) => {
                const date = event.currentTarget.value;
                set({ date });
                // A weekly rule with no day yet airs on the first airing's weekday.
                if (/^\d{4}-\d{2}-\d{2}$/.test(date) && repeat.days.length === 0) {
                  setRule({ days: [weekdayOf(date)], weekday: weekdayOf(date) });
                }
              }}
            />
            <TextInput
              type="time"
              label={t.timeslots.startsAt}
              miw={0}
              required
              step={900}
              value={values.time}
              error={errors.time}
              onChange={(event) => set({ time: event.currentTarget.value })}
            />
            <NumberInput
              label={t.timeslots.durationMinutes}
              miw={0}
              required
              min={15}
              step={15}
              value={values.durationMin}
              error={errors.durationMin}
              onChange={(value) => set({ durationMin: value })}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-6} data-testid="recurrence-clock">
            {chosen
              ? t.timeslots.datesAndTimesAreOn(chosen.name, zone)
              : t.timeslots.datesAndTimesWillBe}
            {editing ? t.timeslots.airingsBeforeThisDateStay : ''}
          </Text>
          <NativeSelect
            label={t.timeslots.repeat}
            data={REPEAT_KINDS.map((kind) => ({ value: kind, label: REPEAT_LABELS[kind] }))}
            value={repeat.kind}
            onChange={(event) => setRule({ kind: event.currentTarget.value as RepeatKind })}
          />
          {repeat.kind === 'every-n-weeks' && (
            <NumberInput
              label={t.timeslots.everyHowManyWeeks}
              min={1}
              value={repeat.interval}
              error={errors.interval}
              onChange={(value) => setRule({ interval: value })}
            />
          )}
          {showDays && (
            <Checkbox.Group
              label={t.timeslots.on}
              value={repeat.days}
              error={errors.days}
              onChange={(days) => setRule({ days: days as Weekday[] })}
            >
              <Group gap="sm" mt={4}>
                {WEEKDAYS.map((day) => (
                  <Checkbox key={day} value={day} label={DAY_LABELS[day]} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          {repeat.kind === 'monthly' && (
            <Group grow>
              <NativeSelect
                label={t.timeslots.which}
                data={ORDINALS.map((ordinal) => ({
                  value: String(ordinal),
                  label: ORDINAL_LABELS[ordinal],
                }))}
                value={String(repeat.ordinal)}
                onChange={(event) => setRule({ ordinal: Number(event.currentTarget.value) })}
              />
              <NativeSelect
                label={t.timeslots.weekday}
                data={WEEKDAYS.map((day) => ({ value: day, label: DAY_LABELS[day] }))}
                value={repeat.weekday}
                onChange={(event) => setRule({ weekday: event.currentTarget.value as Weekday })}
              />
            </Group>
          )}
          {repeat.kind === 'custom' && (
            <Textarea
              label={t.timeslots.rrule}
              placeholder={t.timeslots.freqWeeklyBydayMoWe}
              autosize
              value={repeat.custom}
              error={errors.custom}
              onChange={(event) => setRule({ custom: event.currentTarget.value })}
            />
          )}
          <Group grow align="start">
            <NativeSelect
              label={t.timeslots.ends}
              data={END_KINDS.map((kind) => ({ value: kind, label: END_LABELS[kind] }))}
              value={repeat.end}
              onChange={(event) => setRule({ end: event.currentTarget.value as EndKind })}
            />
            {repeat.end === 'until' && (
              <TextInput
                type="date"
                label={t.timeslots.lastDate}
                value={repeat.until}
                error={errors.until}
                onChange={(event) => setRule({ until: event.currentTarget.value })}
              />
            )}
            {repeat.end === 'count' && (
              <NumberInput
                label={t.timeslots.airings}
                min={1}
                value={repeat.count}
                error={errors.count}
                onChange={(value) => setRule({ count: value })}
              />
            )}
          </Group>
          <Text size="sm" data-testid="recurrence-description" aria-live="polite">
            {description ?? t.timeslots.chooseWhenItRepeats}
          </Text>
          {errors.rrule && (
            <Text size="sm" c="red">
              {errors.rrule}
            </Text>
          )}
          {failure && (
            <Alert color="red" role="alert" title={t.timeslots.notScheduled}>
              {failure}
              {collisions.length > 0 && (
                <List size="sm" mt="xs">
                  {collisions.map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group justify="end">
            <Button variant="default" onClick={close}>
              {t.common.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? t.timeslots.saveChanges : t.timeslots.createRecurrence}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
