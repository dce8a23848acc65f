import type { ChannelRecord, GuideResponse, GuideTimeslot } from '@airgrid/schema';
import { embeddingOrigin, measureVideo } from '../shared/analytics/beacon';
import { alwaysOnAir, playbackUrl } from '../shared/channels/playback';
import { h, show } from './dom';
import { nextBlock, onNowBlock } from './now-next-view';
import { fileUrl, readChannel, serverOrigin, WidgetReadError } from './widget-api';
import { nowAndNext, startOf, timeslotsOf } from './widget-model';
import { countdown, formatRange, zoneName } from './widget-time';
import type { ViewContext, WidgetView } from './widget-view';

/** The bumper's title when the channel has none of its own (seed §1, as the watch page). */
const DEFAULT_BUMPER_TITLE = 'We’ll be right back';
/** How often a failed stream is tried again (the watch page's STREAM_RETRY_MS). */
const STREAM_RETRY_MS = 5_000;

type HlsInstance = { destroy(): void };

/**
 * Plays one HLS stream in a video element: hls.js (loaded only now, so no other widget pays for
 * it) where the browser has Media Source Extensions, the browser's own HLS otherwise. Reports a
 * failure, after which the caller tries again.
 */
function attachStream(video: HTMLVideoElement, src: string, onFail: () => void): () => void {
  let stopped = false;
  let destroy = () => {};
  void (async () => {
    if (video.canPlayType('application/vnd.apple.mpegurl') && !('MediaSource' in window)) {
      video.src = src;
      video.addEventListener('error', onFail, { once: true });
      destroy = () => video.removeAttribute('src');
    } else {
      const { default: Hls } = await import('hls.js');
      if (stopped) return;
      if (!Hls.isSupported()) {
        onFail();
        return;
      }
      // No worker: the page's CSP allows scripts from 'self' only, not the blob: worker hls.js
      // would otherwise try first.
      const hls = new Hls({
        liveDurationInfinity: true,
        manifestLoadingMaxRetry: 1,
        enableWorker: false,
      });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) onFail();
      });
      hls.loadSource(src);
      hls.attachMedia(video);
      destroy = () => (hls as HlsInstance).destroy();
    }
    video.play().catch(() => {
      // Autoplay refused: the controls let the visitor start it.
    });
  })();
  return () => {
    stopped = true;
    destroy();
  };
}

/**
 * The player widget: the channel live (muted until the visitor unmutes it), what is on now and
 * next under it, and the channel's bumper with a countdown when nothing is on air or the stream
 * is down, as on the watch page.
 */
export function playerView(context: ViewContext, channelId: string): WidgetView {
  const screen = h('div', { class: 'screen' });
  const strip = h('div', { class: 'strip' });
  show(context.body, h('div', { class: 'player' }, screen, strip));

  let channel: ChannelRecord | null = null;
  let channelProblem = '';
  let guide: GuideResponse | null = null;
  let video: HTMLVideoElement | null = null;
  let detach: (() => void) | null = null;
  /** The stream failed and has not played since: the bumper covers it while it is retried. */
  let failed = false;
  let retry: number | undefined;
  let bumperCard: HTMLElement | null = null;
  let bumperKey = '';
  let countdownText: HTMLElement | null = null;
  let stripKey = '';
  const clock = window.setInterval(() => updateCountdown(Date.now()), 1000);

  const loading = readChannel(channelId).then(
    (record) => {
      channel = record;
    },
    (error: unknown) => {
      channelProblem =
        error instanceof WidgetReadError && error.status === 404
          ? 'This channel is not public.'
          : 'The channel could not be loaded.';
    },
  );

  /** Ends the measurement of the video playing (a widget on a station's site only). */
  let stopMeasuring = () => {};

  function stopStream() {
    window.clearTimeout(retry);
    retry = undefined;
    stopMeasuring();
    stopMeasuring = () => {};
    detach?.();
    detach = null;
    video?.remove();
    video = null;
  }

  function startStream(src: string, title: string) {
    if (video || retry !== undefined) return;
    const element = h('video', {
      class: 'video',
      'aria-label': `${title}, live`,
      muted: true,
      autoplay: true,
      playsinline: true,
      controls: true,
    });
    element.muted = true;
    element.addEventListener('playing', () => {
      failed = false;
      draw(Date.now());
    });
    video = element;
    screen.prepend(element);
    if (context.embed && channel) {
      stopMeasuring = measureVideo(element, {
        channel: channel.id,
        embed: context.embed,
        origin: embeddingOrigin(),
      });
    }
    detach = attachStream(element, src, () => {
      if (video !== element) return;
      failed = true;
      stopStream();
      draw(Date.now());
      // Tried again until it plays: the bumper stays up meanwhile.
      retry = window.setTimeout(() => {
        retry = undefined;
        draw(Date.now());
      }, STREAM_RETRY_MS);
    });
  }

  function hideBumper() {
    bumperCard?.remove();
    bumperCard = null;
    bumperKey = '';
    countdownText = null;
  }

  function showBumper(next: GuideTimeslot | null, now: number, zone: string) {
    if (!channel) return;
    const key = `${channel.id}:${next?.id ?? ''}`;
    if (key === bumperKey && bumperCard) return;
    hideBumper();
    bumperKey = key;
    countdownText = next ? h('span', { class: 'countdown' }, countdown(startOf(next), now)) : null;
    const image = channel.bumperImage ? fileUrl('channels', channel.id, channel.bumperImage) : '';
    bumperCard = h(
      'div',
      {
        class: `bumper${image ? ' with-image' : ''}`,
        role: 'status',
        style: image ? `--bumper-image:url("${encodeURI(image)}")` : null,
      },
      h('h2', {}, channel.bumperTitle || DEFAULT_BUMPER_TITLE),
      channel.bumperDescription ? h('p', {}, channel.bumperDescription) : null,
      next
        ? h(
            'div',
            { class: 'next-up' },
            h('p', { class: 'label' }, 'Next up'),
            h('p', { class: 'title' }, next.show.title),
            h('p', {}, formatRange(startOf(next), startOf(next) + next.durationSec * 1000, zone)),
            h('p', { 'aria-live': 'off' }, 'Starts in ', countdownText ?? ''),
          )
        : h('p', {}, 'Nothing else is scheduled in the next 24 hours.'),
    );
    screen.append(bumperCard);
  }

  function updateCountdown(now: number) {
    if (!countdownText || !guide || !channel) return;
    const { next } = nowAndNext(timeslotsOf(guide, channel.id), now);
    if (next) countdownText.textContent = countdown(startOf(next), now);
  }

  function drawStrip(current: ReturnType<typeof nowAndNext>, now: number, zone: string) {
    const key = `${current.now?.id ?? ''}:${current.next?.id ?? ''}:${Math.floor(now / 60_000)}`;
    if (key === stripKey) return;
    stripKey = key;
    show(
      strip,
      current.now
        ? onNowBlock(current.now, now, zone)
        : h(
            'div',
            { class: 'airing off' },
            h('span', { class: 'label' }, 'Now'),
            h('p', { class: 'muted' }, 'Nothing on air right now.'),
          ),
      nextBlock(current.next, now, zone),
    );
  }

  function draw(now: number) {
    if (!guide) return;
    const zone = guide.organization.timeZone;
    if (channelProblem || !channel) {
      stopStream();
      hideBumper();
      show(screen, h('p', { class: 'empty-state' }, channelProblem || 'Loading the channel…'));
      return;
    }
    screen.querySelector('.empty-state')?.remove();
    const current = nowAndNext(timeslotsOf(guide, channel.id), now);
    drawStrip(current, now, zone);
    // As on the watch page: the bumper when nothing is on air, there is no stream, or it is down.
    // The channel's source decides what plays; playout and the test pattern are never off air.
    const src = playbackUrl(channel, serverOrigin());
    const live = src !== '' && (current.now !== null || alwaysOnAir(channel));
    if (live) startStream(src, channel.name);
    else stopStream();
    if (live && !failed) hideBumper();
    else showBumper(current.next, now, zone);
  }

  return {
    render(response, now) {
      guide = response;
      void loading.then(() => {
        const zone = response.organization.timeZone;
        context.setHeading(
          channel?.name ?? response.organization.name,
          `Live · Times in ${zoneName(now, zone)}`,
        );
        draw(Date.now());
      });
    },
    tick(now) {
      draw(now);
    },
    destroy() {
      window.clearInterval(clock);
      stopStream();
    },
  };
}
