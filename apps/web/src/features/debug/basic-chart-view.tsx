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
import {
  applyChanges,
  describeChanges,
  parseSampleShow,
  placeShow,
  type SampleShow,
  sampleSchedule,
  utcDayStart,
} from './sample-schedule';

const TIME_ZONE = 'UTC';

/** Shows to drag onto the chart (HTML5 drag and drop, as the timeslots page's list will). */
const SIDE_SHOWS: readonly SampleShow[] = [
  { label: 'Pop-up Interview', category: 'Talk', durationSec: 1800 },
  { label: 'Storytime', category: 'Kids', durationSec: 2700 },
  { label: 'Late Movie', category: 'Film', durationSec: 7200 },
];

const SAMPLES = {
  day: { label: 'A day, 4 channels', channels: 4, days: 1 },
  week: { label: 'A week, 50 channels', channels: 50, days: 7 },
} as const;
type SampleName = keyof typeof SAMPLES;

type Status =
  | { kind: 'idle' }
  | { kind: 'changed'; lines: string[] }
  | { kind: 'refused'; message: string };

/** Why a gesture was refused, as the demo says it. */
export function refusalMessage(reason: RefusalReason, blockingLabel: string): string {
  return reason === 'locked'
    ? `${blockingLabel} is locked, so the change was reverted.`
    : `That change would overlap ${blockingLabel}, so it was reverted.`;
}

/** The timeline chart on sample data, with its settings: the chart's demo and test bed. */
export function BasicChartView() {
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
        <Title order={1}>Timeline chart</Title>
        <Text c="dimmed" size="sm">
          The timeline chart on sample data, for developers. Drag a bar to move it, drag its edges
          to resize it, or focus it and use the arrow keys (Shift resizes). Times are UTC.
        </Text>
      </div>

      <Group align="end" gap="md" wrap="wrap">
        <NativeSelect
          label="Colour scheme"
          data={[...COLOR_SCHEME_NAMES]}
          value={scheme}
          onChange={(event) => setScheme(event.currentTarget.value as ColorSchemeName)}
        />
        <NativeSelect
          label="Precision"
          data={[...PRECISIONS]}
          value={precision}
          onChange={(event) => setPrecision(event.currentTarget.value as Precision)}
        />
        <NativeSelect
          label="Sample"
          data={Object.entries(SAMPLES).map(([value, { label }]) => ({ value, label }))}
          value={sample}
          onChange={(event) => chooseSample(event.currentTarget.value as SampleName)}
        />
        <div>
          <Text size="sm" fw={500} id="chart-mode-label" mb={2}>
            When bars overlap
          </Text>
          <SegmentedControl
            aria-labelledby="chart-mode-label"
            data={[
              { value: 'push', label: 'Push' },
              { value: 'no-overlap', label: 'No overlap' },
            ]}
            value={mode}
            onChange={(value) => setMode(value as ChangeMode)}
          />
        </div>
      </Group>

      <Group gap="xs" aria-label="Shows to drag onto the chart" role="list">
        <Text size="sm" c="dimmed">
          Drag a show onto a channel:
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
            <Text size="sm">
              {show.label} ({show.durationSec / 60} min)
            </Text>
          </Paper>
        ))}
      </Group>

      <Timeline
        aria-label="Sample schedule"
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
        onBarClick={(id) => setStatus({ kind: 'changed', lines: [`Clicked ${labelOf(id)}.`] })}
        onDropShow={onDropShow}
      />

      <section aria-labelledby="chart-log-title">
        <Title order={2} size="h5" id="chart-log-title" mb={4}>
          Last change
        </Title>
        {status.kind === 'idle' && (
          <Text size="sm" c="dimmed">
            Nothing changed yet.
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
          <Alert color="red" variant="light" role="alert" title="Change refused">
            {status.message}
          </Alert>
        )}
      </section>
    </Stack>
  );
}
