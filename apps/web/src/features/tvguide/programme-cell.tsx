// biome-ignore-all lint/a11y/useSemanticElements: the grid's rows and cells are absolutely positioned and virtualized; <table> parts lose their table semantics in Chromium once their display changes, so the ARIA grid roles are given explicitly on divs.
import { QUARTER_HOUR_MS } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import type { CSSProperties } from 'react';
import { messages } from '../../i18n/messages';
import { barColor, COLOR_SCHEMES } from '../../ui/timeline/color-schemes';
import { blockOf, columnIndex, type GuideAxis } from './guide-geometry';
import classes from './tvguide.module.css';
import { type GuideProgramme, timeRange } from './tvguide-model';

/** Below this width a block shows its start time only, not its start and end. */
const FULL_TIME_MIN_WIDTH = 170;
/** Below this width an airing block has no room for its "On now" tag (the ring stays). */
const ON_NOW_TAG_MIN_WIDTH = 120;

const SCHEME = COLOR_SCHEMES.default;
/** Not in React's attribute types, though React passes it through to the DOM. */
const ELEMENT_TIMING = { elementtiming: 'guide-programme' } as Record<string, string>;

interface ProgrammeCellProps {
  programme: GuideProgramme;
  channel: GuideChannel;
  axis: GuideAxis;
  labelWidth: number;
  active: boolean;
  airing: boolean;
  label: string;
  format: (epochMs: number) => string;
  onActivate: (channel: string, programme: string) => void;
  onOpen: (channel: string, programme: string) => void;
}

/** A programme's block: coloured by category, its title and times, ringed while it airs. */
export function ProgrammeCell({
  programme,
  channel,
  axis,
  labelWidth,
  active,
  airing,
  label,
  format,
  onActivate,
  onOpen,
}: ProgrammeCellProps) {
  const t = messages();
  const block = blockOf(axis, programme.start, programme.end);
  const clippedStart = Math.max(programme.start, axis.from);
  const clippedEnd = Math.min(programme.end, axis.to);
  const showRange = block.width >= FULL_TIME_MIN_WIDTH;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter and Space are handled by the grid's onKeyDown for whichever cell has the focus.
    <div
      role="gridcell"
      tabIndex={active ? 0 : -1}
      aria-colindex={columnIndex(axis, clippedStart) + 2}
      aria-colspan={Math.max(1, Math.ceil((clippedEnd - clippedStart) / QUARTER_HOUR_MS))}
      aria-label={label}
      className={classes.programme}
      data-programme-id={programme.id}
      data-channel-id={channel.id}
      data-airing={airing || undefined}
      data-clipped-start={block.clippedStart || undefined}
      data-clipped-end={block.clippedEnd || undefined}
      style={
        {
          '--cell-x': `${block.left + 1}px`,
          left: labelWidth + block.left + 1,
          width: Math.max(4, block.width - 2),
          background: barColor(SCHEME, programme.show.category || undefined),
          color: SCHEME.text,
        } as CSSProperties
      }
      onClick={() => onOpen(channel.id, programme.id)}
      onFocus={() => onActivate(channel.id, programme.id)}
    >
      {/* elementtiming: the browser reports when this text first paints (Element Timing API);
          bench/guide-render reads it as the guide's time to first render. */}
      <span className={classes.programmeTitle} {...ELEMENT_TIMING}>
        {airing && block.width >= ON_NOW_TAG_MIN_WIDTH && (
          <span className={classes.onNow}>{t.tvguide.onNow}</span>
        )}
        {programme.show.title}
      </span>
      <span className={classes.programmeTime}>
        {showRange ? timeRange(programme, format) : format(programme.start)}
      </span>
    </div>
  );
}
