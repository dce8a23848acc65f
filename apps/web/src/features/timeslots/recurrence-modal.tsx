import type { GuideChannel } from '@airgrid/schema';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { createRecurrence, deleteRecurrence, expandRecurrence } from './queries';
import {
  describeRepeat,
  EMPTY_REPEAT,
  expandWindow,
  firstStart,
  type RepeatForm,
  repeatFromRule,
  scheduledMessage,
  weekdayOf,
} from './recurrence-form';
import {
  changedMessage,
  check,
  collisionMessages,
  initialValues,
  SERVER_FIELDS,
  seriesChanges,
  type Values,
} from './recurrence-model';
import { RepeatFields } from './repeat-fields';
import { editSeries, type ListedRecurrence } from './series-queries';

/** A show the form can pick. */
export interface ShowChoice {
  id: string;
  title: string;
  durationSec: number;
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

/** What saving answers: the airings made, or the ones a change touched. */
type Saved = { kind: 'created'; created: number } | { kind: 'changed'; message: string };

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
        const changes = seriesChanges(editing, values, check(values, repeat).rrule);
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
          setCollisions(collisionMessages(error));
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
        setCollisions(collisionMessages(error));
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
          <RepeatFields repeat={repeat} errors={errors} onChange={setRule} />
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
