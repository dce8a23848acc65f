import './embed.css';
import type { PublicStation } from '@airgrid/schema';
import { stationLogoUrl } from '../shared/stations/station-path';
import { h, show } from './dom';
import { guideView } from './guide-view';
import { nowNextView } from './now-next-view';
import { playerView } from './player-view';
import { upcomingView } from './upcoming-view';
import { readEmbed, readGuide, WidgetReadError } from './widget-api';
import { draftFromHash, PREVIEW_PATH, type WidgetConfig, widgetConfig } from './widget-config';
import { guideWindow, textOn } from './widget-model';
import type { ViewContext, WidgetView } from './widget-view';

// The widget runtime behind /embed/:id (docs/decisions/0013-embeds.md): plain TypeScript and the
// DOM, no React or Mantine, so a station's visitors download a few kilobytes. It reads the embed,
// then the guide (the query the app's guide and the feeds share), and keeps following the clock.

/** How often the schedule is read again; between reads the widget follows the clock itself. */
const REFRESH_MS = 5 * 60_000;
/** How often the clock moves what time changes (progress bars, the now-line, on-air changes). */
const TICK_MS = 15_000;
/** After a failed read, the next try. */
const RETRY_MS = 30_000;

const KIND_TITLES = {
  guide: 'TV guide',
  nownext: 'On now',
  upcoming: 'Coming up',
  player: 'Live',
} as const;

const logo = h('img', { class: 'station-logo', alt: '', hidden: true });
const title = h('h1', { class: 'station' });
const subtitle = h('p', { class: 'subtitle muted' });
const body = h('div', { class: 'body' });
const status = h('p', { class: 'status', role: 'status' });
const root = document.getElementById('widget') ?? document.body;
show(root, h('header', { class: 'head' }, logo, title, subtitle), status, body);

const context: ViewContext = {
  body,
  embed: '',
  setHeading(heading, line) {
    title.textContent = heading;
    subtitle.textContent = line;
    document.title = `${heading} · ${line.split(' · ')[0] ?? ''}`;
  },
};

/** The station of the last schedule read: its logo and accent. */
let station: PublicStation | null = null;

/** Theme and accent as CSS variables on <html>: the stylesheet does the rest. */
function applyLook(config: WidgetConfig) {
  const html = document.documentElement;
  html.dataset.theme = config.theme;
  if (config.accent) {
    html.style.setProperty('--accent', config.accent);
    html.style.setProperty('--on-accent', textOn(config.accent));
  } else {
    html.style.removeProperty('--accent');
    html.style.removeProperty('--on-accent');
    // Without an accent of its own the widget wears its station's, once that is known.
    if (station) applyStation(config, station);
  }
}

/**
 * The station's own look once its guide is read: its logo beside its name, and its accent
 * colour where the widget does not choose one of its own.
 */
function applyStation(config: WidgetConfig, read: PublicStation) {
  station = read;
  const url = stationLogoUrl(read);
  if (url) {
    if (logo.getAttribute('src') !== url) logo.src = url;
    logo.hidden = false;
  } else {
    logo.removeAttribute('src');
    logo.hidden = true;
  }
  if (!config.accent && /^#[0-9a-f]{6}$/i.test(read.accentColor)) {
    const html = document.documentElement;
    html.style.setProperty('--accent', read.accentColor);
    html.style.setProperty('--on-accent', textOn(read.accentColor));
  }
}

function viewFor(config: WidgetConfig): WidgetView | string {
  switch (config.kind) {
    case 'guide':
      return guideView(context);
    case 'nownext':
      return nowNextView(context);
    case 'upcoming':
      return upcomingView(context, config.count);
    case 'player': {
      const channel = config.channels[0];
      return channel ? playerView(context, channel) : 'Choose the channel the player plays.';
    }
  }
}

let stopCurrent = () => {};

/** Draws a widget and keeps it current until the next call (a preview's new draft). */
function run(config: WidgetConfig) {
  stopCurrent();
  applyLook(config);
  title.textContent = '';
  subtitle.textContent = KIND_TITLES[config.kind];
  show(body);
  const view = viewFor(config);
  if (typeof view === 'string') {
    status.textContent = view;
    stopCurrent = () => {};
    return;
  }
  status.textContent = 'Loading the schedule…';
  let stopped = false;
  let refresh: number | undefined;

  async function read() {
    if (stopped || typeof view === 'string') return;
    const now = Date.now();
    try {
      const guide = await readGuide(
        config.organization,
        config.channels,
        guideWindow(config.kind, now, config.hours),
      );
      if (stopped) return;
      status.textContent = '';
      applyStation(config, guide.organization);
      view.render(guide, Date.now());
      refresh = window.setTimeout(read, REFRESH_MS);
    } catch (error) {
      if (stopped) return;
      status.textContent =
        error instanceof WidgetReadError && error.status === 404
          ? 'This station’s schedule is not available.'
          : 'The schedule could not be loaded. Trying again shortly…';
      refresh = window.setTimeout(read, RETRY_MS);
    }
  }

  const tick = window.setInterval(() => view.tick(Date.now()), TICK_MS);
  // A tab brought back after a while reads the schedule again instead of waiting for the timer.
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    window.clearTimeout(refresh);
    void read();
  };
  document.addEventListener('visibilitychange', onVisible);
  void read();
  stopCurrent = () => {
    stopped = true;
    window.clearTimeout(refresh);
    window.clearInterval(tick);
    document.removeEventListener('visibilitychange', onVisible);
    view.destroy();
  };
}

async function start() {
  if (location.pathname === PREVIEW_PATH) {
    // The /embeds page's live preview: the draft travels in the fragment and changes without a
    // reload, so the widget is drawn again on every change.
    let drawn = '';
    const draw = () => {
      const draft = draftFromHash(location.hash);
      if (!draft) {
        status.textContent = 'Nothing to preview yet.';
        return;
      }
      // A new look alone needs no new read: the preview follows a theme or colour at once.
      const { theme: _theme, accent: _accent, name: _name, ...content } = draft;
      const key = JSON.stringify(content);
      if (key === drawn) applyLook(draft);
      else run(draft);
      drawn = key;
    };
    window.addEventListener('hashchange', draw);
    draw();
    return;
  }
  const id = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
  context.embed = id;
  try {
    run(widgetConfig(await readEmbed(id)));
  } catch (error) {
    status.textContent =
      error instanceof WidgetReadError && error.status === 404
        ? 'This widget no longer exists.'
        : 'The widget could not be loaded. Reload the page to try again.';
  }
}

void start();
