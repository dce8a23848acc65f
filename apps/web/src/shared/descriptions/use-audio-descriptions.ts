import { useCallback, useEffect, useState } from 'react';
import { loadCache, saveToCache } from '../../lib/client-cache';
import {
  type DescriptionCue,
  nextCueIndex,
  speakDescription,
  stopDescriptions,
} from './spoken-descriptions';

/** The viewer's choice to hear audio descriptions, kept on this device (off until chosen). */
export function useDescriptionsPreference(): [boolean, (on: boolean) => void] {
  // Read after the first render: the server renders the watch page without the device's choice.
  const [on, setOn] = useState(false);
  useEffect(() => setOn(loadCache().audioDescriptions === true), []);
  const choose = useCallback((next: boolean) => {
    setOn(next);
    saveToCache({ audioDescriptions: next });
    if (!next) stopDescriptions();
  }, []);
  return [on, choose];
}

/**
 * Speaks a video's `descriptions` track as its cues come up (a show's preview): each cue once
 * as it becomes active, again after a seek back; nothing while paused.
 * `tracks` names the video's descriptions <track> elements ('' for none), so the hook looks
 * again when they change.
 */
export function useVideoDescriptions(
  video: HTMLVideoElement | null,
  enabled: boolean,
  tracks: string,
): void {
  useEffect(() => {
    if (!video || !enabled || tracks === '') return;
    const track = [...video.textTracks].find((each) => each.kind === 'descriptions');
    if (!track) return;
    // Hidden: the browser loads it and fires its events, and draws nothing.
    track.mode = 'hidden';
    let active = new Set<TextTrackCue>();
    const onCueChange = () => {
      const now = new Set<TextTrackCue>(track.activeCues ? [...track.activeCues] : []);
      for (const cue of now) {
        if (!active.has(cue) && !video.paused)
          speakDescription((cue as VTTCue).text, track.language);
      }
      active = now;
    };
    const onPause = () => stopDescriptions();
    track.addEventListener('cuechange', onCueChange);
    video.addEventListener('pause', onPause);
    return () => {
      track.removeEventListener('cuechange', onCueChange);
      video.removeEventListener('pause', onPause);
      track.mode = 'disabled';
      stopDescriptions();
    };
  }, [video, enabled, tracks]);
}

/**
 * Speaks a programme's descriptions on the broadcast's clock (the live watch page): cue times
 * count from the airing's start, so a viewer who tunes in midway hears what comes next.
 */
export function useBroadcastDescriptions(
  cues: readonly DescriptionCue[] | undefined,
  airedFromMs: number,
  language: string,
  enabled: boolean,
): void {
  useEffect(() => {
    if (!enabled || !cues?.length) return;
    let index = nextCueIndex(cues, (Date.now() - airedFromMs) / 1000);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      const cue = cues[index];
      if (!cue) return;
      timer = setTimeout(
        () => {
          speakDescription(cue.text, language);
          index += 1;
          next();
        },
        Math.max(0, airedFromMs + cue.start * 1000 - Date.now()),
      );
    };
    next();
    return () => {
      clearTimeout(timer);
      stopDescriptions();
    };
  }, [cues, airedFromMs, language, enabled]);
}
