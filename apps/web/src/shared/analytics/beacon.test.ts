import { describe, expect, it } from 'vitest';
import { BEACONS_PATH, type BeaconEnvironment, measureVideo, tabSession } from './beacon';

/** A page, a clock and a video the test moves by hand; what was sent is kept. */
function fakePage(options: { doNotTrack?: string; globalPrivacyControl?: boolean } = {}) {
  let now = 1_000_000;
  const timers = new Map<number, () => void>();
  const listeners = new Map<string, Set<(event: Event) => void>>();
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const stored = new Map<string, string>();
  const page = { visibilityState: 'visible' as DocumentVisibilityState };
  const env: BeaconEnvironment = {
    navigator: {
      doNotTrack: options.doNotTrack ?? null,
      globalPrivacyControl: options.globalPrivacyControl,
      sendBeacon: (url: string | URL, data?: BodyInit | null) => {
        sent.push({ url: String(url), body: JSON.parse(String(data)) });
        return true;
      },
    },
    document: {
      get visibilityState() {
        return page.visibilityState;
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    },
    window: {
      addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
        const set = listeners.get(type) ?? new Set();
        set.add(listener as (event: Event) => void);
        listeners.set(type, set);
      },
      removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) =>
        listeners.get(type)?.delete(listener as (event: Event) => void),
      setInterval: ((handler: () => void) => {
        const id = timers.size + 1;
        timers.set(id, handler);
        return id;
      }) as Window['setInterval'],
      clearInterval: (id?: number) => {
        if (id !== undefined) timers.delete(id);
      },
    },
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    now: () => now,
    random: (bytes) => bytes.fill(7),
  };
  const videoListeners = new Map<string, () => void>();
  const video = {
    paused: true,
    ended: false,
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      videoListeners.set(type, listener as () => void);
    },
    removeEventListener: (type: string) => {
      videoListeners.delete(type);
    },
  } as unknown as HTMLVideoElement;
  return {
    env,
    video,
    sent,
    page,
    play() {
      (video as { paused: boolean }).paused = false;
      videoListeners.get('playing')?.();
    },
    /** Moves the clock a second at a time, as the page's timer would. */
    seconds(count: number) {
      for (let i = 0; i < count; i++) {
        now += 1000;
        for (const timer of [...timers.values()]) timer();
      }
    },
    fire(type: string) {
      for (const listener of listeners.get(type) ?? []) listener(new Event(type));
    },
    timers,
  };
}

const kinds = (sent: { body: Record<string, unknown> }[]) => sent.map((item) => item.body.kind);

describe('measureVideo', () => {
  it('sends a start when it plays, a beat per 30 s of playing while visible, an end when it stops', () => {
    const page = fakePage();
    const stop = measureVideo(page.video, { channel: 'abcdefghijklmno' }, page.env);
    page.seconds(40);
    expect(page.sent).toEqual([]); // not playing yet
    page.play();
    page.seconds(29);
    expect(kinds(page.sent)).toEqual(['start']);
    page.seconds(1);
    expect(kinds(page.sent)).toEqual(['start', 'beat']);
    // Hidden for a minute: no beat; paused: none either.
    page.page.visibilityState = 'hidden';
    page.seconds(60);
    page.page.visibilityState = 'visible';
    (page.video as { paused: boolean }).paused = true;
    page.seconds(60);
    expect(kinds(page.sent)).toEqual(['start', 'beat']);
    (page.video as { paused: boolean }).paused = false;
    page.seconds(30);
    expect(kinds(page.sent)).toEqual(['start', 'beat', 'beat']);
    stop();
    stop();
    expect(kinds(page.sent)).toEqual(['start', 'beat', 'beat', 'end']);
    expect(page.timers.size).toBe(0);
    expect(page.sent[0]).toEqual({
      url: BEACONS_PATH,
      body: { kind: 'start', session: tabSession(page.env), channel: 'abcdefghijklmno' },
    });
  });

  it('ends on pagehide, once, and names the widget and its site', () => {
    const page = fakePage();
    measureVideo(
      page.video,
      { channel: 'abcdefghijklmno', embed: 'embed0000000001', origin: 'https://a.example' },
      page.env,
    );
    page.play();
    page.fire('pagehide');
    page.fire('pagehide');
    expect(page.sent.map((item) => item.body)).toEqual([
      expect.objectContaining({
        kind: 'start',
        embed: 'embed0000000001',
        origin: 'https://a.example',
      }),
      expect.objectContaining({ kind: 'end' }),
    ]);
  });

  it('sends nothing with Do Not Track or Global Privacy Control', () => {
    for (const options of [{ doNotTrack: '1' }, { globalPrivacyControl: true }]) {
      const page = fakePage(options);
      const stop = measureVideo(page.video, { channel: 'abcdefghijklmno' }, page.env);
      page.play();
      page.seconds(90);
      stop();
      expect(page.sent, JSON.stringify(options)).toEqual([]);
    }
  });
});

describe('tabSession', () => {
  it('is 22 characters of base64url, kept for the tab', () => {
    const page = fakePage();
    const id = tabSession(page.env);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tabSession(page.env)).toBe(id);
  });
});
