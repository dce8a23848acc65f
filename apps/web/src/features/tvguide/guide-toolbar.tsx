import { addDays } from '@airgrid/domain';
import { ActionIcon, Button, Group, MultiSelect, TextInput, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconClock,
  IconPlayerTrackNext,
  IconPlayerTrackPrev,
} from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { GUIDE_STEP_MS, isIsoDate } from './tvguide-model';

/**
 * The guide's toolbar: the day (previous, today, next, a date), the channels shown, and the time
 * of day (earlier, now, later).
 */
export function GuideToolbar({
  date,
  onDate: goToDate,
  onToday: goToday,
  onStep: step,
  onPrefetch: prefetch,
  channelOptions,
  picked,
  onPicked: setPicked,
}: {
  date: string;
  /** Another date, at the same time of day. */
  onDate: (date: string) => void;
  /** Today, at now. */
  onToday: () => void;
  /** Earlier (-) or later (+) by `delta` ms. */
  onStep: (delta: number) => void;
  /** A neighbouring day is about to be asked for: fetch it ahead. */
  onPrefetch: (date: string) => void;
  channelOptions: { value: string; label: string }[];
  /** The channels chosen; none for all. */
  picked: string[];
  onPicked: (picked: string[]) => void;
}) {
  const t = messages();
  return (
    <Group
      align="end"
      gap="md"
      wrap="wrap"
      role="toolbar"
      aria-label={t.tvguide.guideDayAndChannels}
    >
      <Group gap={4} align="end">
        <Tooltip label={t.tvguide.previousDay}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t.tvguide.previousDay}
            onClick={() => goToDate(addDays(date, -1))}
            onPointerEnter={() => prefetch(addDays(date, -1))}
            onFocus={() => prefetch(addDays(date, -1))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Button variant="default" onClick={goToday}>
          {t.tvguide.today}
        </Button>
        <Tooltip label={t.tvguide.nextDay}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t.tvguide.nextDay}
            onClick={() => goToDate(addDays(date, 1))}
            onPointerEnter={() => prefetch(addDays(date, 1))}
            onFocus={() => prefetch(addDays(date, 1))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <TextInput
        type="date"
        label={t.tvguide.date}
        value={date}
        onChange={(event) => {
          // A cleared or half-typed date keeps the day where it is.
          const value = event.currentTarget.value;
          if (isIsoDate(value)) goToDate(value);
        }}
      />
      <MultiSelect
        label={t.tvguide.channels}
        placeholder={picked.length === 0 ? t.tvguide.allChannels : undefined}
        data={channelOptions}
        value={picked}
        onChange={setPicked}
        searchable
        clearable
        nothingFoundMessage={t.tvguide.noChannelMatches}
        maxDropdownHeight={320}
        miw={260}
        maw={520}
      />
      <Group gap={4} align="end" role="group" aria-label={t.tvguide.timeOfDay}>
        <Button
          variant="default"
          leftSection={<IconPlayerTrackPrev size={16} />}
          onClick={() => step(-GUIDE_STEP_MS)}
        >
          {t.tvguide.earlier}
        </Button>
        <Button variant="default" leftSection={<IconClock size={16} />} onClick={goToday}>
          {t.tvguide.now}
        </Button>
        <Button
          variant="default"
          rightSection={<IconPlayerTrackNext size={16} />}
          onClick={() => step(GUIDE_STEP_MS)}
        >
          {t.tvguide.later}
        </Button>
      </Group>
    </Group>
  );
}
