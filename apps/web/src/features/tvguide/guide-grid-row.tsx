// biome-ignore-all lint/a11y/useSemanticElements: the grid's rows and cells are absolutely positioned and virtualized; <table> parts lose their table semantics in Chromium once their display changes, so the ARIA grid roles are given explicitly on divs.
// biome-ignore-all lint/a11y/useFocusableInteractive: an ARIA grid with a roving tab stop: only programme cells take focus (tabIndex 0 or -1); rows and headers are not meant to.
import type { GuideChannel } from '@airgrid/schema';
import { memo } from 'react';
import { messages } from '../../i18n/messages';
import { type GuideAxis, type RowIndex, visibleSlice } from './guide-geometry';
import { ROW_HEIGHT } from './guide-grid-sizes';
import { ProgrammeCell } from './programme-cell';
import classes from './tvguide.module.css';
import { channelLogoUrl, type GuideRow, isAiring, programmeLabel } from './tvguide-model';

interface GuideGridRowProps {
  row: GuideRow;
  rowIndex: RowIndex;
  /** The row's place in the (filtered) grid, from 0. */
  index: number;
  width: number;
  axis: GuideAxis;
  labelWidth: number;
  /** The stretch of time rendered. */
  from: number;
  to: number;
  /** The tab stop, when it is in this row. */
  activeId: string | null;
  now: number;
  format: (epochMs: number) => string;
  columns: number;
  onActivate: (channel: string, programme: string) => void;
  onOpen: (channel: string, programme: string) => void;
}

/** One channel: its sticky header cell and the programmes intersecting the rendered time. */
export const GuideGridRow = memo(function GuideGridRow({
  row,
  rowIndex,
  index,
  width,
  axis,
  labelWidth,
  from,
  to,
  activeId,
  now,
  format,
  columns,
  onActivate,
  onOpen,
}: GuideGridRowProps) {
  const t = messages();
  const slice = visibleSlice(row.programmes, rowIndex, from, to);
  // The tab stop renders even when scrolled out of the slice.
  if (activeId !== null && !slice.some((programme) => programme.id === activeId)) {
    const active = row.programmes.find((programme) => programme.id === activeId);
    if (active) {
      slice.push(active);
      slice.sort((a, b) => a.start - b.start);
    }
  }
  const { channel } = row;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={classes.row}
      style={{ top: index * ROW_HEIGHT, width }}
      data-channel-row={channel.id}
    >
      <div role="rowheader" aria-colindex={1} className={classes.channel}>
        <ChannelMark channel={channel} />
        <div className={classes.channelText}>
          <span className={classes.channelName}>{channel.name}</span>
          <span className={classes.channelNumber}>{t.tvguide.channelNumber(channel.number)}</span>
        </div>
      </div>
      {row.programmes.length === 0 && (
        <div
          role="gridcell"
          aria-colindex={2}
          aria-colspan={columns}
          className={classes.empty}
          style={{ left: labelWidth }}
        >
          {row.pending ? t.tvguide.loadingProgrammes : t.tvguide.nothingScheduled}
        </div>
      )}
      {slice.map((programme) => (
        <ProgrammeCell
          key={programme.id}
          programme={programme}
          channel={channel}
          axis={axis}
          labelWidth={labelWidth}
          active={programme.id === activeId}
          airing={isAiring(programme, now)}
          label={programmeLabel(programme, channel.name, format, now)}
          format={format}
          onActivate={onActivate}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
});

/** The channel's logo, or its number in a tile edged with its colour. */
function ChannelMark({ channel }: { channel: GuideChannel }) {
  const logo = channelLogoUrl(channel);
  if (logo) {
    return (
      <img
        className={classes.logo}
        src={logo}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      className={classes.logoFallback}
      style={{ boxShadow: `inset 0 0 0 2px ${channel.color || 'var(--guide-hour-line)'}` }}
      aria-hidden
    >
      {channel.number}
    </span>
  );
}
