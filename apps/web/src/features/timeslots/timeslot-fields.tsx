import type { GuideChannel } from '@airgrid/schema';
import {
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { messages } from '../../i18n/messages';
import type { ShowItem } from './show-list';
import { QUARTER_HOURS, type TimeslotErrors, type TimeslotValues } from './timeslot-form';

interface Props {
  values: TimeslotValues;
  errors: TimeslotErrors;
  onChange: (values: TimeslotValues) => void;
  channels: readonly GuideChannel[];
  shows: readonly Pick<ShowItem, 'id' | 'title'>[];
  /** The organization's zone, which the date and time are read in. */
  zone: string;
  /** The panel edits `locked`; a new timeslot starts unlocked. */
  withLocked?: boolean;
  /** An import from Cablecast: every field but the note is Cablecast's, shown but not edited. */
  onlyNote?: boolean;
}

/** The timeslot's fields, shared by the side panel and the New timeslot form. */
export function TimeslotFields({
  values,
  errors,
  onChange,
  channels,
  shows,
  zone,
  withLocked,
  onlyNote = false,
}: Props) {
  const t = messages();
  const set = <K extends keyof TimeslotValues>(key: K, value: TimeslotValues[K]) =>
    onChange({ ...values, [key]: value });
  const showData = [
    ...(values.show === '' ? [{ value: '', label: t.timeslots.chooseAShowPlaceholder }] : []),
    ...shows.map((show) => ({ value: show.id, label: show.title })),
  ];
  const channelData = [
    ...(values.channel === '' ? [{ value: '', label: t.timeslots.chooseAChannelPlaceholder }] : []),
    ...channels.map((channel) => ({ value: channel.id, label: channel.name })),
  ];
  return (
    <Stack gap="sm">
      <NativeSelect
        label={t.timeslots.show}
        disabled={onlyNote}
        data={showData}
        value={values.show}
        error={errors.show}
        onChange={(event) => set('show', event.currentTarget.value)}
      />
      <NativeSelect
        label={t.timeslots.channel}
        disabled={onlyNote}
        data={channelData}
        value={values.channel}
        error={errors.channel}
        onChange={(event) => set('channel', event.currentTarget.value)}
      />
      <Group grow align="start" gap="sm">
        <TextInput
          type="date"
          label={t.timeslots.date}
          disabled={onlyNote}
          value={values.date}
          error={errors.date}
          onChange={(event) => set('date', event.currentTarget.value)}
        />
        <NativeSelect
          label={t.timeslots.startTime}
          disabled={onlyNote}
          data={QUARTER_HOURS}
          value={values.time}
          error={errors.time}
          onChange={(event) => set('time', event.currentTarget.value)}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={-6}>
        {t.timeslots.onTheOrganizationSClock(zone)}
      </Text>
      <NumberInput
        label={t.timeslots.durationMinutes}
        disabled={onlyNote}
        description={t.timeslots.in15MinuteStepsAt}
        min={15}
        step={15}
        allowDecimal={false}
        value={values.durationMin}
        error={errors.durationMin}
        onChange={(value) => set('durationMin', value)}
      />
      <div>
        <Text size="sm" fw={500} id="timeslot-status-label" mb={2}>
          {t.timeslots.status}
        </Text>
        <SegmentedControl
          aria-labelledby="timeslot-status-label"
          data={[
            { value: 'scheduled', label: t.timeslots.scheduled },
            { value: 'cancelled', label: t.timeslots.cancelled },
          ]}
          value={values.status}
          disabled={onlyNote}
          onChange={(value) => set('status', value as TimeslotValues['status'])}
        />
        {errors.status && (
          <Text size="xs" c="red" mt={4}>
            {errors.status}
          </Text>
        )}
      </div>
      <Textarea
        label={t.timeslots.note}
        autosize
        minRows={2}
        maxRows={5}
        value={values.note}
        error={errors.note}
        onChange={(event) => set('note', event.currentTarget.value)}
      />
      {withLocked && (
        <Checkbox
          label={t.timeslots.lockedCannotBeMovedResized}
          disabled={onlyNote}
          checked={values.locked}
          error={errors.locked}
          onChange={(event) => set('locked', event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
