import { useEffect, useRef } from 'react';
import { messages } from '../../i18n/messages';
import { type LivePlayer, livePlayer, type PlayerState } from '../../shared/player/live-player';

export type { PlayerState };

interface HlsPlayerProps {
  src: string;
  /** The channel playing: its viewing is measured (first-party, anonymous; decision 0052). */
  channel: string;
  title: string;
  onState: (state: PlayerState) => void;
  /** Default true: browsers autoplay only muted video. */
  muted?: boolean;
  /** Without the browser's controls (a multiview tile has its own). */
  controls?: boolean;
}

/**
 * A live HLS player (`shared/player/live-player.ts`). On a page the server rendered, a guest's
 * player starts before the app does (`data-live-src`, read by the boot script); the app then
 * takes that player over instead of starting the stream again.
 */
export function HlsPlayer({
  src,
  channel,
  title,
  onState,
  muted = true,
  controls = true,
}: HlsPlayerProps) {
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
    let player: LivePlayer | undefined;
    // The page's text paints before hls.js (150 KB over the wire) starts downloading: on a
    // phone it would otherwise share the first second's bandwidth with the schedule, and the
    // video shows nothing until the stream's first segments arrive anyway.
    const frame = window.requestAnimationFrame(() => {
      player = livePlayer(element, src, { channel });
      player.listen((state) => report.current(state));
      report.current(player.state);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      player?.stop();
    };
  }, [src, channel]);

  return (
    <video
      ref={video}
      data-testid="watch-video"
      data-live-src={src}
      data-channel={channel}
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
