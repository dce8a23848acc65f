import { WEEKDAYS, type Weekday } from '@airgrid/domain';
import { Checkbox, Group, NativeSelect, NumberInput, Textarea, TextInput } from '@mantine/core';
import { messages } from '../../i18n/messages';
import {
  DAY_LABELS,
  END_KINDS,
  END_LABELS,
  type EndKind,
  ORDINAL_LABELS,
  ORDINALS,
  REPEAT_KINDS,
  REPEAT_LABELS,
  type RepeatForm,
  type RepeatKind,
} from './recurrence-form';
import type { Errors } from './recurrence-model';

/**
 * How a recurrence repeats: weekly on chosen days, every n weeks, monthly on the nth weekday or
 * by a custom RRULE, and when it ends.
 */
export function RepeatFields({
  repeat,
  errors,
  onChange: setRule,
}: {
  repeat: RepeatForm;
  errors: Errors;
  /** Changes some of the rule's choices. */
  onChange: (patch: Partial<RepeatForm>) => void;
}) {
  const t = messages();
  const showDays = repeat.kind === 'weekly' || repeat.kind === 'every-n-weeks';
  return (
    <>
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
    </>
  );
}
