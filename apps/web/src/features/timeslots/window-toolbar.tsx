import type { ChangeMode } from '@airgrid/domain';
import { todayIn } from '@airgrid/domain';
import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconLayoutSidebarRight } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { COLOR_SCHEME_NAMES, type ColorBy, type ColorSchemeName } from '../../ui/timeline';
import {
  COLOR_BY_CHOICES,
  PRECISION_LABELS,
  STEP_NAMES,
  stepDate,
  WORKSPACE_PRECISIONS,
  type WorkspacePrecision,
  windowTitle,
} from './timeslots-model';
import type { useScheduleWindow } from './use-schedule-window';

interface WindowToolbarProps {
  zone: string;
  canEdit: boolean;
  /** The window shown, and its setters. */
  window: ReturnType<typeof useScheduleWindow>;
  mode: ChangeMode;
  onMode: (mode: ChangeMode) => void;
  colorBy: ColorBy;
  onColorBy: (colorBy: ColorBy) => void;
  scheme: ColorSchemeName;
  onScheme: (scheme: ColorSchemeName) => void;
  /** Whether the chart shows the channels' breaks (remembered per browser). */
  breaks: boolean;
  onBreaks: (shown: boolean) => void;
  /** Whether the list of shows to drag onto the chart is open. */
  showsOpen: boolean;
  onToggleShows: () => void;
}

/**
 * The toolbar over the chart: steps through the schedule, picks the date and precision, the
 * overlap mode and the colours, shows the breaks, opens the shows; then the window's title,
 * read out on change.
 */
export function WindowToolbar({
  zone,
  canEdit,
  window: { precision, setPrecision, date, setDate, view },
  mode,
  onMode,
  colorBy,
  onColorBy,
  scheme,
  onScheme,
  breaks,
  onBreaks,
  showsOpen,
  onToggleShows,
}: WindowToolbarProps) {
  const t = messages();
  const step = STEP_NAMES[precision];
  return (
    <>
      <Group
        align="end"
        gap="md"
        wrap="wrap"
        role="toolbar"
        aria-label={t.timeslots.scheduleWindow}
      >
        <Group gap={4} align="end">
          <Tooltip label={t.timeslots.previousStep(step)}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t.timeslots.previousStep(step)}
              onClick={() => setDate((current) => stepDate(precision, current, -1))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={() => setDate(todayIn(zone, Date.now()))}>
            {t.timeslots.today}
          </Button>
          <Tooltip label={t.timeslots.nextStep(step)}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t.timeslots.nextStep(step)}
              onClick={() => setDate((current) => stepDate(precision, current, 1))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <TextInput
          type="date"
          label={t.timeslots.date}
          value={date}
          onChange={(event) => {
            // A cleared or half-typed date keeps the window where it is.
            const value = event.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(value)) setDate(value);
          }}
        />
        <NativeSelect
          label={t.timeslots.precision}
          data={WORKSPACE_PRECISIONS.map((value) => ({ value, label: PRECISION_LABELS[value] }))}
          value={precision}
          onChange={(event) => setPrecision(event.currentTarget.value as WorkspacePrecision)}
        />
        {canEdit && (
          <div>
            <Text size="sm" fw={500} id="timeslots-mode-label" mb={2}>
              {t.timeslots.whenTimeslotsOverlap}
            </Text>
            <SegmentedControl
              aria-labelledby="timeslots-mode-label"
              data={[
                { value: 'push', label: t.timeslots.push },
                { value: 'no-overlap', label: t.timeslots.noOverlap },
              ]}
              value={mode}
              onChange={(value) => onMode(value as ChangeMode)}
            />
          </div>
        )}
        <NativeSelect
          label={t.timeslots.colourBy}
          data={COLOR_BY_CHOICES.map((choice) => ({ ...choice }))}
          value={colorBy}
          onChange={(event) => onColorBy(event.currentTarget.value as ColorBy)}
        />
        <NativeSelect
          label={t.timeslots.colourScheme}
          data={[...COLOR_SCHEME_NAMES]}
          value={scheme}
          onChange={(event) => onScheme(event.currentTarget.value as ColorSchemeName)}
        />
        {/* Centred on the inputs' height, beside their labels. */}
        <Switch
          label={t.timeslots.breaks}
          checked={breaks}
          onChange={(event) => onBreaks(event.currentTarget.checked)}
          mb={8}
        />
        <Button
          variant={showsOpen ? 'filled' : 'default'}
          leftSection={<IconLayoutSidebarRight size={16} />}
          aria-expanded={showsOpen}
          onClick={onToggleShows}
        >
          {t.timeslots.shows}
        </Button>
      </Group>
      <Text fw={600} aria-live="polite" data-testid="timeslots-window">
        {windowTitle(view, zone)}
      </Text>
    </>
  );
}
