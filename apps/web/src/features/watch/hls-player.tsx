import { useEffect, useRef } from 'react';
import { messages } from '../../i18n/messages';
import { STREAM_RETRY_MS } from './watch-model';

/** What the player is doing: the page shows the bumper while it is not playing. */
export type PlayerState = 'loading' | 'playing' | 'failed';

interface HlsPlayerProps {
  src: string;
  title: string;
  onState: (state: PlayerState) => void;
  /** Default true: browsers autoplay only muted video. */
  muted?: boolean;
  /** Without the browser's controls (a multiview tile has its own). */
  controls?: boolean;
}

/**
 * A live HLS player: hls.js where the browser has Media Source Extensions, the browser's own
 * HLS (Safari, iOS) otherwise. hls.js is loaded on demand, so no other page pays for it. A
 * stream that fails is tried again every few seconds, so playback resumes by itself when the
 * stream is back. Starts muted, as browsers only autoplay muted video.
 */
export function HlsPlayer({ src, title, onState, muted = true, controls = true }: HlsPlayerProps) {
  const t = messages();
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onState);
  report.current = onState;

  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let stopped = false;
    let retry: number | undefined;
    let destroy = () => {};

    const fail = () => {
      if (stopped) return;
      destroy();
      report.current('failed');
      window.clearTimeout(retry);
      retry = window.setTimeout(start, STREAM_RETRY_MS);
    };
    const playing = () => report.current('playing');
    element.addEventListener('playing', playing);

    async function start() {
      if (stopped || !element) return;
      report.current('loading');
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
        report.current('failed');
        return;
      }
      element.play().catch(() => {
        // Autoplay refused: the controls let the viewer start it.
      });
    }

    // The page's text paints before hls.js (150 KB over the wire) starts downloading: on a
    // phone it would otherwise share the first second's bandwidth with the schedule, and the
    // video shows nothing until the stream's first segments arrive anyway.
    const frame = window.requestAnimationFrame(() => {
      retry = window.setTimeout(start, 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      stopped = true;
      window.clearTimeout(retry);
      element.removeEventListener('playing', playing);
      destroy();
    };
  }, [src]);

  return (
    <video
      ref={video}
      data-testid="watch-video"
      title={title}
      aria-label={t.watch.titleLive(title)}
      muted
      autoPlay
      playsInline
      controls={controls}
      style={{ width: '100%', height: '100%', background: '#000', display: 'block' }}
    />
  );
}
