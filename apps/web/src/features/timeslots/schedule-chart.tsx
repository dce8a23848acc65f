import type { ChangeMode, Clock } from '@airgrid/domain';
import { Alert, Loader, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import {
  type ColorBy,
  type ColorSchemeName,
  type DaySummaryOptions,
  Timeline,
  type TimelineBar,
  type TimelineMark,
  type TimelineRow,
} from '../../ui/timeline';
import { BreaksLegend } from './breaks-legend';
import panelClasses from './timeslot-panel.module.css';
import type { ScheduleWindow, WorkspacePrecision } from './timeslots-model';
import type { BreakMarks } from './use-break-marks';
import type { useScheduleWrites } from './use-schedule-writes';

interface ScheduleChartProps {
  /** The window's guide as read: failed, or still the previous window's while the new one loads. */
  guide: { isError: boolean; error: unknown; isPlaceholderData: boolean };
  /** The chart's channels, once the guide is in. */
  rows: readonly TimelineRow[] | undefined;
  bars: readonly TimelineBar[];
  /** The channels' breaks, when shown: marks at the foot of the rows, and the legend's state. */
  breaks: BreakMarks | null;
  view: ScheduleWindow;
  precision: WorkspacePrecision;
  mode: ChangeMode;
  scheme: ColorSchemeName;
  colorBy: ColorBy;
  daySummary: DaySummaryOptions;
  zone: string;
  clock: Clock;
  /** Those who edit drag, drop shows on, select and delete bars; others only read the chart. */
  canEdit: boolean;
  writes: Pick<
    ReturnType<typeof useScheduleWrites>,
    'onChange' | 'onRefused' | 'onDropShow' | 'dragged'
  >;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  /** The box holding the chart, which the workspace scrolls. */
  boxRef: RefObject<HTMLDivElement | null>;
}

/** The workspace's chart of the window, or why there is none yet. */
export function ScheduleChart({
  guide,
  rows,
  bars,
  breaks,
  view,
  precision,
  mode,
  scheme,
  colorBy,
  daySummary,
  zone,
  clock,
  canEdit,
  writes: { onChange, onRefused, onDropShow, dragged },
  onSelect,
  onDelete,
  boxRef,
}: ScheduleChartProps) {
  const t = messages();
  return (
    <div>
      <div>
        {guide.isError && (
          <Alert color="red" role="alert">
            {describeError(guide.error).error}
          </Alert>
        )}
        {!rows && !guide.isError && (
          <Loader role="status" aria-label={t.timeslots.loadingSchedule} />
        )}
        {rows && rows.length === 0 && <Text c="dimmed">{t.timeslots.noChannelsYetCreateOne}</Text>}
        {rows && rows.length > 0 && breaks && (
          <BreaksLegend reading={breaks.reading} failed={breaks.failed} />
        )}
        {rows && rows.length > 0 && (
          // Records which bar a gesture starts on, before the chart handles it.
          <div
            ref={boxRef}
            className={panelClasses.selection}
            // Still the previous window's bars while the new one is read.
            aria-busy={guide.isPlaceholderData || undefined}
            onPointerDownCapture={(event) => {
              dragged.current =
                (event.target as HTMLElement).closest<HTMLElement>('[data-bar-id]')?.dataset
                  .barId ?? null;
            }}
            onKeyDownCapture={(event) => {
              const id =
                (event.target as HTMLElement).closest<HTMLElement>('[data-bar-id]')?.dataset
                  .barId ?? null;
              dragged.current = id;
              // Delete (or Backspace) on a focused bar asks, then deletes it.
              if (id && canEdit && (event.key === 'Delete' || event.key === 'Backspace')) {
                event.preventDefault();
                onDelete(id);
              }
            }}
          >
            <Timeline
              aria-label={t.timeslots.schedule}
              rows={rows}
              bars={bars}
              marks={breaks?.marks ?? NO_MARKS}
              from={view.from}
              to={view.to}
              precision={precision}
              mode={mode}
              colorScheme={scheme}
              colorBy={colorBy}
              daySummary={daySummary}
              timeZone={zone}
              clock={clock}
              onChange={canEdit ? onChange : undefined}
              onRefused={canEdit ? onRefused : undefined}
              onDropShow={canEdit ? onDropShow : undefined}
              onBarClick={canEdit ? onSelect : undefined}
            />
          </div>
        )}
      </div>
    </div>
  );
}

const NO_MARKS: readonly TimelineMark[] = [];
