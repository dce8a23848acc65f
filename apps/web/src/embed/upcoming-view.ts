import type { GuideResponse } from '@airgrid/schema';
import { h, show } from './dom';
import { endOf, startOf, type UpcomingAiring, upcomingAirings } from './widget-model';
import { dayLabel, formatClock, formatRange, zoneName } from './widget-time';
import type { ViewContext, WidgetView } from './widget-view';

/** The next airings over the widget's channels, grouped by day, the ones on air first. */
export function upcomingView(context: ViewContext, count: number): WidgetView {
  const days = h('div', { class: 'days' });
  show(context.body, days);
  let shown: GuideResponse | null = null;
  let drawnIds = '';

  function draw(guide: GuideResponse, now: number) {
    const zone = guide.organization.timeZone;
    const airings = upcomingAirings(guide, now, count);
    drawnIds = airings.map((airing) => `${airing.slot.id}:${airing.onAir}`).join(',');
    if (airings.length === 0) {
      show(days, h('p', { class: 'empty-state' }, 'Nothing is scheduled in the next seven days.'));
      return;
    }
    const groups = new Map<string, UpcomingAiring[]>();
    for (const airing of airings) {
      const label = airing.onAir ? 'On now' : dayLabel(startOf(airing.slot), now, zone);
      groups.set(label, [...(groups.get(label) ?? []), airing]);
    }
    show(
      days,
      ...[...groups].map(([label, group], index) =>
        h(
          'section',
          { class: 'day', 'aria-labelledby': `day-${index}` },
          h('h2', { id: `day-${index}` }, label),
          h(
            'ol',
            { class: 'airings' },
            ...group.map(({ slot, channel, onAir }) =>
              h(
                'li',
                { class: `airing-row${onAir ? ' now' : ''}` },
                h(
                  'time',
                  { datetime: new Date(startOf(slot)).toISOString(), class: 'time' },
                  onAir
                    ? formatRange(startOf(slot), endOf(slot), zone)
                    : formatClock(startOf(slot), zone),
                ),
                h('span', { class: 'title' }, slot.show.title),
                h('span', { class: 'muted channel' }, channel.name),
              ),
            ),
          ),
        ),
      ),
    );
  }

  return {
    render(guide, now) {
      shown = guide;
      const zone = guide.organization.timeZone;
      context.setHeading(guide.organization.name, `Coming up · Times in ${zoneName(now, zone)}`);
      draw(guide, now);
    },
    tick(now) {
      if (!shown) return;
      const ids = upcomingAirings(shown, now, count)
        .map((airing) => `${airing.slot.id}:${airing.onAir}`)
        .join(',');
      if (ids !== drawnIds) draw(shown, now);
    },
    destroy() {},
  };
}
