import type { GuideChannel, GuideResponse, GuideTimeslot } from '@airgrid/schema';
import { h, hidden, show } from './dom';
import { fileUrl } from './widget-api';
import { endOf, nowAndNext, progress, startOf, timeslotsOf } from './widget-model';
import { dayLabel, formatClock, formatRange, timeLeft, zoneName } from './widget-time';
import { keepingFocus, type ViewContext, type WidgetView } from './widget-view';

/** The channel's heading: logo (decorative: the name follows), number and name. */
function channelHeading(channel: GuideChannel, level: 'h2' | 'h3' = 'h2'): HTMLElement {
  return h(
    level,
    { class: 'channel-heading' },
    channel.logo
      ? h('img', {
          src: fileUrl('channels', channel.id, channel.logo, '100x100'),
          alt: '',
          width: 28,
          height: 28,
          class: 'logo',
        })
      : null,
    channel.number ? h('span', { class: 'number' }, String(channel.number)) : null,
    h('span', {}, channel.name),
  );
}

/** "On now" with the programme, its times, what is left and a progress bar. */
export function onNowBlock(slot: GuideTimeslot, now: number, zone: string): HTMLElement {
  return h(
    'div',
    { class: 'airing now' },
    h('span', { class: 'badge' }, 'On now'),
    h('p', { class: 'title' }, slot.show.title),
    h(
      'p',
      { class: 'muted' },
      `${formatRange(startOf(slot), endOf(slot), zone)} · ${timeLeft(endOf(slot), now)}`,
    ),
    h(
      'div',
      { class: 'bar', 'aria-hidden': 'true' },
      h('span', { style: `width:${(progress(slot, now) * 100).toFixed(1)}%` }),
    ),
  );
}

/** "Next" with the programme and when it starts (with its day when that is not today). */
export function nextBlock(slot: GuideTimeslot | null, now: number, zone: string): HTMLElement {
  if (!slot) {
    return h(
      'div',
      { class: 'airing next' },
      h('span', { class: 'label' }, 'Next'),
      h('p', { class: 'muted' }, 'Nothing else scheduled in the next 24 hours.'),
    );
  }
  const day = dayLabel(startOf(slot), now, zone);
  return h(
    'div',
    { class: 'airing next' },
    h('span', { class: 'label' }, 'Next'),
    h('p', { class: 'title' }, slot.show.title),
    h(
      'p',
      { class: 'muted' },
      `${day === 'Today' ? '' : `${day} `}${formatClock(startOf(slot), zone)}`,
    ),
  );
}

/**
 * Now and next per channel: what is on (with its progress) and what follows, following the
 * clock; each card links to the channel's watch page.
 */
export function nowNextView(context: ViewContext): WidgetView {
  const list = h('ul', { class: 'cards', 'aria-label': 'Channels' });
  show(context.body, list);
  let shown: GuideResponse | null = null;

  function draw(guide: GuideResponse, now: number) {
    const zone = guide.organization.timeZone;
    if (guide.channels.length === 0) {
      show(list, h('li', { class: 'empty-state' }, 'No public channels to show yet.'));
      return;
    }
    keepingFocus(list, () =>
      show(
        list,
        ...guide.channels.map((channel) => {
          const current = nowAndNext(timeslotsOf(guide, channel.id), now);
          return h(
            'li',
            { class: 'card' },
            channelHeading(channel),
            current.now
              ? onNowBlock(current.now, now, zone)
              : h(
                  'div',
                  { class: 'airing off' },
                  h('span', { class: 'label' }, 'Now'),
                  h('p', { class: 'muted' }, 'Nothing on air right now.'),
                ),
            nextBlock(current.next, now, zone),
            h(
              'a',
              {
                class: 'watch',
                href: `/watch/${encodeURIComponent(channel.id)}`,
                target: '_blank',
                rel: 'noopener',
                'data-key': `watch-${channel.id}`,
              },
              `Watch ${channel.name}`,
              hidden(' (opens in a new tab)'),
            ),
          );
        }),
      ),
    );
  }

  return {
    render(guide, now) {
      shown = guide;
      const zone = guide.organization.timeZone;
      context.setHeading(guide.organization.name, `On now · Times in ${zoneName(now, zone)}`);
      draw(guide, now);
    },
    tick(now) {
      if (shown) draw(shown, now);
    },
    destroy() {},
  };
}
