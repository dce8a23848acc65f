// The test pattern demo channels play: a few seconds of video kept in the repository
// (apps/server/assets/test-pattern, made by scripts/make-test-pattern.sh), served as a live HLS
// stream that loops forever. The playlist is a pure function of the clock, so every node and
// every viewer sees the same "live" position without any state.

/** Seconds in each segment file (the encoder's -segment_time). */
export const SEGMENT_SEC = 2;

/** Segment files: segment-0.ts … segment-{SEGMENT_FILES - 1}.ts. */
export const SEGMENT_FILES = 4;

/** Segments listed in each playlist: a player starts three target durations from the end. */
export const PLAYLIST_WINDOW = 5;

/** 90 kHz ticks in one pass of the loop: each pass plays the files with timestamps this much later. */
export const LOOP_TICKS = SEGMENT_FILES * SEGMENT_SEC * 90_000;

/**
 * The live playlist at `nowMs`: the last {@link PLAYLIST_WINDOW} segments, numbered by the
 * wall clock (sequence n covers [n·2 s, (n+1)·2 s) since the epoch). Sequence n plays file
 * n mod 4 with its timestamps moved on by one loop per pass (mpegts-timestamps.ts), so the
 * stream is continuous and needs no EXT-X-DISCONTINUITY.
 */
export function livePlaylist(nowMs: number): string {
  const current = Math.floor(nowMs / 1000 / SEGMENT_SEC);
  const first = current - PLAYLIST_WINDOW + 1;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SEC}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
  ];
  for (let sequence = first; sequence <= current; sequence++)
    lines.push(`#EXTINF:${SEGMENT_SEC.toFixed(3)},`, `${sequence}.ts`);
  return `${lines.join('\n')}\n`;
}

/**
 * What a segment name of the playlist plays: "123.ts" is file segment-3.ts shifted by 30 loops
 * (123 = 30 · 4 + 3). Null for any other name.
 */
export function segmentOf(name: string): { file: string; shiftTicks: number } | null {
  const match = /^(\d{1,15})\.ts$/.exec(name);
  if (!match) return null;
  const sequence = Number(match[1]);
  return {
    file: `segment-${sequence % SEGMENT_FILES}.ts`,
    shiftTicks: Math.floor(sequence / SEGMENT_FILES) * LOOP_TICKS,
  };
}
