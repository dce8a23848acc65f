import { ANALYTICS_BEAT_SEC, type BeaconKind } from '@airgrid/schema';

// First-party audience measurement, the page's half (decision 0052): while a <video> plays a
// channel, a start, a beat every 30 s of playing while the page is visible, and an end when the
// player stops or the page goes away, each with an anonymous id for this tab. No cookie, no
// third party, nothing at all when the browser asks not to be tracked. Plain TypeScript: the
// boot script, the app and the player widget all use it.

/** Where beacons go (the page's own server). */
export const BEACONS_PATH = '/api/v1/analytics/beacons';

/** What a player plays, as the beacons name it. */
export interface AudienceTarget {
  channel: string;
  /** The player widget's embed id. */
  embed?: string;
  /** The website that embeds the widget (https://host[:port]). */
  origin?: string;
}

/** What the page is measured with: swapped by tests. */
export interface BeaconEnvironment {
  navigator: Pick<Navigator, 'doNotTrack' | 'sendBeacon'> & { globalPrivacyControl?: boolean };
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  window: Pick<
    Window,
    'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'
  >;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now(): number;
  random(bytes: Uint8Array<ArrayBuffer>): void;
}

const SESSION_KEY = 'airgrid.audienceSession';
const TICK_MS = 1000;
/** A tick counts at most this much playing (a tab the browser froze does not catch up). */
const MAX_TICK_MS = 2 * TICK_MS;

function browser(): BeaconEnvironment {
  return {
    navigator,
    document,
    window,
    storage: (() => {
      try {
        return window.sessionStorage;
      } catch {
        // A widget in a third-party frame may be refused storage: one id per player then.
        return null;
      }
    })(),
    now: () => Date.now(),
    random: (bytes) => crypto.getRandomValues(bytes),
  };
}

/** Whether the visitor lets us measure: no Do Not Track, no Global Privacy Control. */
function measurementAllowed(env: Pick<BeaconEnvironment, 'navigator'> = browser()): boolean {
  return env.navigator.doNotTrack !== '1' && env.navigator.globalPrivacyControl !== true;
}

function newSessionId(env: BeaconEnvironment): string {
  const bytes = new Uint8Array(16);
  env.random(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This tab's anonymous id: 16 random bytes in base64url, kept in sessionStorage (no cookie). */
export function tabSession(env: BeaconEnvironment = browser()): string {
  try {
    const known = env.storage?.getItem(SESSION_KEY);
    if (known && /^[A-Za-z0-9_-]{22}$/.test(known)) return known;
    const id = newSessionId(env);
    env.storage?.setItem(SESSION_KEY, id);
    return id;
  } catch {
    return newSessionId(env);
  }
}

/**
 * The origin of the site a widget is framed by: the browser's `ancestorOrigins` where it has
 * them, the referrer's origin otherwise; "" on the app's own pages.
 */
export function embeddingOrigin(): string {
  if (window.parent === window) return '';
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const first = ancestors?.length ? ancestors[0] : undefined;
  if (first) return first;
  try {
    return document.referrer ? new URL(document.referrer).origin : '';
  } catch {
    return '';
  }
}

/**
 * Measures a video playing a channel until the answer is called: a start at its first
 * `playing`, a beat for every 30 s it plays while the page is visible, an end when it stops or
 * the page is hidden for good (`pagehide`). Sends nothing when the visitor opted out.
 */
export function measureVideo(
  video: Pick<HTMLVideoElement, 'paused' | 'ended' | 'addEventListener' | 'removeEventListener'>,
  target: AudienceTarget,
  env: BeaconEnvironment = browser(),
): () => void {
  if (!measurementAllowed(env) || !target.channel) return () => {};
  const session = tabSession(env);
  let started = false;
  let ended = false;
  let played = 0;
  let last = env.now();

  const send = (kind: BeaconKind) => {
    const body = JSON.stringify({ kind, session, ...target });
    // A string goes as text/plain: no CORS preflight, and it outlives the page.
    if (env.navigator.sendBeacon?.(BEACONS_PATH, body)) return;
    void fetch(BEACONS_PATH, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    }).catch(() => undefined);
  };
  const onPlaying = () => {
    last = env.now();
    if (started) return;
    started = true;
    ended = false;
    send('start');
  };
  const tick = () => {
    const now = env.now();
    const elapsed = Math.min(Math.max(now - last, 0), MAX_TICK_MS);
    last = now;
    if (!started || ended || video.paused || video.ended) return;
    if (env.document.visibilityState !== 'visible') return;
    played += elapsed;
    if (played >= ANALYTICS_BEAT_SEC * 1000) {
      played -= ANALYTICS_BEAT_SEC * 1000;
      send('beat');
    }
  };
  const end = () => {
    if (!started || ended) return;
    ended = true;
    send('end');
  };
  const onPageShow = (event: Event) => {
    // Back from the back/forward cache: the same viewing goes on (the server counts one start).
    if ((event as PageTransitionEvent).persisted && !video.paused) {
      ended = false;
      started = false;
      onPlaying();
    }
  };

  video.addEventListener('playing', onPlaying);
  if (!video.paused) onPlaying();
  const timer = env.window.setInterval(tick, TICK_MS);
  env.window.addEventListener('pagehide', end);
  env.window.addEventListener('pageshow', onPageShow);
  return () => {
    end();
    env.window.clearInterval(timer);
    video.removeEventListener('playing', onPlaying);
    env.window.removeEventListener('pagehide', end);
    env.window.removeEventListener('pageshow', onPageShow);
  };
}
