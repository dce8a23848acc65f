import { Group, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { MARK_COLORS, type MarkLevel } from '../../ui/timeline';
import { BREAKS_MAX_CHANNELS, type BreaksReading } from './breaks-model';
import classes from './timeslots.module.css';

/**
 * The line over the chart while breaks are shown: what the marks' colours mean, or why there
 * are none (a window longer than a day or two, too many channels, a failed read).
 */
export function BreaksLegend({ reading, failed }: { reading: BreaksReading; failed: boolean }) {
  const t = messages().timeslots;
  if (reading === 'window-too-long') {
    return (
      <Text size="sm" c="dimmed" mb="xs">
        {t.breaksOnOneDayOnly}
      </Text>
    );
  }
  if (reading === 'too-many-channels') {
    return (
      <Text size="sm" c="dimmed" mb="xs">
        {t.breaksForFewChannels(BREAKS_MAX_CHANNELS)}
      </Text>
    );
  }
  const levels: { level: MarkLevel; label: string }[] = [
    { level: 'empty', label: t.breakLegendEmpty },
    { level: 'some', label: t.breakLegendSome },
    { level: 'full', label: t.breakLegendFull },
  ];
  return (
    <Group gap="md" mb="xs" wrap="wrap" data-testid="breaks-legend">
      <Text size="sm" c="dimmed">
        {t.breaksExplained}
      </Text>
      <Group gap="sm" wrap="nowrap">
        {levels.map(({ level, label }) => (
          <Group key={level} gap={6} wrap="nowrap">
            <span className={classes.breakSwatch} style={{ background: MARK_COLORS[level] }} />
            <Text size="sm">{label}</Text>
          </Group>
        ))}
      </Group>
      {failed && (
        <Text size="sm" c="red" role="alert">
          {t.breaksNotRead}
        </Text>
      )}
    </Group>
  );
}
