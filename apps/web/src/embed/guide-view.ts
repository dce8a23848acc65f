import type { GuideResponse, GuideTimeslot } from '@airgrid/schema';
import { h, hidden, show } from './dom';
import {
  endOf,
  type GridPosition,
  type GridRowSpans,
  type GuideRow,
  guideRows,
  instant,
  isOnAir,
  moveInGrid,
  startOf,
} from './widget-model';
import { dayLabel, formatClock, formatRange, wallClock, zoneName } from './widget-time';
import { keepingFocus, type ViewContext, type WidgetView } from './widget-view';

const QUARTER_HOUR_MS = 900_000;
/** Narrowest a minute of the track gets before it scrolls sideways: 30 minutes ≈ 90 px. */
const PX_PER_MINUTE = 3;

/** "S3 E12", or '' without numbers. */
function episodeLabel(slot: GuideTimeslot): string {
  const { season, episode } = slot.show;
  return [season ? `S${season}` : '', episode ? `E${episode}` : ''].filter(Boolean).join(' ');
}

/**
 * The guide widget: a row per channel, programmes placed by time over the next hours, a
 * now-line, and the programme's details on Enter or click. It is an ARIA grid with one tab stop:
 * arrow keys move along a channel and between channels at the same time (moveInGrid).
 */
export function guideView(context: ViewContext): WidgetView {
  const scroller = h('div', { class: 'guide-scroll' });
  const details = h('section', {
    class: 'details',
    'aria-label': 'Programme details',
    'aria-live': 'polite',
  });
  show(context.body, scroller, details);

  let zone = 'UTC';
  let from = 0;
  let to = 0;
  let rows: GuideRow[] = [];
  let spans: GridRowSpans[] = [];
  let cells: HTMLElement[][] = [];
  let grid: HTMLElement | null = null;
  let focus: GridPosition = { row: 0, cell: 0 };
  let selected = '';
  let shown: GuideResponse | null = null;
  /** Ids of the programmes drawn as on now: when the set changes, the grid is drawn again. */
  let onAirIds = '';

  const onAirKey = (now: number) =>
    rows
      .flatMap((row) => row.timeslots.filter(({ slot }) => isOnAir(slot, now)))
      .map(({ slot }) => slot.id)
      .join(',');

  function showDetails(slot: GuideTimeslot | null, channelName: string, now: number) {
    selected = slot?.id ?? '';
    if (!slot) {
      show(details);
      return;
    }
    const facts = [slot.show.rating, episodeLabel(slot), slot.show.category].filter(Boolean);
    show(
      details,
      h('h2', {}, slot.show.title),
      h(
        'p',
        { class: 'muted' },
        `${dayLabel(startOf(slot), now, zone)} ${formatRange(startOf(slot), endOf(slot), zone)} · ${channelName}`,
      ),
      slot.show.subtitle ? h('p', { class: 'subtitle' }, slot.show.subtitle) : null,
      slot.show.description ? h('p', {}, slot.show.description) : null,
      facts.length > 0 ? h('p', { class: 'muted' }, facts.join(' · ')) : null,
    );
  }

  function setFocus(position: GridPosition, move: boolean) {
    cells[focus.row]?.[focus.cell]?.setAttribute('tabindex', '-1');
    focus = position;
    const cell = cells[position.row]?.[position.cell];
    if (!cell) return;
    cell.setAttribute('tabindex', '0');
    if (move) {
      cell.focus({ preventScroll: true });
      cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }

  function open(position: GridPosition) {
    const row = rows[position.row];
    const placed = row?.timeslots[position.cell];
    if (!row || !placed) return;
    showDetails(placed.slot, row.channel.name, Date.now());
  }

  function ruler(): HTMLElement {
    const marks: HTMLElement[] = [];
    const step = to - from > 6 * 3_600_000 ? 60 : 30;
    for (let at = from; at < to; at += QUARTER_HOUR_MS) {
      if (wallClock(at, zone).minute % step !== 0) continue;
      const left = ((at - from) / (to - from)) * 100;
      marks.push(h('span', { style: `left:${left.toFixed(3)}%` }, formatClock(at, zone)));
    }
    return h(
      'div',
      { class: 'ruler', 'aria-hidden': 'true' },
      h('span', { class: 'ruler-corner' }),
      h('div', { class: 'ruler-track' }, ...marks),
    );
  }

  function cellFor(rowIndex: number, cellIndex: number, row: GuideRow, now: number) {
    const placed = row.timeslots[cellIndex];
    if (!placed) {
      return h(
        'div',
        {
          role: 'gridcell',
          class: 'slot empty',
          tabindex: '-1',
          'data-key': `empty-${row.channel.id}`,
          style: 'left:0;width:100%',
        },
        'Nothing scheduled',
      );
    }
    const { slot } = placed;
    const onAir = isOnAir(slot, now);
    const cell = h(
      'div',
      {
        role: 'gridcell',
        class: `slot${onAir ? ' now' : ''}${placed.clippedStart ? ' clipped' : ''}`,
        tabindex: '-1',
        'data-key': slot.id,
        'aria-selected': slot.id === selected ? 'true' : null,
        style: `left:${placed.left.toFixed(3)}%;width:${placed.width.toFixed(3)}%`,
      },
      h('span', { class: 'slot-time', 'aria-hidden': 'true' }, formatClock(startOf(slot), zone)),
      h('span', { class: 'slot-title' }, slot.show.title),
      hidden(`, ${formatRange(startOf(slot), endOf(slot), zone)}${onAir ? ', on now' : ''}`),
    );
    cell.addEventListener('click', () => {
      setFocus({ row: rowIndex, cell: cellIndex }, true);
      open({ row: rowIndex, cell: cellIndex });
    });
    return cell;
  }

  function build(now: number) {
    spans = [];
    cells = [];
    const minutes = (to - from) / 60_000;
    grid = h('div', {
      role: 'grid',
      class: 'grid',
      'aria-label': `Programme guide, ${formatRange(from, to, zone)}`,
      'aria-rowcount': rows.length,
      style: `--track-min:${Math.round(minutes * PX_PER_MINUTE)}px`,
    });
    rows.forEach((row, rowIndex) => {
      const count = Math.max(1, row.timeslots.length);
      const rowCells = Array.from({ length: count }, (_, cellIndex) =>
        cellFor(rowIndex, cellIndex, row, now),
      );
      cells.push(rowCells);
      spans.push(
        row.timeslots.length > 0
          ? row.timeslots.map(({ slot }) => ({
              start: Math.max(from, startOf(slot)),
              end: endOf(slot),
            }))
          : [{ start: from, end: to }],
      );
      grid?.append(
        h(
          'div',
          { role: 'row', class: 'row', 'aria-rowindex': rowIndex + 1 },
          h(
            'div',
            { role: 'rowheader', class: 'channel' },
            row.channel.number ? h('span', { class: 'number' }, String(row.channel.number)) : null,
            h('span', { class: 'channel-name' }, row.channel.name),
          ),
          h('div', { class: 'track', role: 'presentation' }, ...rowCells),
        ),
      );
    });
    grid.addEventListener('keydown', onKey);
    grid.addEventListener('focusin', (event) => {
      const target = event.target as HTMLElement;
      cells.forEach((rowCells, row) => {
        const cell = rowCells.indexOf(target);
        if (cell >= 0 && (row !== focus.row || cell !== focus.cell)) setFocus({ row, cell }, false);
      });
    });
    show(scroller, ruler(), grid);
    fitChannelColumn(scroller);
    placeNowLine(now);
  }

  function onKey(event: KeyboardEvent) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(focus);
      return;
    }
    if (event.key === 'Escape') {
      showDetails(null, '', 0);
      return;
    }
    const next = moveInGrid(spans, focus, event.key, event.ctrlKey || event.metaKey);
    if (next) {
      event.preventDefault();
      setFocus(next, true);
    } else if (event.key.startsWith('Arrow')) {
      event.preventDefault();
    }
  }

  function placeNowLine(now: number) {
    if (!grid) return;
    const inside = now >= from && now < to;
    grid.classList.toggle('has-now', inside);
    grid.style.setProperty('--now', `${(((now - from) / (to - from)) * 100).toFixed(3)}%`);
  }

  /** The cell to start on: the first channel's programme on now, else its first. */
  function startingCell(now: number): GridPosition {
    const first = rows[0]?.timeslots ?? [];
    const onNow = first.findIndex(({ slot }) => isOnAir(slot, now));
    return { row: 0, cell: Math.max(0, onNow) };
  }

  const view: WidgetView = {
    render(guide: GuideResponse, now: number) {
      shown = guide;
      zone = guide.organization.timeZone;
      from = instant(guide.from);
      to = instant(guide.to);
      rows = guideRows(guide, from, to);
      onAirIds = onAirKey(now);
      context.setHeading(
        guide.organization.name,
        `TV guide · ${dayLabel(from, now, zone)} · Times in ${zoneName(now, zone)}`,
      );
      if (rows.length === 0) {
        grid = null;
        show(scroller, h('p', { class: 'empty-state' }, 'No public channels to show yet.'));
        return;
      }
      const previous = cells[focus.row]?.[focus.cell]?.dataset.key;
      keepingFocus(scroller, () => build(now));
      // The roving tab stop stays on the same programme across a refresh when it is still there.
      let position = startingCell(now);
      cells.forEach((rowCells, row) => {
        const cell = rowCells.findIndex((element) => element.dataset.key === previous);
        if (cell >= 0) position = { row, cell };
      });
      setFocus(position, false);
      if (selected) {
        const row = rows.find((r) => r.timeslots.some(({ slot }) => slot.id === selected));
        const placed = row?.timeslots.find(({ slot }) => slot.id === selected);
        showDetails(placed?.slot ?? null, row?.channel.name ?? '', now);
      }
    },
    tick(now: number) {
      if (shown && onAirKey(now) !== onAirIds) view.render(shown, now);
      else placeNowLine(now);
    },
    destroy() {
      window.removeEventListener('resize', refit);
    },
  };
  const refit = () => fitChannelColumn(scroller);
  window.addEventListener('resize', refit);
  return view;
}

/**
 * Widens the channel column until every channel name's longest word fits, so names wrap
 * between words and never inside one; at most to half the widget's width (past that a very
 * long word is cut at the column's edge rather than leave no room for the programmes).
 */
function fitChannelColumn(box: HTMLElement): void {
  box.style.removeProperty('--channel-col');
  let overflow = 0;
  let width = 0;
  for (const cell of box.querySelectorAll<HTMLElement>('.channel')) {
    width = cell.offsetWidth;
    overflow = Math.max(overflow, cell.scrollWidth - cell.clientWidth);
    for (const name of cell.querySelectorAll<HTMLElement>('.channel-name')) {
      overflow = Math.max(overflow, name.scrollWidth - name.clientWidth);
    }
  }
  if (overflow <= 0 || width === 0) return;
  const widest = Math.max(width, box.clientWidth / 2);
  box.style.setProperty('--channel-col', `${Math.min(width + overflow + 2, widest)}px`);
}
