import { type AudienceTarget, measureVideo } from '../analytics/beacon';

/** What a live player is doing: the watch page shows the bumper while it is not playing. */
export type PlayerState = 'loading' | 'playing' | 'failed';

/** How long a failed stream waits before it is tried again. */
export const STREAM_RETRY_MS = 5_000;

/** A live stream playing in a `<video>`, tried again every few seconds while it fails. */
export interface LivePlayer {
  readonly src: string;
  readonly state: PlayerState;
  /** Who hears of state changes (one listener: the page that shows the player). */
  listen(listener: (state: PlayerState) => void): void;
  stop(): void;
}

/** The player attached to each element, so the app can take over one started before it ran. */
const players = new WeakMap<HTMLVideoElement, LivePlayer>();

/**
 * The player already playing `src` in `element` (started by the page's boot script before the
 * app ran: docs/decisions/0029-guest-pages-start-the-app-on-demand.md), or a new one.
 */
export function livePlayer(
  element: HTMLVideoElement,
  src: string,
  audience?: AudienceTarget,
): LivePlayer {
  const current = players.get(element);
  if (current && current.src === src) return current;
  current?.stop();
  const player = startLivePlayer(element, src, audience);
  players.set(element, player);
  return player;
}

/**
 * Plays a live HLS stream: hls.js where the browser has Media Source Extensions, the browser's
 * own HLS (Safari, iOS) otherwise. hls.js is loaded on demand, so no other page pays for it.
 * Starts muted, as browsers only autoplay muted video; a failure is reported and the stream
 * tried again every few seconds, so playback resumes by itself when the stream is back. With an
 * audience target, its viewing is measured (shared/analytics/beacon.ts) until it stops.
 */
function startLivePlayer(
  element: HTMLVideoElement,
  src: string,
  audience: AudienceTarget | undefined,
): LivePlayer {
  let state: PlayerState = 'loading';
  let listener: (state: PlayerState) => void = () => {};
  let stopped = false;
  let retry: number | undefined;
  let destroy = () => {};

  const report = (next: PlayerState) => {
    state = next;
    // Styles can follow it before the app runs (the watch page's "Live" badge).
    element.dataset.playerState = next;
    listener(next);
  };
  const fail = () => {
    if (stopped) return;
    // Torn down after hls.js's own error event has run: destroying it from inside its handler
    // leaves hls.js's caller with a dead instance (it throws reading `trigger` of null).
    const teardown = destroy;
    destroy = () => {};
    queueMicrotask(teardown);
    report('failed');
    window.clearTimeout(retry);
    retry = window.setTimeout(start, STREAM_RETRY_MS);
  };
  const playing = () => report('playing');
  element.addEventListener('playing', playing);

  async function start() {
    if (stopped) return;
    report('loading');
    const { default: Hls } = await import('hls.js');
    if (stopped) return;
    if (Hls.isSupported()) {
      const hls = new Hls({ liveDurationInfinity: true, manifestLoadingMaxRetry: 1 });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) fail();
      });
      hls.loadSource(src);
      hls.attachMedia(element);
      destroy = () => hls.destroy();
    } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
      element.src = src;
      element.addEventListener('error', fail, { once: true });
      destroy = () => element.removeAttribute('src');
    } else {
      report('failed');
      return;
    }
    element.play().catch(() => {
      // Autoplay refused: the controls let the viewer start it.
    });
  }

  element.muted = true;
  void start();
  const stopMeasuring = audience ? measureVideo(element, audience) : () => {};
  return {
    src,
    get state() {
      return state;
    },
    listen(next) {
      listener = next;
    },
    stop() {
      stopped = true;
      stopMeasuring();
      window.clearTimeout(retry);
      element.removeEventListener('playing', playing);
      destroy();
      delete element.dataset.playerState;
      if (players.get(element) === this) players.delete(element);
    },
  };
}
