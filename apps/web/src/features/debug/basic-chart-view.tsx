import type { ChangeMode } from '@airgrid/domain';
import {
  Alert,
  Group,
  List,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { messages } from '../../i18n/messages';
import {
  COLOR_SCHEME_NAMES,
  type ColorSchemeName,
  PRECISIONS,
  type Precision,
  type RefusalReason,
  SHOW_DRAG_TYPE,
  Timeline,
  type TimelineChange,
} from '../../ui/timeline';
import classes from './basic-chart-view.module.css';
import { ReportChartsGallery } from './basic-chart-view-charts';
import {
  applyChanges,
  describeChanges,
  parseSampleShow,
  placeShow,
  type SampleShow,
  sampleSchedule,
  utcDayStart,
} from './sample-schedule';

const t = messages();

const TIME_ZONE = 'UTC';

/** Shows to drag onto the chart (HTML5 drag and drop, as the timeslots page's list will). */
const SIDE_SHOWS: readonly SampleShow[] = [
  { label: 'Pop-up Interview', category: 'Talk', durationSec: 1800 },
  { label: 'Storytime', category: 'Kids', durationSec: 2700 },
  { label: 'Late Movie', category: 'Film', durationSec: 7200 },
];

const SAMPLES = {
  day: { label: t.debug.aDay4Channels, channels: 4, days: 1 },
  week: { label: t.debug.aWeek50Channels, channels: 50, days: 7 },
} as const;
type SampleName = keyof typeof SAMPLES;

type Status =
  | { kind: 'idle' }
  | { kind: 'changed'; lines: string[] }
  | { kind: 'refused'; message: string };

/** Why a gesture was refused, as the demo says it. */
export function refusalMessage(reason: RefusalReason, blockingLabel: string): string {
  const t = messages();
  return reason === 'locked'
    ? t.debug.blockingLabelIsLockedSoThe(blockingLabel)
    : t.debug.thatChangeWouldOverlapBlockingLabel(blockingLabel);
}

/** The timeline chart on sample data, with its settings: the chart's demo and test bed. */
export function BasicChartView() {
  const t = messages();
  const [sample, setSample] = useState<SampleName>('day');
  const [dayStart] = useState(() => utcDayStart(Date.now()));
  const schedule = useMemo(
    () => sampleSchedule(dayStart, SAMPLES[sample].channels, SAMPLES[sample].days),
    [dayStart, sample],
  );
  const [bars, setBars] = useState(schedule.bars);
  const [scheme, setScheme] = useState<ColorSchemeName>('default');
  const [precision, setPrecision] = useState<Precision>('hour');
  const [mode, setMode] = useState<ChangeMode>('push');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [dropped, setDropped] = useState(0);

  const chooseSample = (name: SampleName) => {
    const next = sampleSchedule(dayStart, SAMPLES[name].channels, SAMPLES[name].days);
    setSample(name);
    setBars(next.bars);
    setPrecision(name === 'week' ? 'day' : 'hour');
    setStatus({ kind: 'idle' });
  };

  const labelOf = useCallback(
    (id: string) => bars.find((bar) => bar.id === id)?.label ?? id,
    [bars],
  );

  const onChange = useCallback(
    (changes: TimelineChange[]) => {
      setStatus({ kind: 'changed', lines: describeChanges(bars, changes, TIME_ZONE) });
      setBars((current) => applyChanges(current, changes));
    },
    [bars],
  );

  const onRefused = useCallback(
    (reason: RefusalReason, blockingId: string) =>
      setStatus({ kind: 'refused', message: refusalMessage(reason, labelOf(blockingId)) }),
    [labelOf],
  );

  const onDropShow = useCallback(
    (rowId: string, start: number, payload: string) => {
      let show: SampleShow;
      try {
        show = parseSampleShow(payload);
      } catch (error) {
        setStatus({ kind: 'refused', message: (error as Error).message });
        return;
      }
      const placed = placeShow(bars, show, rowId, start, `dropped-${dropped + 1}`);
      if (!placed.ok) {
        setStatus({ kind: 'refused', message: refusalMessage('overlap', placed.blocking.label) });
        return;
      }
      setDropped((n) => n + 1);
      setBars((current) => [...current, placed.bar]);
      setStatus({
        kind: 'changed',
        lines: describeChanges([placed.bar], [placed.bar], TIME_ZONE),
      });
    },
    [bars, dropped],
  );

  return (
    <Stack gap="md" py="md">
      <div>
        <Title order={1}>{t.debug.timelineChart}</Title>
        <Text c="dimmed" size="sm">
          {t.debug.theTimelineChartOnSample}
        </Text>
      </div>

      <Group align="end" gap="md" wrap="wrap">
        <NativeSelect
          label={t.debug.colourScheme}
          data={[...COLOR_SCHEME_NAMES]}
          value={scheme}
          onChange={(event) => setScheme(event.currentTarget.value as ColorSchemeName)}
        />
        <NativeSelect
          label={t.debug.precision}
          data={[...PRECISIONS]}
          value={precision}
          onChange={(event) => setPrecision(event.currentTarget.value as Precision)}
        />
        <NativeSelect
          label={t.debug.sample}
          data={Object.entries(SAMPLES).map(([value, { label }]) => ({ value, label }))}
          value={sample}
          onChange={(event) => chooseSample(event.currentTarget.value as SampleName)}
        />
        <div>
          <Text size="sm" fw={500} id="chart-mode-label" mb={2}>
            {t.debug.whenBarsOverlap}
          </Text>
          <SegmentedControl
            aria-labelledby="chart-mode-label"
            data={[
              { value: 'push', label: t.debug.push },
              { value: 'no-overlap', label: t.debug.noOverlap },
            ]}
            value={mode}
            onChange={(value) => setMode(value as ChangeMode)}
          />
        </div>
      </Group>

      <Group gap="xs" aria-label={t.debug.showsToDragOntoThe} role="list">
        <Text size="sm" c="dimmed">
          {t.debug.dragAShowOntoA}
        </Text>
        {SIDE_SHOWS.map((show) => (
          <Paper
            key={show.label}
            role="listitem"
            withBorder
            px="sm"
            py={4}
            className={classes.show}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(SHOW_DRAG_TYPE, JSON.stringify(show));
              event.dataTransfer.effectAllowed = 'copy';
            }}
          >
            <Text size="sm">{t.debug.labelValueMin(show.label, show.durationSec / 60)}</Text>
          </Paper>
        ))}
      </Group>

      <Timeline
        aria-label={t.debug.sampleSchedule}
        rows={schedule.rows}
        bars={bars}
        from={schedule.from}
        to={schedule.to}
        precision={precision}
        mode={mode}
        colorScheme={scheme}
        timeZone={TIME_ZONE}
        onChange={onChange}
        onRefused={onRefused}
        onBarClick={(id) => setStatus({ kind: 'changed', lines: [t.debug.clickedId(labelOf(id))] })}
        onDropShow={onDropShow}
      />

      <section aria-labelledby="chart-log-title">
        <Title order={2} size="h5" id="chart-log-title" mb={4}>
          {t.debug.lastChange}
        </Title>
        {status.kind === 'idle' && (
          <Text size="sm" c="dimmed">
            {t.debug.nothingChangedYet}
          </Text>
        )}
        {status.kind === 'changed' && (
          <List size="sm" data-testid="chart-log">
            {status.lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
        {status.kind === 'refused' && (
          <Alert color="red" variant="light" role="alert" title={t.debug.changeRefused}>
            {status.message}
          </Alert>
        )}
      </section>

      <ReportChartsGallery />
    </Stack>
  );
}
