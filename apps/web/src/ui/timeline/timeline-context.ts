import type { Clock } from '@airgrid/domain';
import type { KeyboardEvent, PointerEvent } from 'react';
import { createContext, useContext } from 'react';
import type { ColorScheme } from './color-schemes';
import type { DragKind } from './geometry';
import type { TimelineBar } from './types';

/** What a bar asks the chart to do; one stable object for the chart's whole life. */
export interface TimelineActions {
  pointerDown(event: PointerEvent<HTMLElement>, bar: TimelineBar, kind: DragKind): void;
  keyDown(event: KeyboardEvent<HTMLElement>, bar: TimelineBar): void;
  hoverStart(bar: TimelineBar): void;
  hoverEnd(): void;
  /** A click on a read-only chart's bar (an editable chart tells a click from a drag itself). */
  click(bar: TimelineBar): void;
}

/** The configuration the chart injects into its bars (seed-spec §8: missing, it throws). */
export interface TimelineConfig {
  from: number;
  to: number;
  timeZone: string;
  clock: Clock;
  /** The track's width in pixels (0 until measured): how wide a bar is, so its label fits or hides. */
  trackPx: number;
  scheme: ColorScheme;
  /** A bar's background: its own colour, else its row's or its category's (the chart's `colorBy`). */
  colorOf: (bar: TimelineBar) => string;
  actions: TimelineActions;
  /** No onChange was given: bars show no resize handles. */
  readOnly: boolean;
}

export const TimelineConfigContext = createContext<TimelineConfig | null>(null);

/** The chart's configuration; a bar rendered outside `<Timeline>` has none and throws. */
export function useTimelineConfig(): TimelineConfig {
  const config = useContext(TimelineConfigContext);
  if (config === null) {
    throw new Error(
      'The timeline configuration is missing: render timeline bars inside <Timeline>.',
    );
  }
  return config;
}
