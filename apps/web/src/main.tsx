// The app's entry: as small as an entry can be, so that on a page the server rendered
// (docs/decisions/0023-server-rendered-public-pages.md) the browser paints the server's markup
// before any of the app's script runs. The app itself is a chunk of its own, started here:
//
// - at once when #root is empty (every page the browser renders alone);
// - after the first paint for a signed-in visitor, who gets their own view over the server's,
//   and on a page only the app can finish or keep true: a read the server could not make,
//   parts it cannot draw (`NEEDS_APP`), a minute already over on this device's clock, audio
//   descriptions this device has turned on (`DESCRIBED`);
// - when needed for a guest (docs/decisions/0029-guest-pages-start-the-app-on-demand.md): the
//   server's markup is the whole page, with real links, until the guest clicks or types, or
//   the page's minute ends. A live player on the page starts without the app.
//
// Until the app has mounted the page, clicks and key presses are held and then replayed.

import { readSavedTheme } from './app/color-scheme-manager';
import { SERVER_STATE_ID, type ServerState } from './app/server-state';
import { holdInputUntilPageReady, startWhenNeeded, untilMinuteEnds } from './app/start-on-demand';
import { themeForPath } from './app/theme-for-path';
import { revealCurrentChannels } from './features/watch/channel-strip';
import { DESCRIBED_SELECTOR, NEEDS_APP_SELECTOR } from './lib/app-start';
import { loadCache } from './lib/client-cache';

/** The key the SDK keeps the sign-in under (LocalAuthStore's default). */
const AUTH_STORAGE_KEY = 'pocketbase_auth';

/** Resolves once the browser has painted a frame (at once in a hidden tab, which paints none). */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Whether this browser keeps a sign-in: the app checks it; a guest has none at all. */
function hasStoredSignIn(): boolean {
  try {
    const stored = localStorage.getItem(AUTH_STORAGE_KEY);
    return Boolean(stored && (JSON.parse(stored) as { token?: unknown }).token);
  } catch {
    return false;
  }
}

function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerState) : null;
}

/** Starts the live players of the server's markup: a guest's video plays before the app runs. */
function startPlayers(whenFailing: () => void): void {
  const videos = document.querySelectorAll<HTMLVideoElement>('video[data-live-src]');
  if (videos.length === 0) return;
  // hls.js is asked for beside the player rather than by it: one round trip fewer to a picture.
  const player = import('./shared/player/live-player');
  void import('hls.js');
  void player.then(({ livePlayer }) => {
    for (const video of videos) {
      const src = video.dataset.liveSrc;
      if (!src) continue;
      // The page shows the bumper for a failed stream, which takes the app.
      const channel = video.dataset.channel;
      livePlayer(video, src, channel ? { channel } : undefined).listen((state) => {
        if (state === 'failed') whenFailing();
      });
    }
  });
}

/**
 * Shows the page in the visitor's colour scheme from the first paint (index.html says dark, the
 * server cannot know better): on a guest's page the app, which applies it too, may start late.
 */
function applySavedColorScheme(): void {
  const { scheme } = themeForPath(window.location.pathname, readSavedTheme());
  const dark =
    scheme === 'auto' ? matchMedia('(prefers-color-scheme: dark)').matches : scheme === 'dark';
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
}

applySavedColorScheme();
const container = document.getElementById('root');
if (!container) {
  console.error('Error while mounting app: index.html has no #root element.');
} else {
  const state = readServerState();
  // The server's markup cannot say how far a row that scrolls sideways is scrolled: the watch
  // page's channel chips are brought to the current channel here, before the app may run.
  if (state) revealCurrentChannels(container);
  const start = () => {
    import('./app/start-app')
      .then(({ startApp }) => startApp(container, state))
      .catch((error: unknown) => console.error('Error while mounting app', error));
  };
  if (!state) {
    start();
  } else if (
    hasStoredSignIn() ||
    !state.complete ||
    untilMinuteEnds(state.renderedAt) === 0 ||
    container.querySelector(NEEDS_APP_SELECTOR) ||
    (container.querySelector(DESCRIBED_SELECTOR) && loadCache().audioDescriptions === true)
  ) {
    holdInputUntilPageReady();
    void afterFirstPaint().then(start);
  } else {
    // Listening for the first input before holding it: the click that wakes the app is held too.
    const startNow = startWhenNeeded(state.renderedAt, start);
    holdInputUntilPageReady();
    startPlayers(startNow);
  }
}
