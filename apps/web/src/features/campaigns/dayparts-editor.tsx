import {
  ActionIcon,
  Button,
  Chip,
  Group,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import {
  type DaypartRow,
  newDaypart,
  WEEKDAYS,
  WEEKDAYS_ONLY,
  WEEKEND,
  weekdayName,
} from './campaigns-model';

/**
 * The dayparts of a campaign, one row each: its days as chips (with Weekdays, Weekend and
 * Every day in one click) and its from and to times on the channel's clock. No rows: any time.
 */
export function DaypartsEditor({
  value,
  onChange,
  error,
}: {
  value: DaypartRow[];
  onChange: (dayparts: DaypartRow[]) => void;
  error?: string;
}) {
  const t = messages().campaigns;
  const change = (index: number, next: Partial<DaypartRow>) =>
    onChange(value.map((row, at) => (at === index ? { ...row, ...next } : row)));
  const quick: [string, readonly number[]][] = [
    [t.weekdaysLabel, WEEKDAYS_ONLY],
    [t.weekendLabel, WEEKEND],
    [t.everyDay, WEEKDAYS],
  ];
  return (
    <Input.Wrapper
      label={t.dayparts}
      description={t.daypartsHint}
      error={error}
      labelElement="div"
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Stack gap="xs" mt={6} data-testid="dayparts">
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.daypartsEmpty}
          </Text>
        )}
        {value.map((row, index) => {
          const number = index + 1;
          return (
            <Paper
              // biome-ignore lint/suspicious/noArrayIndexKey: a row has no id; its place is its name ("Daypart 2")
              key={index}
              withBorder
              p="xs"
              radius="sm"
              aria-label={t.daypartNumber(number)}
              role="group"
            >
              <Stack gap={8}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {t.daypartNumber(number)}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t.removeDaypart(number)}
                    onClick={() => onChange(value.filter((_, at) => at !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
                <Group gap={6} role="group" aria-label={t.daysOf(number)}>
                  <Chip.Group
                    multiple
                    value={row.days.map(String)}
                    onChange={(days) =>
                      change(index, { days: days.map(Number).sort((a, b) => a - b) })
                    }
                  >
                    {WEEKDAYS.map((day) => (
                      <Chip key={day} value={String(day)} size="xs">
                        {weekdayName(day)}
                      </Chip>
                    ))}
                  </Chip.Group>
                </Group>
                <Group gap={4}>
                  {quick.map(([label, days]) => (
                    <Button
                      key={label}
                      variant="light"
                      size="compact-xs"
                      onClick={() => change(index, { days: [...days] })}
                    >
                      {label}
                    </Button>
                  ))}
                </Group>
                <SimpleGrid cols={2} spacing="xs">
                  <TextInput
                    type="time"
                    size="xs"
                    label={t.from}
                    aria-label={`${t.daypartNumber(number)}: ${t.from}`}
                    value={row.from}
                    onChange={(event) => change(index, { from: event.currentTarget.value })}
                  />
                  <TextInput
                    type="time"
                    size="xs"
                    label={t.to}
                    aria-label={`${t.daypartNumber(number)}: ${t.to}`}
                    value={row.to}
                    onChange={(event) => change(index, { to: event.currentTarget.value })}
                  />
                </SimpleGrid>
              </Stack>
            </Paper>
          );
        })}
        <Group justify="space-between" gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, newDaypart()])}
          >
            {t.addDaypart}
          </Button>
          {value.length > 0 && (
            <Text size="xs" c="dimmed">
              {t.toHint}
            </Text>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
